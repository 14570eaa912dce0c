"""The odds shown at the table, worked out off the frame thread (no pygame).

What each number means is docs/odds.md; in short, for the human who decides now:
- "complete": on each open card of their display, the chance to complete it this turn if the dice
  not kept now are rerolled and the best keeping for that card alone follows;
- "buy": on each market card, the chance to buy it this turn the same way (its price in equal dice);
- "write": while a passive or chance write is chosen, on each field the chosen die may go to, the
  card's chance to be completed within one whole turn of one's own, after the write (`before`: now);
- "chance": after the third roll, each chance option's worth in points as the hard bot sees it.

`OddsWorker` runs `badges` on one long-lived daemon thread. The screen asks with an `OddsRequest`
every frame; a request like the last one costs nothing, a new one drops the old (a stale request is
abandoned between cards). Only badges of the latest request are shown. The chances of one position
are remembered while only the kept dice change, so a keep or release is a look-up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from game.ai import chance_values
from game.ai.kernels.odds import (
    KeepChances,
    chance_before_roll,
    equal_dice_success,
    goal_chances,
    success_vector,
)
from game.engine import (
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
    this goal alone; write: the card's chance before the write. `rerolled`: complete/buy: how many
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
    write (`value`) and before it (`best`)."""
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
        after = 1.0 if written.completed else chance_before_roll(written.card.task, written.filled)
        yield Badge("write", ("field", action.card, action.field), after, before)


def chance_badges(state: State) -> Iterator[Badge]:
    values = chance_values(state)
    if values.write is not None:
        yield Badge("chance", ("chance", "write"), values.write)
    for row, worth in values.take.items():
        yield Badge("chance", ("chance", "take_s" if row == Row.SCORING else "take_b"), worth)
    yield Badge("chance", ("chance", "end"), values.end)


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


# --- the worker thread -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """The badges of one request so far, how long after the request they were ready (`seconds`)
    and the worker's own CPU time on them (`cpu_seconds`: the rest was waiting for a core)."""

    request: OddsRequest
    badges: tuple[Badge, ...]
    seconds: float
    done: bool
    cpu_seconds: float = 0.0
    goals: tuple[Goal, ...] = ()  # the active player's goals, all of them once done


def relabelled(shown: Shown | None, request: OddsRequest) -> Shown | None:
    """The badges of `request` read from `shown`'s goals, when only the kept dice differ (a keep
    or release: a look-up, done on the frame's thread); None when the worker must work (also
    while the chance options, which come after the goals, are still being valued)."""
    if shown is None or not shown.goals or not shown.done and chance_open(request.state):
        return None
    before = shown.request
    same_choice = (before.seat, before.selected) == (request.seat, request.selected)
    if before.state is not request.state or not same_choice:
        return None
    found = [goal_badge(goal, request.kept) for goal in shown.goals]
    found += [badge for badge in shown.badges if badge.kind == "chance"]
    return Shown(request, tuple(found), 0.0, True, 0.0, shown.goals)


class OddsWorker:
    """One daemon thread working out the latest request; `shown` reads its answer."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._asked: OddsRequest | None = None
        self._asked_at = 0.0
        self._generation = 0
        self._shown: Shown | None = None
        self._positions = Positions()  # used on the worker's thread only
        self._thread: threading.Thread | None = None
        self.failure: Exception | None = None  # the last error of a computation (tests look)

    def ask(self, request: OddsRequest | None) -> None:
        """What the screen shows now (None: nothing to work out); a repeated request is free."""
        with self._lock:
            if request is None and self._asked is None or request is not None and request.same(self._asked):
                return
            self._asked = request
            self._asked_at = time.perf_counter()
            self._generation += 1
            if request is not None:
                self._start()
                self._lock.notify()

    @property
    def asked(self) -> OddsRequest | None:
        return self._asked

    def shown(self) -> Shown | None:
        """The answer to the latest request (maybe partial), or None while there is none yet."""
        with self._lock:
            shown = self._shown
            if shown is None or self._asked is None or shown.request is not self._asked:
                return None
            return shown

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="odds-worker", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._asked is None or (
                    self._shown is not None and self._shown.request is self._asked and self._shown.done
                ):
                    self._lock.wait()
                request, generation, asked_at = self._asked, self._generation, self._asked_at

            def wanted(generation: int = generation) -> bool:
                return self._generation == generation

            found: list[Badge] = []
            began = time.thread_time()
            try:
                for batch in badges(request, self._positions, wanted):
                    found += batch
                    self._publish(request, generation, found, (asked_at, began), False, self._goals(request))
            except Exception as error:  # a number that cannot be worked out is not shown; play goes on
                self.failure = error
                found = []
            self._publish(request, generation, found, (asked_at, began), True, self._goals(request))

    def _goals(self, request: OddsRequest) -> tuple[Goal, ...]:
        positions = self._positions
        return tuple(positions.goals) if positions.state is request.state and positions.complete else ()

    def _publish(
        self,
        request: OddsRequest,
        generation: int,
        found: list[Badge],
        started: tuple[float, float],
        done: bool,
        goals: tuple[Goal, ...] = (),
    ) -> None:
        with self._lock:
            if generation == self._generation:
                seconds = time.perf_counter() - started[0]
                cpu = time.thread_time() - started[1]
                self._shown = Shown(request, tuple(found), seconds, done, cpu, goals)


_worker: OddsWorker | None = None
_worker_lock = threading.Lock()


def shared_worker() -> OddsWorker:
    """The one worker of the program (its thread starts on the first request)."""
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = OddsWorker()
        return _worker
