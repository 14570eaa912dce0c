"""The easy bot: plays the rules correctly, but sees one card at a time and chooses by chance.

How it decides (docs/bots.md): it aims its rerolls at the single open card that is easiest to
complete (with the exact keeping for that card alone); it completes the first card it can and
buys whatever the dice pay for, placing it on a random cell; it writes a random die into a random
field when passive; it never takes a chance option nor spends bonus marks on purpose. It builds
each action directly instead of listing every legal action, which keeps it fast enough for
thousands of simulated games; the engine checks every action it builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from game import odds
from game.actions import Action, Buy, Complete, End, Pass, Place, Remove, Reroll, ReturnCard, Row, Wild, Write
from game.ai.evaluate import turn_chance
from game.ai.planning import Mask, mask_dice
from game.cards import Task, die_bits
from game.colours import COLOURS, Colour
from game.engine import price, usable_dice
from game.scoring import wild_cards_to_choose
from game.state import MARKET_SLOTS, NO_DELTAS, NO_RECOLOURS, ROWS, Phase, State

# read once: on Python 3.11 reading a member off its enum class (Phase.ACTIVE) goes through the
# hook of EnumType.__getattr__, some ten times a module global's cost, and every decision asks
_ACTIVE, _PASSIVE = Phase.ACTIVE, Phase.PASSIVE
_END, _PASS = End(), Pass()  # actions without fields: one of each serves every decision


class EasyBot:
    """See the module docstring."""

    name = "easy"

    def __init__(self) -> None:
        self.fallbacks = 0

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        action = self.choose(view, rng)
        if action not in legal:
            self.fallbacks += 1
            action = rng.choice(list(legal))
        return action

    def choose(self, view: State, rng: random.Random) -> Action:
        phase = view.phase
        # the commonest decisions first (phases are enum members: `is` compares them cheapest)
        if phase is _ACTIVE:
            return self.active(view, rng)
        if phase is _PASSIVE:
            return random_write(view, rng) or _PASS
        seat = view.seats[view.decider]
        if phase == Phase.SETUP_RETURN:
            return ReturnCard(rng.choice(seat.hand))
        if phase == Phase.SETUP_PLACE:
            return Place(seat.hand[0], *rng.choice(seat.display.legal_cells()))
        if phase == Phase.PLACE:
            assert seat.pending is not None
            return Place(seat.pending, *rng.choice(seat.display.legal_cells()))
        if phase == Phase.CHANCE_WRITE:
            return _END
        if phase == Phase.SOLO_PASSIVE:
            return random_write(view, rng) or _PASS
        if phase == Phase.SOLO_REMOVE:
            rows = [row for row in ROWS if view.market_card(row, MARKET_SLOTS) is not None]
            return Remove(rng.choice(rows) if rows else None)
        if phase == Phase.WILD:
            card = wild_cards_to_choose(seat.display)[0]
            return Wild(card.id, rng.choice(COLOURS))
        raise ValueError(f"no decision for a seat in phase {phase}")

    def active(self, view: State, rng: random.Random) -> Action:
        dice = dice_at_hand(view)  # worked out once for the completion and the purchase
        complete = first_completion(view, dice)
        if complete is not None:
            return complete
        buy = random_purchase(view, rng, dice)
        if buy is not None:
            return buy
        if view.acted or view.rolls >= 3:
            return _END
        return self.reroll(view)

    def reroll(self, view: State) -> Reroll:
        # open cards that five dice could complete, with their empty fields' count
        open_cards = [
            (p, len(empty)) for p, empty, _ in view.display(view.decider).open_cards() if len(empty) <= 5
        ]
        if open_cards:
            # the card nearest to done, the easiest fresh task among equals
            # (the fresh chance, a look-up per card, only decides among the fewest empty fields)
            fewest = min(count for _, count in open_cards)
            nearest = [p for p, count in open_cards if count == fewest]
            target = (
                nearest[0] if len(nearest) == 1 else min(nearest, key=lambda p: -_fresh_chance(p.card.task))
            )
            mask = _single_card_keep(target.card.task, target.filled, view.dice, 3 - view.rolls)
            if mask is not None:
                return Reroll(_MASK_DICE[mask])
        counts = [view.dice.count(v) for v in view.dice]
        keep_value = view.dice[counts.index(max(counts))]
        return Reroll(tuple(c for c in COLOURS if view.dice[c.slot] != keep_value) or COLOURS)


# The keep decision. Why not planning.single_card_keep: its table answers all 7,776 rolls of a card
# fill and costs a millisecond or more to make, and in a long simulation most fills come up only a
# few times. The easy bot needs the chance of each reroll set from the dice it has, and keeps, per
# success vector, the sums those chances are read from: for every partial state (each die known or
# still to roll, 7^5 states) the number of its completions, in 7,776ths of a roll's worth, with one
# roll left (from the success vector) and with two (from what one more reroll is worth). A decision
# then reads 31 entries. It is the same exact programme as odds', in whole numbers, so the choices
# are the same (tests/ai/test_easy_keep.py): equal chances are exactly equal and the first reroll
# set in odds.MASKS wins among them, as there.
ROLLS = 6**5


def _single_card_keep(
    task: Task, filled: tuple[int | None, ...], dice: tuple[int, ...], rolls_left: int
) -> Mask | None:
    """The exact best dice to reroll for completing this one card (None: the dice complete it)."""
    fill = _fills.get((id(task), filled))
    if fill is None or fill.task is not task:  # asked before: no checks and hashing in odds
        fill = _new_fill(task, filled)
    roll = _roll_index(dice)
    if fill.completes[roll]:
        return None
    tables = fill.sums
    if tables is None:
        tables = fill.sums = _keep_sums(fill.completes, task, filled)
    classes = tables.classes
    scores: NDArray[np.int16] | NDArray[np.int32]
    if classes is not None:  # tables over classes of partial states (see _class_sums)
        states = classes.of_partial.take(odds._KEEP_POSITIONS[roll])
        if rolls_left == 1:
            scores = tables.once.take(states)
        else:
            twice = tables.twice
            if twice is None:
                twice = tables.twice = _class_twice(tables.once, classes)
            scores = twice.take(states)
    elif rolls_left == 1:
        scores = tables.once[_ONCE_POSITIONS[roll]]
    else:
        twice = tables.twice
        if twice is None:
            twice = tables.twice = _with_one_more_reroll(tables.once)
        scores = twice[_TWICE_POSITIONS[roll]]
    return odds.MASKS[int(scores.argmax())]  # the first of the best, in odds.MASKS order


# the dice of each reroll set, made once
_MASK_DICE: dict[Mask, tuple[Colour, ...]] = {mask: mask_dice(mask) for mask in odds.MASKS}


def _roll_index(dice: tuple[int, ...]) -> int:
    """odds.roll_index without its checks: the dice come from the state. Remembered per roll
    (a look-up hashes the five values in C; the sum is a Python loop)."""
    roll = _rolls.get(dice)
    if roll is None:
        roll = 0
        for value in dice:
            roll = roll * 6 + value - 1
        _rolls[dice] = roll  # at most 7,776 rolls
    return roll


_rolls: dict[tuple[int, ...], int] = {}


class _Fill:
    """What the bot knows of one card fill: the card's task (whose id keys it), its success vector
    (odds.success_vector) as bytes, one per roll (reading one costs less than indexing the array),
    and the keep sums of that vector, found when a keep decision first needs them."""

    __slots__ = ("task", "completes", "sums")

    def __init__(self, task: Task, completes: bytes) -> None:
        self.task = task
        self.completes = completes
        self.sums: _KeepSums | None = None


# The card fills the keep decision asked for: the keep decision asks again for the same fill at
# most rolls, and first_completion reads a card's vector (when it has one) to skip the search on a
# card the dice cannot complete. Most searches fail, and most of them on the card the bot aims its
# rerolls at. Bounded. Keyed by the task's id (an int hashes in C, a task's hash is a Python
# method), with the task kept in the entry, so its id stays its own while the entry lives.
_fills: dict[tuple[int, tuple[int | None, ...]], _Fill] = {}
_FILLS_KEPT = 2048  # a 300-game run meets some 1,700 fills; emptied when full


def _new_fill(task: Task, filled: tuple[int | None, ...]) -> _Fill:
    success = odds.success_vector(task, filled)
    # one bytes object per odds vector (odds hands out one array for all fills of a residual task):
    # a bytes object hashes its 7,776 bytes once, so the fills sharing it find their sums cheaply
    known = _bytes_by_vector.get(id(success))
    if known is not None and known[0] is success:  # the very array (kept alive here, so its id holds)
        completes = known[1]
    else:
        completes = success.tobytes()
        _keep(_bytes_by_vector, id(success), (success, completes))
    fill = _Fill(task, completes)
    if len(_fills) >= _FILLS_KEPT:
        _fills.clear()
    _fills[id(task), filled] = fill
    return fill


_bytes_by_vector: dict[int, tuple[NDArray[np.bool_], bytes]] = {}


class _KeepSums:
    """A success vector's sums for the keep decision (see _partial_sums): with one roll left
    (`once`, in 16 bits) and with two (`twice`, made when first asked); over all 7^5 partial
    states, or over `classes` of them when the vector treats some dice alike (see _class_sums)."""

    __slots__ = ("once", "twice", "classes")

    def __init__(self, once: NDArray[np.int16], classes: odds._Classes | None) -> None:
        self.once = once
        self.twice: NDArray[np.int32] | None = None
        self.classes = classes


def _keep_sums(completes: bytes, task: Task, filled: tuple[int | None, ...]) -> _KeepSums:
    """The keep sums of this success vector (of this card fill, as bytes), shared by the fills
    whose vectors are equal (many fills allow exactly the same rolls)."""
    tables = _sums_by_bytes.get(completes)
    if tables is None:
        success = np.frombuffer(completes, dtype=np.bool_)
        classes = _keep_classes(task, filled)
        once = _once(success) if classes is None else _class_once(success, classes)
        tables = _KeepSums(once, classes)
        _keep(_sums_by_bytes, completes, tables)
    return tables


_sums_by_bytes: dict[bytes, _KeepSums] = {}
_KEEP_SUMS_KEPT = 1024  # about 100 kB each with both tables: 300 games meet about 720 vectors


def _keep_classes(task: Task, filled: tuple[int | None, ...]) -> odds._Classes | None:
    """The classes of partial states the keep sums of this card fill can run on: dice no empty
    coloured field demands are alike for its vector (see odds._classes_of_cards)."""
    pinned = 0
    for field, value in zip(task.fields, filled, strict=True):
        if value is None and field.colour is not None:
            pinned |= 1 << field.colour.slot
    return _pinned_classes(pinned)


@lru_cache(maxsize=1 << 5)
def _pinned_classes(pinned: int) -> odds._Classes | None:
    """odds' classes for the dice `pinned` (bit i: die i), and also for one pinned die between
    others, which odds leaves out (three runs of dice): those of die 0 pinned, dice 0 and the
    pinned die swapped. Why: the sums are whole numbers, so unlike odds' floats they come out the
    same whichever die of a class is summed first, and a card fill with one coloured field left
    is common; its sums over classes cost a third of those over all states."""
    classes = odds._pinned_classes(pinned)
    if classes is None and pinned.bit_count() == 1:
        die = pinned.bit_length() - 1
        order = list(range(5))
        order[0], order[die] = die, 0
        swap_roll = odds._ROLL_FACES[:, order] @ (6 ** np.arange(4, -1, -1))
        swap_partial = odds._PARTIAL_DIGITS[:, order] @ odds._PARTIAL_WEIGHTS
        first = odds._pinned_classes(1)
        assert first is not None  # two runs: die 0, then the other four
        classes = replace(
            first,
            of_roll=first.of_roll[swap_roll],
            of_partial=first.of_partial[swap_partial],
            representative=swap_roll[first.representative],
        )
    return classes


def _keep(found: dict[Any, Any], key: object, value: object) -> None:
    """Remember, forgetting the oldest entry beyond _KEEP_SUMS_KEPT."""
    if len(found) >= _KEEP_SUMS_KEPT:
        found.pop(next(iter(found), None), None)  # the oldest (a bot on another thread may race: no error)
    found[key] = value


def _partial_sums(values: NDArray[np.bool_] | NDArray[np.int16], dtype: type[_Whole]) -> NDArray[_Whole]:
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
    result: NDArray[_Whole] = _extend(table, 1, 7**4).reshape(-1)
    return result


_Whole = TypeVar("_Whole", np.int16, np.int32)


def _extend(table: NDArray[_Whole], before: int, after: int) -> NDArray[_Whole]:
    """A (before x 6 x after) table -> before x 7 x after, the seventh row the sum of the six."""
    extended = np.empty((before, 7, after), dtype=table.dtype)
    extended[:, :6] = table.reshape(before, 6, after)
    np.add.reduce(extended[:, :6], axis=1, out=extended[:, 6])
    return extended


def _turn(table: NDArray[_Whole], front: int) -> NDArray[_Whole]:
    """The table's first `front` entries of its axes moved behind the others (a transposed copy)."""
    return np.ascontiguousarray(table.reshape(front, -1).T)


def _weighted(sums: NDArray[_Whole]) -> NDArray[_Whole]:
    """Sums over the rolls a partial state may lead to -> its mean value times 7,776 (a state with
    k dice to roll leads to 6^k rolls): whole numbers, in any order of the dice."""
    weighted: NDArray[_Whole] = sums * _STATE_WEIGHT[sums.dtype]
    return weighted


# per partial state, 6 to the power of its known dice (in both widths)
_UNKNOWN_DICE = (np.indices((7,) * 5).reshape(5, -1) == 6).sum(axis=0)
_STATE_WEIGHT: dict[np.dtype[Any], NDArray[Any]] = {
    np.dtype(whole): (6 ** (5 - _UNKNOWN_DICE)).astype(whole) for whole in (np.int16, np.int32)
}


def _once(success: NDArray[np.bool_]) -> NDArray[np.int16]:
    """The keep sums with one roll left, dice in the order of _ONCE_ORDER: every partial state's
    completions in 7,776ths (at most 7,776: 16 bits)."""
    return _weighted(_partial_sums(success, np.int16))


def _with_one_more_reroll(once: NDArray[np.int16]) -> NDArray[np.int32]:
    """The keep sums with two rolls left (dice in the order of _TWICE_ORDER), from those with one:
    what each roll is worth when it may be rerolled at best once more (in 7,776ths: the best over
    keeping all dice, the roll itself, and every reroll set), summed over the partial states."""
    return _weighted(_partial_sums(_best_reroll_worth(once), np.int32))


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


# The same sums over classes of partial states (odds._Classes): when a vector treats the dice of a
# block alike, so do its sums, so one number per class holds them all; a class's sum is the sum of
# the sums of the classes with its last unknown die showing each face (odds' levels), and the best
# worth of a roll is the best over the classes it reaches (odds' reached). Whole numbers, so the
# very numbers of the tables over all states (tests/ai/test_easy_keep.py).


def _class_sums(values: NDArray[_Whole], classes: odds._Classes) -> NDArray[_Whole]:
    """Values per roll class -> the weighted sums (as _weighted) per class of partial states."""
    table = np.empty(classes.size, dtype=values.dtype)
    table[: classes.rolls] = values
    for first, end, faces in classes.levels:
        np.add.reduce(table.take(faces), axis=0, out=table[first:end])
    weighted: NDArray[_Whole] = table * _class_weights(classes, values.dtype)
    return weighted


def _class_weights(classes: odds._Classes, dtype: np.dtype[Any]) -> NDArray[Any]:
    """Per class of partial states, 6 to the power of its known dice (as _STATE_WEIGHT)."""
    known = _CLASS_WEIGHTS.get((id(classes), dtype))
    if known is not None and known[0] is classes:
        return known[1]
    weights = np.full(classes.size, 6**5, dtype=dtype)
    for unknown, (first, end, _) in enumerate(classes.levels, start=1):
        weights[first:end] = 6 ** (5 - unknown)
    _CLASS_WEIGHTS[id(classes), dtype] = (classes, weights)  # odds keeps a few structures only
    return weights


_CLASS_WEIGHTS: dict[tuple[int, np.dtype[Any]], tuple[odds._Classes, NDArray[Any]]] = {}


def _class_once(success: NDArray[np.bool_], classes: odds._Classes) -> NDArray[np.int16]:
    """_once over classes."""
    return _class_sums(success.take(classes.representative).astype(np.int16), classes)


def _class_twice(once: NDArray[np.int16], classes: odds._Classes) -> NDArray[np.int32]:
    """_with_one_more_reroll over classes."""
    worth = np.maximum.reduceat(once.take(classes.reached), classes.starts)
    return _class_sums(worth.astype(np.int32), classes)


# The order of the dice on the axes of the tables: _partial_sums turns (a, b, c, d, e) into
# (e, a, b, c, d), _best_reroll_worth (p, q, r, s, t) into (t, p, q, r, s).
_ONCE_ORDER = (4, 0, 1, 2, 3)  # from the success vector, in COLOURS order
_TWICE_ORDER = (2, 3, 4, 0, 1)  # from the best worth, in the order (3, 4, 0, 1, 2)


def _keep_positions(order: tuple[int, ...]) -> NDArray[np.intp]:
    """For every roll (its index) and reroll set of odds.MASKS (in that order), the partial state it
    leaves, as an index into a table with the dice on its axes in `order`."""
    faces = np.indices((6,) * 5).reshape(5, -1)  # dice x rolls, in COLOURS order
    rerolled = np.array(odds.MASKS, dtype=np.bool_).T  # dice x masks
    positions: NDArray[np.intp] = np.zeros((6**5, len(odds.MASKS)), dtype=np.intp)
    for axis, die in enumerate(order):  # each die's digit: its face, or 6 when rerolled
        weight = 7 ** (4 - axis)
        positions += np.where(rerolled[die][None, :], 6 * weight, faces[die][:, None] * weight)
    return positions


_ONCE_POSITIONS = _keep_positions(_ONCE_ORDER)
_TWICE_POSITIONS = _keep_positions(_TWICE_ORDER)


def _fresh_chance(task: Task) -> float:
    return turn_chance(task, (None,) * len(task.fields))


Dice = list[tuple[Colour, int, Colour]]
"""The decider's usable dice, in colour order, as (die, effective value, effective colour)."""


def dice_at_hand(view: State) -> Dice:
    """The usable dice with their values and colours as the decider counts them (State.value and
    State.colour, read straight from the state's tuples: every active decision asks)."""
    faces, deltas, recolours = view.dice, view.deltas, view.recolours
    usable = usable_dice(view)
    if deltas is NO_DELTAS and recolours is NO_RECOLOURS:  # no bonus changed a die (most decisions)
        if usable is COLOURS:
            # all five as rolled; five of each, so no strict= (its keyword parsing costs more than the zip)
            return list(zip(COLOURS, faces, COLOURS))  # noqa: B905
        return [(die, faces[_SLOT[die]], die) for die in usable]
    found = []
    for die in usable:
        slot = _SLOT[die]
        found.append((die, faces[slot] + deltas[slot], recolours[slot] or die))
    return found


_SLOT: dict[Colour, int] = {die: slot for slot, die in enumerate(COLOURS)}
_VALUE = itemgetter(1)  # a die's value in Dice


def first_completion(view: State, dice: Dice | None = None) -> Complete | None:
    """The first completion found (cards in display order, dice in colour order): the same one
    planning.complete_steps lists first, without listing every assignment of every card."""
    if dice is None:
        dice = dice_at_hand(view)
    bits = [(1 << value) << _SHIFT[colour] for _, value, colour in dice]  # die_bits, inlined
    present = 0  # every usable die's bit: a field with none of them in its mask takes no die
    for bit in bits:
        present |= bit
    count = len(dice)
    roll = -2  # the roll of a success vector, worked out when first needed (-1: none applies)
    for placed, empty, masks in view.seats[view.decider].display.open_cards():
        if len(empty) > count:
            continue
        for mask in masks:  # a field no die fits: the commonest answer, found without a search
            if not mask & present:
                break
        else:
            task = placed.card.task
            filled = placed.filled
            if roll == -2:
                # all five dice as rolled (none used, none changed by a bonus)
                roll = (
                    _roll_index(view.dice)
                    if count == 5 and view.deltas == NO_DELTAS and not any(view.recolours)
                    else -1
                )
            if roll >= 0:
                known = _fills.get((id(task), filled))
                if known is not None and known.task is task and not known.completes[roll]:
                    continue  # the card's success vector says no assignment exists: no search
            used = _first_fill(task, filled, empty, masks, dice, bits)
            if used is None:
                continue
            per_field: list[Colour | None] = [None] * len(filled)
            for index, die in zip(empty, used, strict=True):
                per_field[index] = die
            return Complete(placed.id, tuple(per_field))
    return None


_SHIFT: dict[Colour, int] = {colour: die_bits(1, colour).bit_length() - 1 for colour in COLOURS}


def _first_fill(
    task: Task,
    filled: tuple[int | None, ...],
    empty: tuple[int, ...],
    masks: tuple[int, ...],
    dice: Dice,
    bits: list[int],
) -> list[Colour] | None:
    """The first assignment cards.assignments would yield (the same search order), found by plain
    recursion: its nested generators cost more than the search itself. Each field tries only the
    dice in its mask (Task.open_fields): a die outside it fails the search's completability check
    at that field whatever the other fields hold, so skipping it finds the same first assignment."""
    # the dice each empty field may take, worked out once rather than at every step of the search
    fits: list[list[tuple[int, Colour, int]]] = []
    for mask in masks:
        fitting = [(slot, die, value) for slot, (die, value, _) in enumerate(dice) if mask & bits[slot]]
        if not fitting:
            return None
        fits.append(fitting)
    work = list(filled)
    chosen: list[Colour] = []
    last = len(empty) - 1

    def extend(position: int, used: int) -> bool:
        index = empty[position]
        for slot, die, value in fits[position]:
            if used & (1 << slot):
                continue
            work[index] = value
            if task.completable(work):
                chosen.append(die)
                if position == last or extend(position + 1, used | (1 << slot)):
                    return True
                chosen.pop()
            work[index] = None
        return False

    return chosen if extend(0, 0) else None


def random_write(view: State, rng: random.Random) -> Write | None:
    """A random single-field write: drawn from the same list, in the same order, as
    writes.legal_writes (so games stay as they were: dice, then cards, then fields), but the list
    is made of the fields some usable die fits only (Task.open_fields' masks), read once."""
    dice = [(die, (1 << value) << _SHIFT[colour]) for die, value, colour in dice_at_hand(view)]  # die_bits
    present = 0
    for _, bit in dice:
        present |= bit
    fields = [
        (placed, index, mask)
        for placed, empty, masks in view.seats[view.decider].display.open_cards()  # completed cards take none
        for index, mask in zip(empty, masks, strict=True)
        if mask & present
    ]
    if not fields:
        return None
    choices = [(die, placed, index) for die, bit in dice for placed, index, mask in fields if mask & bit]
    die, placed, index = choices[rng.randrange(len(choices))]  # as rng.choice(choices) draws
    return Write(die, placed.card.id, index)


def random_purchase(view: State, rng: random.Random, dice: Dice | None = None) -> Buy | None:
    """A random purchase without discount marks, drawn from the same list, in the same order, as
    planning.buy_steps' purchases without discount (so games stay as they were), but only the one
    chosen is built."""
    if dice is None:
        dice = dice_at_hand(view)
    if len(set(map(_VALUE, dice))) > len(dice) - 2:
        return None  # three equal dice need two repeated values: the commonest answer, at once
    seat = view.seats[view.decider]
    if seat.display.full or seat.pending is not None:
        return None
    by_value: dict[int, list[Colour]] = {}
    for die, value, _ in dice:
        by_value.setdefault(value, []).append(die)
    groups = [same for same in by_value.values() if len(same) >= 3]  # the cheapest slot costs 3
    if not groups:
        return None
    choices: list[tuple[Row, int, tuple[Colour, ...]]] = []
    for row in ROWS:
        for slot in range(1, MARKET_SLOTS + 1):
            if view.market_card(row, slot) is None:
                continue
            cost = price(slot)
            for same in groups:
                if len(same) < cost:
                    continue
                choices.append((row, slot, tuple(same[:cost])))
                if len(same) > cost:  # the other end too: keeps a different die free
                    choices.append((row, slot, tuple(same[-cost:])))
    if not choices:
        return None
    row, slot, paid = rng.choice(choices)
    return Buy(row, slot, paid)
