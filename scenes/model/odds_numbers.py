"""The odds shown at the table: which numbers, for whom, worked out from a position (no pygame,
no thread; the worker that runs them off the frame thread is odds_worker.py).

What each number means is docs/odds.md; in short, for the human who decides now:
- "complete": on each open card of their display, the chance to complete it this turn if the dice
  not kept now are rerolled and the best keeping for that card alone follows;
- "buy": on each market card, the chance to buy it this turn the same way (its price in equal dice);
- "write": while a passive or chance write is chosen, on each field the chosen die may go to, the
  card's chance to be completed within one whole turn of one's own, after the write (`before`: now);
- "chance": after the third roll, each chance option's worth in points as the adviser sees it
  (game.goennen.ai.chance_values: the numbers the Hint compares), the one it chooses marked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from game.goennen.ai import chance_values
from game.goennen.ai.kernels.odds import (
    KeepChances,
    chance_before_roll,
    equal_dice_success,
    goal_chances,
    success_vector,
)
from game.goennen.engine import (
    COLOURS,
    MARKET_SLOTS,
    ROWS,
    BonusKind,
    Buy,
    Colour,
    Complete,
    IllegalActionError,
    Phase,
    Row,
    State,
    Write,
    apply,
    legal_actions,
    price,
)

BadgeKind = Literal["complete", "buy", "write", "chance"]
WRITE_PHASES = frozenset({Phase.PASSIVE, Phase.SOLO_PASSIVE, Phase.CHANCE_WRITE})
ROLLS_PER_TURN = 3


@dataclass(frozen=True, slots=True)
class Badge:
    """One number on the table.

    `target`: ("card", card id) on the display, ("slot", row, slot) in the market, ("field", card
    id, field index), ("chance", "write" | "take_s" | "take_b" | "end"). `value`: the chance shown
    (0..1), for "chance" the points. `best`: complete/buy: the chance of the best keeping now for
    this goal alone; write: the card's chance before the write; chance: 1.0 on the option the
    adviser (the Hint) chooses, 0.0 on the others. `rerolled`: complete/buy: how many
    dice the kept selection rerolls (0: stopping on the dice as they are). `cost`: buy: the equal
    dice it needs."""

    kind: BadgeKind
    target: tuple[object, ...]
    value: float
    best: float = 0.0
    rerolled: int = 0
    cost: int = 0


@dataclass(frozen=True, eq=False)
class OddsRequest:
    """What the screen shows now: the position, the human seat deciding, the dice kept on the
    construction site (COLOURS order) and the die chosen to write (None: none chosen)."""

    state: State
    seat: int
    kept: tuple[bool, ...]
    selected: Colour | None = None

    def same(self, other: OddsRequest | None) -> bool:
        return (
            other is not None
            and other.state is self.state
            and other.seat == self.seat
            and other.kept == self.kept
            and other.selected == self.selected
        )


# --- the numbers -----------------------------------------------------------------------------------


def rolls_left(state: State) -> int:
    """Rerolls the active player may still make (0 once something was completed or bought)."""
    return 0 if state.acted else max(0, ROLLS_PER_TURN - state.rolls)


def dice_values(state: State) -> tuple[int, ...]:
    """The dice as they count for the decider (plus/minus applied), COLOURS order."""
    return tuple(state.value(colour) for colour in COLOURS)


@dataclass(frozen=True, slots=True)
class Goal:
    """One thing the active player can roll for: its badge's kind and target, its chances."""

    kind: BadgeKind
    target: tuple[object, ...]
    chances: KeepChances
    cost: int = 0


def active_goals(state: State, seat: int, wanted: Callable[[], bool] = lambda: True) -> Iterator[Goal]:
    """The open cards of `seat`'s display and the market cards it may buy, with their chances
    from the dice as they are; stops early when no longer `wanted`."""
    dice, left = dice_values(state), rolls_left(state)
    legal = legal_actions(state) if not left else []
    display = state.display(seat)
    for placed in display.cards:
        if placed.completed or not wanted():
            continue
        if left:
            chances = goal_chances(success_vector(placed.card.task, placed.filled), dice, left)
        else:  # the rolls are over: whether the dice as they are complete it
            sure = any(isinstance(a, Complete) and a.card == placed.id for a in legal)
            chances = KeepChances(float(sure), {})
        yield Goal("complete", ("card", placed.id), chances)
    if display.full:
        return
    discount = display.marks_left(BonusKind.DISCOUNT)
    for row in ROWS:
        if row in state.bought:
            continue
        for slot in range(1, MARKET_SLOTS + 1):
            if state.market_card(row, slot) is None or not wanted():
                continue
            cost = max(0, price(slot) - discount)
            if left:
                chances = goal_chances(equal_dice_success(cost), dice, left)
            else:
                sure = any(isinstance(a, Buy) and a.row == row and a.slot == slot for a in legal)
                chances = KeepChances(float(sure), {})
            yield Goal("buy", ("slot", row, slot), chances, cost)


def goal_badge(goal: Goal, kept: tuple[bool, ...]) -> Badge:
    rerolled = 0 if goal.chances.now == 1.0 or not goal.chances.rerolls else kept.count(False)
    value = goal.chances.given_kept(kept)
    return Badge(goal.kind, goal.target, value, goal.chances.best, rerolled, goal.cost)


def write_badges(
    state: State, selected: Colour, wanted: Callable[[], bool] = lambda: True
) -> Iterator[Badge]:
    """For every field the die `selected` may be written into: the card's one-turn chance after the
    write (`value`) and before it (`best`). When the seat has no active turn of its own left, only
    writes that complete a card (no later turn could use the others' numbers)."""
    later = later_turn(state, state.decider)
    for action in legal_actions(state):
        if not isinstance(action, Write) or action.die != selected or not wanted():
            continue
        placed = state.display(state.decider).find(action.card)
        if placed is None:
            continue
        before = chance_before_roll(placed.card.task, placed.filled)
        try:
            after_state = apply(state, action)
        except IllegalActionError:
            continue
        written = after_state.display(state.decider).find(action.card)
        if written is None:
            continue
        if not later and not written.completed:
            continue
        after = 1.0 if written.completed else chance_before_roll(written.card.task, written.filled)
        yield Badge("write", ("field", action.card, action.field), after, before)


def later_turn(state: State, seat: int) -> bool:
    """Whether `seat` has an active turn of its own after the one being played: a round after this
    one, or a later place in this round's order (the last round is set by a 9th card; a solo game
    also ends with its round counter)."""
    last = state.last_round
    if state.config.solo:
        return state.round + 1 < state.solo_rounds() and (last is None or state.round < last)
    if last is None or state.round < last:
        return True
    players, start = state.config.players, state.config.start_player
    return (seat - start) % players > (state.active - start) % players


def chance_badges(state: State) -> Iterator[Badge]:
    values = chance_values(state)

    def badge(key: str, worth: float) -> Badge:
        return Badge("chance", ("chance", key), worth, 1.0 if key == values.best else 0.0)

    if values.write is not None:
        yield badge("write", values.write)
    for row, worth in values.take.items():
        yield badge("take_s" if row == Row.SCORING else "take_b", worth)
    yield badge("end", values.end)


def chance_open(state: State) -> bool:
    return state.rolls == ROLLS_PER_TURN and not state.acted and state.chance is None


def shows_odds(state: State, seat: int) -> bool:
    """Whether the position has odds to show for the human `seat` deciding now."""
    if state.is_chance or state.decider != seat:
        return False
    if state.phase == Phase.ACTIVE:
        return state.active == seat and state.rolls > 0
    return state.phase in WRITE_PHASES


class Positions:
    """The goals of the last position asked, so changing the kept dice costs a look-up."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.seat = -1
        self.goals: list[Goal] = []
        self.complete = False

    def goals_of(self, state: State, seat: int, wanted: Callable[[], bool]) -> list[Goal] | None:
        if state is not self.state or seat != self.seat or not self.complete:
            self.state, self.seat, self.goals, self.complete = state, seat, [], False
            for goal in active_goals(state, seat, wanted):
                self.goals.append(goal)
            if not wanted():
                return None
            self.complete = True
        return self.goals


def badges(
    request: OddsRequest, positions: Positions | None = None, wanted: Callable[[], bool] = lambda: True
) -> Iterator[list[Badge]]:
    """The badges of `request` in batches, quickest first: the cards and the market, then the
    chance options (the hard bot's valuation takes longer)."""
    state, seat = request.state, request.seat
    if not shows_odds(state, seat):
        return
    if state.phase in WRITE_PHASES:
        if request.selected is not None:
            yield list(write_badges(state, request.selected, wanted))
        return
    goals = (positions or Positions()).goals_of(state, seat, wanted)
    if goals is None:
        return
    yield [goal_badge(goal, request.kept) for goal in goals]
    if chance_open(state) and wanted():
        yield list(chance_badges(state))
