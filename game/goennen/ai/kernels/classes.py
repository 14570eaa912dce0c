"""The programme of the odds on classes of rolls: the same numbers with far fewer entries.

Most success vectors do not care which of some dice shows which value: with no coloured field
left, only the multiset of the five values counts (252 classes instead of 7776 rolls). Then the
programme can run on classes, one value per class, with the very numbers of the tables over all
rolls (game/goennen/ai/kernels/programme.py):

The tables add a die's six faces one after the other (die 0 first, then die 1, ...), so the
expectation of a partial state sums, over the faces of its last unknown die, the expectations of
the states with that die known, and so on down. Take *blocks* of neighbouring dice (in `COLOURS`
order) that the vector treats alike (swapping two dice of a block changes no entry). A partial
state's class is then each block's multiset of known values and count of unknown dice: the last
unknown die always lies in the last block with an unknown, whichever die of the block it is, so
states of one class run through the same additions in the same order and get the same bits. The
maxima over reroll sets are exact in any order, and a roll reaches the same classes as any roll of
its class, so every value of the programme keeps the symmetry. (Blocks must be neighbours: with a
die of another kind between two dice, the order of the additions would depend on which die is
unknown.) tests/ai/test_odds_classes.py holds the two to the same bits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.goennen.ai.kernels.rolls import (
    DICE,
    FACES,
    MAX_ROLLS_LEFT,
    PARTIAL_DIGITS,
    PARTIAL_WEIGHTS,
    PARTIALS,
    ROLL_FACES,
    ROLLS,
    SUBSETS,
    UNKNOWN,
    BoolArray,
    FloatArray,
    sort_columns,
)
from game.goennen.cards import Task

MAX_BLOCKS = 2  # more blocks give more than 2,500 classes: the tables over all states are quicker


def blocks_of(values: NDArray[np.float64] | BoolArray) -> tuple[int, ...] | None:
    """The sizes of the runs of neighbouring dice that `values` (one per roll) treats alike, or None
    when there are more than `MAX_BLOCKS` of them."""
    sizes = [1]
    for first in range(DICE - 1):
        # dice first and first + 1 as the middle axes: the comparison runs over long rows
        table = values.reshape(FACES**first, FACES, FACES, -1)
        if np.array_equal(table, table.transpose(0, 2, 1, 3)):
            sizes[-1] += 1
        elif len(sizes) == MAX_BLOCKS:
            return None
        else:
            sizes.append(1)
    return tuple(sizes)


@dataclass(frozen=True, slots=True)
class StateClasses:
    """The classes of partial states for one block structure (module docstring), lowest level first:
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
        """Values of the roll classes -> expectations of all classes (the tables' `expected`)."""
        table = np.empty(self.size)
        table[: self.rolls] = values
        for first, end, faces in self.levels:
            total = np.add.accumulate(table[faces], axis=0)[-1]  # the faces one after the other
            np.divide(total, FACES, out=table[first:end])
        return table

    def best_rerolls(self, expected: FloatArray) -> FloatArray:
        """`best_rerolls` on the roll classes, from `expected` (all classes)."""
        best: FloatArray = np.maximum.reduceat(expected[self.reached], self.starts)
        return best

    def turn_values(self, success: FloatArray, rolls_left: int) -> FloatArray:
        """`turn_values` on the roll classes."""
        values = success
        for _ in range(rolls_left):
            values = np.maximum(success, self.best_rerolls(self.expected(values)))
        return values

    def mean_turn_value(self, success: BoolArray) -> float:
        """`mean_turn_value` of one success vector: the rolls summed in the same order."""
        values = self.turn_values(success[self.representative].astype(np.float64), MAX_ROLLS_LEFT)
        total = np.add.accumulate(values[self.of_roll])[-1]
        return float(total / ROLLS)


def classes_of(values: NDArray[np.float64] | BoolArray) -> StateClasses | None:
    """The classes `values` allows, or None when they would not save work."""
    blocks = blocks_of(values)
    return None if blocks is None else classes_for_blocks(blocks)


def classes_of_cards(cards: Sequence[tuple[Task, Sequence[int | None]]]) -> StateClasses | None:
    """The classes the success vectors of `cards` (and their union) allow, known without looking
    at them: a vector treats alike all dice no empty coloured field demands (success.roll_classes)."""
    pinned = 0
    for task, filled in cards:
        for field, value in zip(task.fields, filled, strict=True):
            if value is None and field.colour is not None:
                pinned |= 1 << field.colour.slot
    return pinned_classes(pinned)


@lru_cache(maxsize=1 << DICE)
def pinned_classes(pinned: int) -> StateClasses | None:
    """The classes for dice `pinned` (bit i: die i): a run of free dice is a block, a pinned die one
    of its own; None with more than `MAX_BLOCKS` blocks."""
    sizes: list[int] = []
    for die in range(DICE):
        if pinned >> die & 1 or not sizes or pinned >> (die - 1) & 1:
            sizes.append(1)
        else:
            sizes[-1] += 1
    return classes_for_blocks(tuple(sizes)) if len(sizes) <= MAX_BLOCKS else None


@lru_cache(maxsize=DICE)  # every structure of at most two blocks
def classes_for_blocks(blocks: tuple[int, ...]) -> StateClasses:
    """The classes of partial states when the dice form runs of `blocks` dice treated alike."""

    def canonical(digits: NDArray[np.intp]) -> NDArray[np.intp]:
        """The partial states' codes with each block's digits sorted (6, unknown, sorts last)."""
        columns = [digits[:, die] for die in range(DICE)]
        start = 0
        for size in blocks:
            sort_columns(columns, range(start, start + size))
            start += size
        code: NDArray[np.intp] = columns[0] * PARTIAL_WEIGHTS[0]
        for die in range(1, DICE):
            code += columns[die] * PARTIAL_WEIGHTS[die]
        return code

    codes = canonical(PARTIAL_DIGITS)
    present = np.zeros(PARTIALS, dtype=np.bool_)  # np.unique(codes), without its sort
    present[codes] = True
    unique = np.flatnonzero(present)
    digits = PARTIAL_DIGITS[unique]
    level = (digits == UNKNOWN).sum(axis=1)
    order = np.lexsort((unique, level))
    unique, digits, level = unique[order], digits[order], level[order]
    class_of = np.full(PARTIALS, -1, dtype=np.intp)
    class_of[unique] = np.arange(len(unique))
    rolls = int(np.count_nonzero(level == 0))
    of_roll = class_of[codes[ROLL_FACES @ PARTIAL_WEIGHTS]]
    representative = np.zeros(rolls, dtype=np.intp)
    representative[of_roll[::-1]] = np.arange(ROLLS)[::-1]  # the first roll of each class
    levels = []
    for count in range(1, DICE + 1):
        members = np.flatnonzero(level == count)
        states = digits[members]
        # the last unknown die (the last block with one): its faces, one after the other
        last = DICE - 1 - np.argmax((states == UNKNOWN)[:, ::-1], axis=1)
        faces = np.empty((FACES, len(members)), dtype=np.intp)
        for face in range(FACES):
            known = states.copy()
            known[np.arange(len(members)), last] = face
            faces[face] = class_of[canonical(known)]
        faces.flags.writeable = False
        levels.append((int(members[0]), int(members[-1]) + 1, faces))
    kept = np.where(SUBSETS[None, :, :], UNKNOWN, digits[:rolls][:, None, :]).reshape(-1, DICE)
    reached = np.sort(class_of[canonical(kept)].reshape(rolls, 2**DICE), axis=1)
    new = np.ones_like(reached, dtype=np.bool_)  # equal classes need no second look
    new[:, 1:] = reached[:, 1:] != reached[:, :-1]
    starts = np.concatenate(([0], np.cumsum(new.sum(axis=1))[:-1]))
    of_partial = class_of[codes]
    for array in (of_roll, of_partial, representative):
        array.flags.writeable = False
    return StateClasses(
        rolls,
        len(unique),
        of_roll,
        of_partial,
        representative,
        tuple(levels),
        reached[new],
        starts.astype(np.intp),
    )
