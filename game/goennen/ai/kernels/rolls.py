"""The dice of one active turn as table indices: rolls, partial states and reroll sets.

A roll is five values 1..6, one die per colour in `COLOURS` order; tables over the rolls have
6^5 = 7776 entries, the C-order index of the roll in a (6,)*5 table (`roll_index`). A partial
state is a roll with some dice still to roll: each die shows a face or "unknown", 7^5 = 16807
states (the index of "unknown" on a die's axis is `UNKNOWN`). A reroll set (`MASKS`) names the
dice to roll again; the roll it leaves behind is a partial state.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.goennen.cards import Task
from game.goennen.colours import COLOURS

DICE = len(COLOURS)
FACES = 6
ROLLS = FACES**DICE
MAX_ROLLS_LEFT = 2  # after the first roll of a turn, two rerolls remain
UNKNOWN = FACES  # index of "still to roll" on a die's axis of a partial-state table
PARTIALS = (FACES + 1) ** DICE

Dice = tuple[int, ...]
"""Five die values 1..6 in `COLOURS` order."""
RerollMask = tuple[bool, ...]
"""Five flags in `COLOURS` order: True = roll this die again."""
Filled = tuple[int | None, ...]
"""The values written on a card's fields (None = empty field)."""
OpenCard = tuple[Task, Sequence[int | None]]
"""A card still to complete: its task and the values already written (None = empty field)."""

BoolArray = NDArray[np.bool_]
FloatArray = NDArray[np.float64]

ROLL_FACES: NDArray[np.intp] = np.indices((FACES,) * DICE).reshape(DICE, ROLLS).T
"""Every roll's dice as 0-based faces (rolls x dice), row r the roll of index r."""
PARTIAL_DIGITS: NDArray[np.intp] = np.indices((FACES + 1,) * DICE).reshape(DICE, -1).T
"""Every partial state's dice (states x dice): 0-based faces, `UNKNOWN` for a die to roll."""
PARTIAL_WEIGHTS: NDArray[np.intp] = (FACES + 1) ** np.arange(DICE - 1, -1, -1)
"""A partial state's index is its digits times these weights."""

MASKS: tuple[RerollMask, ...] = tuple(
    sorted(
        (tuple(bool(bits >> (DICE - 1 - i) & 1) for i in range(DICE)) for bits in range(1, 2**DICE)),
        key=lambda mask: (sum(mask), tuple(not flag for flag in mask)),
    )
)
"""Every non-empty reroll set, fewest dice first then `COLOURS` order: the tie-break of the best
reroll (keep the most dice: rerolled dice feed the passive players) and the order of every table
that has one entry per reroll set."""
MASK_ARRAY: BoolArray = np.array(MASKS, dtype=np.bool_)
"""`MASKS` as an array (masks x dice)."""
SUBSETS: BoolArray = np.array(
    [[bool(bits >> (DICE - 1 - i) & 1) for i in range(DICE)] for bits in range(2**DICE)], dtype=np.bool_
)
"""Every set of dice, the empty one included (32 x dice)."""

KEEP_POSITIONS: NDArray[np.intp] = (
    np.where(MASK_ARRAY[None, :, :], UNKNOWN, ROLL_FACES[:, None, :]) * PARTIAL_WEIGHTS
).sum(axis=2)
"""For every roll and reroll set of `MASKS`, the partial state it leaves (rolls x masks)."""
for _shared in (ROLL_FACES, PARTIAL_DIGITS, PARTIAL_WEIGHTS, MASK_ARRAY, SUBSETS, KEEP_POSITIONS):
    _shared.flags.writeable = False  # shared by every module of the kernels

ROLL_OF_DICE: dict[Dice, int] = {
    dice: index for index, dice in enumerate(itertools.product(range(1, FACES + 1), repeat=DICE))
}
"""Every roll's index by its dice: `roll_index` without the checks, for dice read from a state."""


def roll_index(dice: Sequence[int]) -> int:
    """The index of a roll (five values 1..6 in `COLOURS` order) in a vector over the 7776 rolls."""
    values = tuple(int(v) if isinstance(v, int | np.integer) else v for v in dice)
    if len(values) != DICE or not all(isinstance(v, int) and 1 <= v <= FACES for v in values):
        raise ValueError(f"dice must be {DICE} values from 1 to {FACES}, got {tuple(dice)!r}")
    return ROLL_OF_DICE[values]


def check_rolls_left(rolls_left: int) -> None:
    """Raise ValueError unless 0 to `MAX_ROLLS_LEFT` rolls are left."""
    if not 0 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"rolls left must be 0 to {MAX_ROLLS_LEFT}, got {rolls_left}")


def check_reroll(rolls_left: int) -> None:
    """Raise ValueError unless a reroll may follow: 1 to `MAX_ROLLS_LEFT` rolls left."""
    if not 1 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"a reroll needs 1 to {MAX_ROLLS_LEFT} rolls left, got {rolls_left}")


def reroll_positions(dice: Sequence[int]) -> NDArray[np.intp]:
    """For each reroll set in `MASKS`, the partial state it leaves from `dice` (read-only)."""
    positions: NDArray[np.intp] = KEEP_POSITIONS[roll_index(dice)]
    return positions


def sort_columns(columns: list[NDArray[np.intp]], which: Sequence[int]) -> None:
    """Sort the entries of the columns `which` row by row (each row's values among those columns in
    rising order), in place in the list: odd-even transposition, a minimum and a maximum per pair
    of neighbouring columns and round, over all rows at once. Why: np.sort along rows of two to
    five values sorts each row on its own, which costs far more."""
    for round_ in range(len(which) if len(which) > 1 else 0):
        for at in range(round_ % 2, len(which) - 1, 2):
            low, high = columns[which[at]], columns[which[at + 1]]
            columns[which[at]], columns[which[at + 1]] = np.minimum(low, high), np.maximum(low, high)


@lru_cache(maxsize=DICE + 1)
def value_grid(count: int) -> NDArray[np.intp]:
    """Every combination of values 1..6 of `count` fields (count x 6^count, C order), read-only."""
    grid = np.indices((FACES,) * count).reshape(count, -1) + 1
    grid.flags.writeable = False
    return grid
