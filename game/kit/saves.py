"""Every game's save envelope: versioned JSON naming its game, written atomically, read back with
clear refusals.

A save holds a game's setup and its action list in the actions' text form, never a pickled state,
so it replays identically on any Python version and stays readable by people:

    {"format": "goennen-koennen-save", "version": 1, "game": "penk", "setup": {...},
     "actions": ["roll 11345J", "reroll 1J", ...]}

A save without a "game" key is of the first game (game/goennen/serialize.py); Penk!'s are game/penk/saves.py.
Loading replays every action through the game's engine, so a damaged or tampered save cannot produce
a state the rules do not allow; it is refused with a `SaveError` naming the file and what is wrong.
A file that cannot be read is set aside (renamed, never deleted) so nothing else is lost.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from game.kit.action_text import ActionSyntaxError
from game.kit.plain_files import read_plain_text
from game.kit.reasons import IllegalActionError

MAX_SAVE_BYTES = 4_000_000  # far above any real save (a long game is some 20 kB)

FORMAT = "goennen-koennen-save"
VERSION = 1
GAME_KEY = "game"  # names the game of a save; absent: the first game
FIRST_GAME = "goennen-koennen"
GAME_NAMES = {FIRST_GAME: "Gönnen Können", "penk": "Penk!"}
# Upgrades from older versions, one step each: UPGRADES[n] turns a version-n dict into version n+1.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(ValueError):
    """A save cannot be used; the message names the file and says what is wrong."""


def open_envelope(raw: Any, source: str, game: str) -> dict[str, Any]:
    """A save's data, checked to be of `game` in a version this program reads (and upgraded)."""
    return _current_version(raw, source, game)


def read_key(data: Mapping[str, Any], key: str, kind: type, source: str) -> Any:
    """The value of a required key of a save, of the expected JSON type (SaveError if not)."""
    return _key(data, key, kind, source)


def _current_version(raw: Any, source: str, game: str) -> dict[str, Any]:
    """Check the format and version, upgrading an older save one version at a time."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{source} is not a saved game of Gönnen Können (unknown format)")
    saved_game = raw.get(GAME_KEY, FIRST_GAME)
    if saved_game != game:
        name = GAME_NAMES.get(saved_game, repr(saved_game)) if isinstance(saved_game, str) else "?"
        raise SaveError(f"{source} is a saved game of {name}, not of {GAME_NAMES.get(game, game)}")
    data: dict[str, Any] = raw
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(
            f"{source} has an unknown save version ({version!r}); this version reads up to {VERSION}"
        )
    if version > VERSION:
        raise SaveError(
            f"{source} was saved by a newer version of the game (format {version}); "
            f"this version reads up to {VERSION}"
        )
    while version < VERSION:
        data = UPGRADES[version](data)
        version += 1
    return data


def _key(data: Mapping[str, Any], key: str, kind: type, source: str) -> Any:
    """The value of a required key, of the expected JSON type (a bool is not a number here)."""
    if key not in data:
        raise SaveError(f"{source} is damaged: key '{key}' is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(f"{source} is damaged: key '{key}' should be {_KIND_WORDS.get(kind, kind.__name__)}")
    return value


_KIND_WORDS: dict[type, str] = {int: "a whole number", dict: "an object", list: "a list", str: "text"}


def play_texts(play: Callable[[str], object], texts: list[Any], source: str) -> None:
    """Play a save's actions, given as text, one by one; SaveError naming the first bad one."""
    for number, text in enumerate(texts, start=1):
        if not isinstance(text, str):
            raise SaveError(f"{source} is damaged: action {number} is not text")
        try:
            play(text)
        except ActionSyntaxError as error:
            raise SaveError(
                f"{source} is damaged: action {number} ({text!r}) cannot be read: {error}"
            ) from None
        except (IllegalActionError, KeyError) as error:
            reason = error.args[0] if error.args else error
            raise SaveError(
                f"{source} is damaged: action {number} ({text!r}) is not legal at that point: {reason}"
            ) from None


def read_save(path: Path) -> str:
    """A save file's text; SaveError naming the file when it cannot be read."""
    try:
        return read_plain_text(path, MAX_SAVE_BYTES)
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is damaged: it is not text") from None
    except ValueError as error:  # far larger than any save
        raise SaveError(f"{path.name} is damaged: {error}") from None
    except OSError as error:
        raise SaveError(f"{path.name} cannot be read ({error.strerror or error})") from None


def write_atomic(path: Path, text: str) -> None:
    """Temp file in the same folder, flush, fsync, os.replace; the temp file never stays behind."""
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename an unreadable save to `<name>.broken-<timestamp>` (never delete); returns the new path.

    The player keeps the file to send in or to repair, and the name is free for a new save.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{counter}")
        counter += 1
    path.rename(target)
    return target
