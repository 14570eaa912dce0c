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
from operator import itemgetter

from game.goennen.actions import (
    Action,
    Buy,
    Complete,
    End,
    Pass,
    Place,
    Remove,
    Reroll,
    ReturnCard,
    Row,
    Wild,
    Write,
)
from game.goennen.ai.evaluate import turn_chance
from game.goennen.ai.kernels.keep_sums import CardFills
from game.goennen.ai.kernels.rolls import MASKS, ROLL_OF_DICE
from game.goennen.ai.planning import Mask, mask_dice
from game.goennen.cards import Task, die_bits
from game.goennen.colours import COLOURS, Colour
from game.goennen.engine import price, usable_dice
from game.goennen.scoring import wild_cards_to_choose
from game.goennen.state import MARKET_SLOTS, NO_DELTAS, ROWS, Phase, State

# The card fills easy bots aimed at, with their keep sums: shared by every easy bot, since each game
# makes new bots and meets the same fresh cards (docs/performance.md, "Bot kernels").
_CARD_FILLS = CardFills()


class EasyBot:
    """See the module docstring."""

    name = "easy"

    def __init__(self) -> None:
        self.fallbacks = 0
        self.fills = _CARD_FILLS

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        action = self.choose(view, rng)
        if action not in legal:
            self.fallbacks += 1
            action = rng.choice(list(legal))
        return action

    def choose(self, view: State, rng: random.Random) -> Action:
        phase = view.phase
        if phase == Phase.ACTIVE:  # the commonest decisions first
            return self.active(view, rng)
        if phase == Phase.PASSIVE:
            return random_write(view, rng) or Pass()
        seat = view.seats[view.decider]
        if phase == Phase.SETUP_RETURN:
            return ReturnCard(rng.choice(seat.hand))
        if phase == Phase.SETUP_PLACE:
            return Place(seat.hand[0], *rng.choice(seat.display.legal_cells()))
        if phase == Phase.PLACE:
            assert seat.pending is not None
            return Place(seat.pending, *rng.choice(seat.display.legal_cells()))
        if phase == Phase.CHANCE_WRITE:
            return End()
        if phase == Phase.SOLO_PASSIVE:
            return random_write(view, rng) or Pass()
        if phase == Phase.SOLO_REMOVE:
            rows = [row for row in ROWS if view.market_card(row, MARKET_SLOTS) is not None]
            return Remove(rng.choice(rows) if rows else None)
        if phase == Phase.WILD:
            card = wild_cards_to_choose(seat.display)[0]
            return Wild(card.id, rng.choice(COLOURS))
        raise ValueError(f"no decision for a seat in phase {phase}")

    def active(self, view: State, rng: random.Random) -> Action:
        dice = dice_at_hand(view)  # worked out once for the completion and the purchase
        complete = first_completion(view, dice, self.fills)
        if complete is not None:
            return complete
        buy = random_purchase(view, rng, dice)
        if buy is not None:
            return buy
        if view.acted or view.rolls >= 3:
            return End()
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
            mask = self.fills.best_keep(target.card.task, target.filled, view.dice, 3 - view.rolls)
            if mask is not None:
                return Reroll(_MASK_DICE[mask])
        counts = [view.dice.count(v) for v in view.dice]
        keep_value = view.dice[counts.index(max(counts))]
        return Reroll(tuple(c for c in COLOURS if view.dice[c.slot] != keep_value) or COLOURS)


# the dice of each reroll set, made once
_MASK_DICE: dict[Mask, tuple[Colour, ...]] = {mask: mask_dice(mask) for mask in MASKS}


def _fresh_chance(task: Task) -> float:
    return turn_chance(task, (None,) * len(task.fields))


Dice = list[tuple[Colour, int, Colour]]
"""The decider's usable dice, in colour order, as (die, effective value, effective colour)."""


def dice_at_hand(view: State) -> Dice:
    """The usable dice with their values and colours as the decider counts them."""
    return [(die, view.value(die), view.colour(die)) for die in usable_dice(view)]


_VALUE = itemgetter(1)  # a die's value in Dice


def first_completion(
    view: State, dice: Dice | None = None, fills: CardFills | None = None
) -> Complete | None:
    """The first completion found (cards in display order, dice in colour order): the same one
    planning.complete_steps lists first, without listing every assignment of every card. A card
    fill in `fills` whose success vector rules the dice out is skipped without a search."""
    if dice is None:
        dice = dice_at_hand(view)
    bits = [die_bits(1 << value, colour) for _, value, colour in dice]
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
                    ROLL_OF_DICE[view.dice]
                    if fills is not None
                    and count == 5
                    and view.deltas == NO_DELTAS
                    and not any(view.recolours)
                    else -1
                )
            if roll >= 0 and fills is not None:
                known = fills.known(task, filled)
                if known is not None and not known.completes[roll]:
                    continue  # the card's success vector says no assignment exists: no search
            used = _first_fill(task, filled, empty, masks, dice, bits)
            if used is None:
                continue
            per_field: list[Colour | None] = [None] * len(filled)
            for index, die in zip(empty, used, strict=True):
                per_field[index] = die
            return Complete(placed.id, tuple(per_field))
    return None


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
    dice = [(die, die_bits(1 << value, colour)) for die, value, colour in dice_at_hand(view)]
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
