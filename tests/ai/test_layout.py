"""Placement values from a laid-out display (evaluate._Layout) are the numbers of a plain valuation of
the display with the card placed: every card of the deck, every legal cell, both depths."""

from __future__ import annotations

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.play import play_game
from game.goennen.match import Match
from game.goennen.state import State


def _states(seed: int, levels: tuple[str, ...], solo_level: int | None) -> list[State]:
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if len(match.actions) % 2 == 0:
            seen.append(match.state)

    play_game([make_bot(level) for level in levels], seed, solo_level=solo_level, watch=watch)
    return seen


@pytest.mark.parametrize(
    ("seed", "levels", "solo_level"), [(6, ("normal", "normal"), None), (7, ("hard",), 2)]
)
@pytest.mark.parametrize("foresight", [False, True])
def test_layout_values_equal_a_fresh_valuation(
    seed: int, levels: tuple[str, ...], solo_level: int | None, foresight: bool
) -> None:
    busy = Evaluator(foresight)  # its layouts are reused from display to display
    checked = 0
    for state in _states(seed, levels, solo_level):
        seat = state.decider
        display = state.display(seat)
        if display.full:
            continue
        held = {placed.id for placed in display}
        cards = [card for card in state.deck.cards if card.id not in held]
        cells = display.legal_cells()
        for card in cards:
            values = busy.place_values(state, seat, display, card, cells)
            for cell, value in zip(cells, values, strict=True):
                assert value == Evaluator(foresight).value(state, seat, display.place(card, cell))
                checked += 1
    assert checked > 4000
