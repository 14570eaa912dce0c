"""The last round: a bot plays to win rather than for points.

In the last round nobody's circled cells change after their turn (a Penk! only crosses clear
cells), so the seat that decides knows the others' final totals, or, for the seats still to play
after it, their chances: each is taken to play its one turn for the most points by the exact odds
(game/penk/odds.py, `final_hands`). A sheet's value at the end of the turn is its chance to win
against all of them (a tie on points and circled cells counts as half a win, as the shared victory
of game/penk/scoring.py is shared), plus a thousandth of a point per point scored, so that among
equal chances the bot still takes the points: a safe few points are worth nothing to a player who
is behind, a long shot is worth everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.penk.odds import NO_CELL, final_hands, tables
from game.penk.scoring import score_sheet
from game.penk.sheet import ROW_VALUES, SCORING_LINE, SIZE, Sheet
from game.penk.state import State

POINT = 1e-3  # what a point is worth next to a win
MAX_TOTAL = 2 * SIZE * sum(ROW_VALUES)  # every cell circled, counted in its row and its column

# the points of a row or a column by the 5-bit pattern of its circled cells
_PATTERNS = np.arange(1 << SIZE)
_COUNTS = np.array([pattern.bit_count() for pattern in range(1 << SIZE)])  # numpy 1.26 has no bitwise_count
_ROW_VALUES = np.array(ROW_VALUES)
_COLUMN_POINTS = np.where(
    _COUNTS >= SCORING_LINE, ((_PATTERNS[:, None] >> np.arange(SIZE)) & 1) @ _ROW_VALUES, 0
)


@dataclass(frozen=True)
class Rivals:
    """The other seats' final scores as the seat deciding in the last round sees them."""

    done: tuple[tuple[int, int], ...]  # (total, circled cells) of each seat that will not play again
    coming: tuple[NDArray[np.float64], ...]  # each seat still to play: the chance of each final total


def rivals(state: State) -> Rivals | None:
    """The others' final scores in the last round (None before it)."""
    if not state.ending:
        return None
    coming_seats = []
    seat = (state.active + 1) % state.players
    while seat != state.first:
        if state.sheets[seat].has_clear_cell():
            coming_seats.append(seat)
        seat = (seat + 1) % state.players
    done = tuple(
        (score.total, score.circled)
        for score in (score_sheet(s, sheet) for s, sheet in enumerate(state.sheets))
        if score.seat != state.active and score.seat not in coming_seats
    )
    return Rivals(done, tuple(_final_totals(state.sheets[s]) for s in coming_seats))


@lru_cache(maxsize=64)
def _final_totals(sheet: Sheet) -> NDArray[np.float64]:
    """The chance of each final total of a sheet whose player has one turn left, playing it for
    the most points."""
    totals = np.maximum.reduceat(scores(circled_after_markings(sheet))[0], tables().marking_starts)
    chances = final_hands(totals.astype(np.float64))
    finals: NDArray[np.float64] = np.bincount(totals, weights=chances, minlength=MAX_TOTAL + 1).astype(float)
    return finals


def scores(circled: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The totals and circled counts of sheets given by their circled masks."""
    total, count = np.zeros_like(circled), np.zeros_like(circled)
    for row in range(SIZE):
        pattern = (circled >> (row * SIZE)) & ((1 << SIZE) - 1)
        total += np.where(_COUNTS[pattern] >= SCORING_LINE, _COUNTS[pattern] * _ROW_VALUES[row], 0)
        count += _COUNTS[pattern]
    for column in range(SIZE):
        pattern = np.zeros_like(circled)
        for row in range(SIZE):
            pattern |= ((circled >> (row * SIZE + column)) & 1) << row
        total += _COLUMN_POINTS[pattern]
    return total, count


def win_values(circled: NDArray[np.int64], against: Rivals) -> NDArray[np.float64]:
    """The chance to win (half for a shared win) plus POINT a point, for sheets given by their
    circled masks."""
    total, count = scores(circled)
    chance = np.ones(len(circled))
    for their_total, their_count in against.done:
        ahead = (total > their_total) | ((total == their_total) & (count > their_count))
        level = (total == their_total) & (count == their_count)
        chance *= np.where(ahead, 1.0, np.where(level, 0.5, 0.0))
    for finals in against.coming:
        below = np.cumsum(finals) - finals  # the chance their final total is below each total
        chance *= below[total] + 0.5 * finals[total]
    return chance + POINT * total


def sheet_outcome(sheet: Sheet, against: Rivals) -> float:
    return float(win_values(np.array([sheet.circled], dtype=np.int64), against)[0])


def winning_marks(sheet: Sheet, against: Rivals) -> NDArray[np.float64]:
    """For every hand of six dice: the value of the best groups it can circle on `sheet` (a
    failed roll leaves the sheet as it is)."""
    return np.maximum.reduceat(win_values(circled_after_markings(sheet), against), tables().marking_starts)


@lru_cache(maxsize=64)
def circled_after_markings(sheet: Sheet) -> NDArray[np.int64]:
    """The sheet's circled cells after each hand's every maximal marking, in the order of the
    odds tables (a marking's cells that are not clear mark nothing)."""
    t = tables()
    bits = np.zeros(NO_CELL + 1, dtype=np.int64)  # the padding NO_CELL marks nothing
    bits[:NO_CELL] = 1 << np.arange(NO_CELL, dtype=np.int64)
    marked: NDArray[np.int64] = np.bitwise_or.reduce(bits[t.marking_cells], axis=1) & np.int64(sheet.clear)
    return marked | np.int64(sheet.circled)
