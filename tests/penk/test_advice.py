"""Penk!'s advice: the expert's own choice at every decision of a game, legal, with the numbers
behind it (the chance of a keep's target, the points and lines of a circle)."""

from __future__ import annotations

import random

import pytest

from game.penk import ExpertBot, PenkMatch, Phase, advise, legal_actions, make_bot
from game.penk.odds import cell_index, circle_chances
from game.penk.sheet import ROW_VALUES


def test_the_advice_is_the_experts_choice_with_its_reason() -> None:
    match = PenkMatch.new(2, seed=21)
    other = make_bot("hard")
    kinds = set()
    for _ in range(400):
        match.advance()
        if match.is_over:
            break
        state = match.state
        if state.active == 1:
            match.play(other(state, legal_actions(state), random.Random(0), 0.05))
            continue
        advice = advise(state)
        assert advice.action in legal_actions(state)
        assert advice.action == ExpertBot()(state, legal_actions(state), random.Random(0), 0.05)
        why = advice.why
        kinds.add(why.kind)
        if why.kind == "keep":
            assert why.cell is not None and why.chance is not None
            kept = list(state.dice)
            for face in advice.action.faces:  # type: ignore[union-attr]
                kept.remove(face)
            expected = circle_chances([cell_index(*why.cell)], 3 - state.rolls - 1, tuple(kept))
            assert why.chance == pytest.approx(expected) and 0 < why.chance <= 1
        if why.kind == "circle":
            assert why.cell is not None and 0 <= why.points <= 2 * 5 * max(ROW_VALUES)
        match.play(advice.action)
    assert {"keep", "circle"} <= kinds


def test_no_advice_for_a_roll() -> None:
    match = PenkMatch.new(2, seed=1)
    assert match.state.phase is Phase.ROLL
    with pytest.raises(ValueError):
        advise(match.state)
