"""Save slots: each kind of unfinished game keeps its own saved game, so starting one never
replaces another without the player being asked.

    save.json               the multiplayer game (New game)
    save-solo-<level>.json  a solo practice game of that level
    save-campaign.json      the running campaign's level
    save-penk.json          the Penk! game (New game with Penk! chosen)

One multiplayer slot: the game is played by whoever sits at this screen, and New game asks before
it replaces the unfinished one, naming who plays it. Solo levels each keep their own game, and the
campaign's level is only ever resumed once dealt (a bad deal must not be undone).

A save that cannot be read is still listed (with the reason), never raises here: the Continue
screen shows it, and resuming it sets it aside with a message. A save from a newer version of the
game is listed as such and never resumed or overwritten here; a new game in its slot, once the
player agreed, moves it to `<name>.newer-<time>` (renamed back, the newer version resumes it).
Before slots there was only save.json; a solo or campaign game found there is moved to its own
slot on start (`adopt_old_save`). No pygame here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.goennen.engine import After, Phase, State
from game.goennen.serialize import VERSION as SAVE_VERSION
from game.goennen.serialize import set_aside
from scenes.model import files
from scenes.model.archive import keep_abandoned
from scenes.model.rulebooks import PENK
from scenes.model.session import GameSession
from scenes.model.userdata import SAVE_FILE, data_dir

TABLE = "table"
SOLO = "solo"
CAMPAIGN = "campaign"
PENK_KIND = PENK  # the second game's one slot, as the first game's table slot
SLOT_KINDS = (TABLE, SOLO, CAMPAIGN, PENK_KIND)
SOLO_PATTERN = "save-solo-*.json"
CAMPAIGN_FILE = "save-campaign.json"
PENK_FILE = "save-penk.json"
UNARCHIVED = "unarchived"  # a replaced or deleted game the archive could not take: `<name>.unarchived-<time>`


def solo_file(level: int) -> str:
    return f"save-solo-{level}.json"


def table_slot(folder: Path | None = None) -> Path:
    """The multiplayer slot (New game's games)."""
    return (folder or data_dir()) / SAVE_FILE


def penk_slot(folder: Path | None = None) -> Path:
    """The Penk! slot (New game's Penk! games)."""
    return (folder or data_dir()) / PENK_FILE


def new_game_slot(game: str, folder: Path | None = None) -> Path:
    """Where New game saves a game of `game` (a rulebooks key): each game has its own slot."""
    return penk_slot(folder) if game == PENK else table_slot(folder)


def slot_path(mode: str | None, level: int | None = None, folder: Path | None = None) -> Path | None:
    """Where a game of `mode` (the session's context["mode"]; None for New game's games) is saved.
    Watched bot games are not saved: None."""
    folder = folder or data_dir()
    if mode == "watch":
        return None
    if mode == CAMPAIGN:
        return folder / CAMPAIGN_FILE
    if mode == SOLO:
        return folder / solo_file(level or 1)
    return table_slot(folder)


def slot_of_session(session: GameSession, folder: Path | None = None) -> Path | None:
    """The slot a session belongs in by its mode and level."""
    if session.game == PENK:
        return penk_slot(folder)
    mode = session.context.get("mode")
    return slot_path(mode if isinstance(mode, str) else None, session.solo_level, folder)


def slot_level(path: Path) -> int | None:
    """A solo slot's level, by its name (also when the file inside cannot be read)."""
    if not path.match(SOLO_PATTERN):
        return None
    number = path.stem.removeprefix("save-solo-")
    return int(number) if number.isdigit() and len(number) < 4 else None


def slot_kind(path: Path) -> str:
    """Which kind of game a slot file holds, by its name."""
    if path.name == CAMPAIGN_FILE:
        return CAMPAIGN
    if path.name == PENK_FILE:
        return PENK_KIND
    if path.match(SOLO_PATTERN):
        return SOLO
    return TABLE


@dataclass(frozen=True)
class SlotInfo:
    """What the Continue screen shows of one saved game."""

    path: Path
    kind: str  # table, solo, campaign or penk (by the slot)
    saved: datetime  # when it was last written
    names: tuple[str, ...] = ()
    round: int = 0
    level: int | None = None  # the solo or campaign level
    over: bool = False  # played to the end, but its final score was never shown (nor booked)
    problem: str | None = None  # why it cannot be resumed; None when it can
    newer: bool = False  # saved by a newer version of the game (kept for it, never overwritten)

    @property
    def resumable(self) -> bool:
        return self.problem is None


def read_slot(path: Path) -> SlotInfo:
    """The slot at `path` as the Continue screen shows it; a save that cannot be used gives its
    reason in `problem` instead of raising."""
    kind = slot_kind(path)
    try:
        saved = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, OverflowError, ValueError):
        saved = datetime.fromtimestamp(0)
    try:
        session = GameSession.resume(path)
    # A listing must survive any damaged file (any bytes reach the loader), and the loader's own
    # errors are not all SaveError: what went wrong is shown, and Continue sets the file aside.
    except Exception as error:
        problem = str(error) or type(error).__name__
        newer = from_newer_version(path)
        return SlotInfo(path, kind, saved, level=slot_level(path), problem=problem, newer=newer)
    state = session.state
    names = tuple(seat.name for seat in session.seats)
    shown = state.round if kind == PENK_KIND else table_round(state)
    return SlotInfo(path, kind, saved, names, shown, session.solo_level, state.is_over)


def table_round(state: State) -> int:
    """The first game's round as players count it: 0 during the opening deal (its card draws
    included), else 1, 2, ... (the engine counts rounds from 0, and its deal and first round share
    that 0)."""
    dealing = state.phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE) or state.then == After.SETUP
    return 0 if dealing else state.round + 1


def from_newer_version(path: Path) -> bool:
    """Whether the save at `path` says it was written by a newer version of the game."""
    try:
        return files.newer_version(files.read_json(path), SAVE_VERSION)
    except (files.DamagedFile, OSError):
        return False


def slot_files(folder: Path | None = None) -> list[Path]:
    """The slot files present in `folder` (the user data folder by default)."""
    folder = folder or data_dir()
    if not folder.is_dir():
        return []
    try:
        candidates = [
            folder / SAVE_FILE,
            folder / PENK_FILE,
            folder / CAMPAIGN_FILE,
            *sorted(folder.glob(SOLO_PATTERN)),
        ]
        return [path for path in candidates if path.is_file()]
    except OSError:
        return []


def unfinished_games(folder: Path | None = None) -> list[SlotInfo]:
    """Every saved game, the most recently played first. A game played to its end is still here
    until its final score was shown (then it moves to the archive), and so is a damaged save."""
    slots = [read_slot(path) for path in slot_files(folder)]
    return sorted(slots, key=lambda slot: slot.saved, reverse=True)


def restore_previous_saves(folder: Path | None = None) -> list[files.FileProblem]:
    """At start: a slot whose save cannot be used but whose previous generation (the save before
    the last move) can, is set aside and that generation put in its place; what was restored."""
    restored = []
    for path in slot_files(folder):
        if not files.previous_of(path).is_file() or read_slot(path).resumable:
            continue
        try:
            GameSession.resume(files.previous_of(path))
        except Exception:  # noqa: BLE001 (any bytes: the previous is unusable too, nothing changes)
            continue
        loaded = GameSession.load(path)
        if loaded.problem is not None and loaded.problem.restored:
            restored.append(loaded.problem)
    return restored


def has_unfinished_game(folder: Path | None = None) -> bool:
    """Whether Continue has anything to show (cheap: only whether a slot file exists)."""
    return bool(slot_files(folder))


def occupant(path: Path | None) -> SlotInfo | None:
    """The saved game a new game in `path` would replace, or None when the slot is free."""
    if path is None or not path.is_file():
        return None
    return read_slot(path)


def make_room(path: Path | None) -> Path | None:
    """Before a new game is saved in `path` (the player agreed to replace what it holds): a damaged
    save there is set aside, not overwritten, so the player can still send it in or repair it, and
    a newer version's save is kept as `<name>.newer-<time>` for that version. Returns where the
    old file went, or None (nothing moved)."""
    if path is None or not path.is_file():
        return None
    info = read_slot(path)
    if info.newer:
        kept = files.set_aside(path, why="newer")
        files.LOG.warning("%s from a newer version moved out of a new game's way: %s", path, kept)
        return kept
    if info.problem is None:
        if keep_abandoned(path) is not None:  # the archive cannot take it now (busy, read-only...)
            return files.set_aside(path, why=UNARCHIVED)  # kept beside, not overwritten
    else:
        try:
            return set_aside(path)
        except OSError:  # a read-only folder: the new game's first save reports the problem
            pass
    return None


def delete_slot(path: Path) -> None:
    """Remove a saved game the player chose to delete (after a confirmation); the archive keeps it,
    or when it cannot now (busy, read-only...) the file is kept beside as `<name>.unarchived-<time>`."""
    if keep_abandoned(path) is not None and files.set_aside(path, why=UNARCHIVED) is not None:
        return
    files.remove(path)


def adopt_old_save(folder: Path | None = None) -> Path | None:
    """The one save.json of earlier versions may hold a solo or campaign game: move it into its own
    slot, so a New game cannot replace it. Returns where it went, or None when nothing moved (a
    multiplayer game stays where it is; so does a damaged file, for Continue to deal with, and a
    game whose slot is already taken)."""
    folder = folder or data_dir()
    old = folder / SAVE_FILE
    if not old.is_file():
        return None
    try:
        session = GameSession.resume(old)
    except Exception:  # damaged: left for Continue, which sets it aside with a message
        return None
    target = slot_of_session(session, folder)
    if target is None or target == old or target.exists():
        return None
    try:
        os.replace(old, target)
    except OSError:
        return None
    return target
