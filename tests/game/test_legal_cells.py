"""Display.legal_cells agrees with the plain rule checked cell by cell, for every arrangement."""

from __future__ import annotations

import itertools

from game.goennen.deck import standard_deck
from game.goennen.display import GRID, MAX_CARDS, NEIGHBOURS_8, Display, PlacedCard, Pos


def _plain(taken: frozenset[Pos]) -> tuple[Pos, ...]:
    if not taken:
        return ((0, 0),)
    if len(taken) >= MAX_CARDS:
        return ()
    rows = [r for r, _ in taken]
    cols = [c for _, c in taken]
    cells: set[Pos] = set()
    for r, c in taken:
        for dr, dc in NEIGHBOURS_8:
            cell = (r + dr, c + dc)
            if cell in taken:
                continue
            if max(*rows, cell[0]) - min(*rows, cell[0]) >= GRID:
                continue
            if max(*cols, cell[1]) - min(*cols, cell[1]) >= GRID:
                continue
            cells.add(cell)
    return tuple(sorted(cells))


def _legal_cells(taken: frozenset[Pos]) -> tuple[Pos, ...]:
    """The legal cells of a display with a card at each of `taken`."""
    cards = standard_deck().cards
    placed = tuple(PlacedCard.new(card, pos) for card, pos in zip(cards, sorted(taken), strict=False))
    return Display(placed).legal_cells()


def test_legal_cells_match_the_plain_rule() -> None:
    grid = [(r, c) for r in range(-2, 3) for c in range(-2, 3)]
    for size in range(0, 5):
        for cells in itertools.combinations(grid, size):
            taken = frozenset(cells)
            assert _legal_cells(taken) == _plain(taken), taken
    for size in range(5, MAX_CARDS + 1):  # every set of a 3 x 3 box
        for cells in itertools.combinations([(r, c) for r in range(3) for c in range(3)], size):
            taken = frozenset(cells)
            assert _legal_cells(taken) == _plain(taken), taken
