"""engine.apply remembers its last result (a bot's check, then the match playing the same action);
that memory must never change what apply answers."""

from __future__ import annotations

import random

import pytest

from game.actions import End, Reroll
from game.colours import COLOURS
from game.engine import IllegalActionError, apply, legal_actions
from game.match import Match


def _active_state() -> Match:
    match = Match.new(2, seed=12)
    rng = random.Random(3)
    match.advance()
    while match.state.phase.value != "active":
        match.play(rng.choice(legal_actions(match.state)))
        match.advance()
    return match


def test_the_same_action_on_the_same_state_gives_the_same_result_again() -> None:
    state = _active_state().state
    first = apply(state, Reroll(COLOURS))
    assert apply(state, Reroll(COLOURS)) is first
    assert apply(state, Reroll(COLOURS[:2])) == apply(state, Reroll(COLOURS[:2]))
    assert apply(state, Reroll(COLOURS)) == first


def test_an_illegal_action_is_refused_every_time_even_after_a_legal_one() -> None:
    state = _active_state().state
    assert state.rolls == 1 and not state.acted
    apply(state, Reroll(COLOURS))
    for _ in range(2):
        with pytest.raises(IllegalActionError):
            apply(state, End())  # before the third roll, without completing or buying
    assert state.rolls == 1 and not state.acted  # and the state is unchanged
