"""A player's Penk! sheet: 5x5 cells, each clear, circled or crossed out.

Column = the die value 1..5, row = the group size 1..5; a cell is worth its row's value, 1, 2, 3,
5 or 8. The sheet is two 25-bit masks (circled, crossed), bit (row - 1) * 5 + (column - 1), so a
sheet is a small immutable value and the line tests are single integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 5
ROW_VALUES = (1, 2, 3, 5, 8)  # by row 1..5
ALL_CELLS = (1 << SIZE * SIZE) - 1
SCORING_LINE = 3  # a row or column scores with at least this many circled cells


def cell_bit(row: int, column: int) -> int:
    return 1 << ((row - 1) * SIZE + column - 1)


def row_mask(row: int) -> int:
    return ((1 << SIZE) - 1) << ((row - 1) * SIZE)


def column_mask(column: int) -> int:
    return sum(1 << ((row - 1) * SIZE + column - 1) for row in range(1, SIZE + 1))


CELLS = tuple((row, column) for row in range(1, SIZE + 1) for column in range(1, SIZE + 1))  # by bit
ROW_MASKS = tuple(row_mask(row) for row in range(1, SIZE + 1))
COLUMN_MASKS = tuple(column_mask(column) for column in range(1, SIZE + 1))


@dataclass(frozen=True, slots=True)
class Sheet:
    circled: int = 0
    crossed: int = 0

    @property
    def clear(self) -> int:
        return ALL_CELLS & ~(self.circled | self.crossed)

    def is_clear(self, row: int, column: int) -> bool:
        return bool(self.clear & cell_bit(row, column))

    def circle(self, row: int, column: int) -> Sheet:
        return Sheet(self.circled | cell_bit(row, column), self.crossed)

    def cross_out(self, mask: int) -> Sheet:
        """Cross out the clear cells within `mask` (circled cells stay)."""
        return Sheet(self.circled, self.crossed | (mask & self.clear))

    def full_columns(self) -> int:
        """How many columns have no clear cell left (circled or crossed, it does not matter)."""
        clear = self.clear
        return sum(1 for mask in COLUMN_MASKS if not clear & mask)

    def has_clear_cell(self) -> bool:
        return self.clear != 0

    def text(self) -> str:
        """Five lines, row 1 first: 'o' circled, 'x' crossed, '.' clear (the scenario format)."""
        lines = []
        for row in range(1, SIZE + 1):
            marks = []
            for column in range(1, SIZE + 1):
                bit = cell_bit(row, column)
                marks.append("o" if self.circled & bit else "x" if self.crossed & bit else ".")
            lines.append("".join(marks))
        return "\n".join(lines)


def read_sheet(text: str) -> Sheet:
    """A sheet from five rows of 'o', 'x' and '.' (spaces and '/' between rows are allowed)."""
    rows = [row for row in text.replace("/", "\n").split() if row]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError("a sheet is 5 rows of 5 marks ('o' circled, 'x' crossed, '.' clear)")
    circled = crossed = 0
    for row_index, row in enumerate(rows, start=1):
        for column, mark in enumerate(row, start=1):
            if mark == "o":
                circled |= cell_bit(row_index, column)
            elif mark == "x":
                crossed |= cell_bit(row_index, column)
            elif mark != ".":
                raise ValueError(f"{mark!r} is not a mark ('o' circled, 'x' crossed, '.' clear)")
    return Sheet(circled, crossed)


def completed_lines(before: Sheet, after: Sheet) -> int:
    """The cells of the rows and columns that `after` has circled whole and `before` had not: a
    Penk! blocks them for the other players."""
    blocked = 0
    for mask in (*ROW_MASKS, *COLUMN_MASKS):
        if after.circled & mask == mask and before.circled & mask != mask:
            blocked |= mask
    return blocked
