"""The evaluator's shortcuts (remembered values, work shared across cells and writes) give the very numbers
of a plain valuation: a bot's choices must not depend on what it valued before."""

from __future__ import annotations

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.play import play_game
from game.goennen.match import Match
from game.goennen.state import ROWS, State


def _states(seed: int, solo_level: int | None = None) -> list[State]:
    """States from one game of normal bots, every few actions."""
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if len(match.actions) % 7 == 0:
            seen.append(match.state)

    bots = [make_bot("normal")] if solo_level else [make_bot("normal"), make_bot("normal")]
    play_game(bots, seed, solo_level=solo_level, watch=watch)
    return seen


@pytest.mark.parametrize(("seed", "solo_level"), [(4, None), (5, 4)])
@pytest.mark.parametrize("foresight", [False, True])
def test_remembered_and_shared_values_equal_a_fresh_valuation(
    seed: int, solo_level: int | None, foresight: bool
) -> None:
    busy = Evaluator(foresight)  # one evaluator for everything: its memo fills up
    for state in _states(seed, solo_level):
        seat = state.decider
        display = state.display(seat)
        assert busy.value(state, seat) == Evaluator(foresight).value(state, seat)
        assert busy.value(state, seat) == busy.value(state, seat)  # the remembered one
        written = []
        for placed in display:
            if not placed.completed:
                sure = {placed.id: 1.0}
                fresh = Evaluator(foresight).value(state, seat, sure=sure)
                assert busy.value(state, seat, sure=sure) == fresh == busy.value(state, seat, sure=sure)
                field = placed.filled.index(None)
                changed = placed.with_value(field, 3)
                written.append((display.replace_card(changed), changed))
        writes = busy.writes(state, seat)
        for changed_display, changed in written:
            fresh = Evaluator(foresight).value(state, seat, changed_display)
            assert writes.value(changed_display, changed) == fresh
        if display.full:
            continue
        for row in ROWS:
            card_id = state.market_card(row, 1)
            if card_id is None:
                continue
            card = state.card(card_id)
            cells = display.legal_cells()
            shared = busy.place_values(state, seat, display, card, cells)
            for cell, value in zip(cells, shared, strict=True):
                assert value == Evaluator(foresight).value(state, seat, display.place(card, cell))
