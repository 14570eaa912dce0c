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

import numpy as np
from numpy.typing import NDArray

from game import odds
from game.actions import Action, Buy, Complete, End, Pass, Place, Remove, Reroll, ReturnCard, Row, Wild
from game.ai.evaluate import turn_chance
from game.ai.planning import Mask, mask_dice
from game.cards import Task
from game.colours import COLOURS, Colour
from game.engine import price, usable_dice
from game.scoring import wild_cards_to_choose
from game.state import MARKET_SLOTS, ROWS, Phase, State
from game.writes import legal_writes


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
        me = view.decider
        seat = view.seats[me]
        phase = view.phase
        if phase == Phase.SETUP_RETURN:
            return ReturnCard(rng.choice(seat.hand))
        if phase == Phase.SETUP_PLACE:
            return Place(seat.hand[0], *rng.choice(seat.display.legal_cells()))
        if phase == Phase.PLACE:
            assert seat.pending is not None
            return Place(seat.pending, *rng.choice(seat.display.legal_cells()))
        if phase == Phase.ACTIVE:
            return self.active(view, rng)
        if phase == Phase.CHANCE_WRITE:
            return End()
        if phase in (Phase.PASSIVE, Phase.SOLO_PASSIVE):
            writes = legal_writes(view, usable_dice(view))
            return rng.choice(writes) if writes else Pass()
        if phase == Phase.SOLO_REMOVE:
            rows = [row for row in ROWS if view.market_card(row, MARKET_SLOTS) is not None]
            return Remove(rng.choice(rows) if rows else None)
        if phase == Phase.WILD:
            card = wild_cards_to_choose(seat.display)[0]
            return Wild(card.id, rng.choice(COLOURS))
        raise ValueError(f"no decision for a seat in phase {phase}")

    def active(self, view: State, rng: random.Random) -> Action:
        complete = first_completion(view)
        if complete is not None:
            return complete
        buy = random_purchase(view, rng)
        if buy is not None:
            return buy
        if view.acted or view.rolls >= 3:
            return End()
        return self.reroll(view)

    def reroll(self, view: State) -> Reroll:
        open_cards = [p for p in view.display(view.decider) if not p.completed and p.empty_count <= 5]
        if open_cards:
            # the card nearest to done, the easiest fresh task among equals
            target = min(open_cards, key=lambda p: (p.empty_count, -_fresh_chance(p.card.task)))
            mask = _single_card_keep(target.card.task, target.filled, view.dice, 3 - view.rolls)
            if mask is not None:
                return Reroll(mask_dice(mask))
        counts = [view.dice.count(v) for v in view.dice]
        keep_value = view.dice[counts.index(max(counts))]
        return Reroll(tuple(c for c in COLOURS if view.dice[c.slot] != keep_value) or COLOURS)


# Keep tables by the rolls a card's fill allows (its success vector) rather than by the fill: many
# fills allow exactly the same rolls (two in three in a long simulation), and a table costs a
# millisecond or more to make. odds.keep_table depends on nothing else, so the choices are the same.
_keep_tables: dict[tuple[bytes, int], NDArray[np.int8]] = {}


def _single_card_keep(
    task: Task, filled: tuple[int | None, ...], dice: tuple[int, ...], rolls_left: int
) -> Mask | None:
    """planning.single_card_keep, with its tables shared between fills that allow the same rolls."""
    key = (odds.success_vector(task, filled).tobytes(), rolls_left)
    table = _keep_tables.get(key)
    if table is None:
        table = _keep_tables[key] = odds.keep_table(task, filled, rolls_left)
    choice = int(table[odds.roll_index(dice)])
    return None if choice < 0 else odds.MASKS[choice]


def _fresh_chance(task: Task) -> float:
    return turn_chance(task, (None,) * len(task.fields))


def first_completion(view: State) -> Complete | None:
    """The first completion found (cards in display order, dice in colour order): the same one
    planning.complete_steps lists first, without listing every assignment of every card."""
    dice = [(die, view.value(die), view.colour(die)) for die in usable_dice(view)]
    for placed in view.display(view.decider):
        empty = [index for index, value in enumerate(placed.filled) if value is None]
        if not empty or len(empty) > len(dice):
            continue
        used = _first_fill(placed.card.task, placed.filled, empty, dice)
        if used is None:
            continue
        per_field: list[Colour | None] = [None] * len(placed.filled)
        for index, die in zip(empty, used, strict=True):
            per_field[index] = die
        return Complete(placed.id, tuple(per_field))
    return None


def _first_fill(
    task: Task, filled: tuple[int | None, ...], empty: list[int], dice: list[tuple[Colour, int, Colour]]
) -> list[Colour] | None:
    """The first assignment cards.assignments would yield (the same search order and pruning),
    found by plain recursion: its nested generators cost more than the search itself."""
    work = list(filled)
    chosen: list[Colour] = []
    last = len(empty) - 1

    def extend(position: int, used: int) -> bool:
        index = empty[position]
        field = task.fields[index]
        for slot, (die, value, colour) in enumerate(dice):
            if used & (1 << slot) or not field.accepts(value, colour):
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


def random_purchase(view: State, rng: random.Random) -> Buy | None:
    """A random purchase without discount marks, drawn from the same list, in the same order, as
    planning.buy_steps' purchases without discount (so games stay as they were), but only the one
    chosen is built."""
    seat = view.seats[view.decider]
    if seat.display.full or seat.pending is not None:
        return None
    by_value: dict[int, list[Colour]] = {}
    for die in usable_dice(view):
        by_value.setdefault(view.value(die), []).append(die)
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
    row, slot, dice = rng.choice(choices)
    return Buy(row, slot, dice)
