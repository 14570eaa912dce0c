"""The dynamic programme of the odds over all 7776 rolls and 7^5 partial states (numpy).

V0 = success. For k rolls left, the expected value of every partial state (each die either known
or still to roll) is the mean of V(k-1) over the unknown faces, and V(k)(roll) = max(success(roll),
max over the dice to reroll of that expectation). The max over the 31 reroll sets is a
max-over-subsets transform, one numpy maximum per die.

Layout: value tables are (states x batch), the batch (cards, or columns of values) last, each die
one axis of the states in `COLOURS` order. A die axis of a partial-state table has 7 entries: the
faces 1..6 and "still to roll" (the mean over the faces).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from game.goennen.ai.kernels.rolls import DICE, FACES, MAX_ROLLS_LEFT, PARTIALS, ROLLS, FloatArray


class Workspace:
    """Scratch buffers reused by every step of the programme, sized for the largest batch so far.

    Why: a fresh array of this size costs a page fault per 4 KiB on every use, which took longer
    than the arithmetic itself. One workspace per thread keeps the module thread-safe; smaller
    batches use the front part of each buffer.
    """

    def __init__(self, batch: int) -> None:
        self.batch = batch
        self.front: FloatArray = np.empty(PARTIALS * batch)
        self.back: FloatArray = np.empty(PARTIALS * batch)
        self.turn: FloatArray = np.empty(ROLLS * batch)

    def values(self, batch: int) -> FloatArray:
        """The buffer for a table of values of full rolls (7776 x batch)."""
        return self.turn[: ROLLS * batch].reshape(ROLLS, batch)


_by_thread = threading.local()


def workspace(batch: int) -> Workspace:
    """This thread's workspace, with room for at least `batch` columns."""
    work: Workspace | None = getattr(_by_thread, "work", None)
    if work is None or work.batch < batch:
        work = Workspace(batch)
        _by_thread.work = work
    return work


def _rotate(table: FloatArray, into: FloatArray, batch: int) -> FloatArray:
    """Move the first die axis of `table` (die axis x rest) behind the other die axes, into `into`.

    After one rotation per die the axes are back in their order, so every step can work on the
    first axis, where numpy's loops run over long contiguous rows.
    """
    size = table.shape[0]
    rest = table.size // (size * batch)
    rotated = into[: table.size].reshape(rest, size, batch)
    np.copyto(rotated, table.reshape(size, rest, batch).transpose(1, 0, 2))
    return rotated


def expected(values: FloatArray, work: Workspace) -> FloatArray:
    """Values of full rolls (7776 x batch) -> expected values of all partial states (7^5 x batch).

    Each die in turn: its faces are the first rows of the table, the mean over them is written
    right after them (so the table is extended in place, no copy), then the die's axis is rotated
    behind the others into the other buffer. The result is a view into the workspace (the back
    buffer): read it before the next call.
    """
    batch = values.shape[1]
    buffers = (work.front, work.back)
    size = values.size // FACES
    extended = work.front[: (FACES + 1) * size].reshape(FACES + 1, size)
    extended[:FACES] = values.reshape(FACES, size)
    for die in range(DICE):
        np.add.reduce(extended[:FACES], axis=0, out=extended[FACES])  # np.sum without its wrapper
        extended[FACES] /= FACES
        into = buffers[(die + 1) % 2]
        table = _rotate(extended, into, batch)
        if die + 1 < DICE:
            size = table.size // FACES
            extended = into[: (FACES + 1) * size].reshape(FACES + 1, size)
    return table.reshape(PARTIALS, batch)


def best_rerolls(expectations: FloatArray, work: Workspace) -> FloatArray:
    """For every full roll, the best expectation over the sets of dice to roll again (7776 x batch).

    A max-over-subsets transform, one die at a time: on a die's axis the "still to roll" entry
    competes with each face, and then the axis shrinks to the faces. It includes the empty set
    (keep all, waste the roll), which is harmless: more rolls never lower a value, so wasting one
    never beats stopping or a real reroll. Each die's axis is worked on where it lies (a view as
    before x axis x after). Maxima are exact, so the order of the dice changes no bit: with one
    column, the last two dice (short rows where they lie) are first moved to the front.
    """
    batch = expectations.shape[1]
    table = expectations
    before = 1
    in_place = DICE if batch > 1 else DICE - 2
    for die in range(in_place):
        after = (FACES + 1) ** (DICE - 1 - die) * batch
        rows = table.reshape(before, FACES + 1, after)
        into = (work.front, work.back)[die % 2]
        best = into[: before * FACES * after].reshape(before, FACES, after)
        np.maximum(rows[:, :FACES], rows[:, FACES:], out=best)
        table = best
        before *= FACES
    if in_place == DICE:
        return table.reshape(ROLLS, batch)
    # one column: the table is (first dice done) x (last two dice); move the last two in front
    done, last = FACES**in_place, (FACES + 1) ** (DICE - in_place)
    moved = work.back[: last * done].reshape(last, done)  # the table itself is in front
    np.copyto(moved, table.reshape(done, last).T)
    rows = moved.reshape(1, FACES + 1, (FACES + 1) * done)
    second = work.front[: FACES * (FACES + 1) * done].reshape(1, FACES, (FACES + 1) * done)
    np.maximum(rows[:, :FACES], rows[:, FACES:], out=second)
    rows = second.reshape(FACES, FACES + 1, done)
    both = work.back[: FACES * FACES * done].reshape(FACES, FACES, done)
    np.maximum(rows[:, :FACES], rows[:, FACES:], out=both)
    result = work.front[:ROLLS].reshape(done, FACES * FACES)
    np.copyto(result, both.reshape(FACES * FACES, done).T)
    return result.reshape(ROLLS, 1)


def turn_values(success: FloatArray, rolls_left: int, work: Workspace) -> FloatArray:
    """The chance of success (7776 x batch) for each current roll with `rolls_left` rolls left.

    V0 = success; V(k) = max(success, best reroll's expectation of V(k-1)). May return a view
    into the workspace.
    """
    values = success
    for _ in range(rolls_left):
        best = best_rerolls(expected(values, work), work)
        values = np.maximum(success, best, out=work.values(success.shape[1]))
    return values


def mean_turn_value(success: FloatArray, work: Workspace) -> FloatArray:
    """The chance of each column's success within a whole turn: the mean over the first roll of
    the values with two rerolls to come (one per column).

    The rolls are summed one after the other (an accumulation), so a column's chance has the same
    bits whether it is computed alone or in a batch (numpy sums a lone column pairwise).
    """
    values = turn_values(success, MAX_ROLLS_LEFT, work)
    total: FloatArray = np.add.accumulate(values, axis=0)[-1]
    mean: FloatArray = total / ROLLS
    return mean


def solve(success: FloatArray, evaluate: Callable[[FloatArray, Workspace], FloatArray]) -> FloatArray:
    """Evaluate (success table -> one value per column) only the columns that can go either way.

    A column that is all 0 or all 1 keeps that value whatever the dice do. Why: cards with more
    empty fields than dice are common in a display and would cost as much as any other.
    """
    values: FloatArray = success[0].copy()
    varying = np.flatnonzero(success.min(axis=0) != success.max(axis=0))
    if varying.size:
        columns = np.ascontiguousarray(success[:, varying])
        values[varying] = evaluate(columns, workspace(varying.size))
    return values
