"""Patience: the hard bot holds open cells in reserve while a solo game has many turns left
(game/goennen/ai/evaluate.py, PATIENCE); nobody else does, and never in a game with others."""

from __future__ import annotations

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import PATIENCE, PATIENT_FROM, Evaluator
from game.goennen.ai.play import play_game
from game.goennen.display import MAX_CARDS
from game.goennen.match import Match
from game.goennen.state import Phase, State


def _active_states(players: int, solo_level: int | None) -> list[State]:
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if match.state.phase == Phase.ACTIVE:
            seen.append(match.state)

    play_game([make_bot("hard") for _ in range(players)], 11, solo_level=solo_level, watch=watch)
    return seen


def test_only_the_hard_bot_holds_cells_and_only_in_solo() -> None:
    solo = _active_states(1, 1)
    first = solo[0]
    cards = len(first.display(0))
    hard, normal = Evaluator(foresight=True), Evaluator(foresight=False)
    turns = hard.turns(first, 0, False)
    assert turns > PATIENT_FROM + 4  # level 1 starts with 15 turns: the whole reserve
    assert hard.reserve(turns, cards) == PATIENCE * (MAX_CARDS - 1 - cards)
    normal.turns(first, 0, False)
    assert normal.reserve(turns, cards) == 0.0
    # the reserve is part of the display's value, on top of what its cards are worth
    plain = Evaluator(foresight=True)
    plain.turns(first, 0, False)
    plain.patient = False
    assert hard.value(first, 0) - plain.value(first, 0) == pytest.approx(hard.reserve(turns, cards))
    duel = _active_states(2, None)[0]
    turns = hard.turns(duel, 0, False)
    assert hard.reserve(turns, len(duel.display(0))) == 0.0


def test_the_reserve_fades_as_the_end_nears_and_spares_the_ninth_cell() -> None:
    hard = Evaluator(foresight=True)
    hard.turns(_active_states(1, 1)[0], 0, False)
    assert hard.reserve(PATIENT_FROM, 4) == 0.0
    assert 0.0 < hard.reserve(PATIENT_FROM + 1, 4) < hard.reserve(PATIENT_FROM + 2, 4)
    assert hard.reserve(15.0, 8) == 0.0  # the 9th cell: a 9th card ends the game, never held
    assert hard.reserve(15.0, 7) == PATIENCE


def test_a_reused_bot_forgets_its_values_when_the_kind_of_game_changes() -> None:
    hard = Evaluator(foresight=True)
    solo = _active_states(1, 1)[0]
    with_reserve = hard.value(solo, 0)
    duel = _active_states(2, None)[0]
    hard.value(duel, 0)
    assert not hard.patient
    assert hard.value(solo, 0) == with_reserve and hard.patient
