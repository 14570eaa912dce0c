"""Scoring a Penk! sheet, and the winners (the tie rule is explained in docs/penk.md).

Each row and each column with at least 3 circled cells scores the sum of its circled cells'
values; a cell counts in its row and in its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.penk.sheet import COLUMN_MASKS, ROW_MASKS, ROW_VALUES, SCORING_LINE, SIZE, Sheet, cell_bit


@dataclass(frozen=True, slots=True)
class SheetScore:
    """One seat's score: the points of each row and column (0 when it has fewer than 3 circles)."""

    seat: int
    rows: tuple[int, ...]  # rows 1..5
    columns: tuple[int, ...]  # columns 1..5
    circled: int  # circled cells, the tie-break

    @property
    def total(self) -> int:
        return sum(self.rows) + sum(self.columns)


def line_points(circled: int, mask: int) -> int:
    """The points of one row or column (given by its cell mask) of a sheet's circled cells."""
    cells = circled & mask
    if cells.bit_count() < SCORING_LINE:
        return 0
    return sum(
        ROW_VALUES[row - 1]
        for row in range(1, SIZE + 1)
        for column in range(1, SIZE + 1)
        if cells & cell_bit(row, column)
    )


def score_sheet(seat: int, sheet: Sheet) -> SheetScore:
    circled = sheet.circled
    return SheetScore(
        seat,
        tuple(line_points(circled, mask) for mask in ROW_MASKS),
        tuple(line_points(circled, mask) for mask in COLUMN_MASKS),
        circled.bit_count(),
    )


def winners(scores: Sequence[SheetScore]) -> tuple[int, ...]:
    """The highest total wins; a tie goes to more circled cells; a tie on both is a shared win."""
    best = max((s.total, s.circled) for s in scores)
    return tuple(s.seat for s in scores if (s.total, s.circled) == best)
