"""The player's solo progress: ticks on the solo card, best scores, the campaign and a game history.

Kept in the user data folder as progress.json: versioned (older versions are upgraded step by
step, UPGRADES), written atomically (a crash leaves the old or the new file, never half). A file
that cannot be read is set aside under a new name and reported to the player; it is never
silently replaced by an empty progress, so a damaged file costs nothing the player cannot recover.

No pygame here: the screens call `record_game` and friends and show what they return.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from game.serialize import set_aside, write_atomic
from game.solo import LEVELS, CampaignState, CampaignStep, level_won, record_level
from scenes.userdata import data_dir

FORMAT_VERSION = 2
PROGRESS_FILE = "progress.json"
HISTORY_LIMIT = 200  # games remembered; the oldest drop off so the file stays small
MODES = ("solo", "campaign", "watch")


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


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


@dataclass(frozen=True)
class CampaignRecord:
    """A campaign that has ended: how far it went and with how many campaign points."""

    date: str
    level: int  # the last level played
    points: int
    won: bool  # level 7 passed


@dataclass(frozen=True)
class Progress:
    won_levels: frozenset[int] = frozenset()
    best: dict[int, int] = field(default_factory=dict)  # level -> best score in a played game
    campaign: CampaignState | None = None  # None: no campaign started yet
    pending: int | None = None  # a campaign score waiting for the pay-the-shortfall decision
    history: tuple[GameRecord, ...] = ()  # newest last
    campaigns: tuple[CampaignRecord, ...] = ()  # ended campaigns, newest last

    def is_open(self, level: int) -> bool:
        """Level 1 is always open; every other level once the one before it has been won."""
        return level == 1 or (level - 1) in self.won_levels

    @property
    def highest_open(self) -> int:
        return max(level for level in range(1, LEVELS + 1) if self.is_open(level))

    def played(self, level: int) -> int:
        return sum(1 for game in self.history if game.level == level and game.mode != "watch")


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
    date: str | None = None,
    game_id: str | None = None,
    given_up: bool = False,
) -> GameResult:
    """Book a finished game. Watched games go into the history only (the bot earned nothing).
    A game `given_up` (resigned) is lost whatever its score so far."""
    if mode not in MODES:
        raise ValueError(f"unknown solo mode {mode!r}")
    won = level_won(level, score) and not given_up
    record = GameRecord(date or now_text(), level, score, won, mode, bot, game_id)
    history = (*progress.history, record)[-HISTORY_LIMIT:]
    previous = progress.best.get(level)
    if mode == "watch":
        return GameResult(replace(progress, history=history), record, False, False, previous)
    best = dict(progress.best)
    new_best = previous is None or score > previous
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
    problem: str | None = None  # why the file could not be used (shown to the player)
    kept_aside: Path | None = None  # where the unreadable file went


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


def progress_to_data(progress: Progress) -> dict[str, Any]:
    return {
        "version": FORMAT_VERSION,
        "won_levels": sorted(progress.won_levels),
        "best": {str(level): score for level, score in sorted(progress.best.items())},
        "campaign": None if progress.campaign is None else _campaign_to_data(progress.campaign),
        "pending": progress.pending,
        "history": [
            {
                "date": game.date,
                "level": game.level,
                "score": game.score,
                "won": game.won,
                "mode": game.mode,
                **({"bot": game.bot} if game.bot else {}),
                **({"game": game.game_id} if game.game_id else {}),
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


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2}


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
        raise ProgressError(f"{what} should be a whole number" + (f" from {low} to {high}" if high else ""))
    return value


def _level(value: Any, what: str) -> int:
    return _int(value, what, 1, LEVELS)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ProgressError(f"{what} should be text")
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


def progress_from_data(data: Any) -> Progress:
    """Check and read the file's contents (any version we know); raises ProgressError naming the key."""
    if not isinstance(data, dict):
        raise ProgressError("not a JSON object")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= FORMAT_VERSION:
        raise ProgressError(f"unknown progress version {version!r}")
    while version < FORMAT_VERSION:
        data = UPGRADES[version](data)
        version += 1
    won = data.get("won_levels", [])
    if not isinstance(won, list):
        raise ProgressError("'won_levels' should be a list")
    best_raw = data.get("best", {})
    if not isinstance(best_raw, dict):
        raise ProgressError("'best' should be an object")
    best: dict[int, int] = {}
    for key, score in best_raw.items():
        if not str(key).isdigit():
            raise ProgressError(f"'best' has a key {key!r} that is not a level")
        best[_level(int(key), "a level in 'best'")] = _int(score, f"'best.{key}'", 0)
    history_raw = data.get("history", [])
    if not isinstance(history_raw, list):
        raise ProgressError("'history' should be a list")
    history = []
    for index, entry in enumerate(history_raw):
        if not isinstance(entry, dict):
            raise ProgressError(f"'history' entry {index + 1} should be an object")
        mode = entry.get("mode")
        if mode not in MODES:
            raise ProgressError(f"'history' entry {index + 1} has an unknown mode {mode!r}")
        bot = entry.get("bot")
        game_id = entry.get("game")
        history.append(
            GameRecord(
                _text(entry.get("date"), "a history date"),
                _level(entry.get("level"), "a history level"),
                _int(entry.get("score"), "a history score", 0),
                bool(entry.get("won")),
                mode,
                bot if isinstance(bot, str) else None,
                game_id if isinstance(game_id, str) else None,
            )
        )
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
        best=best,
        campaign=_campaign_from_data(data.get("campaign")),
        pending=None if pending is None else _int(pending, "'pending'", 0),
        history=tuple(history),
        campaigns=campaigns,
    )


def load_progress(path: Path | None = None) -> LoadResult:
    """The stored progress; a missing file is a fresh start, a damaged one is set aside and reported."""
    path = path or progress_path()
    if not path.exists():
        return LoadResult(Progress())
    try:
        text = path.read_text(encoding="utf-8")
        return LoadResult(progress_from_data(json.loads(text)))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ProgressError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        try:
            aside: Path | None = set_aside(path)
        except OSError:
            aside = None  # it cannot even be moved: it stays, and saving is refused (see save_progress)
        return LoadResult(Progress(), problem=f"{path.name}: {reason}", kept_aside=aside)


def save_progress(progress: Progress, path: Path | None = None) -> None:
    path = path or progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(progress_to_data(progress), indent=1, ensure_ascii=False) + "\n")


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
        self.kept_aside = loaded.kept_aside
        # A damaged file that could not be moved aside must not be overwritten by the fresh start.
        self.writable = loaded.problem is None or loaded.kept_aside is not None
        self.save_error: str | None = None

    def update(self, progress: Progress) -> None:
        self.progress = progress
        if not self.writable:
            return
        try:
            save_progress(progress, self.path)
            self.save_error = None
        except OSError as error:
            self.save_error = error.strerror or str(error)


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
