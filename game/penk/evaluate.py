"""What a sheet is worth to a bot: its expected final score, line by line.

Each clear cell is circled by the end of the game with a chance that depends on its row (bigger
groups are rarer) and on the turns left; circled cells count with chance 1, crossed ones with 0.
A row or column is worth the expected sum of its circled values when at least 3 end up circled
(the cells taken as independent). A cell's weight is what circling it now adds to its row and
column, plus, when it completes a line (a Penk!), what the crossing costs the other players.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.penk.sheet import COLUMN_MASKS, ROW_MASKS, ROW_VALUES, SIZE, Sheet, cell_bit, completed_lines
from game.penk.state import State

# The chance that one turn aimed at one cell circles it, by row (odds.circle_chances, all rolls)
ROW_TURN_CHANCE = (0.96, 0.94, 0.74, 0.41, 0.13)
FOCUS = 0.3  # the share of its turns a player can spend on any one cell among the others
FILL_PER_ROUND = 1.5  # cells a round takes from the two fullest columns of a sheet, roughly
MIN_WEIGHT = 1e-3  # a clear cell is always worth circling a little (the odds need it positive)

# the cells of each line, as (bit, row) pairs
LINES = tuple(
    tuple(
        (cell_bit(row, column), row)
        for row in range(1, SIZE + 1)
        for column in range(1, SIZE + 1)
        if cell_bit(row, column) & mask
    )
    for mask in (*ROW_MASKS, *COLUMN_MASKS)
)


def cell_chances(turns_left: float) -> tuple[float, ...]:
    """By row: the chance a clear cell is circled in the turns left."""
    return tuple(1.0 - (1.0 - FOCUS * chance) ** max(turns_left, 0.0) for chance in ROW_TURN_CHANCE)


def _line_value(values: list[int], chances: list[float]) -> float:
    """E[sum of the circled values, if at least 3 are circled], the cells independent."""
    total = 0.0
    for i, value in enumerate(values):
        if not chances[i]:
            continue
        # the chance that at least 2 of the others are circled: 1 - P(none) - P(exactly one)
        none, one = 1.0, 0.0
        for j, chance in enumerate(chances):
            if j != i:
                none, one = none * (1.0 - chance), one * (1.0 - chance) + none * chance
        total += value * chances[i] * (1.0 - none - one)
    return total


def sheet_value(sheet: Sheet, chances: tuple[float, ...]) -> float:
    """The expected final score of a sheet, with `chances` (by row) for its clear cells."""
    return sum(line_value(sheet, line, chances) for line in LINES)


def line_value(sheet: Sheet, line: tuple[tuple[int, int], ...], chances: tuple[float, ...]) -> float:
    values, probs = [], []
    for bit, row in line:
        values.append(ROW_VALUES[row - 1])
        if sheet.circled & bit:
            probs.append(1.0)
        elif sheet.crossed & bit:
            probs.append(0.0)
        else:
            probs.append(chances[row - 1])
    return _line_value(values, probs)


def turns_left(state: State) -> float:
    """Roughly how many more turns each seat gets after this one (0 in the last round)."""
    if state.ending:
        return 0.0
    need = min(_two_fullest_columns(sheet) for sheet in state.sheets)
    return max(need / FILL_PER_ROUND - 1.0, 0.0)


def _two_fullest_columns(sheet: Sheet) -> int:
    clear = sheet.clear
    counts = sorted((clear & mask).bit_count() for mask in COLUMN_MASKS)
    return counts[0] + counts[1]


@dataclass(frozen=True, slots=True)
class Outlook:
    """A seat's view of the value of its moves this turn."""

    chances: tuple[float, ...]
    weights: tuple[float, ...]  # by cell index: what circling it adds (0: not clear)
    fail: float  # the value of the best column to cross out after a failed roll (negative)
    fail_column: int


def outlook(state: State, seat: int, rivalry: float = 1.0) -> Outlook:
    """The weights of the cells of `seat`'s sheet; `rivalry` scales what a Penk! costs the others."""
    chances = cell_chances(turns_left(state))
    sheet = state.sheets[seat]
    base = sheet_value(sheet, chances)
    others = [other for s, other in enumerate(state.sheets) if s != seat]
    weights = []
    for index in range(SIZE * SIZE):
        row, column = index // SIZE + 1, index % SIZE + 1
        if not sheet.is_clear(row, column):
            weights.append(0.0)
            continue
        after = sheet.circle(row, column)
        gain = sheet_value(after, chances) - base
        if rivalry and others:
            gain += rivalry * penk_cost(sheet, after, others, chances) / len(others)
        weights.append(max(gain, 0.0) + MIN_WEIGHT)
    fail, column = _best_failed_roll(sheet, chances, base)
    return Outlook(chances, tuple(weights), fail, column)


def penk_cost(before: Sheet, after: Sheet, others: list[Sheet], chances: tuple[float, ...]) -> float:
    """What the lines `after` completes (a Penk!) take from the other sheets' value, summed."""
    blocked = completed_lines(before, after)
    if not blocked:
        return 0.0
    return sum(sheet_value(o, chances) - sheet_value(o.cross_out(blocked), chances) for o in others)


def _best_failed_roll(sheet: Sheet, chances: tuple[float, ...], base: float) -> tuple[float, int]:
    """The least costly column to cross out: (its value change, negative or 0; the column)."""
    best, best_column = float("-inf"), 0
    for column, mask in enumerate(COLUMN_MASKS, start=1):
        if sheet.clear & mask:
            change = sheet_value(sheet.cross_out(mask), chances) - base
            if change > best:
                best, best_column = change, column
    return (best if best_column else 0.0), best_column
