"""Exact odds of completing cards within the active turn, and the keeping that maximises them.

Why: bots need the optimal keep decision, the deck is calibrated by the one-turn chance of each
task (rules-decisions.md section 1), and a bot's choice can be scored as a share of the optimum.

The model is the active turn of rules-decisions.md section 3: five dice, one per colour (a roll is
a tuple of five values in `COLOURS` order); after each roll the player may stop and complete a
card (fill all its empty fields at once, one distinct die per field) or, with rolls left, reroll
any non-empty set of dice (dice kept earlier may be rerolled too). So the whole state is just
(current dice, rolls left): the "kept" dice need no input of their own.

Method (Yacht-style dynamic programme, all numbers exact up to float rounding):

* For each (task, filled) a boolean *success vector* over the 6^5 = 7776 ordered rolls says
  whether some assignment of distinct dice fills the empty fields so that the task holds. It is
  built from a table over the values of the empty fields: each combination of values that meets
  the task marks the classes of rolls (rolls that only differ in the order of interchangeable
  dice) in which some placement of dice shows it; then each roll takes its class's mark. Cached.
* V0 = success. For k rolls left, the expected value of every *partial* state (each die either
  known or still to roll: 7^5 = 16807 states) is the mean of V(k-1) over the unknown faces, and
  V(k)(roll) = max(success(roll), max over the dice to reroll of that expectation). The max over
  the 31 reroll sets is a max-over-subsets transform, one numpy maximum per die.

Not modelled in this first version: bonus marks (plus/minus and recolour change a die's value or
colour for their owner and would raise these odds), the extra-die bonus (passive only), and the
use of dice for buying in the same turn. The odds are those of a player without bonuses.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.cards import Relation, Task
from game.colours import COLOURS
from game.deck import standard_deck

DICE = len(COLOURS)
FACES = 6
ROLLS = FACES**DICE
MAX_ROLLS_LEFT = 2  # after the first roll of a turn, two rerolls remain
# read once: on Python 3.11 reading a member off its enum class (Relation.LESS) goes through the
# hook of EnumType.__getattr__, some ten times a module global's cost
_LESS, _EQUAL = Relation.LESS, Relation.EQUAL
_UNKNOWN = FACES  # index of "still to roll" on a die's axis of the partial-state table
_TIE = 1e-12  # probabilities closer than this count as equal when choosing a reroll

Dice = tuple[int, ...]
"""Five die values 1..6 in `COLOURS` order."""
RerollMask = tuple[bool, ...]
"""Five flags in `COLOURS` order: True = roll this die again."""
Filled = tuple[int | None, ...]
OpenCard = tuple[Task, Sequence[int | None]]
"""A card still to complete: its task and the values already written (None = empty field)."""

BoolArray = NDArray[np.bool_]
FloatArray = NDArray[np.float64]

# Every ordered roll, 0-based faces; row r is the C-order index of the roll in a (6,)*5 table.
_ROLL_FACES: NDArray[np.intp] = np.indices((FACES,) * DICE).reshape(DICE, ROLLS).T


@dataclass(frozen=True, slots=True)
class DisplayOdds:
    """Odds for several cards: of completing at least one, and of each under its own best keeping."""

    at_least_one: float
    each: tuple[float, ...]


# --- success vectors -------------------------------------------------------------------------------


def success_vector(task: Task, filled: Sequence[int | None]) -> BoolArray:
    """For each of the 7776 ordered rolls: can the card be completed with it? (read-only, cached)"""
    return _success(task, _checked_filled(task, filled))


def _checked_filled(task: Task, filled: Sequence[int | None]) -> Filled:
    values = tuple(filled)
    if len(values) != len(task.fields):
        raise ValueError(f"the task has {len(task.fields)} fields, {len(values)} values were given")
    if all(v is not None for v in values):
        raise ValueError(f"the card {task.text()!r} has no empty field: it is already complete")
    return values


@lru_cache(maxsize=4096)
def _success(task: Task, filled: Filled) -> BoolArray:
    # Equal residual tasks have equal success vectors (see _residual): a fill met for the first
    # time often leaves a residual met before, on this card or another, and the key costs a few
    # microseconds where building a vector costs a few hundred.
    residual = _residual(task, filled)
    known = _success_by_residual.get(residual)
    if known is None:
        known = _build_success(task, filled)
        if len(_success_by_residual) >= _SUCCESS_BY_RESIDUAL_KEPT:
            _success_by_residual.clear()
        _success_by_residual[residual] = known
    return known


_success_by_residual: dict[tuple[object, ...], BoolArray] = {}
_SUCCESS_BY_RESIDUAL_KEPT = 8192  # 7.8 kB each; then it starts afresh (the same vectors again)


def _build_success(task: Task, filled: Filled) -> BoolArray:
    empty = task.empty_fields(filled)
    result = np.zeros(ROLLS, dtype=np.bool_)
    if len(empty) <= DICE:
        # the value combinations that meet the task: few as a rule (a few in a hundred)
        cells = np.flatnonzero(_value_table(task, filled))
        if cells.size:
            colours = [task.fields[f].colour for f in empty]
            slots = tuple(-1 if colour is None else colour.slot for colour in colours)
            gathered = _classes_by_cell(slots)
            if gathered is not None:
                by_cell, classes, count = gathered
                per_class = np.zeros(count, dtype=np.bool_)
                per_class[by_cell.take(cells, axis=0)] = True
                result = per_class.take(classes)
    result.flags.writeable = False
    return result


@lru_cache(maxsize=512)
def _classes_by_cell(slots: tuple[int, ...]) -> tuple[NDArray[np.intp], NDArray[np.intp], int] | None:
    """For empty fields demanding the dice `slots` (-1: any): for each combination of their values
    (a cell of a `_value_table`) the classes of rolls (`_roll_classes`) in which some placement of
    distinct dice on the fields shows those values, every roll's class and the number of classes;
    None when no placement respects the fields' colours. Remembered: many residual tasks share these.

    Why by cell: a roll succeeds when some placement shows a cell that meets the task, and few cells
    do, so `_build_success` reads the classes of those cells only. A class shows a cell when its
    pinned dice (those the coloured fields demand) show the coloured fields' values and its other
    (free) dice include the white fields' values: so a cell's classes are those of the rolls with
    its coloured values on their dice, its white values on some free dice and any multiset of values
    on the free dice left over (one row per cell, one column per such multiset).
    """
    pinned = [slot for slot in slots if slot >= 0]
    free = [die for die in range(DICE) if die not in pinned]
    whites = [field for field, slot in enumerate(slots) if slot < 0]
    if len(set(pinned)) < len(pinned):
        return None  # two fields demand one die (at most five fields: the white ones fit the rest)
    representatives, classes = _roll_classes(frozenset(pinned))
    cells = _value_grid(len(slots)) - 1  # fields x cells, 0-based faces
    rest = _multisets(len(free) - len(whites))  # multisets x dice left over
    roll = np.zeros((cells.shape[1], len(rest)), dtype=np.intp)  # one roll per cell and multiset
    for field, slot in enumerate(slots):
        die = slot if slot >= 0 else free[whites.index(field)]
        roll += cells[field][:, None] * FACES ** (DICE - 1 - die)
    for column, die in enumerate(free[len(whites) :]):
        roll += rest[:, column] * FACES ** (DICE - 1 - die)
    by_cell: NDArray[np.intp] = classes.take(roll)
    by_cell.flags.writeable = False
    return by_cell, classes, len(representatives)


@lru_cache(maxsize=DICE + 1)
def _multisets(size: int) -> NDArray[np.intp]:
    """Every multiset of `size` 0-based faces (multisets x size; one empty row for size 0)."""
    found = list(itertools.combinations_with_replacement(range(FACES), size))
    return np.array(found, dtype=np.intp).reshape(len(found), size)


@lru_cache(maxsize=1 << DICE)
def _roll_classes(pinned: frozenset[int]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Group the rolls that only differ in the order of the values of the unpinned dice.

    A die is pinned when an empty coloured field demands it: only that die can fill that field.
    Every other die can only go on white fields, so those dice are interchangeable and the
    success of a roll depends on the pinned dice's values and the *multiset* of the others (252
    classes with no pinned die instead of 7776 rolls). Why: a success vector is then worked out
    once per class, not once per roll. Returns one representative roll per class and every roll's
    class.
    """
    columns = [_ROLL_FACES[:, die] for die in range(DICE)]
    free = [die for die in range(DICE) if die not in pinned]
    _sort_columns(columns, free)  # the free dice's faces sorted, roll by roll
    canonical = columns[0] * FACES ** (DICE - 1)
    for die in range(1, DICE):
        canonical = canonical + columns[die] * FACES ** (DICE - 1 - die)
    # the distinct codes in rising order and each roll's rank among them (np.unique's answer,
    # without its sort: the codes are rolls' indices)
    present = np.zeros(ROLLS, dtype=np.bool_)
    present[canonical] = True
    representatives = np.flatnonzero(present)
    classes = (np.cumsum(present) - 1)[canonical]
    return representatives, classes


def _sort_columns(columns: list[NDArray[np.intp]], which: Sequence[int]) -> None:
    """Sort the entries of the columns `which` row by row (each row's values among those columns in
    rising order), in place in the list: odd-even transposition, a minimum and a maximum per pair
    of neighbouring columns and round, over all rows at once. Why: np.sort along rows of two to
    five values sorts each row on its own, which costs far more."""
    for round_ in range(len(which) if len(which) > 1 else 0):
        for at in range(round_ % 2, len(which) - 1, 2):
            low, high = columns[which[at]], columns[which[at + 1]]
            columns[which[at]], columns[which[at + 1]] = np.minimum(low, high), np.maximum(low, high)


def _value_table(task: Task, filled: Filled) -> BoolArray:
    """Whether the task holds, for every combination of values of the empty fields (C order).

    Why a table: the task's rules depend only on the values, so they are checked once per value
    combination (at most 6^5), not once per roll and placement of dice. Written fields take part
    as plain numbers (a rule between two of them is one comparison, not a column of them).
    """
    empty = task.empty_fields(filled)
    grid = _value_grid(len(empty))
    size = grid.shape[1]
    free = iter(grid)
    columns: list[NDArray[np.intp] | int] = [next(free) if v is None else v for v in filled]
    ok = np.ones(size, dtype=np.bool_)
    for field, column in zip(task.fields, columns, strict=True):
        if field.number is not None:
            ok &= column == field.number
    for i, relation in enumerate(task.relations):
        if relation is _LESS:
            ok &= columns[i] < columns[i + 1]
        elif relation is _EQUAL:
            ok &= columns[i] == columns[i + 1]
    if task.sum_at_least:
        written = sum(v for v in filled if v is not None)
        ok &= _value_sums(len(empty)) >= task.sum_at_least - written
    return ok


@lru_cache(maxsize=DICE + 1)
def _value_sums(count: int) -> NDArray[np.intp]:
    """The sum of each combination of `_value_grid(count)`, read-only."""
    sums: NDArray[np.intp] = _value_grid(count).sum(axis=0)
    sums.flags.writeable = False
    return sums


@lru_cache(maxsize=DICE + 1)
def _value_grid(count: int) -> NDArray[np.intp]:
    """Every combination of values 1..6 of `count` fields (count x 6^count, C order), read-only."""
    grid = np.indices((FACES,) * count).reshape(count, -1) + 1
    grid.flags.writeable = False
    return grid


# --- the dynamic programme ---------------------------------------------------------------------
#
# Layout: value tables are (states x batch), the batch (cards) last, each die one axis of the
# states in `COLOURS` order. A die axis of a partial-state table has 7 entries: the faces 1..6 and
# "still to roll" (the mean over the faces).

_PARTIALS = (FACES + 1) ** DICE


class _Workspace:
    """Scratch buffers reused by every step of the programme, sized for the largest batch so far.

    Why: a fresh array of this size costs a page fault per 4 KiB on every use, which took longer
    than the arithmetic itself. One workspace per thread keeps the module thread-safe; smaller
    batches use the front part of each buffer.
    """

    def __init__(self, batch: int) -> None:
        self.batch = batch
        self.front: FloatArray = np.empty(_PARTIALS * batch)
        self.back: FloatArray = np.empty(_PARTIALS * batch)
        self.turn: FloatArray = np.empty(ROLLS * batch)

    def values(self, batch: int) -> FloatArray:
        """The buffer for a table of values of full rolls (7776 x batch)."""
        return self.turn[: ROLLS * batch].reshape(ROLLS, batch)


_local = threading.local()


def _workspace(batch: int) -> _Workspace:
    work: _Workspace | None = getattr(_local, "work", None)
    if work is None or work.batch < batch:
        work = _Workspace(batch)
        _local.work = work
    return work


def _rotate(table: FloatArray, into: FloatArray, batch: int) -> FloatArray:
    """Move the first die axis of `table` (die axis x rest) behind the other die axes, into `into`.

    After one rotation per die the axes are back in their order, so every step can work on the
    first axis, where numpy's loops run over long contiguous rows.
    """
    size = table.shape[0]
    rest = table.size // (size * batch)
    rotated = into[: table.size].reshape(rest, size, batch)
    if batch == 1:
        # One column (most programmes): a row of the die's axis at a time, so each copy runs along
        # a long row. A transposing copy goes one short row of `size` values at a time and costs
        # about twice the instructions (the same values: a copy is a copy).
        rows = table.reshape(size, rest)
        for face in range(size):
            rotated[:, face, 0] = rows[face]
    else:
        np.copyto(rotated, table.reshape(size, rest, batch).transpose(1, 0, 2))
    return rotated


def _expected(values: FloatArray, work: _Workspace) -> FloatArray:
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
    return table.reshape(_PARTIALS, batch)


def _best_rerolls(expected: FloatArray, work: _Workspace) -> FloatArray:
    """For every full roll, the best expectation over the sets of dice to roll again (7776 x batch).

    A max-over-subsets transform, one die at a time: on a die's axis the "still to roll" entry
    competes with each face, and then the axis shrinks to the faces. It includes the empty set
    (keep all, waste the roll), which is harmless: more rolls never lower a value, so wasting one
    never beats stopping or a real reroll. Each die's axis is worked on where it lies (a view as
    before x axis x after). Maxima are exact, so the order of the dice changes no bit: with one
    column, the last two dice (short rows where they lie) are first moved to the front.
    """
    batch = expected.shape[1]
    table = expected
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


def _turn_values(success: FloatArray, rolls_left: int, work: _Workspace) -> FloatArray:
    """The chance of success (7776 x batch) for each current roll with `rolls_left` rolls left.

    V0 = success; V(k) = max(success, best reroll's expectation of V(k-1)). May return a view
    into the workspace.
    """
    values = success
    for _ in range(rolls_left):
        best = _best_rerolls(_expected(values, work), work)
        values = np.maximum(success, best, out=work.values(success.shape[1]))
    return values


def _reroll_positions(dice: Sequence[int]) -> NDArray[np.intp]:
    """For each reroll set in `_MASKS`, the partial state it leaves: the index in a 7^5 table."""
    return _positions_of(tuple(int(v) for v in dice))


@lru_cache(maxsize=8192)  # every roll
def _positions_of(dice: Dice) -> NDArray[np.intp]:
    faces = np.asarray(dice, dtype=np.intp) - 1
    positions: NDArray[np.intp] = np.where(_MASK_ARRAY, _UNKNOWN, faces) @ _PARTIAL_WEIGHTS
    positions.flags.writeable = False
    return positions


# Every non-empty reroll set, fewest dice first (the tie-break of best_reroll).
_MASKS: tuple[RerollMask, ...] = tuple(
    sorted(
        (tuple(bool(bits >> (DICE - 1 - i) & 1) for i in range(DICE)) for bits in range(1, 2**DICE)),
        key=lambda mask: (sum(mask), tuple(not flag for flag in mask)),
    )
)


_MASK_ARRAY: BoolArray = np.array(_MASKS, dtype=np.bool_)
_PARTIAL_WEIGHTS: NDArray[np.intp] = (FACES + 1) ** np.arange(DICE - 1, -1, -1)


# --- the programme on classes of rolls ----------------------------------------------------------
#
# Most success vectors do not care which of some dice shows which value: with no coloured field
# left, only the multiset of the five values counts (252 classes instead of 7776 rolls). Then the
# programme can run on classes, one value per class, with the very numbers of the tables above:
#
# The tables above add a die's six faces one after the other (die 0 first, then die 1, ...), so the
# expectation of a partial state sums, over the faces of its last unknown die, the expectations of
# the states with that die known, and so on down. Take *blocks* of neighbouring dice (in `COLOURS`
# order) that the vector treats alike (swapping two dice of a block changes no entry). A partial
# state's class is then each block's multiset of known values and count of unknown dice: the last
# unknown die always lies in the last block with an unknown, whichever die of the block it is, so
# states of one class run through the same additions in the same order and get the same bits. The
# maxima over reroll sets are exact in any order, and a roll reaches the same classes as any roll of
# its class, so every value of the programme keeps the symmetry. (Blocks must be neighbours: with a
# die of another kind between two dice, the order of the additions would depend on which die is
# unknown.) tests/ai/test_odds_classes.py holds the two to the same bits.

_PARTIAL_DIGITS: NDArray[np.intp] = np.indices((FACES + 1,) * DICE).reshape(DICE, -1).T  # 7^5 x 5
_SUBSETS: BoolArray = np.array(
    [[bool(bits >> (DICE - 1 - i) & 1) for i in range(DICE)] for bits in range(2**DICE)], dtype=np.bool_
)


_MAX_BLOCKS = 2  # more blocks give more than 2,500 classes: the tables over all states are quicker


def _blocks(values: NDArray[np.float64] | BoolArray) -> tuple[int, ...] | None:
    """The sizes of the runs of neighbouring dice that `values` (one per roll) treats alike, or None
    when there are more than `_MAX_BLOCKS` of them."""
    sizes = [1]
    for first in range(DICE - 1):
        # dice first and first + 1 as the middle axes: the comparison runs over long rows
        table = values.reshape(FACES**first, FACES, FACES, -1)
        if np.array_equal(table, table.transpose(0, 2, 1, 3)):
            sizes[-1] += 1
        elif len(sizes) == _MAX_BLOCKS:
            return None
        else:
            sizes.append(1)
    return tuple(sizes)


@dataclass(frozen=True, slots=True)
class _Classes:
    """The classes of partial states for one block structure (see above), lowest level first:
    level 0 holds the rolls' classes, level k the classes with k unknown dice."""

    rolls: int  # classes of rolls: the first entries of a class table
    size: int  # all classes
    of_roll: NDArray[np.intp]  # 7776: each roll's class
    of_partial: NDArray[np.intp]  # 7^5: each partial state's class
    representative: NDArray[np.intp]  # per roll class, one roll of it
    levels: tuple[tuple[int, int, NDArray[np.intp]], ...]  # (first, end, the 6 x n classes summed)
    reached: NDArray[np.intp]  # classes a roll class reaches by a reroll (incl. none), flattened
    starts: NDArray[np.intp]  # per roll class, where its part of `reached` starts

    def expected(self, values: FloatArray) -> FloatArray:
        """Values of the roll classes -> expectations of all classes (the tables' `_expected`)."""
        table = np.empty(self.size)
        table[: self.rolls] = values
        for first, end, faces in self.levels:
            total = np.add.accumulate(table[faces], axis=0)[-1]  # the faces one after the other
            np.divide(total, FACES, out=table[first:end])
        return table

    def best_rerolls(self, expected: FloatArray) -> FloatArray:
        """`_best_rerolls` on the roll classes, from `expected` (all classes)."""
        best: FloatArray = np.maximum.reduceat(expected[self.reached], self.starts)
        return best

    def turn_values(self, success: FloatArray, rolls_left: int) -> FloatArray:
        """`_turn_values` on the roll classes."""
        values = success
        for _ in range(rolls_left):
            values = np.maximum(success, self.best_rerolls(self.expected(values)))
        return values

    def mean_turn_value(self, success: BoolArray) -> float:
        """`_mean_turn_value` of one success vector: the rolls summed in the same order."""
        values = self.turn_values(success[self.representative].astype(np.float64), MAX_ROLLS_LEFT)
        total = np.add.accumulate(values[self.of_roll])[-1]
        return float(total / ROLLS)


def _classes_of(values: NDArray[np.float64] | BoolArray) -> _Classes | None:
    """The classes `values` allows, or None when they would not save work."""
    blocks = _blocks(values)
    return None if blocks is None else _classes(blocks)


def _classes_of_cards(cards: Sequence[tuple[Task, Sequence[int | None]]]) -> _Classes | None:
    """The classes the success vectors of `cards` (and their union) allow, known without looking
    at them: a vector treats alike all dice no empty coloured field demands (see _roll_classes)."""
    pinned = 0
    for task, filled in cards:
        for field, value in zip(task.fields, filled, strict=True):
            if value is None and field.colour is not None:
                pinned |= 1 << field.colour.slot
    return _pinned_classes(pinned)


@lru_cache(maxsize=1 << DICE)
def _pinned_classes(pinned: int) -> _Classes | None:
    """The classes for dice `pinned` (bit i: die i): a run of free dice is a block, a pinned die one
    of its own; None with more than `_MAX_BLOCKS` blocks."""
    sizes: list[int] = []
    for die in range(DICE):
        if pinned >> die & 1 or not sizes or pinned >> (die - 1) & 1:
            sizes.append(1)
        else:
            sizes[-1] += 1
    return _classes(tuple(sizes)) if len(sizes) <= _MAX_BLOCKS else None


@lru_cache(maxsize=DICE)  # every structure of at most two blocks
def _classes(blocks: tuple[int, ...]) -> _Classes:
    def canonical(digits: NDArray[np.intp]) -> NDArray[np.intp]:
        """The partial states' codes with each block's digits sorted (6, unknown, sorts last)."""
        columns = [digits[:, die] for die in range(DICE)]
        start = 0
        for size in blocks:
            _sort_columns(columns, range(start, start + size))
            start += size
        code: NDArray[np.intp] = columns[0] * _PARTIAL_WEIGHTS[0]
        for die in range(1, DICE):
            code += columns[die] * _PARTIAL_WEIGHTS[die]
        return code

    codes = canonical(_PARTIAL_DIGITS)
    present = np.zeros(_PARTIALS, dtype=np.bool_)  # np.unique(codes), without its sort
    present[codes] = True
    unique = np.flatnonzero(present)
    digits = _PARTIAL_DIGITS[unique]
    level = (digits == _UNKNOWN).sum(axis=1)
    order = np.lexsort((unique, level))
    unique, digits, level = unique[order], digits[order], level[order]
    class_of = np.full(_PARTIALS, -1, dtype=np.intp)
    class_of[unique] = np.arange(len(unique))
    rolls = int(np.count_nonzero(level == 0))
    of_roll = class_of[codes[_ROLL_FACES @ _PARTIAL_WEIGHTS]]
    representative = np.zeros(rolls, dtype=np.intp)
    representative[of_roll[::-1]] = np.arange(ROLLS)[::-1]  # the first roll of each class
    levels = []
    for count in range(1, DICE + 1):
        members = np.flatnonzero(level == count)
        states = digits[members]
        # the last unknown die (the last block with one): its faces, one after the other
        last = DICE - 1 - np.argmax((states == _UNKNOWN)[:, ::-1], axis=1)
        faces = np.empty((FACES, len(members)), dtype=np.intp)
        for face in range(FACES):
            known = states.copy()
            known[np.arange(len(members)), last] = face
            faces[face] = class_of[canonical(known)]
        faces.flags.writeable = False
        levels.append((int(members[0]), int(members[-1]) + 1, faces))
    kept = np.where(_SUBSETS[None, :, :], _UNKNOWN, digits[:rolls][:, None, :]).reshape(-1, DICE)
    reached = np.sort(class_of[canonical(kept)].reshape(rolls, 2**DICE), axis=1)
    new = np.ones_like(reached, dtype=np.bool_)  # equal classes need no second look
    new[:, 1:] = reached[:, 1:] != reached[:, :-1]
    starts = np.concatenate(([0], np.cumsum(new.sum(axis=1))[:-1]))
    of_partial = class_of[codes]
    for array in (of_roll, of_partial, representative):
        array.flags.writeable = False
    return _Classes(
        rolls,
        len(unique),
        of_roll,
        of_partial,
        representative,
        tuple(levels),
        reached[new],
        starts.astype(np.intp),
    )


# --- public odds -------------------------------------------------------------------------------


def display_odds(cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int) -> DisplayOdds:
    """Odds for all cards of a display, from the current dice with 0, 1 or 2 rolls left."""
    roll = _roll_index(dice)
    _check_rolls_left(rolls_left)
    positions = _reroll_positions(dice)

    def evaluate(success: FloatArray, work: _Workspace) -> FloatArray:
        now: FloatArray = success[roll]
        if not rolls_left:
            return now
        expected = _expected(_turn_values(success, rolls_left - 1, work), work)
        best: FloatArray = np.maximum(now, expected[positions].max(axis=0))
        return best

    return _odds(_solve(_batch(cards), evaluate))


def display_odds_before_roll(cards: Sequence[OpenCard]) -> DisplayOdds:
    """Odds for all cards of a display for a whole turn: all five dice still to roll, 3 rolls."""
    return _odds(_solve(_batch(cards), _mean_turn_value))


def chances_before_roll(cards: Sequence[OpenCard]) -> tuple[float, ...]:
    """Each card's chance to be completed within a whole turn, under its own best keeping.

    The numbers of `display_odds_before_roll(cards).each`, without the work for "at least one".
    Why: bots value many candidate fills at once and need each on its own. The chance depends on
    nothing but the card's success vector, and two in three of the fills bots meet share their
    vector with one met before (a written field that no rule ties to the others), so the chances
    are remembered per vector and only new vectors run the programme.
    """
    if len(_turn_chances) > _TURN_CHANCES_KEPT:
        _turn_chances.clear()
    chances: list[float | None] = []
    vectors: dict[int, BoolArray] = {}  # by position in `cards`, for the chances not known yet
    keys: dict[int, bytes] = {}
    residuals = [_residual(task, _checked_filled(task, filled)) for task, filled in cards]
    for index, ((task, filled), residual) in enumerate(zip(cards, residuals, strict=True)):
        chance = _turn_chances.get(residual)
        chances.append(chance)
        if chance is None:
            vector = success_vector(task, filled)
            if vector.any() and not vector.all():
                vectors[index] = vector
                keys[index] = np.packbits(vector).tobytes()
            else:  # all 0 or all 1: that chance whatever the dice do
                chances[index] = float(vector[0])
    new = list(dict.fromkeys(key for key in keys.values() if key not in _turn_chances))
    if new:
        first = {key: index for index, key in reversed(keys.items())}
        plain: list[bytes] = []
        for key in new:  # a vector that treats some dice alike runs on classes of rolls
            classes = _classes_of_cards([cards[first[key]]])
            if classes is None:
                plain.append(key)
            else:
                _turn_chances[key] = classes.mean_turn_value(vectors[first[key]])
        new = plain
    if new:
        columns = np.stack([vectors[first[key]] for key in new], axis=1).astype(np.float64)
        # numpy's copies run slowest on rows of two or three values: such batches go one by one
        # (same bits: every column is computed on its own either way)
        groups = [columns[:, [j]] for j in range(len(new))] if len(new) in (2, 3) else [columns]
        found = [c for group in groups for c in _mean_turn_value(group, _workspace(group.shape[1]))]
        for key, chance in zip(new, found, strict=True):
            _turn_chances[key] = float(chance)
    for index, key in keys.items():
        chances[index] = _turn_chances[key]
    known = [chance for chance in chances if chance is not None]
    _turn_chances.update(zip(residuals, known, strict=True))
    return tuple(known)


def chance_known(task: Task, filled: Sequence[int | None]) -> bool:
    """Whether `chance_before_roll(task, filled)` is remembered (no success vector, no programme)."""
    return _residual(task, _checked_filled(task, filled)) in _turn_chances


# One-turn chances by packed success vector and by residual task (see _residual).
_turn_chances: dict[object, float] = {}
_TURN_CHANCES_KEPT = 20_000  # at most about 20 MB of keys, then it starts afresh (same numbers again)


def _residual(task: Task, filled: Filled) -> tuple[object, ...]:
    """What is left of a task once some fields are written, as a key: equal keys, equal success
    vectors (so equal chances), whatever the card. Why: building a success vector costs a hundred
    times more, and most fills bots meet leave a residual task met before.

    Per empty field, in order: the die it demands (-1: any), the values it may still take (its
    printed number and its relations to written neighbours, as a bit mask) and its relation to
    the next field if that one is empty too; then what the empty fields must still add up to.
    Written fields that break their printed number or a relation between them leave no way.
    """
    fields, relations = task.fields, task.relations
    count = len(fields)
    key: list[object] = []
    for index, value in enumerate(filled):
        field = fields[index]
        if value is not None:
            after = filled[index + 1] if index + 1 < count else None
            if (field.number is not None and value != field.number) or (
                after is not None and not _holds(relations[index], value, after)
            ):
                return ("impossible",)
            continue
        allowed = _ALL_VALUES if field.number is None else 1 << field.number
        before = filled[index - 1] if index > 0 else None
        if before is not None:
            allowed &= _ALLOWED_AFTER[relations[index - 1]][before]
        link: str | None = None
        if index + 1 < count:
            after = filled[index + 1]
            if after is None:
                link = relations[index].value
            else:
                allowed &= _ALLOWED_BEFORE[relations[index]][after]
        key.append((-1 if field.colour is None else field.colour.slot, allowed, link))
    rest = task.sum_at_least - sum(v for v in filled if v is not None)
    key.append(max(rest, len(key)) if task.sum_at_least else 0)  # each die adds at least 1
    return tuple(key)


def _holds(relation: Relation, left: int, right: int) -> bool:
    if relation is _LESS:
        return left < right
    return left == right if relation is _EQUAL else True


def _allowed_next_to_written(written_left: bool) -> dict[Relation, dict[int, int]]:
    """For each relation and written value: the values 1..6 an empty neighbour may take, as bits
    (bit v: the value v), the written field on its left (`written_left`) or on its right."""
    table: dict[Relation, dict[int, int]] = {}
    for relation in Relation:
        table[relation] = {}
        for written in range(1, FACES + 1):
            mask = 0
            for value in range(1, FACES + 1):
                left, right = (written, value) if written_left else (value, written)
                if _holds(relation, left, right):
                    mask |= 1 << value
            table[relation][written] = mask
    return table


_ALL_VALUES = sum(1 << value for value in range(1, FACES + 1))
_ALLOWED_AFTER = _allowed_next_to_written(True)
_ALLOWED_BEFORE = _allowed_next_to_written(False)


def _mean_turn_value(success: FloatArray, work: _Workspace) -> FloatArray:
    """The mean over the first roll of the values with two rerolls to come (one per column).

    The rolls are summed one after the other (an accumulation), so a column's chance has the same
    bits whether it is computed alone or in a batch (numpy sums a lone column pairwise).
    """
    values = _turn_values(success, MAX_ROLLS_LEFT, work)
    total: FloatArray = np.add.accumulate(values, axis=0)[-1]
    mean: FloatArray = total / ROLLS
    return mean


def _solve(success: FloatArray, evaluate: Callable[[FloatArray, _Workspace], FloatArray]) -> FloatArray:
    """Evaluate (success table -> one value per column) only the columns that can go either way.

    A column that is all 0 or all 1 keeps that value whatever the dice do. Why: cards with more
    empty fields than dice are common in a display and would cost as much as any other.
    """
    values: FloatArray = success[0].copy()
    varying = np.flatnonzero(success.min(axis=0) != success.max(axis=0))
    if varying.size:
        columns = np.ascontiguousarray(success[:, varying])
        values[varying] = evaluate(columns, _workspace(varying.size))
    return values


def completion_chance(
    task: Task, filled: Sequence[int | None], dice: Sequence[int], rolls_left: int
) -> float:
    """The chance to complete one card this turn, from the current dice, with the best keeping."""
    return display_odds([(task, filled)], dice, rolls_left).at_least_one


def chance_before_roll(task: Task, filled: Sequence[int | None]) -> float:
    """The chance to complete one card within a whole active turn (3 rolls, best keeping)."""
    return chances_before_roll([(task, filled)])[0]


def one_turn_chance(task: Task) -> float:
    """The chance to complete a fresh card within one active turn: the deck's difficulty yardstick."""
    return chance_before_roll(task, (None,) * len(task.fields))


def reroll_options(
    cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int
) -> dict[RerollMask | None, float]:
    """The chance to complete at least one card for every choice now: None = stop (complete now if
    possible), a mask = reroll those dice and then keep optimally. Masks only with rolls left."""
    roll = _roll_index(dice)
    _check_rolls_left(rolls_left)
    positions = _reroll_positions(dice)
    # only "at least one card" is needed here: the union, not the whole batch of _batch
    vectors = [success_vector(task, filled) for task, filled in cards]
    hits = np.logical_or.reduce(vectors) if vectors else np.zeros(ROLLS, dtype=np.bool_)
    union: FloatArray = hits.astype(np.float64).reshape(ROLLS, 1)
    options: dict[RerollMask | None, float] = {None: float(union[roll, 0])}
    if rolls_left and (hits.all() or not hits.any()):  # certain or hopeless whatever the dice do
        options.update((mask, options[None]) for mask in _MASKS)
    elif rolls_left:
        chances = _after_reroll(hits, union, rolls_left, cards)[positions]
        options.update((mask, float(chance)) for mask, chance in zip(_MASKS, chances, strict=True))
    return options


def _after_reroll(
    hits: BoolArray, union: FloatArray, rolls_left: int, cards: Sequence[OpenCard]
) -> FloatArray:
    """The chance of success of every partial state after a reroll (7^5), keeping optimally after.

    Remembered for the last few unions: the second reroll of a turn needs the table the first
    one computed on its way (the expectation over the success itself), and displays change slowly.
    """
    key = np.packbits(hits).tobytes()
    table = _reroll_tables.get((key, rolls_left))
    classes = _classes_of_cards(cards) if table is None else None
    if classes is not None:  # the same steps on classes of rolls
        success = union[classes.representative, 0]
        on_classes = classes.expected(success)
        table = on_classes[classes.of_partial]
        _keep_reroll_table((key, 1), table)
        if rolls_left == 2:
            values = np.maximum(success, classes.best_rerolls(on_classes))
            table = classes.expected(values)[classes.of_partial]
            _keep_reroll_table((key, 2), table)
    elif table is None:
        work = _workspace(1)
        expected = _expected(union, work)
        first: FloatArray = expected[:, 0].copy()
        _keep_reroll_table((key, 1), first)
        table = first
        if rolls_left == 2:  # the steps of _turn_values(union, 1), then the expectation again
            values = np.maximum(union, _best_rerolls(expected, work), out=work.values(1))
            table = _expected(values, work)[:, 0].copy()
            _keep_reroll_table((key, 2), table)
    return table


_reroll_tables: dict[tuple[bytes, int], FloatArray] = {}
_REROLL_TABLES_KEPT = 16  # 134 kB each


def _keep_reroll_table(key: tuple[bytes, int], table: FloatArray) -> None:
    if len(_reroll_tables) >= _REROLL_TABLES_KEPT:
        del _reroll_tables[next(iter(_reroll_tables))]  # the oldest
    _reroll_tables[key] = table


def best_reroll(
    cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int
) -> tuple[RerollMask | None, float]:
    """The optimal decision now and its chance to complete at least one card.

    None means stop: a card is completable now, or no rolls are left. Otherwise a reroll is always
    named, even when every choice has chance 0, since the rules forbid stopping after roll 1 or 2
    without acting (a bot that can buy decides that itself). Among equally good rerolls the one
    keeping the most dice wins, as rerolled dice feed the passive players; then `COLOURS` order.
    """
    options = reroll_options(cards, dice, rolls_left)
    if options[None] == 1.0 or not rolls_left:
        return None, options[None]
    best = max(options.values())
    for mask in _MASKS:
        if options[mask] >= best - _TIE:
            return mask, options[mask]
    raise AssertionError("unreachable: the best option is always found")


def reroll_chance(
    cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int, reroll: RerollMask | None
) -> float:
    """The chance of a GIVEN decision (None = stop, or the dice to reroll), then keeping optimally.

    Divide by `best_reroll(...)[1]` to score a bot's decision as a share of the exact optimum.
    """
    options = reroll_options(cards, dice, rolls_left)
    key = None if reroll is None else tuple(bool(flag) for flag in reroll)
    if key is not None and (len(key) != DICE or not any(key)):
        raise ValueError("a reroll names five flags, at least one of them True")
    if key not in options:
        raise ValueError("no rolls are left: the only choice is to stop")
    return options[key]


# --- keeping by value (bots) -------------------------------------------------------------------

MASKS: tuple[RerollMask, ...] = _MASKS
"""Every non-empty reroll set, fewest dice first then `COLOURS` order: the order of the values of
`reroll_values` and the indices of `keep_table`."""


def roll_index(dice: Sequence[int]) -> int:
    """The index of a roll (five values 1..6 in `COLOURS` order) in a vector over the 7776 rolls."""
    return _roll_index(dice)


def reroll_values(values: FloatArray, dice: Sequence[int], rolls_left: int) -> tuple[float, ...]:
    """The expected value of rerolling each set of dice in `MASKS` (in that order), given what each
    of the 7776 rolls is worth when stopping on it (`values`), keeping optimally afterwards.

    The programme of the odds on values instead of 0/1 success: with a card's success vector as
    `values` these are the chances of `reroll_options`. `rolls_left` (1 or 2) counts this reroll.
    """
    if not 1 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"a reroll needs 1 to {MAX_ROLLS_LEFT} rolls left, got {rolls_left}")
    flat = np.asarray(values, dtype=np.float64).reshape(ROLLS)
    classes = _classes_of(flat)
    if classes is not None:  # the same steps on classes of rolls
        on_classes = classes.turn_values(flat[classes.representative], rolls_left - 1)
        expected = classes.expected(on_classes)
        return tuple(float(v) for v in expected[classes.of_partial[_reroll_positions(dice)]])
    work = _workspace(1)
    column = np.ascontiguousarray(flat.reshape(ROLLS, 1))
    after = _expected(_turn_values(column, rolls_left - 1, work), work)
    return tuple(float(v) for v in after[_reroll_positions(dice), 0])


def one_more_reroll(success: BoolArray) -> FloatArray:
    """For every roll (indexed by `roll_index`), the chance to complete a card with this success
    vector when it may be rerolled at best once more: V1 of the programme. A fresh array."""
    column = np.ascontiguousarray(success.astype(np.float64).reshape(ROLLS, 1))
    values: FloatArray = _turn_values(column, 1, _workspace(1))[:, 0].copy()
    return values


# for every roll and reroll set, the partial state it leaves (index into a 7^5 table)
_KEEP_POSITIONS: NDArray[np.intp] = (
    np.where(_MASK_ARRAY[None, :, :], _UNKNOWN, _ROLL_FACES[:, None, :]) * _PARTIAL_WEIGHTS
).sum(axis=2)
_keep_tables: dict[tuple[Task, Filled, int], NDArray[np.int8]] = {}


def keep_table(task: Task, filled: Sequence[int | None], rolls_left: int) -> NDArray[np.int8]:
    """The optimal keeping for one card from every roll (indexed by `roll_index`): the index into
    `MASKS` of the dice to reroll, or -1 to stop (the roll completes the card). Read-only, cached.

    Why a table: the same fresh cards come up in game after game, and a look-up costs nothing where
    the programme costs a millisecond or more. Among equal rerolls the first in `MASKS` wins.
    """
    values = _checked_filled(task, filled)
    if not 1 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"a reroll needs 1 to {MAX_ROLLS_LEFT} rolls left, got {rolls_left}")
    key = (task, values, rolls_left)
    table = _keep_tables.get(key)
    if table is None:
        success = success_vector(task, values)
        work = _workspace(1)
        column = np.ascontiguousarray(success.astype(np.float64).reshape(-1, 1))
        after = _expected(_turn_values(column, rolls_left - 1, work), work)[:, 0]
        by_mask = after[_KEEP_POSITIONS]
        top = by_mask.max(axis=1, keepdims=True)
        table = np.argmax(by_mask >= top - _TIE, axis=1).astype(np.int8)
        table[success] = -1
        table.flags.writeable = False
        _keep_tables[key] = table
    return table


def _batch(cards: Sequence[OpenCard]) -> FloatArray:
    """Success (7776 x batch) of "at least one card" (column 0) and of each card (columns 1..n)."""
    vectors = [success_vector(task, filled) for task, filled in cards]
    union = np.logical_or.reduce(vectors) if vectors else np.zeros(ROLLS, dtype=np.bool_)
    return np.stack([union, *vectors], axis=1).astype(np.float64)


def _odds(values: FloatArray) -> DisplayOdds:
    return DisplayOdds(float(values[0]), tuple(float(v) for v in values[1:]))


def _roll_index(dice: Sequence[int]) -> int:
    values = tuple(int(v) if isinstance(v, int | np.integer) else v for v in dice)
    if len(values) != DICE or not all(isinstance(v, int) and 1 <= v <= FACES for v in values):
        raise ValueError(f"dice must be {DICE} values from 1 to {FACES}, got {tuple(dice)!r}")
    return sum((v - 1) * FACES ** (DICE - 1 - i) for i, v in enumerate(values))


def _check_rolls_left(rolls_left: int) -> None:
    if not 0 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"rolls left must be 0 to {MAX_ROLLS_LEFT}, got {rolls_left}")


# --- the deck table (python -m game.odds) ------------------------------------------------------


def deck_table() -> list[str]:
    """One line per card of the standard deck: its one-turn chance and the time to compute it.

    The time per card is from scratch for that card (its success vector and the programme); the
    tables shared by all cards are built first and timed on their own line.
    """
    start = time.perf_counter()
    for pinned in itertools.chain.from_iterable(
        itertools.combinations(range(DICE), size) for size in range(DICE + 1)
    ):
        _roll_classes(frozenset(pinned))
    shared = (time.perf_counter() - start) * 1000
    lines = [f"shared tables, once per process: {shared:.1f} ms"]
    lines.append(f"{'card':<5} {'one turn':>9} {'ms':>6}  task")
    for card in standard_deck().cards:
        start = time.perf_counter()
        chance = one_turn_chance(card.task)
        elapsed = (time.perf_counter() - start) * 1000
        note = "" if len(card.task) <= DICE else "  (more fields than dice: needs passive fills)"
        lines.append(f"{card.id:<5} {chance:>9.4%} {elapsed:>6.2f}  {card.task.text()}{note}")
    return lines


def display_timing(repeats: int = 20) -> str:
    """Time of the odds of a full display (union and per card, before the first roll and from a
    roll with two rolls left) for the first nine cards of the deck. Cold: success vectors built
    first (as for a card whose fields just changed); warm: vectors cached. Best of `repeats`."""
    cards: list[OpenCard] = [(card.task, (None,) * len(card.task)) for card in standard_deck().cards[:9]]
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(repeats):
        _success.cache_clear()
        _success_by_residual.clear()
        for timings in (cold, warm):
            start = time.perf_counter()
            display_odds_before_roll(cards)
            display_odds(cards, (1, 2, 3, 4, 5), MAX_ROLLS_LEFT)
            timings.append((time.perf_counter() - start) * 1000)
    return f"9-card display, before roll + 2 rolls left: cold {min(cold):.1f} ms, warm {min(warm):.1f} ms"


if __name__ == "__main__":
    print("\n".join(deck_table()))
    print(display_timing())
