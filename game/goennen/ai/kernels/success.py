"""Success vectors: for each of the 7776 rolls, whether a card fill can be completed with it.

For each (task, filled) a boolean vector over the ordered rolls says whether some assignment of
distinct dice fills the empty fields so that the task holds. It is built from a table over the
values of the empty fields: each combination of values that meets the task marks the classes of
rolls (rolls that only differ in the order of interchangeable dice) in which some placement of
dice shows it; then each roll takes its class's mark.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.goennen.ai.kernels.cache import BoundedCache
from game.goennen.ai.kernels.rolls import (
    DICE,
    FACES,
    ROLL_FACES,
    ROLLS,
    BoolArray,
    Filled,
    sort_columns,
    value_grid,
)
from game.goennen.cards import Relation, Task


def success_vector(task: Task, filled: Sequence[int | None]) -> BoolArray:
    """For each of the 7776 ordered rolls: can the card be completed with it? (read-only, cached)"""
    return _success(task, checked_filled(task, filled))


def checked_filled(task: Task, filled: Sequence[int | None]) -> Filled:
    """`filled` as a tuple; ValueError unless it has one value per field and an empty field."""
    values = tuple(filled)
    if len(values) != len(task.fields):
        raise ValueError(f"the task has {len(task.fields)} fields, {len(values)} values were given")
    if all(v is not None for v in values):
        raise ValueError(f"the card {task.text()!r} has no empty field: it is already complete")
    return values


@lru_cache(maxsize=512)  # holds vectors alive too: no larger than _by_residual
def _success(task: Task, filled: Filled) -> BoolArray:
    # Equal residual tasks have equal success vectors (see residual_key): a fill met for the first
    # time often leaves a residual met before, on this card or another, and the key costs a few
    # microseconds where building a vector costs a few hundred.
    residual = residual_key(task, filled)
    known = _by_residual.get(residual)
    if known is None:
        known = _by_residual.put(residual, build_success_vector(task, filled))
    return known


_by_residual: BoundedCache[tuple[object, ...], BoolArray] = BoundedCache(1024)  # 7.8 kB each


def forget_success_vectors() -> None:
    """Forget every success vector made so far (to time their making from scratch)."""
    _success.cache_clear()
    _by_residual.clear()


def build_success_vector(task: Task, filled: Filled) -> BoolArray:
    """`success_vector` made afresh, without the memory (read-only)."""
    empty = task.empty_fields(filled)
    result = np.zeros(ROLLS, dtype=np.bool_)
    if len(empty) <= DICE:
        # the value combinations that meet the task: few as a rule (a few in a hundred)
        cells = np.flatnonzero(value_table(task, filled))
        if cells.size:
            colours = [task.fields[f].colour for f in empty]
            slots = tuple(-1 if colour is None else colour.slot for colour in colours)
            gathered = classes_by_cell(slots)
            if gathered is not None:
                by_cell, classes, count = gathered
                per_class = np.zeros(count, dtype=np.bool_)
                per_class[by_cell.take(cells, axis=0)] = True
                result = per_class.take(classes)
    # a read-only view of its own bytes: the easy bot's card fills read those bytes, one per roll
    # (keep_sums.vector_bytes), and share them instead of keeping a copy beside each vector
    viewed: BoolArray = np.frombuffer(result.tobytes(), dtype=np.bool_)
    return viewed


@lru_cache(maxsize=512)
def classes_by_cell(slots: tuple[int, ...]) -> tuple[NDArray[np.intp], NDArray[np.intp], int] | None:
    """For empty fields demanding the dice `slots` (-1: any): for each combination of their values
    (a cell of a `value_table`) the classes of rolls (`roll_classes`) in which some placement of
    distinct dice on the fields shows those values, every roll's class and the number of classes;
    None when no placement respects the fields' colours. Remembered: many residual tasks share these.

    Why by cell: a roll succeeds when some placement shows a cell that meets the task, and few cells
    do, so `build_success_vector` reads the classes of those cells only. A class shows a cell when
    its pinned dice (those the coloured fields demand) show the coloured fields' values and its
    other (free) dice include the white fields' values: so a cell's classes are those of the rolls
    with its coloured values on their dice, its white values on some free dice and any multiset of
    values on the free dice left over (one row per cell, one column per such multiset).
    """
    pinned = [slot for slot in slots if slot >= 0]
    free = [die for die in range(DICE) if die not in pinned]
    whites = [field for field, slot in enumerate(slots) if slot < 0]
    if len(set(pinned)) < len(pinned):
        return None  # two fields demand one die (at most five fields: the white ones fit the rest)
    representatives, classes = roll_classes(frozenset(pinned))
    cells = value_grid(len(slots)) - 1  # fields x cells, 0-based faces
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
def roll_classes(pinned: frozenset[int]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Group the rolls that only differ in the order of the values of the unpinned dice.

    A die is pinned when an empty coloured field demands it: only that die can fill that field.
    Every other die can only go on white fields, so those dice are interchangeable and the
    success of a roll depends on the pinned dice's values and the *multiset* of the others (252
    classes with no pinned die instead of 7776 rolls). Why: a success vector is then worked out
    once per class, not once per roll. Returns one representative roll per class and every roll's
    class.
    """
    columns = [ROLL_FACES[:, die] for die in range(DICE)]
    free = [die for die in range(DICE) if die not in pinned]
    sort_columns(columns, free)  # the free dice's faces sorted, roll by roll
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


def value_table(task: Task, filled: Filled) -> BoolArray:
    """Whether the task holds, for every combination of values of the empty fields (C order).

    Why a table: the task's rules depend only on the values, so they are checked once per value
    combination (at most 6^5), not once per roll and placement of dice. Written fields take part
    as plain numbers (a rule between two of them is one comparison, not a column of them).
    """
    empty = task.empty_fields(filled)
    grid = value_grid(len(empty))
    size = grid.shape[1]
    free = iter(grid)
    columns: list[NDArray[np.intp] | int] = [next(free) if v is None else v for v in filled]
    ok = np.ones(size, dtype=np.bool_)
    for field, column in zip(task.fields, columns, strict=True):
        if field.number is not None:
            ok &= column == field.number
    for i, relation in enumerate(task.relations):
        if relation is Relation.LESS:
            ok &= columns[i] < columns[i + 1]
        elif relation is Relation.EQUAL:
            ok &= columns[i] == columns[i + 1]
    if task.sum_at_least:
        written = sum(v for v in filled if v is not None)
        ok &= _value_sums(len(empty)) >= task.sum_at_least - written
    return ok


@lru_cache(maxsize=DICE + 1)
def _value_sums(count: int) -> NDArray[np.intp]:
    """The sum of each combination of `value_grid(count)`, read-only."""
    sums: NDArray[np.intp] = value_grid(count).sum(axis=0)
    sums.flags.writeable = False
    return sums


# --- residual tasks ------------------------------------------------------------------------------


def residual_key(task: Task, filled: Filled) -> tuple[object, ...]:
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
    if relation is Relation.LESS:
        return left < right
    return left == right if relation is Relation.EQUAL else True


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
