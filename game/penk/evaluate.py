"""What a sheet is worth to a bot: its expected final score, line by line.

Each clear cell is circled by the end of the game with a chance that depends on its row (bigger
groups are rarer) and on the turns left; circled cells count with chance 1, crossed ones with 0.
A row or column is worth the expected sum of its circled values when at least 3 end up circled
(the cells taken as independent). A cell's weight is what circling it now adds to its row and
column, plus, when it completes a line (a Penk!), what the crossing costs the other players.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.penk.sheet import CELLS, COLUMN_MASKS, ROW_MASKS, ROW_VALUES, SIZE, Sheet, completed_lines
from game.penk.state import State

# The chance that one turn aimed at one cell circles it, by row (odds.circle_chances, all rolls)
ROW_TURN_CHANCE = (0.96, 0.94, 0.74, 0.41, 0.13)
CIRCLES_PER_TURN = 1.7  # cells a player circles in a turn, on average (docs/penk.md)
FILL_PER_ROUND = 1.0  # cells a round takes from the two fullest columns of a sheet, roughly
MIN_WEIGHT = 1e-3  # a clear cell is always worth circling a little (the odds need it positive)

CONCENTRATION = 0.0  # how much each circle in a cell's row and column raises its chance


@dataclass(frozen=True, slots=True)
class Model:
    """The numbers of the evaluation that judgement sets, not the rules: each row's chance for one
    turn aimed at a cell (relative to each other: the budget scales them), the circles a turn
    brings, and the turns added to the estimate of `turns_left`. Hard plays HARD; the expert plays
    its own, fitted to outcomes (game/penk/expert.py)."""

    row_chances: tuple[float, ...] = ROW_TURN_CHANCE
    circles_per_turn: float = CIRCLES_PER_TURN
    extra_turns: float = 0.0


HARD = Model()
LINE_MASKS = (*ROW_MASKS, *COLUMN_MASKS)
# the cells of each line (rows 1..5, then columns 1..5) by index, and their values
LINE_CELLS = tuple(tuple(cell for cell in range(SIZE * SIZE) if mask >> cell & 1) for mask in LINE_MASKS)
LINE_VALUES = tuple([ROW_VALUES[cell // SIZE] for cell in cells] for cells in LINE_CELLS)


@lru_cache(maxsize=4096)
def cell_chances(
    turns_left: float, clear_by_row: tuple[int, ...] = (SIZE,) * SIZE, model: Model = HARD
) -> tuple[float, ...]:
    """By row: the chance a clear cell is circled in the turns left, scaled so that the expected
    circles add up to what the turns left allow (the model's circles per turn each), never above 1."""
    if turns_left <= 0:
        return (0.0,) * SIZE
    budget = model.circles_per_turn * turns_left
    rows = model.row_chances
    low, high = 0.0, 1.0
    for _ in range(20):  # the focus that spends the budget, by halving
        focus = (low + high) / 2
        chances = tuple(1.0 - (1.0 - focus * chance) ** turns_left for chance in rows)
        if sum(c * n for c, n in zip(chances, clear_by_row, strict=True)) > budget:
            high = focus
        else:
            low = focus
    return tuple(1.0 - (1.0 - low * chance) ** turns_left for chance in rows)


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


@lru_cache(maxsize=1 << 16)
def sheet_value(sheet: Sheet, turns: float, sharing: Sheet | None = None, model: Model = HARD) -> float:
    """The expected final score of a sheet with `turns` turns left after this one: the clear cells
    of `sharing` (by default the sheet itself) share the circles those turns allow, so circling a
    cell now leaves more for the others, the more so in lines that already hold circles (a player
    plays for the lines it has begun)."""
    clear, circled = sheet.clear, sheet.circled
    shared = (sharing or sheet).clear
    chances = cell_chances(turns, tuple((shared & mask).bit_count() for mask in ROW_MASKS), model)
    begun = [(circled & mask).bit_count() for mask in LINE_MASKS]
    probs = []
    for row in range(SIZE):
        for column in range(SIZE):
            bit = 1 << (row * SIZE + column)
            if circled & bit:
                probs.append(1.0)
            elif clear & bit:
                boost = 1.0 + CONCENTRATION * (begun[row] + begun[SIZE + column])
                probs.append(min(1.0, chances[row] * boost))
            else:
                probs.append(0.0)
    return sum(
        _line_value(values, [probs[cell] for cell in cells])
        for values, cells in zip(LINE_VALUES, LINE_CELLS, strict=True)
    )


def turns_left(state: State, model: Model = HARD) -> float:
    """Roughly how many more turns each seat gets after this one (0 in the last round)."""
    if state.ending:
        return 0.0
    need = min(_two_fullest_columns(sheet) for sheet in state.sheets)
    return max(need / FILL_PER_ROUND - 1.0, 0.0) + model.extra_turns


def _two_fullest_columns(sheet: Sheet) -> int:
    clear = sheet.clear
    counts = sorted((clear & mask).bit_count() for mask in COLUMN_MASKS)
    return counts[0] + counts[1]


@dataclass(frozen=True, slots=True)
class Outlook:
    """A seat's view of the value of its moves this turn."""

    turns: float  # the turns left after this one
    weights: tuple[float, ...]  # by cell index: what circling it adds (0: not clear)
    fail: float  # the value of the best column to cross out after a failed roll (negative)
    fail_column: int


def outlook(state: State, seat: int, rivalry: float = 1.0, model: Model = HARD) -> Outlook:
    """The weights of the cells of `seat`'s sheet; `rivalry` scales what a Penk! costs the others."""
    return _outlook(state.sheets, seat, turns_left(state, model), rivalry, model)


@lru_cache(maxsize=256)  # asked at each of a turn's decisions, the sheets unchanged
def _outlook(sheets: tuple[Sheet, ...], seat: int, turns: float, rivalry: float, model: Model) -> Outlook:
    sheet = sheets[seat]
    base = sheet_value(sheet, turns, None, model)
    others = [other for s, other in enumerate(sheets) if s != seat]

    def gain(row: int, column: int) -> float:
        after = sheet.circle(row, column)
        cost = penk_cost(sheet, after, others, turns, model)
        return sheet_value(after, turns, None, model) - base + rivalry * cost

    weights = tuple(max(gain(*cell), 0.0) + MIN_WEIGHT if sheet.is_clear(*cell) else 0.0 for cell in CELLS)
    fail, column = _best_failed_roll(sheet, turns, base, model)
    return Outlook(turns, weights, fail, column)


def penk_cost(before: Sheet, after: Sheet, others: list[Sheet], turns: float, model: Model = HARD) -> float:
    """What the lines `after` completes (a Penk!) take from the other sheets' value, on average."""
    blocked = completed_lines(before, after)
    if not blocked or not others:
        return 0.0
    lost = sum(
        sheet_value(o, turns, None, model) - sheet_value(o.cross_out(blocked), turns, None, model)
        for o in others
    )
    return lost / len(others)


def _best_failed_roll(sheet: Sheet, turns: float, base: float, model: Model = HARD) -> tuple[float, int]:
    """The least costly column to cross out: (its value change, negative or 0; the column).

    The crossed cells' share of the coming circles is lost with them, not handed to the other
    clear cells: a failed roll circles nothing, so it must never look like a gain."""
    best, best_column = float("-inf"), 0
    for column, mask in enumerate(COLUMN_MASKS, start=1):
        if sheet.clear & mask:
            change = sheet_value(sheet.cross_out(mask), turns, sheet, model) - base
            if change > best:
                best, best_column = change, column
    return (best if best_column else 0.0), best_column
