"""The easy bot's keep decision for one card in whole numbers: keep sums per success vector.

Why not `odds.keep_table`: a keep table answers all 7776 rolls of a card fill and costs a
millisecond or more to make, and in a long simulation most fills come up only a few times. The
easy bot needs the chance of each reroll set from the dice it has, so it keeps, per success
vector, the sums those chances are read from: for every partial state (each die known or still to
roll, 7^5 states) the number of its completions, in 7776ths of a roll's worth, with one roll left
(from the success vector) and with two (from what one more reroll is worth). A decision then reads
31 entries. It is the same exact programme as the odds', in whole numbers, so the choices are the
same (tests/ai/test_easy_keep.py): equal chances are exactly equal and the first reroll set in
`MASKS` wins among them, as there.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from game.goennen.ai.kernels.cache import BoundedCache, RecentCache
from game.goennen.ai.kernels.classes import StateClasses, pinned_classes
from game.goennen.ai.kernels.rolls import (
    DICE,
    FACES,
    KEEP_POSITIONS,
    MASKS,
    PARTIAL_DIGITS,
    PARTIAL_WEIGHTS,
    ROLL_FACES,
    ROLL_OF_DICE,
    ROLLS,
    BoolArray,
    Dice,
    Filled,
    RerollMask,
)
from game.goennen.ai.kernels.success import success_vector
from game.goennen.cards import Task

Whole = TypeVar("Whole", np.int16, np.int32)


class KeepClasses:
    """Classes of partial states a fill's keep sums may run on (StateClasses), with the weights
    of their sums: per class, 6 to the power of its known dice (in both widths)."""

    __slots__ = ("classes", "weights")

    def __init__(self, classes: StateClasses) -> None:
        self.classes = classes
        weights = np.full(classes.size, FACES**DICE, dtype=np.int32)
        for unknown, (first, end, _) in enumerate(classes.levels, start=1):
            weights[first:end] = FACES ** (DICE - unknown)
        self.weights: dict[np.dtype[Any], NDArray[Any]] = {
            np.dtype(np.int16): weights.astype(np.int16),
            np.dtype(np.int32): weights,
        }


def keep_classes(task: Task, filled: Filled) -> KeepClasses | None:
    """The classes of partial states the keep sums of this card fill can run on: the dice no empty
    coloured field demands are alike for its vector (classes.classes_of_cards)."""
    pinned = 0
    for field, value in zip(task.fields, filled, strict=True):
        if value is None and field.colour is not None:
            pinned |= 1 << field.colour.slot
    return _pinned_keep_classes(pinned)


@lru_cache(maxsize=1 << DICE)
def _pinned_keep_classes(pinned: int) -> KeepClasses | None:
    """The odds' classes for the dice `pinned` (bit i: die i), and also for one pinned die between
    others, which the odds leave out (three runs of dice): those of die 0 pinned, dice 0 and the
    pinned die swapped. Why: the sums are whole numbers, so unlike the odds' floats they come out
    the same whichever die of a class is summed first, and a card fill with one coloured field
    left is common; its sums over classes cost a third of those over all states."""
    classes = pinned_classes(pinned)
    if classes is None and pinned.bit_count() == 1:
        die = pinned.bit_length() - 1
        order = list(range(DICE))
        order[0], order[die] = die, 0
        swap_roll = ROLL_FACES[:, order] @ (FACES ** np.arange(DICE - 1, -1, -1))
        swap_partial = PARTIAL_DIGITS[:, order] @ PARTIAL_WEIGHTS
        first = pinned_classes(1)
        assert first is not None  # two runs: die 0, then the other four
        classes = replace(
            first,
            of_roll=first.of_roll[swap_roll],
            of_partial=first.of_partial[swap_partial],
            representative=swap_roll[first.representative],
        )
    return None if classes is None else KeepClasses(classes)


class KeepSums:
    """A success vector's sums for the keep decision: with one roll left (`once`, 16 bits) and with
    two (`twice`, made when first asked); over all 7^5 partial states, or over `classes` of them
    when the vector treats some dice alike."""

    __slots__ = ("once", "twice", "classes")

    def __init__(self, success: BoolArray, classes: KeepClasses | None) -> None:
        self.classes = classes
        self.once: NDArray[np.int16] = (
            _weighted(_partial_sums(success, np.int16))
            if classes is None
            else _class_sums(success.take(classes.classes.representative).astype(np.int16), classes)
        )
        self.twice: NDArray[np.int32] | None = None

    def scores(self, roll: int, rolls_left: int) -> NDArray[np.int16] | NDArray[np.int32]:
        """What rerolling each set of `MASKS` from the roll `roll` is worth when keeping optimally
        after: the chance to complete the card times 7776 to the power of `rolls_left` (1 or 2)."""
        keep = self.classes
        scores: NDArray[np.int16] | NDArray[np.int32]
        if keep is not None:
            states = keep.classes.of_partial.take(KEEP_POSITIONS[roll])
            scores = (self.once if rolls_left == 1 else self._twice()).take(states)
        elif rolls_left == 1:
            scores = self.once[_ONCE_POSITIONS[roll]]
        else:
            scores = self._twice()[_TWICE_POSITIONS[roll]]
        return scores

    def _twice(self) -> NDArray[np.int32]:
        """The sums with two rolls left: from what each roll is worth when it may be rerolled at
        best once more (in 7776ths: the best over the roll itself and every reroll set)."""
        twice = self.twice
        if twice is None:
            keep = self.classes
            if keep is None:
                twice = _weighted(_partial_sums(_best_reroll_worth(self.once), np.int32))
            else:
                worth = np.maximum.reduceat(self.once.take(keep.classes.reached), keep.classes.starts)
                twice = _class_sums(worth.astype(np.int32), keep)
            self.twice = twice
        return twice

    def best(self, roll: int, rolls_left: int) -> RerollMask:
        """The best dice to reroll from `roll` (the first of the best, in `MASKS` order)."""
        return MASKS[int(self.scores(roll, rolls_left).argmax())]


class CardFill:
    """What the bot knows of one card fill: the card's task (whose id keys it), its success vector
    as bytes, one per roll (reading one costs less than indexing the array), and the keep sums of
    that vector, found when a keep decision first needs them (so the fills kept bound how many keep
    sums stay in memory beside `_sums_by_bytes`)."""

    __slots__ = ("task", "filled", "completes", "sums")

    def __init__(self, task: Task, filled: Filled, completes: bytes) -> None:
        self.task = task
        self.filled = filled
        self.completes = completes
        self.sums: KeepSums | None = None

    def best_keep(self, roll: int, rolls_left: int) -> RerollMask | None:
        """The exact best dice to reroll for completing this card from `roll` (None: it completes)."""
        if self.completes[roll]:
            return None
        sums = self.sums
        if sums is None:
            sums = self.sums = keep_sums(self.completes, self.task, self.filled)
        return sums.best(roll, rolls_left)


class CardFills:
    """The card fills one bot asked about, by the task's identity and the fill.

    The keep decision asks again for the same fill at most rolls, and the bot's search for a
    completion reads a fill's vector (when it has one) to skip a card the dice cannot complete.
    Keyed by the task's id (an int hashes in C, a task's hash is a Python method), with the task
    kept in the entry, so its id stays its own while the entry lives.
    """

    __slots__ = ("_fills",)

    def __init__(self, limit: int = 256) -> None:  # each may hold its keep sums, up to 100 kB
        self._fills: BoundedCache[tuple[int, Filled], CardFill] = BoundedCache(limit)

    def known(self, task: Task, filled: Filled) -> CardFill | None:
        """The fill if it was asked about before, else None (nothing is made)."""
        fill = self._fills.get((id(task), filled))
        return fill if fill is not None and fill.task is task else None

    def fill(self, task: Task, filled: Filled) -> CardFill:
        """The fill, made on first use."""
        fill = self._fills.get((id(task), filled))
        if fill is None or fill.task is not task:
            fill = self._fills.put((id(task), filled), CardFill(task, filled, vector_bytes(task, filled)))
        return fill

    def best_keep(self, task: Task, filled: Filled, dice: Dice, rolls_left: int) -> RerollMask | None:
        """The exact best dice to reroll for completing this one card (None: the dice complete it).
        `dice` are five values 1..6 as a state holds them (not checked)."""
        return self.fill(task, filled).best_keep(ROLL_OF_DICE[dice], rolls_left)


def vector_bytes(task: Task, filled: Filled) -> bytes:
    """The success vector of a card fill as bytes, one bytes object per vector the odds hand out
    (one array serves all fills of a residual task): a bytes object hashes its 7776 bytes once, so
    the fills sharing it find their keep sums cheaply. A vector is a view of its bytes
    (success.build_success_vector), so they are that view's own, not a copy."""
    success = success_vector(task, filled)
    held = success.base
    return held if isinstance(held, bytes) else success.tobytes()


def keep_sums(completes: bytes, task: Task, filled: Filled) -> KeepSums:
    """The keep sums of this success vector (of this card fill, as bytes), shared by the fills
    whose vectors are equal (many fills allow exactly the same rolls)."""
    sums = _sums_by_bytes.get(completes)
    if sums is None:
        success = np.frombuffer(completes, dtype=np.bool_)
        sums = _sums_by_bytes.put(completes, KeepSums(success, keep_classes(task, filled)))
    return sums


# up to 100 kB each with both tables, dear to make: the least recently used go first. 300 games
# meet about 720 vectors, one game a few dozen.
_sums_by_bytes: RecentCache[bytes, KeepSums] = RecentCache(256)


# --- sums over all partial states ----------------------------------------------------------------


def _partial_sums(values: BoolArray | NDArray[np.int16], dtype: type[Whole]) -> NDArray[Whole]:
    """A table over the rolls (6^5, the dice in some order a, b, c, d, e) -> for every partial
    state (7^5, the dice in the order e, a, b, c, d; 6 on a die's axis: still to roll) the sum of
    the values of the rolls it may lead to. Each die in turn gets a seventh row, the sum of its six
    faces, while it lies in front of long rows: two dice, then the table turned to bring the next
    two in front, then the last."""
    table = _extend(values.astype(dtype), 1, 6**4)
    table = _extend(table, 7, 6**3)
    table = _turn(table, 49)  # c, d, e, a, b
    table = _extend(table, 1, 6 * 6 * 49)
    table = _extend(table, 7, 6 * 49)
    table = _turn(table, 49)  # e, a, b, c, d
    result: NDArray[Whole] = _extend(table, 1, 7**4).reshape(-1)
    return result


def _extend(table: NDArray[Whole], before: int, after: int) -> NDArray[Whole]:
    """A (before x 6 x after) table -> before x 7 x after, the seventh row the sum of the six."""
    extended = np.empty((before, 7, after), dtype=table.dtype)
    extended[:, :6] = table.reshape(before, 6, after)
    np.add.reduce(extended[:, :6], axis=1, out=extended[:, 6])
    return extended


def _turn(table: NDArray[Whole], front: int) -> NDArray[Whole]:
    """The table's first `front` entries of its axes moved behind the others (a transposed copy)."""
    return np.ascontiguousarray(table.reshape(front, -1).T)


def _weighted(sums: NDArray[Whole]) -> NDArray[Whole]:
    """Sums over the rolls a partial state may lead to -> its mean value times 7776 (a state with
    k dice to roll leads to 6^k rolls): whole numbers, in any order of the dice."""
    weighted: NDArray[Whole] = sums * _STATE_WEIGHT[sums.dtype]
    return weighted


# per partial state, 6 to the power of its known dice (in both widths)
_UNKNOWN_DICE = (PARTIAL_DIGITS == FACES).sum(axis=1)
_STATE_WEIGHT: dict[np.dtype[Any], NDArray[Any]] = {
    np.dtype(whole): (6 ** (5 - _UNKNOWN_DICE)).astype(whole) for whole in (np.int16, np.int32)
}


def _best_reroll_worth(once: NDArray[np.int16]) -> NDArray[np.int16]:
    """For every roll, the best entry of `once` over the partial states it may keep (the roll itself
    included): a max-over-subsets, one die at a time, the "still to roll" entry against each face,
    each die while it lies in front of long rows. Dice in the order p, q, r, s, t (7^5) -> t, p, q,
    r, s (6^5)."""
    table = once.reshape(1, 7, 7**4)
    table = np.maximum(table[:, :6], table[:, 6:])
    table = np.maximum(*_split(table.reshape(6, 7, 7**3)))
    table = _turn(table, 36).reshape(1, 7, 7 * 7 * 36)  # r, s, t, p, q
    table = np.maximum(table[:, :6], table[:, 6:])
    table = np.maximum(*_split(table.reshape(6, 7, 7 * 36)))
    table = _turn(table, 36).reshape(1, 7, 6**4)  # t, p, q, r, s
    best: NDArray[np.int16] = np.maximum(table[:, :6], table[:, 6:]).reshape(-1)
    return best


def _split(table: NDArray[np.int16]) -> tuple[NDArray[np.int16], NDArray[np.int16]]:
    return table[:, :6], table[:, 6:]


# --- sums over classes of partial states ----------------------------------------------------------
# When a vector treats the dice of a block alike, so do its sums, so one number per class holds them
# all; a class's sum is the sum of the sums of the classes with its last unknown die showing each
# face (the classes' levels), and the best worth of a roll is the best over the classes it reaches.
# Whole numbers, so the very numbers of the tables over all states (tests/ai/test_easy_keep.py).


def _class_sums(values: NDArray[Whole], keep: KeepClasses) -> NDArray[Whole]:
    """Values per roll class -> the weighted sums (as _weighted) per class of partial states."""
    classes = keep.classes
    table = np.empty(classes.size, dtype=values.dtype)
    table[: classes.rolls] = values
    for first, end, faces in classes.levels:
        np.add.reduce(table.take(faces), axis=0, out=table[first:end])
    weighted: NDArray[Whole] = table * keep.weights[values.dtype]
    return weighted


# The order of the dice on the axes of the tables: _partial_sums turns (a, b, c, d, e) into
# (e, a, b, c, d), _best_reroll_worth (p, q, r, s, t) into (t, p, q, r, s).
_ONCE_ORDER = (4, 0, 1, 2, 3)  # from the success vector, in COLOURS order
_TWICE_ORDER = (2, 3, 4, 0, 1)  # from the best worth, in the order (3, 4, 0, 1, 2)


def _keep_positions(order: tuple[int, ...]) -> NDArray[np.intp]:
    """For every roll (its index) and reroll set of MASKS (in that order), the partial state it
    leaves, as an index into a table with the dice on its axes in `order`."""
    faces = ROLL_FACES.T  # dice x rolls, in COLOURS order
    rerolled = np.array(MASKS, dtype=np.bool_).T  # dice x masks
    positions: NDArray[np.intp] = np.zeros((ROLLS, len(MASKS)), dtype=np.intp)
    for axis, die in enumerate(order):  # each die's digit: its face, or 6 when rerolled
        weight = 7 ** (4 - axis)
        positions += np.where(rerolled[die][None, :], 6 * weight, faces[die][:, None] * weight)
    return positions


_ONCE_POSITIONS = _keep_positions(_ONCE_ORDER)
_TWICE_POSITIONS = _keep_positions(_TWICE_ORDER)
