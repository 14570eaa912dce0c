"""Exact odds of completing cards within the active turn, and the keeping that maximises them.

Why: bots need the optimal keep decision, the deck is calibrated by the one-turn chance of each
task (rules-decisions.md section 1), and a bot's choice can be scored as a share of the optimum.

The model is the active turn of rules-decisions.md section 3: five dice, one per colour (a roll is
a tuple of five values in `COLOURS` order); after each roll the player may stop and complete a
card (fill all its empty fields at once, one distinct die per field) or, with rolls left, reroll
any non-empty set of dice (dice kept earlier may be rerolled too). So the whole state is just
(current dice, rolls left): the "kept" dice need no input of their own.

Method (Yacht-style dynamic programme, all numbers exact up to float rounding): a card fill's
*success vector* says for each of the 6^5 = 7776 ordered rolls whether it completes the card
(kernels/success.py); the programme (kernels/programme.py) works out, for every roll and rolls
left, the chance of success when keeping optimally, over all rolls or over classes of rolls when
some dice are interchangeable (kernels/classes.py, the same bits with fewer entries).

Not modelled in this first version: bonus marks (plus/minus and recolour change a die's value or
colour for their owner and would raise these odds), the extra-die bonus (passive only), and the
use of dice for buying in the same turn. The odds are those of a player without bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.goennen.ai.kernels.cache import BoundedCache
from game.goennen.ai.kernels.classes import classes_of, classes_of_cards
from game.goennen.ai.kernels.programme import (
    Workspace,
    best_rerolls,
    expected,
    mean_turn_value,
    solve,
    turn_values,
    workspace,
)
from game.goennen.ai.kernels.rolls import (
    DICE,
    KEEP_POSITIONS,
    MASKS,
    MAX_ROLLS_LEFT,
    ROLL_FACES,
    ROLLS,
    BoolArray,
    Filled,
    FloatArray,
    OpenCard,
    RerollMask,
    check_reroll,
    check_rolls_left,
    reroll_positions,
    roll_index,
)
from game.goennen.ai.kernels.success import checked_filled, residual_key, success_vector
from game.goennen.cards import Task

__all__ = [
    "DICE",
    "MASKS",
    "MAX_ROLLS_LEFT",
    "ROLLS",
    "BoolArray",
    "DisplayOdds",
    "FloatArray",
    "KeepChances",
    "OpenCard",
    "RerollMask",
    "best_reroll",
    "chance_before_roll",
    "chance_known",
    "chances_before_roll",
    "completion_chance",
    "display_odds",
    "display_odds_before_roll",
    "equal_dice_success",
    "goal_chances",
    "keep_table",
    "one_more_reroll",
    "one_turn_chance",
    "reroll_chance",
    "reroll_options",
    "reroll_values",
    "roll_index",
    "success_vector",
]

TIE = 1e-12  # probabilities closer than this count as equal when choosing a reroll


@dataclass(frozen=True, slots=True)
class DisplayOdds:
    """Odds for several cards: of completing at least one, and of each under its own best keeping."""

    at_least_one: float
    each: tuple[float, ...]


# --- odds of a display ---------------------------------------------------------------------------


def display_odds(cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int) -> DisplayOdds:
    """Odds for all cards of a display, from the current dice with 0, 1 or 2 rolls left."""
    roll = roll_index(dice)
    check_rolls_left(rolls_left)
    positions = reroll_positions(dice)

    def evaluate(success: FloatArray, work: Workspace) -> FloatArray:
        now: FloatArray = success[roll]
        if not rolls_left:
            return now
        after = expected(turn_values(success, rolls_left - 1, work), work)
        best: FloatArray = np.maximum(now, after[positions].max(axis=0))
        return best

    return _odds(solve(_batch(cards), evaluate))


def display_odds_before_roll(cards: Sequence[OpenCard]) -> DisplayOdds:
    """Odds for all cards of a display for a whole turn: all five dice still to roll, 3 rolls."""
    return _odds(solve(_batch(cards), mean_turn_value))


def completion_chance(
    task: Task, filled: Sequence[int | None], dice: Sequence[int], rolls_left: int
) -> float:
    """The chance to complete one card this turn, from the current dice, with the best keeping."""
    return display_odds([(task, filled)], dice, rolls_left).at_least_one


def _batch(cards: Sequence[OpenCard]) -> FloatArray:
    """Success (7776 x batch) of "at least one card" (column 0) and of each card (columns 1..n)."""
    vectors = [success_vector(task, filled) for task, filled in cards]
    union = np.logical_or.reduce(vectors) if vectors else np.zeros(ROLLS, dtype=np.bool_)
    return np.stack([union, *vectors], axis=1).astype(np.float64)


def _odds(values: FloatArray) -> DisplayOdds:
    return DisplayOdds(float(values[0]), tuple(float(v) for v in values[1:]))


# --- one-turn chances ----------------------------------------------------------------------------


def chance_before_roll(task: Task, filled: Sequence[int | None]) -> float:
    """The chance to complete one card within a whole active turn (3 rolls, best keeping)."""
    return chances_before_roll([(task, filled)])[0]


def one_turn_chance(task: Task) -> float:
    """The chance to complete a fresh card within one active turn: the deck's difficulty yardstick."""
    return chance_before_roll(task, (None,) * len(task.fields))


def chances_before_roll(cards: Sequence[OpenCard]) -> tuple[float, ...]:
    """Each card's chance to be completed within a whole turn, under its own best keeping.

    The numbers of `display_odds_before_roll(cards).each`, without the work for "at least one".
    Why: bots value many candidate fills at once and need each on its own. The chance depends on
    nothing but the card's success vector, and two in three of the fills bots meet share their
    vector with one met before (a written field that no rule ties to the others), so the chances
    are remembered per vector and per residual task, and only new vectors run the programme.
    """
    chances: list[float | None] = []
    vectors: dict[int, BoolArray] = {}  # by position in `cards`, for the chances not known yet
    keys: dict[int, bytes] = {}
    residuals = [residual_key(task, checked_filled(task, filled)) for task, filled in cards]
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
    found: dict[bytes, float] = {}
    new: list[bytes] = []
    for key in dict.fromkeys(keys.values()):
        chance = _turn_chances.get(key)
        if chance is None:
            new.append(key)
        else:
            found[key] = chance
    first = {key: index for index, key in reversed(keys.items())}
    plain: list[bytes] = []
    for key in new:  # a vector that treats some dice alike runs on classes of rolls
        classes = classes_of_cards([cards[first[key]]])
        if classes is None:
            plain.append(key)
        else:
            found[key] = _turn_chances.put(key, classes.mean_turn_value(vectors[first[key]]))
    if plain:
        columns = np.stack([vectors[first[key]] for key in plain], axis=1).astype(np.float64)
        # numpy's copies run slowest on rows of two or three values: such batches go one by one
        # (same bits: every column is computed on its own either way)
        groups = [columns[:, [j]] for j in range(len(plain))] if len(plain) in (2, 3) else [columns]
        means = [c for group in groups for c in mean_turn_value(group, workspace(group.shape[1]))]
        for key, chance in zip(plain, means, strict=True):
            found[key] = _turn_chances.put(key, float(chance))
    for index, key in keys.items():
        chances[index] = found[key]
    known = [chance for chance in chances if chance is not None]
    for residual, chance in zip(residuals, known, strict=True):
        _turn_chances.put(residual, chance)
    return tuple(known)


def chance_known(task: Task, filled: Sequence[int | None]) -> bool:
    """Whether `chance_before_roll(task, filled)` is remembered (no success vector, no programme)."""
    return residual_key(task, checked_filled(task, filled)) in _turn_chances


# One-turn chances by packed success vector and by residual task (success.residual_key): at most
# about 2 MB of keys.
_turn_chances: BoundedCache[object, float] = BoundedCache(2048)


# --- the reroll decision -------------------------------------------------------------------------


def reroll_options(
    cards: Sequence[OpenCard], dice: Sequence[int], rolls_left: int
) -> dict[RerollMask | None, float]:
    """The chance to complete at least one card for every choice now: None = stop (complete now if
    possible), a mask = reroll those dice and then keep optimally. Masks only with rolls left."""
    roll = roll_index(dice)
    check_rolls_left(rolls_left)
    positions = reroll_positions(dice)
    # only "at least one card" is needed here: the union, not the whole batch of _batch
    vectors = [success_vector(task, filled) for task, filled in cards]
    hits = np.logical_or.reduce(vectors) if vectors else np.zeros(ROLLS, dtype=np.bool_)
    union: FloatArray = hits.astype(np.float64).reshape(ROLLS, 1)
    options: dict[RerollMask | None, float] = {None: float(union[roll, 0])}
    if rolls_left and (hits.all() or not hits.any()):  # certain or hopeless whatever the dice do
        options.update((mask, options[None]) for mask in MASKS)
    elif rolls_left:
        chances = _after_reroll(hits, union, rolls_left, cards)[positions]
        options.update((mask, float(chance)) for mask, chance in zip(MASKS, chances, strict=True))
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
    if table is not None:
        return table
    classes = classes_of_cards(cards)
    if classes is not None:  # the same steps on classes of rolls
        success = union[classes.representative, 0]
        on_classes = classes.expected(success)
        table = _reroll_tables.put((key, 1), on_classes[classes.of_partial])
        if rolls_left == 2:
            values = np.maximum(success, classes.best_rerolls(on_classes))
            table = _reroll_tables.put((key, 2), classes.expected(values)[classes.of_partial])
        return table
    work = workspace(1)
    after = expected(union, work)
    table = _reroll_tables.put((key, 1), after[:, 0].copy())
    if rolls_left == 2:  # the steps of turn_values(union, 1), then the expectation again
        values = np.maximum(union, best_rerolls(after, work), out=work.values(1))
        table = _reroll_tables.put((key, 2), expected(values, work)[:, 0].copy())
    return table


_reroll_tables: BoundedCache[tuple[bytes, int], FloatArray] = BoundedCache(16)  # 134 kB each


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
    for mask in MASKS:
        if options[mask] >= best - TIE:
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


# --- keeping by value (bots) ---------------------------------------------------------------------


def reroll_values(values: FloatArray, dice: Sequence[int], rolls_left: int) -> tuple[float, ...]:
    """The expected value of rerolling each set of dice in `MASKS` (in that order), given what each
    of the 7776 rolls is worth when stopping on it (`values`), keeping optimally afterwards.

    The programme of the odds on values instead of 0/1 success: with a card's success vector as
    `values` these are the chances of `reroll_options`. `rolls_left` (1 or 2) counts this reroll.
    """
    check_reroll(rolls_left)
    flat = np.asarray(values, dtype=np.float64).reshape(ROLLS)
    positions = reroll_positions(dice)
    classes = classes_of(flat)
    if classes is not None:  # the same steps on classes of rolls
        on_classes = classes.turn_values(flat[classes.representative], rolls_left - 1)
        after = classes.expected(on_classes)
        return tuple(float(v) for v in after[classes.of_partial[positions]])
    work = workspace(1)
    column = np.ascontiguousarray(flat.reshape(ROLLS, 1))
    after = expected(turn_values(column, rolls_left - 1, work), work)
    return tuple(float(v) for v in after[positions, 0])


def one_more_reroll(success: BoolArray) -> FloatArray:
    """For every roll (indexed by `roll_index`), the chance to complete a card with this success
    vector when it may be rerolled at best once more: V1 of the programme. A fresh array."""
    column = np.ascontiguousarray(success.astype(np.float64).reshape(ROLLS, 1))
    values: FloatArray = turn_values(column, 1, workspace(1))[:, 0].copy()
    return values


def keep_table(task: Task, filled: Sequence[int | None], rolls_left: int) -> NDArray[np.int8]:
    """The optimal keeping for one card from every roll (indexed by `roll_index`): the index into
    `MASKS` of the dice to reroll, or -1 to stop (the roll completes the card). Read-only, cached.

    Why a table: the same fresh cards come up in game after game, and a look-up costs nothing where
    the programme costs a millisecond or more. Among equal rerolls the first in `MASKS` wins.
    """
    values = checked_filled(task, filled)
    check_reroll(rolls_left)
    key = (task, values, rolls_left)
    table = _keep_tables.get(key)
    if table is None:
        success = success_vector(task, values)
        work = workspace(1)
        column = np.ascontiguousarray(success.astype(np.float64).reshape(-1, 1))
        after = expected(turn_values(column, rolls_left - 1, work), work)[:, 0]
        by_mask = after[KEEP_POSITIONS]
        top = by_mask.max(axis=1, keepdims=True)
        table = np.argmax(by_mask >= top - TIE, axis=1).astype(np.int8)
        table[success] = -1
        table.flags.writeable = False
        _keep_tables.put(key, table)
    return table


_keep_tables: BoundedCache[tuple[Task, Filled, int], NDArray[np.int8]] = BoundedCache(4096)  # 7.8 kB each


# --- one goal under the player's keeping (the odds shown at the table) ---------------------------


@dataclass(frozen=True, slots=True)
class KeepChances:
    """The chance to reach one goal (a card, a purchase) this turn for every choice now: `now` when
    stopping on the dice as they are (0 or 1), `rerolls` for each set of dice of `MASKS` rerolled,
    keeping optimally for this goal afterwards (empty with no rolls left or the goal reached)."""

    now: float
    rerolls: dict[RerollMask, float]

    def given_kept(self, kept: Sequence[bool]) -> float:
        """The chance when the dice marked in `kept` stay and the others are rerolled now (all five
        kept: stopping on them)."""
        reroll = tuple(not flag for flag in kept)
        if self.now == 1.0 or not any(reroll) or not self.rerolls:
            return self.now
        return max(self.now, self.rerolls[reroll])

    @property
    def best(self) -> float:
        """The chance of the best choice now for this goal alone."""
        return max(self.now, *self.rerolls.values()) if self.rerolls else self.now

    @property
    def best_keep(self) -> RerollMask | None:
        """The dice to reroll for `best` (fewest rerolled among equals, as `best_reroll`), or None
        to stop (the goal is reached, or no reroll does better than stopping)."""
        if not self.rerolls or self.now >= self.best - TIE:
            return None
        best = self.best
        return next(mask for mask in MASKS if self.rerolls[mask] >= best - TIE)


def goal_chances(success: BoolArray, dice: Sequence[int], rolls_left: int) -> KeepChances:
    """The chances of `KeepChances` for a goal reached on the rolls `success` marks (7776 flags by
    `roll_index`), from `dice` with `rolls_left` rerolls still allowed this turn."""
    check_rolls_left(rolls_left)
    now = float(success[roll_index(dice)])
    if now == 1.0 or not rolls_left:
        return KeepChances(now, {})
    if not success.any():
        return KeepChances(0.0, dict.fromkeys(MASKS, 0.0))
    values = reroll_values(success.astype(np.float64), dice, rolls_left)
    return KeepChances(now, dict(zip(MASKS, values, strict=True)))


@lru_cache(maxsize=64)
def equal_dice_success(count: int, usable: tuple[bool, ...] = (True,) * DICE) -> BoolArray:
    """Which rolls show at least `count` equal values among the dice marked `usable` (a purchase
    paid with `count` equal dice); `count` 0 is always met. Read-only, cached."""
    if len(usable) != DICE:
        raise ValueError(f"usable names {DICE} dice, not {len(usable)}")
    faces = ROLL_FACES[:, np.array(usable, dtype=np.bool_)]
    most = np.zeros(ROLLS, dtype=np.intp)
    for face in range(6):
        np.maximum(most, (faces == face).sum(axis=1), out=most)
    met: BoolArray = most >= count
    met.flags.writeable = False
    return met
