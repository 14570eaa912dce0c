"""Online games in the archive, and "Check this game".

When an online table's game ends, the server sends every seat the chance key it committed to
before the first roll, with the save (game/online/room.py, "over"). `archive_online` keeps that
game in the archive the offline games use, so the list, the replay, the review and the statistics
show it; the key and the commitment go with it in the record's context, so the game can be checked
later, here or by a friend it is shared with:

    context = {"mode": "online" | "online_host", "online": {"key": hex | None, "commit": hex,
               "seat": int | None, "host_mode": bool, "ended": "finished" | ...}}

`check_online(record)` recomputes the start player, every roll and every draw from the key
(game/online/fair.py) and says what it found, with the first step that does not follow and both
outcomes (what the log says, what the key gives). It takes some 30 ms on a long game: the screen
runs it on a `CheckJob` thread. No pygame here.

A message from the network may hold anything: every field is checked, the save is replayed by the
rules as a save file is, and a refusal is a FileProblem with a clear reason, never an exception.
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from game.goennen.match import KeyedChance
from game.goennen.serialize import FIRST_GAME, GAME_KEY, SaveError
from game.registry import GAMES
from scenes.model import archive as archive_module
from scenes.model import files
from scenes.model.archive_entry import ABANDONED, FINISHED, OUTCOMES, ArchiveEntry, entry_of_record
from scenes.model.files import FileProblem
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.text import printable
from scenes.model.userdata import data_dir

LOG = logging.getLogger("goennen.files")

ONLINE = "online"  # the archive's mode of a game at a server's table
ONLINE_HOST = "online_host"  # of a table hosted on a player's computer ("a table among friends")
ONLINE_MODES = (ONLINE, ONLINE_HOST)
ONLINE_KEY = "online"  # where the record's context keeps the key and the commitment
SOURCE = "online game"  # the name a refusal gives (FileProblem.file): the message is no file
# the keys of a save's envelope (game.goennen.serialize); seats, chance and context are this module's
ENVELOPE = ("format", "version", "deck_version", GAME_KEY, "setup", "actions")
KEY_BYTES = 32  # game.online.KEY_BYTES (read here without importing online play at start)
HEX_LENGTH = 2 * KEY_BYTES  # a key and a commitment (BLAKE2b-256) are both 32 bytes
MAX_ENDED = 32  # "finished", "resigned", ...: a longer word is no ending the table names


@dataclass(frozen=True)
class OnlineResult:
    """A finished online game as its table screen knows it when the "over" message arrives."""

    game: str  # the game's registry key (game/registry.py)
    save: dict[str, Any]  # the "over" message's save: setup and every action, seed 0
    key: str | None  # the chance key revealed, hex (None: the table did not reveal it)
    commit: str  # the commitment from the welcome, sent before any roll
    seats: tuple[SeatConfig, ...]  # names, people and bots, as the lobby showed them
    seat: int | None  # this player's seat; None: the game was watched
    host_mode: bool  # hosted on this computer: its key was held here during the game
    ended: str = FINISHED  # "finished"; "resigned" or another way the game ended


class Refused(ValueError):
    """An online game that cannot be archived; the message says why, in plain words."""


def archive_online(result: OnlineResult, folder: Path | None = None) -> FileProblem | None:
    """Keep the finished online game `result` in the archive of `folder` (the data folder by
    default), marked as online (or hosted among friends), with its seats, how it ended, the key
    and the commitment; None when it is kept. A damaged or hostile result is refused with a
    FileProblem whose detail says why, and nothing is archived."""
    try:
        entry = online_entry(result, datetime.now().isoformat(timespec="seconds"))
    except Refused as refusal:
        return _refused(str(refusal))
    except Exception as error:  # noqa: BLE001 (a value no check foresaw: refused, never a crash)
        return _refused(f"the game cannot be read ({type(error).__name__}: {error})")
    archive = archive_module.store(folder if folder is not None else data_dir())
    problem = archive.record(entry)
    if problem is None and archive.in_memory:  # kept for this run only: say so, as keep() does
        problem = archive.opening_problem
    return problem


def _refused(why: str) -> FileProblem:
    detail = files.shorten(printable(why, files.DETAIL_CHARACTERS))
    LOG.warning("an online game was not archived: %s", detail)
    return FileProblem(SOURCE, files.DAMAGED, detail)


def online_entry(result: OnlineResult, played_at: str) -> ArchiveEntry:
    """The archive's entry of an online game; Refused saying why when any part is wrong."""
    record = online_record(result)
    ended = result.ended
    outcome = ended if ended in OUTCOMES else ABANDONED  # another ending, kept in the context
    try:
        entry = entry_of_record(record, outcome, played_at, SOURCE)
    except (SaveError, *files.REFUSALS) as error:  # the rules refuse the save: damaged or forged
        raise Refused(f"the game's save cannot be replayed: {files.shorten(str(error), 200)}") from None
    rules = GAMES[result.game]
    if outcome == FINISHED and not rules.is_over(rules.match_from_data(record, SOURCE).state):
        raise Refused("the table says the game finished, but its save stops before the end")
    # the player's side is this seat alone (the other people at the table are not the player)
    mine = () if result.seat is None else (result.seat,)
    return replace(entry, player_seats=mine)


def online_record(result: OnlineResult) -> dict[str, Any]:
    """The save to archive: the message's envelope, the seats and the online context."""
    if not isinstance(result, OnlineResult):
        raise Refused("not an online game's result")
    game = result.game
    if not isinstance(game, str) or game not in GAMES:
        raise Refused(f"no game {printable(str(game), 40)!r} (the games are {', '.join(GAMES)})")
    save = result.save
    if not isinstance(save, dict):
        raise Refused("the save is not a record of a game")
    try:
        size = len(json.dumps(save, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        raise Refused("the save holds something no save can hold") from None
    if size > files.MAX_FILE_BYTES:
        raise Refused(f"the save is too long ({size} characters)")
    named = save.get(GAME_KEY, FIRST_GAME)
    if named != game:
        raise Refused(f"the save is of another game ({printable(str(named), 40)!r}, not {game!r})")
    setup = save.get("setup")
    seed = setup.get("seed") if isinstance(setup, dict) else None
    # a keyed table's dice come from its key: the seed is 0, and one a client may have seen
    # (a seed would tell every roll) is never kept
    if type(seed) is not int or seed != 0:
        raise Refused("the save names a seed: an online table's dice come from its key alone")
    key = _hex(result.key, "key", optional=True)
    commit = _hex(result.commit, "commitment")
    seats = _seats(result.seats)
    seat = result.seat
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(seats)):
        raise Refused(f"this player's seat {printable(repr(seat), 20)} is not at the table")
    if seat is not None and seats[seat]["kind"] != SeatKind.HUMAN.value:
        raise Refused(f"this player's seat {seat + 1} is a bot's")
    if not isinstance(result.host_mode, bool):
        raise Refused("whether the table was hosted here is not said")
    ended = result.ended
    if not isinstance(ended, str) or not ended or len(ended) > MAX_ENDED or printable(ended) != ended:
        raise Refused("how the game ended is not said in a word")
    record = {name: save[name] for name in ENVELOPE if name in save}
    record["seats"] = seats
    record["context"] = {
        "mode": ONLINE_HOST if result.host_mode else ONLINE,
        ONLINE_KEY: {
            "key": key,
            "commit": commit,
            "seat": seat,
            "host_mode": result.host_mode,
            "ended": ended,
        },
    }
    return record


def _hex(value: Any, what: str, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) != HEX_LENGTH:
        raise Refused(f"the table's {what} is not {HEX_LENGTH} hexadecimal digits")
    try:
        bytes.fromhex(value)
    except ValueError:
        raise Refused(f"the table's {what} is not {HEX_LENGTH} hexadecimal digits") from None
    return value.lower()


def _seats(seats: Any) -> list[dict[str, Any]]:
    """The lobby's seats as a save keeps them (the rules then check their count and levels)."""
    if not isinstance(seats, (tuple, list)) or not all(isinstance(seat, SeatConfig) for seat in seats):
        raise Refused("the seats are not a list of seats")
    kept = []
    for index, seat in enumerate(seats):
        if not isinstance(seat.name, str) or seat.kind not in (SeatKind.HUMAN, SeatKind.BOT):
            raise Refused(f"seat {index + 1} has no name, or is neither a person nor a bot")
        level = seat.level if seat.kind == SeatKind.BOT else None
        if level is not None and not isinstance(level, str):
            raise Refused(f"seat {index + 1} has no bot level")
        name = printable(seat.name) or f"Player {index + 1}"
        kept.append({"name": name, "kind": SeatKind(seat.kind).value, "level": level})
    return kept


# --- reading an archived online game back ---------------------------------------------------------


@dataclass(frozen=True)
class OnlineFacts:
    """What an archived record says of its online table (None fields: missing or damaged)."""

    key: bytes | None
    commit: str | None
    seat: int | None
    host_mode: bool
    ended: str


def online_facts(record: Any) -> OnlineFacts | None:
    """The online facts of an archived record; None for a game that was not played online."""
    context = record.get("context") if isinstance(record, dict) else None
    if not isinstance(context, dict) or not isinstance(context.get(ONLINE_KEY), dict):
        return None
    facts = context[ONLINE_KEY]
    key = _bytes_or_none(facts.get("key"))
    commit = facts.get("commit")
    seat = facts.get("seat")
    ended = facts.get("ended")
    return OnlineFacts(
        key=key if key is not None and len(key) == KEY_BYTES else None,
        commit=commit.lower() if isinstance(commit, str) and _bytes_or_none(commit) is not None else None,
        seat=seat if type(seat) is int else None,
        host_mode=facts.get("host_mode") is True or context.get("mode") == ONLINE_HOST,
        ended=printable(ended, MAX_ENDED) if isinstance(ended, str) else FINISHED,
    )


def played_online(context: Any) -> bool:
    """Whether a session's context (kept with its save) is of a game archived from an online table."""
    return online_facts({"context": context}) is not None


def _bytes_or_none(value: Any) -> bytes | None:
    if not isinstance(value, str) or len(value) != HEX_LENGTH:
        return None
    try:
        return bytes.fromhex(value)
    except ValueError:
        return None


# --- "Check this game" ---------------------------------------------------------------------------

OK = "ok"  # every roll, draw and the start player follow from the committed key
COMMITMENT = "commitment"  # the key revealed is not the one committed to
START = "start"  # the start player does not follow from the key
CHANCE = "chance"  # a roll or draw does not follow from the key (`step`, `logged`, `expected`)
ILLEGAL = "illegal"  # an action the rules refuse (`step`, `logged`)
UNFINISHED = "unfinished"  # every roll so far follows, but the game did not end (`step`: its length)
NO_KEY = "no_key"  # the table revealed no key (or the archive's copy of it is damaged)
DAMAGED = "damaged"  # the record cannot be read
NOT_ONLINE = "not_online"  # the game was not played at an online table


@dataclass(frozen=True)
class CheckReport:
    """What "Check this game" found; `logged` and `expected` are actions (or, for the start
    player, seat numbers), for the screen to put in words."""

    found: str
    host_mode: bool = False
    step: int | None = None  # 0-based index of the first action that does not follow
    logged: Any = None
    expected: Any = None

    @property
    def ok(self) -> bool:
        return self.found == OK


def check_online(record: Any) -> CheckReport:
    """Check an archived online game's record against its revealed key and commitment."""
    facts = online_facts(record)
    if facts is None:
        return CheckReport(NOT_ONLINE)
    host = facts.host_mode
    if facts.key is None:
        return CheckReport(NO_KEY, host)
    if facts.commit is None:
        return CheckReport(COMMITMENT, host)
    named = record.get(GAME_KEY, FIRST_GAME)  # online_facts found a context: record is a dict
    rules = GAMES.get(named) if isinstance(named, str) else None
    if rules is None:
        return CheckReport(DAMAGED, host)
    try:
        from game.online import check_game  # online play's code, loaded when a game is checked

        verdict = check_game(rules, record, facts.key, facts.commit)
        if verdict.reason == "save" and verdict.step is not None:
            return CheckReport(UNFINISHED, host, verdict.step)
        if verdict.ok or verdict.reason == "commitment":
            return CheckReport(OK if verdict.ok else COMMITMENT, host)
        if verdict.reason == "save" or verdict.step is None:
            return CheckReport(DAMAGED, host)
        return _details(rules, record, facts.key, verdict.reason, verdict.step, host)
    except Exception as error:  # noqa: BLE001 (a forged record must never stop the screen)
        LOG.warning(
            "an online game could not be checked: %s", files.shorten(f"{type(error).__name__}: {error}")
        )
        return CheckReport(DAMAGED, host)


def _details(
    rules: Any, record: dict[str, Any], key: bytes, found: str, step: int, host: bool
) -> CheckReport:
    """The first step that does not follow, with what the log says and what the key gives."""
    logged = rules.match_from_data({**record, "actions": []}, SOURCE)
    again = rules.new_match(logged.setup.players, logged.setup.seed, chance=KeyedChance(key))
    if found == "start":
        return CheckReport(START, host, 0, _starter(logged.setup), _starter(again.setup))
    actions = [rules.parse(text) for text in record["actions"]]
    for action in actions[:step]:  # every step before this one followed: play them again
        if rules.whose_turn(again.state).kind == "chance":
            again.resolve_chance()
        else:
            again.play(action)
    if found == "chance":
        return CheckReport(CHANCE, host, step, actions[step], again.resolve_chance())
    return CheckReport(ILLEGAL, host, step, actions[step])


def _starter(setup: Any) -> int | None:
    """The start player of either game's setup (the first game's `start_player`, Penk!'s `first`)."""
    for name in ("start_player", "first"):
        value = getattr(setup, name, None)
        if type(value) is int:
            return value
    return None


class CheckJob:
    """`check_online(record)` on a thread of its own, so a long game never holds up a frame; the
    screen polls `report` (None until done)."""

    def __init__(self, record: Any) -> None:
        self._record = record
        self.report: CheckReport | None = None
        self._done = threading.Event()
        threading.Thread(target=self.run, name="check-game", daemon=True).start()

    def run(self) -> None:
        try:
            self.report = check_online(self._record)
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> CheckReport | None:
        """Wait for the check (tests and screenshots); the report, or None if not done in time."""
        self._done.wait(timeout)
        return self.report
