"""Planning within one decision: what to do with the dice, where to place, which field to write.

Why search here and not in the engine's full list: the engine lists every assignment of dice to
fields and every reroll; a plan only needs one representative per *set* of dice used, and the
order of completions and purchases does not matter, so the search below visits each combination
once. Every step is still carried out by `engine.apply` on the bot's view, so a plan can never
hold an illegal step.

The keep decision of the hard bot runs the exact dynamic programme of kernels/odds.py (its public
`reroll_values`) on a value per roll (what the best single completion or purchase with that roll
is worth) instead of the 0/1 success of "some card completes".
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.goennen.actions import Action, Adjust, Buy, Complete, Discard, Place, Recolour
from game.goennen.ai.evaluate import Evaluator, fresh_card
from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.cache import BoundedCache
from game.goennen.ai.kernels.rolls import ROLL_FACES, ROLL_OF_DICE
from game.goennen.cards import BonusKind, Card, Task, die_bits
from game.goennen.colours import COLOURS, Colour
from game.goennen.display import MAX_CARDS, Display, PlacedCard, Pos
from game.goennen.engine import IllegalActionError, apply, apply_known, price, usable_dice
from game.goennen.flow import solo_writes_allowed
from game.goennen.rules import legal_actions
from game.goennen.state import MARKET_SLOTS, ROWS, Phase, State
from game.goennen.writes import legal_writes

Mask = tuple[bool, ...]


@dataclass(slots=True)
class Plan:
    """A sequence of steps and the value of the display it leads to."""

    value: float
    steps: list[Action] = field(default_factory=list)


_Dice = tuple[tuple[Colour, int, Colour], ...]


def complete_steps(state: State) -> list[Complete]:
    """One completion per card and set of dice (the order of dice on the fields does not matter)."""
    dice = tuple([(die, state.value(die), state.colour(die)) for die in usable_dice(state)])
    bits = 0  # the dice as bits of Task.open_fields' masks
    for _, value, colour in dice:
        bits |= die_bits(1 << value, colour)
    # all five dice as rolled (none used, none changed by a bonus): a success vector the keep
    # decision made says at once whether a card can be completed with them
    roll = -1
    if len(dice) == len(COLOURS) and not any(state.deltas) and not any(state.recolours):
        roll = ROLL_OF_DICE[state.dice]
    steps: list[Complete] = []
    for placed in state.display(state.decider):
        if placed.completed or placed.empty_count > len(dice):
            continue
        # a field that takes none of the dice leaves no completion (most cards, most rolls): no
        # listing needed
        task = placed.card.task
        for mask in task.open_fields(placed.filled)[1]:
            if not mask & bits:
                break
        else:
            if roll >= 0:
                known = _known_success.get((id(task), placed.filled))
                if known is not None and known[0] is task and not known[1][roll]:
                    continue
            steps.extend(_listed_completions(placed, dice))
    return steps


def remember_success(cards: Sequence[odds.OpenCard]) -> None:
    """Keep the success vectors of `cards` (open cards with at most five empty fields) at hand for
    complete_steps: the keep decision makes them anyway, and the search at the next roll reads
    them instead of looking for completions the dice cannot make."""
    for task, filled in cards:
        key = (id(task), tuple(filled))
        if key not in _known_success:
            _known_success.put(key, (task, odds.success_vector(task, filled)))


def forget_known_success() -> None:
    """Forget the success vectors `remember_success` kept (complete_steps then lists every card)."""
    _known_success.clear()


# by card task (identity, kept alive beside it) and fill
_known_success: BoundedCache[tuple[int, tuple[int | None, ...]], tuple[Task, NDArray[np.bool_]]] = (
    BoundedCache(256)
)


def _listed_completions(placed: PlacedCard, dice: _Dice) -> list[Complete]:
    """`_card_completions`, remembered: a search meets the same card fill with the same free dice in
    many branches (and again at the next roll if the dice repeat). The task is part of the key: a
    card id names other tasks in other decks (the rule scenarios' deck)."""
    key = (placed.id, placed.card.task, placed.filled, dice)
    found = _completions.get(key)
    if found is None:
        found = _completions.put(key, _card_completions(placed, dice))
    return found


COMPLETIONS_SIZE = 4_096  # remembered (card, fill, dice) listings; a game meets a few hundred new
_completions: BoundedCache[tuple[str, Task, tuple[int | None, ...], _Dice], list[Complete]] = BoundedCache(
    COMPLETIONS_SIZE
)


def _card_completions(placed: PlacedCard, dice: Sequence[tuple[Colour, int, Colour]]) -> list[Complete]:
    """The completions of one card, one per set of dice, in the order `assignments` finds them.

    The same search as `assignments` (fields in order, dice in order, the task still completable
    after each die), but a field tries only the dice in its mask (Task.open_fields): a die outside
    it fails the field or the completability check anyway (a partial fill completable with more
    values written is completable with fewer).
    """
    task = placed.card.task
    filled = placed.filled
    empty, masks = task.open_fields(filled)
    found: dict[frozenset[Colour], Complete] = {}
    if not empty or len(empty) > len(dice):
        return []
    bits = [die_bits(1 << value, colour) for _, value, colour in dice]
    _extend(task, placed, empty, masks, dice, bits, list(filled), [], found, 0, 0)
    return list(found.values())


def _extend(
    task: Task,
    placed: PlacedCard,
    empty: tuple[int, ...],
    masks: tuple[int, ...],
    dice: Sequence[tuple[Colour, int, Colour]],
    bits: list[int],
    work: list[int | None],
    chosen: list[Colour],
    found: dict[frozenset[Colour], Complete],
    position: int,
    used: int,
) -> None:
    """One field of _card_completions' search (a module function: a nested one that calls itself
    would be a reference cycle, left to the cycle collector)."""
    index, mask = empty[position], masks[position]
    last = position == len(empty) - 1
    for slot, (die, value, _) in enumerate(dice):
        if used & (1 << slot) or not mask & bits[slot]:
            continue
        work[index] = value
        if task.completable(work):
            chosen.append(die)
            if not last:
                _extend(
                    task,
                    placed,
                    empty,
                    masks,
                    dice,
                    bits,
                    work,
                    chosen,
                    found,
                    position + 1,
                    used | (1 << slot),
                )
            else:
                key = frozenset(chosen)
                if key not in found:
                    per_field: list[Colour | None] = [None] * len(work)
                    for field, used_die in zip(empty, chosen, strict=True):
                        per_field[field] = used_die
                    found[key] = Complete(placed.id, tuple(per_field))
            chosen.pop()
        work[index] = None


def buy_steps(state: State) -> list[Buy]:
    """Every purchase the dice allow now (each set of equal dice, each discount)."""
    seat = state.seats[state.decider]
    if seat.display.full or seat.pending is not None:
        return []
    discounts = seat.display.marks_left(BonusKind.DISCOUNT)
    by_value: dict[int, list[Colour]] = {}
    for die in usable_dice(state):
        by_value.setdefault(state.value(die), []).append(die)
    if max((len(same) for same in by_value.values()), default=0) + discounts < 3:
        return []  # the cheapest slot costs 3 equal dice
    steps: list[Buy] = []
    for row in ROWS:
        for slot in range(1, MARKET_SLOTS + 1):
            if state.market_card(row, slot) is None:
                continue
            cost = price(slot)
            if discounts >= cost:
                steps.append(Buy(row, slot, (), cost))
            for same in by_value.values():
                # the fewest discount marks that make these dice enough: marks are worth keeping
                discount = max(0, cost - len(same))
                if discount > discounts or discount >= cost:
                    continue
                size = cost - discount
                steps.append(Buy(row, slot, tuple(same[:size]), discount))
                if len(same) > size:  # keep a different die free, for another use
                    steps.append(Buy(row, slot, tuple(same[-size:]), discount))
    return steps


def best_place(state: State, ev: Evaluator) -> tuple[Action, float]:
    """The best cell for the pending card (or Discard, for a drawn card worth less than nothing)."""
    me = state.decider
    seat = state.seats[me]
    assert seat.pending is not None
    card = state.card(seat.pending)
    best: tuple[Action, float] | None = None
    cells = seat.display.legal_cells()
    for cell, value in zip(cells, ev.place_values(state, me, seat.display, card, cells), strict=True):
        if best is None or value > best[1]:
            best = (Place(card.id, *cell), value)
    if state.chance == "take":
        keep = ev.value(state, me)
        if best is None or best[1] < keep:
            best = (Discard(), keep)
    assert best is not None
    return best


def place_value(state: State, ev: Evaluator, card_id: str) -> float:
    """What the display would be worth with `card_id` placed at its best cell."""
    me = state.decider
    display = state.display(me)
    card = state.card(card_id)
    return max(ev.place_values(state, me, display, card, display.legal_cells()), default=ev.value(state, me))


def _try(state: State, action: Action) -> State | None:
    try:
        return apply(state, action)
    except IllegalActionError:
        return None


def best_acts(
    state: State,
    ev: Evaluator,
    deadline: float,
    modifiers: bool,
    max_nodes: int = 400,
    shortcuts: bool = True,
) -> Plan:
    """The best set of completions and purchases with the dice as they are (steps without `end`).

    With `modifiers`, plans may first spend one plus/minus or recolour mark (the hard bot).
    `shortcuts=False` runs the plain search (the tests hold the shortcuts to it).
    """
    search = _Search(state, ev, deadline, max_nodes, shortcuts)
    search.search(state, [], frozenset())
    if modifiers and _has_modifier_marks(state):
        for step in _modifier_steps(state):
            if time.perf_counter() > deadline:
                break
            after = _try(state, step)
            if after is not None:
                search.search(after, [step], frozenset({_step_key(step)}))
    return search.best


def _step_key(step: Action) -> object:
    """A step as the search's sets of steps taken name it: equal exactly when the steps' texts are
    (the texts of a purchase and of a completion name every field, the dice sorted), without
    formatting them."""
    if isinstance(step, Buy):
        return (Buy, step.row, step.slot, step.dice, step.discount)
    if isinstance(step, Complete):
        return (Complete, step.card, step.dice)
    return str(step)


_ROUNDING = 1e-11  # far above any rounding in a display's value, far below the 1e-9 that counts


class _Search:
    """The search of best_acts. A class rather than nested functions: functions that call each
    other through their closures form reference cycles, and each search's garbage (its states,
    the sets of steps seen) would wait for the cycle collector instead of going at once."""

    __slots__ = ("me", "ev", "deadline", "max_nodes", "shortcuts", "best", "seen", "nodes")

    def __init__(self, state: State, ev: Evaluator, deadline: float, max_nodes: int, shortcuts: bool) -> None:
        self.me = state.decider
        self.ev = ev
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.shortcuts = shortcuts
        self.best = Plan(ev.value(state, self.me))
        self.seen: set[frozenset[object]] = set()
        self.nodes = 0

    def search(self, current: State, steps: list[Action], done: frozenset[object]) -> None:
        self.visit(current, self.ev.value(current, self.me), steps, done)

    def visit(self, current: State, value: float, steps: list[Action], done: frozenset[object]) -> None:
        self.nodes += 1
        if value > self.best.value + 1e-9:
            self.best = Plan(value, list(steps))
        if self.nodes >= self.max_nodes or time.perf_counter() > self.deadline:
            return
        self.expand(current, steps, done)

    def expand(self, current: State, steps: list[Action], done: frozenset[object]) -> None:
        ev, seen, limit, deadline = self.ev, self.seen, self.max_nodes * 4, self.deadline
        options: list[Action] = [*complete_steps(current), *buy_steps(current)]
        discounted: dict[int, Display] = {}  # this node's display with discount marks crossed off
        after: State | None
        taken: list[Action]
        purchases = _Purchases(ev, current, discounted)  # this node's purchases, placed
        for step in options:
            self.nodes += 1  # every option tried counts: a purchase also values every cell
            if self.nodes >= limit or time.perf_counter() > deadline:
                return
            key = done | {_step_key(step)}
            if key in seen:
                continue
            seen.add(key)
            if self.shortcuts and isinstance(step, Buy) and current.chance is None:
                # Most tries are purchases, and most of them leave too few dice for anything
                # more: the node after such a purchase is only valued, and its value (like its
                # placement) is the same whatever equal dice paid (see _Purchase).
                purchase = purchases.get(step)
                taken = [step, purchase.place]
                if purchases.leaf(purchase, step):
                    self.nodes += 1  # the node visited, as visit counts it
                    if not purchase.exact and purchase.bound <= self.best.value + 1e-9 - _ROUNDING:
                        continue  # its value cannot beat the best so far: not worked out
                    value = purchase.value(ev)
                    if value > self.best.value + 1e-9:
                        self.best = Plan(value, steps + taken)
                    continue
                self.visit(purchases.state_after(purchase, step), purchase.value(ev), steps + taken, key)
                continue
            if isinstance(step, Buy) and current.chance is None:
                after = apply_known(current, step)
            else:
                after = _try(current, step)
            if after is None:
                continue
            taken = [step]
            if after.phase == Phase.PLACE:
                place, _ = best_place(after, ev)
                placed = apply_known(after, place) if isinstance(place, Place) else _try(after, place)
                if placed is None:
                    continue
                after, taken = placed, [step, place]
            self.search(after, steps + taken, key)


# --- a purchase and its placement ----------------------------------------------------------------
# The search tries many purchases (3,600 in 10 normal games against 360 completions), each then
# placed. buy_steps lists only purchases the engine allows and best_place only legal cells, so the
# search carries them out with the engine's trusted apply_known, without checking them again; every
# step of the chosen plan is still checked by the engine when played.


def _bought_display(state: State, buy: Buy, discounted: dict[int, Display]) -> Display:
    """The buyer's display after `buy`: its discount marks crossed off (remembered per count)."""
    display = state.display(state.decider)
    if buy.discount:
        spent = discounted.get(buy.discount)
        if spent is None:
            spent = discounted[buy.discount] = display.spend_marks(BonusKind.DISCOUNT, buy.discount)
        display = spent
    return display


@dataclass(slots=True)
class _Purchase:
    """A purchase tried at a search node, placed at its best cell, and the value of the node after it.

    The same for every set of equal dice that pays for it (the same row, slot and discount): the
    dice used change neither the display nor the turns left, only which dice stay free.
    """

    place: Place
    # The best cell's value, which `best_place` works out with the turns left of the state before
    # the placement. It is the node's value when the state after it leaves the same turns (`exact`),
    # and never below it when it leaves fewer (the placement may start the last round or make the
    # display the fullest): every card's chance and every term of a value grow with the turns left.
    bound: float
    exact: bool
    turns_of: State  # a state with the turns left of the node after the purchase (see _Purchases)
    full: bool  # the buyer's display there holds nine cards
    new_card: PlacedCard  # the card bought as it lies there (the display there: start and this card)
    discounts: int  # discount marks left there (those of the display it was placed on: a fresh card has none)
    start: Display  # the buyer's display before the placement (discount marks crossed off)
    card: Card  # the card bought
    state: State | None = None  # the node after it, once built (for some dice paying for it)

    def value(self, ev: Evaluator) -> float:
        """The value of the node after the purchase: `ev.value(turns_of, decider, display)`, the same
        number from the start display's layout, which every purchase at the node with as many
        discount marks spent shares (Evaluator.place_values)."""
        if not self.exact:
            cell = (self.place.row, self.place.col)
            self.bound = ev.place_values(
                self.turns_of, self.turns_of.decider, self.start, self.card, (cell,)
            )[0]
            self.exact = True
        return self.bound


def _may_complete(cards: Sequence[PlacedCard], bits: int, count: int) -> bool:
    """Whether some card might be completed with `count` free dice given as open_fields bits."""
    for placed in cards:
        if placed.completed or placed.empty_count > count:
            continue
        if all(mask & bits for mask in placed.card.task.open_fields(placed.filled)[1]):
            return True
    return False


class _Purchases:
    """The purchases tried at one search node. Every purchase there leaves the same turns before
    and after its placement (they depend on the round, the phase and the number of cards in each
    display, never on which card is bought or with which dice), so the first one's states give
    them for all: the others are placed and valued without building states."""

    __slots__ = (
        "ev",
        "current",
        "discounted",
        "known",
        "after",
        "placed",
        "exact",
        "fewer",
        "dice",
        "open",
        "discounts",
    )

    def __init__(self, ev: Evaluator, current: State, discounted: dict[int, Display]) -> None:
        self.ev = ev
        self.current = current
        self.discounted = discounted
        self.known: dict[tuple[str, int, int], _Purchase] = {}
        self.after: State | None = None  # the first purchase's state before its placement
        self.placed: State | None = None  # and after it
        self.exact = self.fewer = False  # the turns after a placement: the same, or fewer
        self.dice: list[tuple[Colour, int]] | None = None  # the free dice, as Task.open_fields bits
        self.open: dict[tuple[int, int], bool] = {}  # by free dice: may a card held here be completed?
        self.discounts: dict[int, int] = {}  # discount marks left after paying with this many

    def state_after(self, purchase: _Purchase, buy: Buy) -> State:
        """The node after `buy` and its placement: built once per purchase, then for other dice
        paying for it the same state with those dice used (all that differs)."""
        used = self.current.used | frozenset(buy.dice)
        if purchase.state is None:
            purchase.state = apply_known(apply_known(self.current, buy), purchase.place)
        elif purchase.state.used != used:
            return purchase.state.evolve(used=used)
        return purchase.state

    def leaf(self, purchase: _Purchase, buy: Buy) -> bool:
        """Whether the node after `buy` surely has nothing to try: no purchase (too few dice) and no
        completion (some empty field of each card that the free dice could fill takes none of them:
        Task.open_fields). False only means "perhaps": the search looks."""
        current = self.current
        if self.dice is None:
            self.dice = [
                (die, die_bits(1 << current.value(die), current.colour(die))) for die in usable_dice(current)
            ]
        bits = count = 0
        for die, die_bit in self.dice:
            if die not in buy.dice:
                bits |= die_bit
                count += 1
        if not purchase.full and count + purchase.discounts >= 3:
            return False  # buy_steps would look for equal dice
        # the cards held before the purchase (their fills are the same after it), then the new one
        held = self.open.get((bits, count))
        if held is None:
            held = self.open[bits, count] = _may_complete(current.display(current.decider).cards, bits, count)
        return not held and not _may_complete((purchase.new_card,), bits, count)

    def get(self, buy: Buy) -> _Purchase:
        key = (buy.row, buy.slot, buy.discount)
        purchase = self.known.get(key)
        if purchase is None:
            purchase = self.known[key] = self._purchase(buy)
        return purchase

    def _purchase(self, buy: Buy) -> _Purchase:
        """`buy` placed at its best cell (no chance taken this turn), as the search did with states."""
        ev, current = self.ev, self.current
        me = current.decider
        display: Display | None  # the display after the placement, for the first purchase
        if self.after is None:
            after = apply_known(current, buy)
            place, value = best_place(after, ev)
            assert isinstance(place, Place)  # a discard is offered only for a card taken by chance (b)
            start = after.display(me)
            card = after.card(place.card)
            placed = apply_known(after, place)
            assert placed.decider == me
            display = placed.display(me)
            full, new_card = display.full, display.cards[-1]
            before, now = ev.turns(after, me, full), ev.turns(placed, me, full)
            self.after, self.placed, self.exact, self.fewer = after, placed, now == before, now < before
        else:
            # best_place on the state after this purchase, which differs from the first one's only
            # in what the valuation does not read (the market, the dice used, the card pending)
            start = _bought_display(current, buy, self.discounted)
            card = current.card(current.market_card(buy.row, buy.slot) or "")
            cells = start.legal_cells()
            best: tuple[Pos, float] | None = None
            for cell, cell_value in zip(
                cells, ev.place_values(self.after, me, start, card, cells), strict=True
            ):
                if best is None or cell_value > best[1]:
                    best = (cell, cell_value)
            assert best is not None
            place, value = Place(card.id, *best[0]), best[1]
            # the display there is start.place(card, cell), never built: the search reads only
            # whether it is full, the new card and its discount marks
            full, new_card, display = len(start.cards) + 1 >= MAX_CARDS, fresh_card(card, best[0]), None
        assert self.placed is not None
        discounts = self.discounts.get(buy.discount)
        if discounts is None:
            there = display if display is not None else Display((*start.cards, new_card))
            discounts = self.discounts[buy.discount] = there.marks_left(BonusKind.DISCOUNT)
        purchase = _Purchase(place, value, self.exact, self.placed, full, new_card, discounts, start, card)
        if display is not None:
            purchase.state = self.placed  # the first purchase's own node
        if not self.exact and not self.fewer:
            purchase.value(ev)  # more turns after the placement: no bound, valued at once
        return purchase


def _has_modifier_marks(state: State) -> bool:
    display = state.display(state.decider)
    return display.marks_left(BonusKind.PLUS_MINUS) > 0 or display.marks_left(BonusKind.RECOLOUR) > 0


def _modifier_steps(state: State, useful_only: bool = False) -> list[Action]:
    """Plus/minus and recolour steps; `useful_only` keeps recolours to colours some open field
    demands (any other colour can never help a write)."""
    steps: list[Action] = [a for a in legal_actions(state) if isinstance(a, Adjust | Recolour)]
    if not useful_only:
        return steps
    wanted = {
        f.colour
        for p in state.display(state.decider).cards
        if not p.completed
        for f, v in zip(p.card.task.fields, p.filled, strict=True)
        if v is None and f.colour is not None
    }
    return [a for a in steps if not isinstance(a, Recolour) or a.colour in wanted]


def best_write(state: State, ev: Evaluator, modifiers: bool, deadline: float) -> Plan:
    """The single-field write (perhaps after one bonus mark) that raises the display's value most.

    An empty plan means writing nothing is best. The plan's value is the display's value after it.
    Candidates are valued on the display they lead to, built directly (the engine's `apply` also
    moves the turn on, which costs more than the valuation); `legal_writes` guarantees legality.
    """
    me = state.decider
    best = Plan(ev.value(state, me))
    starts: list[tuple[list[Action], State]] = [([], state)]
    if modifiers and _has_modifier_marks(state):
        for step in _modifier_steps(state, useful_only=True):
            changed = _try(state, step)
            if changed is not None:
                starts.append(([step], changed))
    # Candidates are taken in order, each only if it beats the best so far by more than 1e-9. One
    # whose bound (its card sure to be completed) cannot beat the best so far is skipped without
    # working out the odds of its new fill: its value never exceeds the bound, so the plan is the
    # one valuing every candidate finds. The bound is the same for every write into one card that
    # leaves the same number of empty fields (a fill's values enter the value only through the
    # card's chance): it is worked out once per card, and a skipped write is not even built.
    writes = ev.writes(state, me)
    bounds: dict[tuple[int, str, int], float] = {}
    for number, (before, start) in enumerate(starts):
        if time.perf_counter() > deadline and before:
            break  # emergency only: far above any budget
        display = start.display(me)  # the seat's display, perhaps with a mark crossed off
        if spends_extra_die(start):
            display = display.spend_marks(BonusKind.EXTRA_DIE, 1)
        for write in legal_writes(start, usable_dice(start)):
            placed = display.find(write.card)
            assert placed is not None
            key = (number, write.card, placed.empty_count - 1)
            bound = bounds.get(key)
            if bound is not None and bound <= best.value + 1e-9:
                continue
            written = placed.with_value(write.field, start.value(write.die))
            candidate = display.replace_card(written)
            if bound is None:
                bound = bounds[key] = writes.sure(candidate, written)
                if bound <= best.value + 1e-9:
                    continue
            value = writes.value(candidate, written)
            if value > best.value + 1e-9:
                best = Plan(value, [*before, write])
    return best


def spends_extra_die(state: State) -> bool:
    """Whether the next passive write needs an extra-die mark (the free writes are used up)."""
    if state.phase == Phase.PASSIVE:
        return state.writes >= 1
    if state.phase == Phase.SOLO_PASSIVE:
        return state.writes >= solo_writes_allowed(state)
    return False


def chance_writes(state: State, ev: Evaluator, deadline: float) -> Plan:
    """Chance (a): the best one or two single-field writes, chosen greedily."""
    first = best_write(state, ev, False, deadline)
    if not first.steps:
        return first
    after = _try(state, first.steps[-1])
    if after is None or after.phase != Phase.CHANCE_WRITE:
        return first
    second = best_write(after, ev, False, deadline)
    return Plan(max(first.value, second.value), first.steps + second.steps)


# --- keep decisions -------------------------------------------------------------------------------

# per roll, the most dice showing one value
_MAX_SAME: NDArray[np.intp] = np.array([np.bincount(faces, minlength=6).max() for faces in ROLL_FACES])


def roll_values(
    cards: Sequence[tuple[odds.OpenCard, float]], buy_by_size: Sequence[float]
) -> NDArray[np.float64]:
    """The value of every ordered roll: the best single completion or purchase it allows.

    `buy_by_size[k]` is the worth of the best purchase with k equal dice (k = 0..5).
    """
    values = np.zeros(odds.ROLLS)
    for (task, filled), worth in cards:
        if worth > 0:
            np.maximum(values, odds.success_vector(task, filled) * worth, out=values)
    if any(v > 0 for v in buy_by_size):
        np.maximum(values, np.asarray(buy_by_size, dtype=np.float64)[_MAX_SAME], out=values)
    return values


def value_options(values: NDArray[np.float64], dice: Sequence[int], rolls_left: int) -> dict[Mask, float]:
    """The expected value of each reroll set, keeping optimally afterwards (the odds' programme on
    values instead of success)."""
    return dict(zip(odds.MASKS, odds.reroll_values(values, dice, rolls_left), strict=True))


def mask_dice(mask: Mask) -> tuple[Colour, ...]:
    return tuple(c for c, flag in zip(COLOURS, mask, strict=True) if flag)


# --- single-card keep tables (the tests hold the easy bot to them) ------------------------------------------


def single_card_keep(
    task: Task, filled: tuple[int | None, ...], dice: Sequence[int], rolls_left: int
) -> Mask | None:
    """The optimal keeping for one card (None: stop), from the odds' table made once per card fill."""
    choice = int(odds.keep_table(task, filled, rolls_left)[odds.roll_index(dice)])
    return None if choice < 0 else odds.MASKS[choice]
