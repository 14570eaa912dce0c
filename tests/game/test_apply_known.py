"""apply_known (the trusted apply) and apply (the checking one) carry out an action alike, and a
refused action changes nothing."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.goennen.actions import End, Pass, Reroll
from game.goennen.colours import COLOURS
from game.goennen.engine import (
    IllegalActionError,
    apply,
    apply_known,
    is_legal,
    legal_actions,
    new_game,
    sample_chance,
)
from game.goennen.state import Phase, State


@cache
def _states_along_game(players: int, seed: int) -> tuple[State, ...]:
    """Up to 20 states of each phase, spread over a game played with random legal actions."""
    rng = random.Random(seed)
    state = new_game(players, start_player=seed % players)
    by_phase: dict[Phase, list[State]] = {}
    while state.phase is not Phase.OVER:
        by_phase.setdefault(state.phase, []).append(state)
        action = sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        state = apply(state, action)
    return tuple(s for states in by_phase.values() for s in states[:: max(1, len(states) // 20)])


def _fields(state: State) -> str:
    """The text form of every field of the state but its deck (the one every state shares)."""
    return repr({name: value for name, value in vars(state).items() if name != "deck"})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_apply_known_gives_the_state_apply_gives_for_every_legal_action(players: int) -> None:
    checked = set()
    for state in _states_along_game(players, 0):
        actions = legal_actions(state)
        if state.phase is Phase.ROLL:
            actions = actions[:: max(1, len(actions) // 40)]  # a spread of the 7,776 rolls
        for action in actions:
            assert apply_known(state, action) == apply(state, action), (state.phase, str(action))
            assert is_legal(state, action)
        checked.add(state.phase)
    # every phase a game of this size reaches was among them
    reached = {Phase.DRAW, Phase.ROLL, Phase.SETUP_RETURN, Phase.SETUP_PLACE, Phase.ACTIVE, Phase.PLACE}
    assert reached <= checked
    assert (Phase.SOLO_PASSIVE in checked) == (players == 1)


def test_the_trusted_apply_is_no_copy_of_the_checks() -> None:
    """apply_known does not refuse: a search may rely on it only for actions it knows are legal."""
    state = next(s for s in _states_along_game(2, 0) if s.phase is Phase.ACTIVE and s.rolls == 1)
    with pytest.raises(IllegalActionError):
        apply(state, End())  # before the third roll, without completing or buying
    assert not is_legal(state, End())
    assert apply_known(state, End()).active != state.active  # carried out as asked: the turn ends


def test_a_refused_action_leaves_the_state_equal_and_unchanged() -> None:
    refused = 0
    for state in _states_along_game(3, 1):
        before = _fields(state)
        legal = legal_actions(state)
        for action in (End(), Pass(), Reroll(COLOURS), Reroll(COLOURS[:1]), *legal[:3]):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError):
                apply(state, action)
            assert not is_legal(state, action)
            refused += 1
        assert _fields(state) == before
    assert refused > 100


def test_is_legal_agrees_with_the_list_of_legal_actions() -> None:
    for state in _states_along_game(2, 1):
        if state.is_chance:
            continue
        legal = legal_actions(state)
        candidates = [*legal, End(), Pass(), *(Reroll(COLOURS[:k]) for k in range(1, 6))]
        for action in candidates:
            assert is_legal(state, action) == (action in legal), (state.phase, str(action))
