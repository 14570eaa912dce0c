"""The player's solo progress: ticks on the solo card, best scores, the campaign and a game history.

Scores are only comparable within one deck version (docs/deck.md), so every game in the history
carries the deck version it was played with and best scores are kept per deck version. A `Progress`
is seen with one deck, `deck_version` (unless told otherwise the deck this release deals,
standard_deck()): `best` holds that deck's best scores, the only ones the screens show; the best
scores of other deck versions stay in `other_best`, written back untouched but never counted.
Ticks, the campaign and the history hold across deck versions, so a player who updates the game
keeps the levels they opened.

Kept in the user data folder as progress.json: versioned (older versions are upgraded step by
step, UPGRADES), written atomically (a crash leaves the old or the new file, never half). A file
that cannot be read is set aside under a new name and reported to the player; it is never
silently replaced by an empty progress, so a damaged file costs nothing the player cannot recover.

No pygame here: the screens call `record_game` and friends and show what they return.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from game.goennen.engine import (
    SOLO_LEVELS,
    CampaignState,
    CampaignStep,
    Deck,
    level_won,
    record_level,
    standard_deck,
)
from scenes.model.files import FileProblem, load_file, write_json
from scenes.model.userdata import data_dir

FORMAT_VERSION = 3
PROGRESS_FILE = "progress.json"
HISTORY_LIMIT = 200  # games remembered; the oldest drop off so the file stays small
MODES = ("solo", "campaign", "watch")
TEXT_LIMIT = 40  # characters of a date in the file (an ISO date and time has 19)


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def current_deck_version() -> int:
    """The version of the deck new games are dealt with (assets/deck/deck.toml)."""
    return standard_deck().version


@dataclass(frozen=True)
class GameRecord:
    """One finished solo game: when, which level, the score, whether it was won, and how it was played."""

    date: str  # ISO date and time, local
    level: int
    score: int
    won: bool
    mode: str  # "solo", "campaign" or "watch" (a bot played; watched games change no ticks)
    bot: str | None = None  # the watched bot's level
    game_id: str | None = None  # which game (seed and length), so a game is never booked twice
    # the deck it was played with: record_game always names it; the default serves records made by
    # hand (tests, the screenshot tool)
    deck_version: int = field(default_factory=current_deck_version)
    hints: int = 0  # hints asked during the game (docs/scenes.md, "Hints"): none sets a best score


@dataclass(frozen=True)
class CampaignRecord:
    """A campaign that has ended: how far it went and with how many campaign points."""

    date: str
    level: int  # the last level played
    points: int
    won: bool  # level 7 passed


@dataclass(frozen=True)
class Progress:
    won_levels: frozenset[int] = frozenset()  # of every deck version
    best: dict[int, int] = field(default_factory=dict)  # level -> best score with deck `deck_version`
    campaign: CampaignState | None = None  # None: no campaign started yet
    pending: int | None = None  # a campaign score waiting for the pay-the-shortfall decision
    history: tuple[GameRecord, ...] = ()  # newest last
    campaigns: tuple[CampaignRecord, ...] = ()  # ended campaigns, newest last
    deck_version: int = field(default_factory=current_deck_version)  # the deck `best` belongs to
    # deck version -> level -> best score, for the other deck versions: kept for the file, not counted
    other_best: dict[int, dict[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.deck_version in self.other_best:
            raise ValueError(f"the best scores of deck version {self.deck_version} belong in 'best'")

    def is_open(self, level: int) -> bool:
        """Level 1 is always open; every other level once the one before it has been won."""
        return level == 1 or (level - 1) in self.won_levels

    @property
    def highest_open(self) -> int:
        return max(level for level in range(1, SOLO_LEVELS + 1) if self.is_open(level))

    def played(self, level: int) -> int:
        """Games played at `level` with this deck: the count the solo card shows beside `best`."""
        return sum(
            1
            for game in self.history
            if game.level == level and game.mode != "watch" and game.deck_version == self.deck_version
        )


@dataclass(frozen=True)
class GameResult:
    """What one finished game changed, for the end screen."""

    progress: Progress
    record: GameRecord
    newly_won: bool  # the tick appeared with this game
    new_best: bool
    previous_best: int | None


def now_text() -> str:
    return datetime.now().isoformat(timespec="seconds")


def record_game(
    progress: Progress,
    level: int,
    score: int,
    mode: str,
    bot: str | None = None,
    *,
    deck: Deck,
    date: str | None = None,
    game_id: str | None = None,
    given_up: bool = False,
    hints: int = 0,
) -> GameResult:
    """Book a finished game played with `deck` (the game's own, state.deck). Watched games go into
    the history only (the bot earned nothing). A game `given_up` (resigned) is lost whatever its
    score so far. The progress must be seen with the game's deck: its best is the one compared.
    A game played with `hints` is kept and may win its level, but never sets the best score."""
    if mode not in MODES:
        raise ValueError(f"unknown solo mode {mode!r}")
    if deck.version != progress.deck_version:
        raise ValueError(
            f"a game of deck version {deck.version} booked into the progress of deck version "
            f"{progress.deck_version}"
        )
    won = level_won(level, score) and not given_up
    record = GameRecord(date or now_text(), level, score, won, mode, bot, game_id, deck.version, hints)
    history = (*progress.history, record)[-HISTORY_LIMIT:]
    previous = progress.best.get(level)
    if mode == "watch":
        return GameResult(replace(progress, history=history), record, False, False, previous)
    best = dict(progress.best)
    new_best = hints == 0 and (previous is None or score > previous)
    if new_best:
        best[level] = score
    newly_won = won and level not in progress.won_levels
    won_levels = progress.won_levels | {level} if won else progress.won_levels
    updated = replace(progress, won_levels=won_levels, best=best, history=history)
    return GameResult(updated, record, newly_won, new_best and previous is not None, previous)


def start_campaign(progress: Progress) -> Progress:
    """A fresh campaign at level 1 (the running one, if any, is given up)."""
    return replace(progress, campaign=CampaignState(), pending=None)


def book_campaign_game(progress: Progress, score: int, pay: bool = True) -> tuple[Progress, CampaignStep]:
    """Book a campaign game's score into the campaign (paying a payable shortfall when `pay`)."""
    if progress.campaign is None:
        raise ValueError("no campaign is running")
    step = record_level(progress.campaign, score, pay_shortfall=pay)
    campaigns = progress.campaigns
    if step.state.over:
        ended = CampaignRecord(now_text(), step.level, step.state.points, step.state.won)
        campaigns = (*campaigns, ended)[-HISTORY_LIMIT:]
    return replace(progress, campaign=step.state, pending=None, campaigns=campaigns), step


def hold_for_decision(progress: Progress, score: int) -> Progress:
    """Keep a campaign score whose shortfall the player may pay; the decision survives a restart."""
    return replace(progress, pending=score)


# --- the file ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadResult:
    progress: Progress
    problem: FileProblem | None = None  # why the file could not be used (shown to the player)


class ProgressError(ValueError):
    """progress.json cannot be used; the message says why."""


def _campaign_to_data(campaign: CampaignState) -> dict[str, Any]:
    return {
        "level": campaign.level,
        "points": campaign.points,
        "over": campaign.over,
        "won": campaign.won,
        "history": [list(entry) for entry in campaign.history],
    }


def _best_to_data(progress: Progress) -> dict[str, dict[str, int]]:
    """Every deck version's best scores, the other versions' exactly as they were read."""
    tables = {**progress.other_best, progress.deck_version: progress.best}
    return {
        str(version): {str(level): score for level, score in sorted(table.items())}
        for version, table in sorted(tables.items())
        if table  # an empty table says nothing
    }


def progress_to_data(progress: Progress) -> dict[str, Any]:
    return {
        "version": FORMAT_VERSION,
        "won_levels": sorted(progress.won_levels),
        "best": _best_to_data(progress),
        "campaign": None if progress.campaign is None else _campaign_to_data(progress.campaign),
        "pending": progress.pending,
        "history": [
            {
                "date": game.date,
                "level": game.level,
                "score": game.score,
                "won": game.won,
                "mode": game.mode,
                "deck": game.deck_version,
                **({"bot": game.bot} if game.bot else {}),
                **({"game": game.game_id} if game.game_id else {}),
                **({"hints": game.hints} if game.hints else {}),
            }
            for game in progress.history
        ],
        "campaigns": [
            {"date": c.date, "level": c.level, "points": c.points, "won": c.won} for c in progress.campaigns
        ],
    }


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    # Version 1 kept the levels won as a list of booleans ("ticks") and had no campaign history.
    ticks = data.pop("ticks", [])
    if not isinstance(ticks, list):
        raise ProgressError("'ticks' should be a list")
    data["won_levels"] = [index + 1 for index, ticked in enumerate(ticks) if ticked is True]
    data.setdefault("campaigns", [])
    return data


# Version 2 files come from deck version 2 only: deck version 1 lived in development builds for a day.
VERSION_2_DECK = 2


def _upgrade_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    # Version 2 kept one table of best scores and no deck in the history. Entries are moved as they
    # are (reading checks them afterwards); what is no table at all stays for reading to name.
    if isinstance(data.get("best"), dict):
        data["best"] = {str(VERSION_2_DECK): data["best"]}
    history = data.get("history")
    for entry in history if isinstance(history, list) else ():
        if isinstance(entry, dict):
            entry["deck"] = VERSION_2_DECK
    return data


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2, 2: _upgrade_2_to_3}


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
        raise ProgressError(f"{what} should be a whole number{_bounds(low, high)}")
    return value


def _bounds(low: int | None, high: int | None) -> str:
    if high is not None:
        return f" from {low} to {high}"
    return "" if low is None else f" of at least {low}"


def _number_key(key: str, where: str, meaning: str) -> int:
    # JSON keys are text; isdigit alone would let through digits like "²" that int() refuses
    if not (key.isascii() and key.isdigit()):
        raise ProgressError(f"{where} has a key {key!r} that is not {meaning}")
    return int(key)


def _level(value: Any, what: str) -> int:
    return _int(value, what, 1, SOLO_LEVELS)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > TEXT_LIMIT or not value.isprintable():
        raise ProgressError(f"{what} should be short printable text")
    return value


def _campaign_from_data(raw: Any) -> CampaignState | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ProgressError("'campaign' should be an object")
    history = raw.get("history", [])
    if not isinstance(history, list) or not all(
        isinstance(entry, list) and len(entry) == 3 and all(type(v) is int for v in entry)
        for entry in history
    ):
        raise ProgressError("'campaign.history' should list [level, score, points] entries")
    return CampaignState(
        level=_level(raw.get("level"), "'campaign.level'"),
        points=_int(raw.get("points"), "'campaign.points'", 0),
        over=bool(raw.get("over", False)),
        won=bool(raw.get("won", False)),
        history=tuple((a, b, c) for a, b, c in history),
    )


def _scores_from_data(raw: Any, name: str) -> dict[int, int]:
    """One deck version's best scores, level -> score; `name` says where they are ("best.2")."""
    if not isinstance(raw, dict):
        raise ProgressError(f"'{name}' should be an object")
    scores: dict[int, int] = {}
    for key, score in raw.items():
        level = _level(_number_key(key, f"'{name}'", "a level"), f"a level in '{name}'")
        scores[level] = _int(score, f"'{name}.{key}'", 0)
    return scores


def _best_from_data(raw: Any) -> dict[int, dict[int, int]]:
    """'best': deck version -> level -> best score."""
    if not isinstance(raw, dict):
        raise ProgressError("'best' should be an object")
    tables: dict[int, dict[int, int]] = {}
    for key, table in raw.items():
        version = _int(_number_key(key, "'best'", "a deck version"), f"the deck version {key!r} in 'best'", 1)
        tables[version] = _scores_from_data(table, f"best.{key}")
    return tables


def _game_from_data(entry: Any, number: int) -> GameRecord:
    """History entry `number` (counted from 1, as the player would)."""
    if not isinstance(entry, dict):
        raise ProgressError(f"'history' entry {number} should be an object")
    mode = entry.get("mode")
    if mode not in MODES:
        raise ProgressError(f"'history' entry {number} has an unknown mode {mode!r}")
    bot = entry.get("bot")
    game_id = entry.get("game")
    return GameRecord(
        _text(entry.get("date"), "a history date"),
        _level(entry.get("level"), "a history level"),
        _int(entry.get("score"), "a history score", 0),
        bool(entry.get("won")),
        mode,
        bot if isinstance(bot, str) else None,
        game_id if isinstance(game_id, str) else None,
        _int(entry.get("deck"), f"the deck of 'history' entry {number}", 1),
        _int(entry.get("hints", 0), f"the hints of 'history' entry {number}", 0),
    )


def progress_from_data(data: Any, deck: Deck | None = None) -> Progress:
    """Check and read the file's contents (any version we know); raises ProgressError naming the key.

    The progress is seen with `deck` (standard_deck() unless told): its best scores are `best`.
    """
    if not isinstance(data, dict):
        raise ProgressError("not a JSON object")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= FORMAT_VERSION:
        raise ProgressError(f"unknown progress version {version!r}")
    if data.keys() <= {"version"}:  # every version writes its levels and history: this is damage
        raise ProgressError("holds nothing but its version")
    while version < FORMAT_VERSION:
        data = UPGRADES[version](data)
        version += 1
    won = data.get("won_levels", [])
    if not isinstance(won, list):
        raise ProgressError("'won_levels' should be a list")
    deck_version = (deck or standard_deck()).version
    best = _best_from_data(data.get("best", {}))
    history_raw = data.get("history", [])
    if not isinstance(history_raw, list):
        raise ProgressError("'history' should be a list")
    history = tuple(_game_from_data(entry, index + 1) for index, entry in enumerate(history_raw))
    campaigns_raw = data.get("campaigns", [])
    if not isinstance(campaigns_raw, list) or not all(isinstance(c, dict) for c in campaigns_raw):
        raise ProgressError("'campaigns' should list objects")
    campaigns = tuple(
        CampaignRecord(
            _text(c.get("date"), "a campaign date"),
            _level(c.get("level"), "a campaign level"),
            _int(c.get("points"), "campaign points", 0),
            bool(c.get("won")),
        )
        for c in campaigns_raw
    )
    pending = data.get("pending")
    return Progress(
        won_levels=frozenset(_level(level, "a won level") for level in won),
        best=best.pop(deck_version, {}),
        campaign=_campaign_from_data(data.get("campaign")),
        pending=None if pending is None else _int(pending, "'pending'", 0),
        history=history,
        campaigns=campaigns,
        deck_version=deck_version,
        other_best=best,
    )


def load_progress(path: Path | None = None, deck: Deck | None = None) -> LoadResult:
    """The stored progress, seen with `deck` (standard_deck() unless told); a missing file is a fresh
    start, a refused one is set aside (scenes/model/files.py) and reported."""
    deck = deck or standard_deck()
    loaded = load_file(path or progress_path(), lambda data: progress_from_data(data, deck), FORMAT_VERSION)
    return LoadResult(loaded.value or Progress(deck_version=deck.version), loaded.problem)


def save_progress(progress: Progress, path: Path | None = None) -> FileProblem | None:
    """Write progress.json; None when written, else why not."""
    return write_json(path or progress_path(), progress_to_data(progress), keep_previous=True)


class ProgressStore:
    """The progress the screens share while the program runs: loaded once, saved after every change.

    A problem while loading (damaged file) or saving (disk full) is kept in `problem` for the solo
    card to show; the player's ticks are never silently lost.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or progress_path()
        loaded = load_progress(self.path)
        self.progress = loaded.progress
        self.problem = loaded.problem
        # A refused file still in place (a newer version's, or one that could not be moved) must not
        # be overwritten by the fresh start.
        self.writable = loaded.problem is None or loaded.problem.kept_as is not None
        self.save_error: FileProblem | None = None

    def update(self, progress: Progress) -> None:
        self.progress = progress
        if self.writable:
            self.save_error = save_progress(progress, self.path)


_stores: WeakKeyDictionary[object, ProgressStore] = WeakKeyDictionary()


def store(app: object) -> ProgressStore:
    """The progress store of one running App: read from the file when that App first asks.

    Keyed by the App (not global) so a new App, like the program started again, reads the file anew.
    """
    found = _stores.get(app)
    if found is None or found.path != progress_path():
        found = ProgressStore()
        _stores[app] = found
    return found
