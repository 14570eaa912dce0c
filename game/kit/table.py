"""A game at a table of seats: who sits where, who may decide now, what each seat sees.

The table is pure: no I/O, no clock, no thread. Time comes in as `now` (seconds from any origin)
on every call that changes the table, so every behaviour with deadlines is a fast, deterministic
test; bots decide outside (on a thread, in a pool) and hand their action back. One table serves a
screen on one machine and a server for seats on many.

    table = Table(FIRST_RULES, FIRST_RULES.new_match(3, seed), seats, now=0.0)
    table.deciders()                       # the seats that may act now (several in a window)
    table.play(seat, "reroll YOG", now)    # a seat's text: checked, canonical, then played
    table.bots_due()                       # bot seats (and timed-out ones) a bot must move for
    table.play_bot(seat, action, now)
    table.events_since(seat, version)      # the engine's steps as that seat may read them
    table.snapshot(seat)                   # what the seat may see now, on paper
    Table.replay(rules, match, seats, table.log) equals the live table

Where the rules let several seats decide at once (the first game's opening deal, passive writes
and wild colours), each seat of the window decides on its own private state
(`rules.decision_window`) as soon as the window opens, in any order; its actions are buffered
and applied to the real match when the engine reaches that seat, where they close its window as
they did on the copy (tests/game/test_seat_windows.py). The log keeps every action in the order
it came in, and each chance outcome when it was drawn, so a replay needs no chance source.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Literal

from game.kit.action_text import ActionSyntaxError
from game.kit.match import SeededMatch
from game.kit.reasons import IllegalActionError
from game.kit.rulebook import ActionT, Rulebook, StateT

SeatKind = Literal["human", "bot"]
EntryKind = Literal["seat", "bot", "timeout", "chance"]


@dataclass(frozen=True, slots=True)
class TableSeat:
    """Who sits at a seat: a person or a bot of a level."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None  # a bot's level

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass(frozen=True, slots=True)
class Timers:
    """Seconds a seat has for a decision (None: no limit): its own turn's, and a window's."""

    turn: float | None = None
    window: float | None = None


TIMERS_OFF = Timers()


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the table's log: an action as it came in (by a seat, its bot, or a bot
    finishing a seat's decision when its time ran out), or a chance outcome as it was drawn."""

    kind: EntryKind
    seat: int | None
    text: str  # the action's canonical text
    time: float


@dataclass(frozen=True, slots=True)
class Event:
    """One step of the engine as a seat reads it (another seat's hidden card as '?')."""

    seat: int | None  # None: chance
    text: str


class Table(Generic[StateT, ActionT]):
    """A match at a table of seats; see the module's text."""

    def __init__(
        self,
        rules: Rulebook[StateT, ActionT],
        match: SeededMatch[Any, StateT, ActionT],
        seats: Iterable[TableSeat],
        *,
        timers: Timers = TIMERS_OFF,
        now: float = 0.0,
        _recorded: Iterator[Entry] | None = None,
    ) -> None:
        self.rules = rules
        self.match = match
        self.seats = tuple(seats)
        if len(self.seats) != match.setup.players:
            raise ValueError(
                f"a table of {match.setup.players} players needs as many seats, not {len(self.seats)}"
            )
        self.timers = timers
        self.log: list[Entry] = []
        self.away: set[int] = set()  # human seats a bot plays for while their player is gone
        self._steps: list[tuple[int | None, ActionT, StateT]] = []  # (seat, action, state before)
        self._windows: dict[int, StateT | None] = {}  # a window's seats: private state (None: decided)
        self._buffers: dict[int, list[ActionT]] = {}  # their actions the engine has not reached yet
        self._acted = [0] * len(self.seats)  # actions taken for each seat (a client's `seq`)
        self._timed_out: set[int] = set()  # seats whose decision a bot finishes (time ran out)
        self._since = now  # when the current decision began
        self._deciders: tuple[int, ...] = ()
        self._recorded = _recorded  # a replay's chance outcomes, in the order they were drawn
        self._advance(now)

    @classmethod
    def replay(
        cls,
        rules: Rulebook[StateT, ActionT],
        match: SeededMatch[Any, StateT, ActionT],
        seats: Iterable[TableSeat],
        log: Iterable[Entry],
        *,
        timers: Timers = TIMERS_OFF,
    ) -> Table[StateT, ActionT]:
        """The table `log` describes, played again on `match` (a new match of the same setup):
        every action checked again, every chance outcome taken from the log, none drawn."""
        entries = list(log)
        chance = iter([entry for entry in entries if entry.kind == "chance"])
        start = entries[0].time if entries else 0.0
        table = cls(rules, match, seats, timers=timers, now=start, _recorded=chance)
        for entry in entries:
            if entry.kind != "chance":
                assert entry.seat is not None
                table._act(entry.seat, rules.parse(entry.text), entry.time, entry.kind)
        table._recorded = None
        return table

    # --- what is due ------------------------------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The real state (the table's own: never for a seat's eyes, see `view`)."""
        return self.match.state

    @property
    def version(self) -> int:
        """How many steps of the engine have been played (what `events_since` counts)."""
        return len(self._steps)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.match.state)

    def deciders(self) -> tuple[int, ...]:
        """The seats that may act now: every seat of an open window that has not decided it, or
        the one seat whose decision it is; none while the game is over."""
        return self._deciders

    def decision_state(self, seat: int) -> StateT | None:
        """The state `seat` decides in now (its window's private state), or None."""
        if self._windows:
            return self._windows.get(seat)
        turn = self.rules.whose_turn(self.match.state)
        return self.match.state if turn.kind == "seat" and turn.seat == seat else None

    def view(self, seat: int | None) -> StateT:
        """What `seat` (None: a spectator) may see now: its window while it decides one."""
        state = self.decision_state(seat) if seat is not None else None
        return self.rules.view(self.match.state if state is None else state, seat)

    def legal(self, seat: int) -> list[ActionT]:
        state = self.decision_state(seat)
        return [] if state is None else self.rules.legal_actions(state)

    def acted(self, seat: int) -> int:
        """How many actions have been taken for `seat` so far: the `seq` its next one answers."""
        return self._acted[seat]

    def events_since(self, viewer: int | None, version: int) -> list[Event]:
        """The engine's steps from `version` on, as `viewer` may read them."""
        redact = self.rules.redact
        return [
            Event(seat, str(redact(before, action, viewer)))
            for seat, action, before in self._steps[max(0, version) :]
        ]

    def snapshot(self, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see now, on paper: the version, its view, who decides, its deadline,
        and how many of its actions were taken (the `seq` its next move answers)."""
        state = self.decision_state(viewer) if viewer is not None else None
        shown = self.match.state if state is None else state
        return {
            "v": self.version,
            "view": self.rules.view_to_data(shown, viewer),
            "deciders": list(self._deciders),
            "deadline": self.deadline(),
            "seq": None if viewer is None else self._acted[viewer],
        }

    def bots_due(self) -> tuple[int, ...]:
        """The deciders a bot must move for: bot seats, seats whose player is away, and seats
        whose time ran out (the bot finishes their decision)."""
        return tuple(
            seat
            for seat in self._deciders
            if self.seats[seat].is_bot or seat in self.away or seat in self._timed_out
        )

    def deadline(self) -> float | None:
        """When the current decision's time runs out (None: no limit)."""
        limit = self.timers.window if self._windows else self.timers.turn
        return None if limit is None or not self._deciders else self._since + limit

    def expire(self, now: float) -> tuple[int, ...]:
        """Hand every decider whose time ran out by `now` to a bot (bots_due lists them)."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return ()
        late = tuple(seat for seat in self._deciders if not self.seats[seat].is_bot)
        self._timed_out.update(late)
        return late

    # --- changes ----------------------------------------------------------------------------------

    def play(self, seat: int | None, text: str, now: float, *, seq: int | None = None) -> ActionT:
        """A seat's move as its player sent it: IllegalActionError with the reason when the seat
        is not seated, answers an older position (`seq`, its count of actions taken), sent a
        chance outcome, an over-long text or one that is no action, or a move the rules refuse."""
        if seat is None or not 0 <= seat < len(self.seats):
            raise IllegalActionError("not_seated")
        if seq is not None and seq != self._acted[seat]:
            raise IllegalActionError("stale")
        try:
            action = self.rules.read_sent(text)
        except ActionSyntaxError:
            raise IllegalActionError("not_an_action") from None
        self._act(seat, action, now, "seat")
        return action

    def play_bot(self, seat: int, action: ActionT, now: float) -> None:
        """A bot's move for a seat it is due for (bots_due)."""
        if seat not in self.bots_due():
            raise IllegalActionError("not_your_turn")
        kind: EntryKind = "timeout" if seat in self._timed_out and not self.seats[seat].is_bot else "bot"
        self._act(seat, action, now, kind)

    def follow(self, entry: Entry) -> None:
        """A seat's, bot's or timeout's entry of this table's log written elsewhere (the same
        table on another server process), played as it was logged: checked like a replay's.
        The chance it leads to is drawn here, from the same source."""
        if entry.kind == "chance" or entry.seat is None:
            raise ValueError("a chance outcome is drawn, not followed")
        self._act(entry.seat, self.rules.parse(entry.text), entry.time, entry.kind)

    def _act(self, seat: int, action: ActionT, now: float, kind: EntryKind) -> None:
        if self.is_over:
            raise IllegalActionError("game_over")
        state = self.decision_state(seat)
        if state is None and seat in self._windows:
            raise IllegalActionError("window_closed")  # decided already
        if state is None:
            raise IllegalActionError("not_your_turn")
        if self.rules.is_chance(action):
            raise IllegalActionError("chance_is_drawn")
        if self._windows:
            after = self.rules.apply(state, action)  # checked on the seat's own copy
            self._windows[seat] = self.rules.decision_window(after, seat)
            self._buffers[seat].append(action)
        else:
            self._play(seat, action)
        self.log.append(Entry(kind, seat, str(action), now))
        self._acted[seat] += 1
        self._flush()
        self._advance(now)

    def _play(self, seat: int | None, action: ActionT) -> None:
        before = self.match.state
        self.match.play(action)  # checked: even a buffered action is checked on the real state
        self._steps.append((seat, action, before))

    def _flush(self) -> None:
        """Apply buffered window actions while the engine asks a seat that has some."""
        if not self._windows:
            return
        while True:
            turn = self.rules.whose_turn(self.match.state)
            buffer = self._buffers.get(turn.seat) if turn.kind == "seat" and turn.seat is not None else None
            if not buffer:
                break
            self._play(turn.seat, buffer.pop(0))
        decided = all(window is None for window in self._windows.values())
        if decided and not any(self._buffers.values()):
            self._windows, self._buffers = {}, {}

    def _advance(self, now: float) -> None:
        """Draw chance until a seat must decide, open a window where several may, and start the
        clock of a new decision."""
        if not self._windows:
            rules = self.rules
            while rules.whose_turn(self.match.state).kind == "chance":
                before = self.match.state
                if self._recorded is not None:
                    entry = next(self._recorded)
                    outcome = rules.parse(entry.text)
                    self.match.play(outcome)  # checked: a log may be damaged
                else:
                    outcome = self.match.resolve_chance()
                    entry = Entry("chance", None, str(outcome), now)
                self.log.append(entry)
                self._steps.append((None, outcome, before))
            seats = rules.window_seats(self.match.state)
            if seats:
                self._windows = {seat: rules.decision_window(self.match.state, seat) for seat in seats}
                self._buffers = {seat: [] for seat in seats}
        deciders = self._current_deciders()
        if deciders != self._deciders:
            self._timed_out &= set(deciders)  # a bot finished what it had to
            self._since = now
        self._deciders = deciders

    def _current_deciders(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        if self._windows:
            return tuple(sorted(seat for seat, window in self._windows.items() if window is not None))
        turn = self.rules.whose_turn(self.match.state)
        return (turn.seat,) if turn.kind == "seat" and turn.seat is not None else ()
