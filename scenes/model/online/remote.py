"""An online table as the table's screens see it: one seat's view, its moves sent to the server,
and every other seat's moves and the dice shown one by one as they come.

It stands where a GameSession stands (scenes/model/session.py), so the deal, turn and scoring
screens of both games serve online play unchanged. Three things differ:

- The state is the seat's view (engine.view: others' hidden cards are '?'), never the table's own.
  Each step from the server carries the view after it; the events before it are played on the
  previous view where the engine can (a roll, a write, a purchase), so that they are animated
  like a bot's moves, and the screen jumps to the server's view where it cannot (another seat's
  hidden card) and at the end of every step: the server is the authority.
- The seat's own move is played on its view at once (a refusal there costs no round trip) and sent
  with the count of the seat's actions taken (`seq`); the server's refusal takes it back.
- Other seats' moves come in as a bot's do (`bot_to_decide`, `poll_bot`), and chance as chance
  (`resolve_chance`), so the screens pace and show them at the chosen animation speed.

No pygame here. The messages come from an OnlineClient (client.py), which owns the line.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.goennen.engine import IllegalActionError, Turn
from game.registry import rulebook
from scenes.model.files import FileProblem
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.rulebooks import FIRST_RULES, RULEBOOKS, Rulebook
from scenes.model.session import BOT_MOVES_KEPT, LogEntry, log_entry

MODE = "online"  # session.context["mode"] of an online table (scenes/routes.py MODES)


class LineDown(IllegalActionError):
    """A move made while the line is down: nothing was sent (the table's overlay says so)."""

    def __init__(self) -> None:
        super().__init__("not_now", action="send")
        self.key = "line_down"  # told by refusal.line_down, a screen's reason, not the engine's


@dataclass(slots=True)
class Shown:
    """One event still to show: who played it, the action, and the view after it (None: the view
    cannot be told from the one before, so the screen jumps to the step's view)."""

    seat: int | None
    action: Any
    after: Any | None
    view: Any  # the view the server sent with this event's step


@dataclass(slots=True)
class _Seen:
    """What the screens read of `session.match`: the actions seen so far (a roll's animation is
    seeded with their count)."""

    actions: list[Any]


class RemoteSession:
    """One seat (None: a spectator) at an online table; see the module's text."""

    def __init__(
        self,
        game: str,
        seat: int | None,
        seats: Sequence[SeatConfig],
        view: Any,
        *,
        send: Callable[[dict[str, Any]], bool],
        seq: int = 0,
    ) -> None:
        self.game_rules = rulebook(game)  # the game's door: whose turn, apply, view, parse
        self.rules: Rulebook = RULEBOOKS[game]  # the screens' view of the game's door
        self.seat = seat
        self.seats = tuple(seats)
        self.context: dict[str, Any] = {"mode": MODE}
        self.log: list[LogEntry] = []
        self.match = _Seen([])
        self.bot_moves: list[tuple[Any, Any]] = []  # what "why?" explains: none online
        self.away: frozenset[int] = frozenset()  # seats a bot plays for their absent player
        self.deciders: tuple[int, ...] = ()
        self.deadline: float | None = None  # the server's clock: client.py turns it into seconds left
        self.refusal: IllegalActionError | None = None  # the server's latest refusal, for the screen
        self.save_path: Path | None = None
        self.save_problem: FileProblem | None = None
        self.archive_problem: FileProblem | None = None
        self.saves = self.failed_saves = 0
        self.on_save: Callable[[], FileProblem | None] | None = None  # the client keeps the seat's ticket
        # how a seat a bot plays for its absent player is named ("bot for Anna"), in the screen's words
        self.stand_in_words: Callable[[str], str] = lambda name: f"bot for {name}"
        self._send = send
        self._shown = view
        self._server_view = view
        self._server_seq = seq  # the seat's actions the server has taken
        self._sent = seq  # the seat's actions sent so far (the next one's seq)
        self._mine: list[Any] = []  # own moves played here whose event has not come back yet
        self._played: list[Any] = []  # own moves played here, from seq `_first_seq` on
        self._first_seq = seq
        self._queue: deque[Shown] = deque()

    # --- what the screens read ------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._shown

    @property
    def view(self) -> Any:
        """What the screens draw: the seat's view as shown (the server sends nothing else)."""
        return self._shown

    @property
    def viewer(self) -> int | None:
        return self.seat

    @property
    def actions_played(self) -> int:
        return len(self.match.actions)

    @property
    def game(self) -> str:
        return self.rules.key

    @property
    def queued(self) -> int:
        """Events that came in and are still to be shown."""
        return len(self._queue)

    @property
    def solo_level(self) -> int | None:
        return None

    @property
    def over(self) -> bool:
        return bool(self.game_rules.is_over(self._shown))

    @property
    def turn(self) -> Turn:
        """The next event to show, else whose decision the shown view waits for; while the
        server draws (after this seat's reroll), nobody's here."""
        if self._queue:
            seat = self._queue[0].seat
            return Turn("chance") if seat is None else Turn("seat", seat)
        turn = self.game_rules.whose_turn(self._shown)
        if turn.kind == "chance":
            return Turn("seat", None)
        return turn

    @property
    def decider(self) -> int | None:
        return self.turn.seat

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == SeatKind.HUMAN

    @property
    def humans(self) -> list[int]:
        """The seats played on this screen: this one (a spectator plays none)."""
        return [] if self.seat is None else [self.seat]

    @property
    def human_to_decide(self) -> bool:
        """This seat's decision, with nothing left to show before it."""
        if self._queue or self.seat is None or self.over:
            return False
        turn = self.game_rules.whose_turn(self._shown)
        return turn.kind == "seat" and turn.seat == self.seat

    @property
    def bot_to_decide(self) -> bool:
        """Another seat's move to show, or to wait for."""
        turn = self.turn
        return turn.kind == "seat" and turn.seat is not None and not self.human_to_decide

    @property
    def thinking(self) -> bool:
        return not self._queue and self.bot_to_decide

    def name(self, seat: int) -> str:
        name = self.seats[seat].name
        return self.stand_in_words(name) if seat in self.away else name

    def legal(self) -> list[Any]:
        return list(self.game_rules.legal_actions(self._shown))

    def log_entry(self, before: Any, action: Any, after: Any) -> LogEntry:
        if self.rules is FIRST_RULES:
            return log_entry(before, action, after)
        return LogEntry(self.game_rules.whose_turn(before).seat, action, before.round)

    # --- this seat's moves ----------------------------------------------------------------------

    def play(self, action: Any) -> Any:
        """This seat's move: checked on its view (IllegalActionError, nothing sent), then sent."""
        if not self.human_to_decide:
            raise IllegalActionError("not_your_turn")
        before = self._shown
        after = self.game_rules.view(self.game_rules.apply(before, action), self.seat)
        if not self._send({"t": "act", "seq": self._sent, "a": str(action)}):
            raise LineDown()
        self._sent += 1
        self._mine.append(action)
        self._played.append(action)
        self._shown = after
        self.log.append(self.log_entry(before, action, after))
        self.match.actions.append(action)
        return after

    @property
    def can_undo(self) -> bool:
        return False  # a move sent to the table is played

    def undo(self) -> bool:
        return False

    # --- other seats' moves and chance, shown one by one ----------------------------------------

    def resolve_chance(self) -> Any:
        return self._show_next()

    def poll_bot(self, budget: float = 0.0) -> Any | None:
        if not self._queue or self._queue[0].seat is None:
            return None
        before = self._shown
        action = self._show_next()
        self.bot_moves = [*self.bot_moves[-(BOT_MOVES_KEPT - 1) :], (before, action)]
        return action

    def bot_decision_wait(self) -> None:
        """Nothing to wait for here: the server's moves come with the messages."""

    def _show_next(self) -> Any:
        shown = self._queue.popleft()
        before = self._shown
        self._shown = shown.after if shown.after is not None else self._with_mine(shown.view)
        if not self._queue:  # the end of what came: the server's view is the truth
            self._shown = self._with_mine(self._server_view)
        self.log.append(self._entry(before, shown.action, shown.after))
        self.match.actions.append(shown.action)
        return shown.action

    def _entry(self, before: Any, action: Any, after: Any | None) -> LogEntry:
        if after is not None:
            try:
                return self.log_entry(before, action, after)
            except (AttributeError, KeyError, IndexError, ValueError):
                pass
        seat = None if self.game_rules.is_chance(action) else self.game_rules.whose_turn(before).seat
        return LogEntry(seat, action, before.round, active=getattr(before, "active", 0))

    # --- the server's messages ------------------------------------------------------------------

    def receive(self, step: dict[str, Any], view: Any) -> None:
        """A step from the server (client.py read and checked it): its events are queued to be
        shown, its view is where they lead."""
        rules = self.game_rules
        last = self._queue[-1] if self._queue else None
        tail = self._shown if last is None else last.after if last.after is not None else last.view
        fresh: list[Shown] = []
        for seat, text in step["events"]:
            action = rules.parse(text)
            if seat is not None and seat == self.seat and self._mine and str(self._mine[0]) == text:
                self._mine.pop(0)  # played here already
                continue
            after = None
            if tail is not None:
                try:
                    after = rules.view(rules.apply(tail, action), self.seat)
                except (IllegalActionError, KeyError, ValueError, IndexError):
                    after = None
            fresh.append(Shown(seat, action, after, view))
            tail = after
        self._server_view = view
        self._server_seq = step["seq"] if isinstance(step.get("seq"), int) else self._server_seq
        self._sent = max(self._sent, self._server_seq)
        self.deciders = tuple(step["deciders"])
        self.deadline = step["deadline"]
        self.away = frozenset(step.get("away", ()))
        self._queue.extend(fresh)
        if not self._queue:
            self._shown = self._with_mine(view)

    def refused(self, error: IllegalActionError) -> None:
        """The server refused this seat's latest moves: they are taken back, the view is the
        server's again."""
        self.refusal = error
        unanswered = len(self._unanswered())
        if unanswered:
            del self._played[len(self._played) - unanswered :]
            del self._mine[max(0, len(self._mine) - unanswered) :]
            del self.log[len(self.log) - unanswered :]
        self._sent = self._server_seq
        if not self._queue:
            self._shown = self._with_mine(self._server_view)

    def _unanswered(self) -> list[Any]:
        """This seat's moves sent after the ones the server's latest step counts."""
        return self._played[max(0, self._server_seq - self._first_seq) :]

    def _with_mine(self, view: Any) -> Any:
        """The server's view with this seat's moves it has not answered yet played on it (the
        view of a step counts the moves it answered, played or waiting in the seat's window)."""
        state = view
        for action in self._unanswered():
            try:
                state = self.game_rules.view(self.game_rules.apply(state, action), self.seat)
            except (IllegalActionError, KeyError, ValueError, IndexError):
                return view  # the server took them in another order: its view it is
        return state

    def name_seats(self, seats: Sequence[SeatConfig]) -> None:
        """The names and kinds from the latest lobby message."""
        if len(seats) == len(self.seats):
            self.seats = tuple(seats)

    # --- the seat's ticket ----------------------------------------------------------------------

    def save(self) -> FileProblem | None:
        """Keep what Continue needs to come back to this table (client.py writes it)."""
        if self.on_save is None:
            return None
        self.saves += 1
        self.save_problem = self.on_save()
        if self.save_problem is not None:
            self.failed_saves += 1
        return self.save_problem
