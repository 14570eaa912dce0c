"""A game being played on screen: the match, who sits where, bots thinking, undo and autosave.

No pygame here, so the table's logic is tested without a window. The table scenes ask the session
what is due (a human's decision, a chance event to animate, a bot's move) and tell it what the
human chose. Three promises live here:

- Bots never freeze the window: a bot decides on a worker thread; the scene polls each frame.
- Undo stays inside the human's own decision: snapshots are kept only until a die is rolled, a
  card drawn, or another seat decides.
- Nothing is lost: the game is saved (atomically) after every action, so Continue resumes the
  exact position even after the program was killed mid-turn.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.goennen.engine import Action, Buy, State, Turn, Write
from game.goennen.match import SeededMatch, SystemChance
from game.goennen.serialize import VERSION as SAVE_VERSION
from game.goennen.serialize import SaveError
from game.penk import PenkMatch
from scenes.model.files import (
    REFUSALS,
    DamagedFile,
    FileProblem,
    Loaded,
    load_file,
    read_json,
    shorten,
    write_json,
)
from scenes.model.gameconfig import BOT_LEVELS, GameConfig, SeatConfig, SeatKind
from scenes.model.rulebooks import FIRST_RULES, Rulebook, rulebook_of
from scenes.model.text import printable

# A session plays either game through its rulebook, so its states and actions are that game's own
GameState = Any
GameAction = Any
GameMatch = SeededMatch[Any, Any, Any]

BOT_BUDGET = 0.25  # seconds a bot may think per decision (the hard bot's aim)
CHANCE_KEY = "chance"  # in a save: where the game's rolls and cards come from
SYSTEM, SEEDED = "system", "seed"  # the system's randomness as they come, or the seed's stream


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the table's log: who did what (the engine's text form of the action)."""

    seat: int | None  # None: chance (a roll, a draw)
    action: GameAction
    round: int  # the round the action was played in
    value: int | None = None  # the number a write put on its field
    bought: str | None = None  # the card a purchase took from the market
    active: int = 0  # whose turn it was (the seat a roll belongs to)


BOT_MOVES_KEPT = 8  # the bots' latest moves a session remembers for "why?"


def log_entry(before: State, action: Action, after: State) -> LogEntry:
    """The log's line for `action`, told from the states around it (what was written, bought)."""
    seat = None if before.is_chance else before.decider
    value = bought = None
    if isinstance(action, Write) and seat is not None:
        placed = after.display(seat).find(action.card)
        value = placed.filled[action.field] if placed is not None else None
    if isinstance(action, Buy):
        bought = before.market_card(action.row, action.slot)
    return LogEntry(seat, action, before.round, value, bought, before.active)


def replayed_log(match: GameMatch, entry: Callable[[Any, Any, Any], LogEntry]) -> list[LogEntry]:
    """The whole game's log rebuilt from the saved action record through the engine (a resumed
    game's log, so Continue shows the history the player left, with no second save format);
    `entry(before, action, after)` tells one line."""
    replay = type(match)(match.setup, match.setup.start())
    log: list[LogEntry] = []
    for action in match.actions:
        before = replay.state
        replay.play_known(action)  # the save was replayed when loaded
        log.append(entry(before, action, replay.state))
    return log


# A bot as the session runs it: the game's decider of a level (game/kit/rulebook.py)
Decider = Callable[[Any, random.Random, float], Any]


class BotWorker:
    """One bot decision, run on the shared thinker thread; the frame loop polls `done`."""

    def __init__(self, decide: Decider, state: GameState, rng: random.Random, budget: float) -> None:
        self.state = state
        self._decide = decide
        self._job = (state, rng, budget)
        self._result: GameAction | None = None
        self._error: BaseException | None = None
        self._finished = threading.Event()
        _thinker().put(self)  # never blocks: the frame goes on while the bot thinks

    def run(self) -> None:
        try:
            self._result = self._decide(*self._job)
        except BaseException as error:  # reported on the frame loop's thread, not lost
            self._error = error
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def result(self) -> GameAction:
        self._finished.wait()
        if self._error is not None:
            raise RuntimeError(f"a bot failed to decide: {self._error!r}") from self._error
        assert self._result is not None
        return self._result


# One long-lived daemon thread runs the bots' decisions in turn. Starting a thread per decision
# cost the frame 12-25 ms: Thread.start() waits until the new thread runs, and that thread then
# keeps the GIL for a whole switch interval (or longer on a busy machine) before the frame gets
# it back. Handing a job to a waiting thread through a queue does not wait at all.
_jobs: queue.SimpleQueue[BotWorker] | None = None
_jobs_lock = threading.Lock()


def _thinker() -> queue.SimpleQueue[BotWorker]:
    """The thinker's job queue; the thread starts on first use (GameSession starts it early)."""
    global _jobs
    with _jobs_lock:
        if _jobs is None:
            jobs: queue.SimpleQueue[BotWorker] = queue.SimpleQueue()
            threading.Thread(target=_think, args=(jobs,), name="bot-thinker", daemon=True).start()
            _jobs = jobs
        return _jobs


def _think(jobs: queue.SimpleQueue[BotWorker]) -> None:
    while True:
        jobs.get().run()


class GameSession:
    def __init__(
        self,
        seats: Sequence[SeatConfig],
        match: GameMatch,
        save_path: Path | None = None,
        context: dict[str, Any] | None = None,
        rules: Rulebook = FIRST_RULES,
    ) -> None:
        if len(seats) != match.setup.players:
            raise ValueError("one seat configuration per player is needed")
        self.seats = tuple(seats)
        self.rules = rules  # which game: its engine's functions (scenes/model/rulebooks.py)
        self.match = match
        self.save_path = save_path
        # free-form facts the screens keep with the save, e.g. {"mode": "campaign"}; JSON only
        self.context: dict[str, Any] = dict(context or {})
        self.log: list[LogEntry] = []
        self._bots: dict[int, Decider] = {
            index: rules.bot(seat.level or "normal")
            for index, seat in enumerate(self.seats)
            if seat.kind == SeatKind.BOT
        }
        self._undo: list[tuple[GameState, int, int]] = []  # (state, number of actions, log length)
        self._worker: BotWorker | None = None
        # the bots' latest moves with the state each was decided in (the table's "why?"), newest last
        self.bot_moves: list[tuple[Any, Any]] = []
        self.save_problem: FileProblem | None = None  # why the last save failed; None once one succeeds
        self.archive_problem: FileProblem | None = None  # why the archive could not keep it (archive.keep)
        self.saves = self.failed_saves = 0  # writes tried and failed in this session (the self-test's report)
        self._last_human: int | None = None
        self._view: tuple[Any, int | None, Any] | None = None  # (state, viewer, its view)
        if self._bots:
            _thinker()  # start the thread now (the screen is changing), not in the first bot's frame

    # --- starting and resuming ------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        config: GameConfig,
        *,
        seed: int | None = None,
        solo_level: int | None = None,
        save_path: Path | None = None,
        context: dict[str, Any] | None = None,
        rules: Rulebook = FIRST_RULES,
    ) -> GameSession:
        # A game played in the app draws each roll and card from the system's randomness when it
        # comes, so no save or archive row tells a future one (its seed only seeds the bots); a
        # given seed (tools, tests, screenshots) plays the seed's dice.
        chance = SystemChance() if seed is None else None
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        first = config.start_player
        match = rules.new_match(len(config.seats), seed, first=first, solo_level=solo_level, chance=chance)
        session = cls(config.seats, match, save_path, context, rules)
        session.save()
        return session

    @classmethod
    def resume(cls, path: Path) -> GameSession:
        """Load a saved game; raises SaveError naming the file when it cannot be used."""
        try:
            data = read_json(path)
        except DamagedFile as error:
            raise SaveError(f"{path.name} is damaged: {error}") from None
        except OSError as error:
            raise SaveError(f"{path.name} cannot be read ({error.strerror or error})") from None
        try:
            return cls.from_data(data, path)
        except REFUSALS as error:  # SaveError itself, or Python refusing a value of the wrong kind
            if isinstance(error, SaveError):
                raise
            raise SaveError(f"{path.name} is damaged: {shorten(str(error))}") from None

    @classmethod
    def load(cls, path: Path) -> Loaded[GameSession]:
        """The saved game at `path` through the guarded reader: the session, or why not (a refused
        save is set aside, one from a newer version left untouched)."""
        return load_file(path, lambda data: cls.from_data(data, path), SAVE_VERSION)

    @classmethod
    def from_data(cls, data: Any, path: Path) -> GameSession:
        """A session from a save's parsed contents (of whichever game it names); raises SaveError
        naming the file."""
        rules = rulebook_of(data)
        match = rules.match_from_data(data, path.name)
        if data.get(CHANCE_KEY) != SEEDED:  # the app's games, older saves too: the future unknown
            match.chance = SystemChance()
        seats = _seats_from_data(data.get("seats"), match.setup.players, path.name, rules.bot_levels)
        context = data.get("context")
        if context is not None and not isinstance(context, dict):
            raise SaveError(f"{path.name} is damaged: key 'context' should be an object")
        session = cls(seats, match, path, context, rules)
        session.log = replayed_log(match, session.log_entry)
        return session

    # --- what is due ----------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def turn(self) -> Turn:
        return self.rules.whose_turn(self.state)

    # --- what a screen shows --------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the screen is: the human deciding now, else the human who decided
        last (hot-seat play passes the screen between them), else the first human; None (a
        spectator) when no human sits at the table, but the watched bot's seat in a watched game."""
        if self.human_to_decide:
            self._last_human = self.decider
        if self._last_human is not None:
            return self._last_human
        humans = self.humans
        if humans:
            return humans[0]
        return 0 if self.context.get("mode") == "watch" else None

    @property
    def view(self) -> Any:
        """The game as the viewer may see it (the engine's view): what every screen draws, so a
        card only another seat may see never reaches one. The same object while nothing changed."""
        state, viewer = self.state, self.viewer
        if self._view is None or self._view[0] is not state or self._view[1] != viewer:
            self._view = (state, viewer, self.rules.view(state, viewer))
        return self._view[2]

    @property
    def actions_played(self) -> int:
        """The actions of the game so far, chance included (a roll's animation is seeded with it)."""
        return len(self.match.actions)

    @property
    def first_seat(self) -> int:
        """The seat that began the game (a restart keeps it)."""
        setup = self.match.setup
        return int(setup.first if isinstance(self.match, PenkMatch) else setup.start_player)

    @property
    def game_id(self) -> str:
        """This game among the player's games: its seed and length (a solo booking's key)."""
        return f"{self.match.setup.seed}:{len(self.match.actions)}"

    @property
    def game(self) -> str:
        """Which game this is (rulebooks.FIRST_GAME or rulebooks.PENK)."""
        return self.rules.key

    @property
    def solo_level(self) -> int | None:
        return self.rules.solo_level(self.state)

    @property
    def decider(self) -> int | None:
        """The seat whose decision is due, None at chance and at the end."""
        return self.turn.seat

    def log_entry(self, before: Any, action: Any, after: Any) -> LogEntry:
        """The log's line for `action` played from `before` to `after`, in this session's game."""
        if self.rules is FIRST_RULES:
            return log_entry(before, action, after)
        return LogEntry(self.rules.whose_turn(before).seat, action, before.round)

    @property
    def over(self) -> bool:
        return bool(self.state.is_over)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == SeatKind.HUMAN

    @property
    def human_to_decide(self) -> bool:
        turn = self.turn
        return turn.kind == "seat" and turn.seat is not None and self.is_human(turn.seat)

    @property
    def bot_to_decide(self) -> bool:
        turn = self.turn
        return turn.kind == "seat" and turn.seat is not None and not self.is_human(turn.seat)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def legal(self) -> list[GameAction]:
        return self.rules.legal_actions(self.state)

    @property
    def humans(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.kind == SeatKind.HUMAN]

    # --- acting ---------------------------------------------------------------------------------

    def play(self, action: GameAction) -> GameState:
        """A human's action. Raises IllegalActionError (nothing changes) when it is not allowed."""
        before = (self.state, len(self.match.actions), len(self.log))
        seat = self.decider
        self.match.play(action)
        self.log.append(self.log_entry(before[0], action, self.state))
        still_mine = self.turn.kind == "seat" and self.decider == seat
        self._undo = [*self._undo, before] if still_mine else []
        self.save()
        return self.state

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.human_to_decide

    def undo(self) -> bool:
        """Take back the human's last step inside their own decision; False when there is none."""
        if not self.can_undo:
            return False
        state, count, log_length = self._undo.pop()
        self.match.state = state
        del self.match.actions[count:]
        del self.log[log_length:]
        self.save()
        return True

    def resolve_chance(self) -> GameAction:
        """Roll the dice or draw the card that is due (the scene animates the outcome)."""
        self._undo = []
        before = self.state
        action = self.match.resolve_chance()
        self.log.append(self.log_entry(before, action, self.state))
        self.save()
        return action

    @property
    def thinking(self) -> bool:
        """A bot's worker is deciding on the current state (poll_bot started it)."""
        return self._worker is not None and self._worker.state is self.state and not self._worker.done

    def poll_bot(self, budget: float = BOT_BUDGET) -> GameAction | None:
        """Start the bot's thinking, or collect and play its decision once it is ready."""
        if not self.bot_to_decide:
            self._worker = None
            return None
        if self._worker is None or self._worker.state is not self.state:
            seat = self.decider
            assert seat is not None
            rng = random.Random(f"bot:{self.match.setup.seed}:{seat}:{len(self.match.actions)}")
            self._worker = BotWorker(self._bots[seat], self.state, rng, budget)
            return None
        if not self._worker.done:
            return None
        action = self._worker.result()
        self._worker = None
        before = self.state
        self._undo = []
        self.bot_moves = [*self.bot_moves[-(BOT_MOVES_KEPT - 1) :], (before, action)]
        self.match.play(action)
        self.log.append(self.log_entry(before, action, self.state))
        self.save()
        return action

    def bot_decision_wait(self) -> None:
        """Wait (on this thread) until the thinking bot has decided; poll_bot then plays it.
        For tools and tests that step frames faster than a bot thinks."""
        if self._worker is not None:
            self._worker.result()

    def bot_decision_now(self, budget: float = BOT_BUDGET) -> GameAction:
        """Decide for the bot on this thread and play it (self-test and tests)."""
        while True:
            action = self.poll_bot(budget)
            if action is not None:
                return action
            if self._worker is not None:
                self._worker.result()

    # --- saving ---------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        data = self.rules.match_to_data(self.match)
        data[CHANCE_KEY] = SYSTEM if isinstance(self.match.chance, SystemChance) else SEEDED
        data["seats"] = [
            {"name": seat.name, "kind": seat.kind.value, "level": seat.level} for seat in self.seats
        ]
        data["context"] = self.context
        return data

    def save(self) -> FileProblem | None:
        """Write the save; a failure is kept in `save_problem` (the table shows it) and play goes on:
        the next action writes again, and the last good save stays on disk meanwhile."""
        if self.save_path is None:
            return None
        self.save_problem = write_json(self.save_path, self.to_data(), keep_previous=True)
        self.saves += 1
        if self.save_problem is not None:
            self.failed_saves += 1
        return self.save_problem


def _seats_from_data(
    raw: Any, players: int, source: str, levels: Sequence[str] = BOT_LEVELS
) -> tuple[SeatConfig, ...]:
    """Seat names and kinds from a save; a save without them gets plain defaults."""
    if raw is None:
        return tuple(SeatConfig(f"Player {i + 1}", SeatKind.HUMAN) for i in range(players))
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError(f"{source} is damaged: key 'seats' should list {players} seats")
    seats = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise SaveError(f"{source} is damaged: seat {index + 1} has no name")
        name = printable(entry["name"]) or f"Player {index + 1}"
        try:
            kind = SeatKind(str(entry.get("kind")))
        except ValueError:
            raise SaveError(f"{source} is damaged: seat {index + 1} is neither human nor bot") from None
        level = entry.get("level")
        if kind == SeatKind.BOT and level not in levels:
            raise SaveError(f"{source} is damaged: seat {index + 1} has an unknown bot level {level!r}")
        seats.append(SeatConfig(name, kind, level if kind == SeatKind.BOT else None))
    return tuple(seats)
