"""The odds shown at the Penk! table: which numbers, worked out from a position (no pygame, no
thread; the first game's OddsWorker runs them off the frame thread, `penk_worker`).

For the human who decides now, with the dice picked to reroll (none: the dice as they lie):
- "cell": on each clear cell of their sheet, the chance to circle it this turn: the picked dice
  rerolled now and the rerolls left after that played for this cell alone; with nothing picked,
  the best play for it from the dice as they lie (stopping included);
- "line": by each row and each column, the same for circling at least one of its clear cells;
- "fail": the chance of a failed roll, the turn played to circle anything at all;
- "add": on each cell the free dice can circle now, what circling it adds to what the sheet
  should score by the end, as the expert bot values it (game/penk/evaluate.py).
Every chance is exact (game.penk.odds: every roll of the dice, every reroll choice).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from game.penk import (
    ROLLS_PER_TURN,
    SIZE,
    Circle,
    Phase,
    State,
    circle_chances,
    expert_outlook,
    hand_chance,
    odds_tables,
    without,
)
from game.penk import legal_actions as penk_legal
from scenes.model.odds_worker import OddsWorker

BadgeKind = Literal["cell", "line", "fail", "add"]


@dataclass(frozen=True, slots=True)
class PenkBadge:
    """One number: `target` is (row, column) for a cell, ("row", r) or ("column", c) for a line,
    () for the failed roll; `value` the chance (0..1), or for "add" the points."""

    kind: BadgeKind
    target: tuple[object, ...]
    value: float


@dataclass(frozen=True, eq=False)
class PenkOddsRequest:
    """What the screen shows now: the position, the human seat deciding, the dice picked to
    reroll (sorted faces)."""

    state: State
    seat: int
    picked: tuple[int, ...]

    def same(self, other: object) -> bool:
        return (
            isinstance(other, PenkOddsRequest)
            and other.state is self.state
            and (other.seat, other.picked) == (self.seat, self.picked)
        )


def shows_odds(state: State, seat: int) -> bool:
    return state.active == seat and state.phase in (Phase.CHOOSE, Phase.CIRCLE)


def cell_index(row: int, column: int) -> int:
    return (row - 1) * SIZE + column - 1


def lines(state: State) -> list[tuple[tuple[str, int], list[int]]]:
    """Each row and column with its clear cells (by index), those with one at least."""
    sheet = state.sheet
    found = []
    for number in range(1, SIZE + 1):
        for kind, cells in (
            ("row", [(number, other) for other in range(1, SIZE + 1)]),
            ("column", [(other, number) for other in range(1, SIZE + 1)]),
        ):
            clear = [cell_index(*cell) for cell in cells if sheet.is_clear(*cell)]
            if clear:
                found.append(((kind, number), clear))
    return sorted(found, key=lambda line: line[0])


def chance_of(state: State, cells: list[int], picked: tuple[int, ...]) -> float:
    """The chance to circle one of `cells` this turn (see the module docstring), sure and
    hopeless cases exactly 1 and 0 (the sums of the odds carry rounding in the last bits)."""
    return snapped(_chance_of(state, cells, picked))


def snapped(chance: float) -> float:
    return 0.0 if chance < 1e-12 else 1.0 if chance > 1.0 - 1e-12 else chance


def _chance_of(state: State, cells: list[int], picked: tuple[int, ...]) -> float:
    if state.phase is Phase.CIRCLE:  # no rerolls any more: whether the free dice circle one now
        return float(any(cell_index(*a.cell) in cells for a in penk_legal(state) if isinstance(a, Circle)))
    rerolls_left = ROLLS_PER_TURN - state.rolls
    if picked and rerolls_left:
        return circle_chances(cells, rerolls_left - 1, without(state.dice, picked))
    return hand_chance(cells, state.dice, rerolls_left)


def _chance(state: State, cells: list[int], picked: tuple[int, ...]) -> float:
    """`chance_of`, then a moment for the frame's thread: a target new to the memory is about a
    millisecond of numpy that holds the interpreter, and the frame should not wait for a whole
    switch interval (5 ms) behind it (docs/performance.md)."""
    chance = chance_of(state, cells, picked)
    time.sleep(0)
    return chance


def penk_badges(
    request: PenkOddsRequest, wanted: Callable[[], bool] = lambda: True
) -> Iterator[list[PenkBadge]]:
    """The badges of `request` in batches: the cells, then the lines and the failed roll, then
    what circling adds."""
    state, picked = request.state, request.picked
    if not shows_odds(state, request.seat):
        return
    sheet = state.sheet
    clear = [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1) if sheet.is_clear(r, c)]
    yield [PenkBadge("cell", cell, _chance(state, [cell_index(*cell)], picked)) for cell in clear]
    if not wanted():
        return
    found = [PenkBadge("line", line, _chance(state, cells, picked)) for line, cells in lines(state)]
    if state.phase is Phase.CHOOSE and clear:
        every = [cell_index(*cell) for cell in clear]
        found.append(PenkBadge("fail", (), 1.0 - _chance(state, every, picked)))
    yield found
    if not wanted():
        return
    weights = expert_outlook(state).weights
    now = {a.cell for a in penk_legal(state) if isinstance(a, Circle)}
    yield [PenkBadge("add", cell, weights[cell_index(*cell)]) for cell in sorted(now)]


_worker: OddsWorker | None = None


def penk_worker() -> OddsWorker:
    """The Penk! table's odds thread (the first game's worker, with Penk!'s numbers). Made when
    a Penk! table opens, which also builds the odds tables on a thread of their own at once: built
    by the first request instead, their 0.2 s would fall into the next roll of the dice."""
    global _worker
    if _worker is None:
        _worker = OddsWorker(work=penk_badges)
        threading.Thread(target=odds_tables, name="penk-odds-tables", daemon=True).start()
    return _worker
