"""Saves and replays: a match as versioned JSON, written atomically, read back with clear refusals.

A save holds the setup and the action list in the actions' text form, never a pickled state, so it
replays identically on any Python version and stays readable by people (architecture.md, "Data,
saves, text"):

    {"format": "goennen-koennen-save", "version": 1, "deck_version": 1,
     "setup": {"players": 2, "seed": 7, "start_player": 1, "solo_level": null, "deck_order": null},
     "actions": ["draw S12", ..., "roll Y3 O5 G1 B2 P6", "reroll YOG", ...]}

Loading replays every action through the engine, so a damaged or tampered save cannot produce a
state the rules do not allow; it is refused with a `SaveError` naming the file and what is wrong.
A file that cannot be read is set aside (renamed, never deleted) so nothing else is lost.

The envelope (format, version) is shared by every game on the table; a save of another game names
it in a "game" key (Penk!: game/penk/saves.py), a save without one is of Gönnen Können.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from game.actions import ActionSyntaxError, Row, parse
from game.deck import Deck, standard_deck
from game.match import Match, Setup
from game.plain_files import NotAPlainFile as NotAPlainFile
from game.plain_files import read_plain as read_plain
from game.plain_files import read_plain_text as read_plain_text
from game.reasons import IllegalActionError

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


# --- to JSON --------------------------------------------------------------------------------------


def match_to_data(match: Match) -> dict[str, Any]:
    setup = match.setup
    order = setup.deck_order
    return {
        "format": FORMAT,
        "version": VERSION,
        "deck_version": match.state.deck.version,
        "setup": {
            "players": setup.players,
            "seed": setup.seed,
            "start_player": setup.start_player,
            "solo_level": setup.solo_level,
            "deck_order": None if order is None else {row.value: list(order[row]) for row in order},
        },
        "actions": [str(action) for action in match.actions],
    }


def match_to_json(match: Match) -> str:
    """The save text: stable key order and layout, so equal matches give equal text."""
    return json.dumps(match_to_data(match), indent=1, ensure_ascii=False) + "\n"


# --- from JSON ------------------------------------------------------------------------------------


def match_from_json(text: str, source: str = "the save", *, deck: Deck | None = None) -> Match:
    """Read a save and replay it; `source` names the file in error messages."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{source} is damaged: not valid JSON ({error.msg}, line {error.lineno})") from None
    return match_from_data(data, source, deck=deck)


def match_from_data(data: Any, source: str = "the save", *, deck: Deck | None = None) -> Match:
    data = _current_version(data, source)
    deck = deck or standard_deck()
    saved_deck = _key(data, "deck_version", int, source)
    if saved_deck != deck.version:
        raise SaveError(
            f"{source} was played with deck version {saved_deck}; this game has deck version "
            f"{deck.version}, so the saved game cannot be continued"
        )
    setup = _setup(_key(data, "setup", dict, source), source)
    texts = _key(data, "actions", list, source)
    return _replay(setup, texts, source, deck)


def open_envelope(raw: Any, source: str, game: str) -> dict[str, Any]:
    """A save's data, checked to be of `game` in a version this program reads (and upgraded)."""
    return _current_version(raw, source, game)


def read_key(data: Mapping[str, Any], key: str, kind: type, source: str) -> Any:
    """The value of a required key of a save, of the expected JSON type (SaveError if not)."""
    return _key(data, key, kind, source)


def _current_version(raw: Any, source: str, game: str = FIRST_GAME) -> dict[str, Any]:
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


def _setup(raw: Mapping[str, Any], source: str) -> Setup:
    players = _key(raw, "players", int, source)
    seed = _key(raw, "seed", int, source)
    start = _key(raw, "start_player", int, source)
    level = raw.get("solo_level")
    if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
        raise SaveError(f"{source} is damaged: key 'solo_level' should be a whole number or null")
    return Setup(players, seed, start, level, _deck_order(raw.get("deck_order"), source))


def _deck_order(raw: Any, source: str) -> dict[Row, tuple[str, ...]] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise SaveError(f"{source} is damaged: key 'deck_order' should be an object or null")
    order: dict[Row, tuple[str, ...]] = {}
    for key, cards in raw.items():
        if key not in {row.value for row in Row} or not isinstance(cards, list):
            raise SaveError(f"{source} is damaged: deck order {key!r} should be S or B with a list of cards")
        if not all(isinstance(card, str) for card in cards):
            raise SaveError(f"{source} is damaged: deck order {key!r} holds something other than card ids")
        order[Row(key)] = tuple(cards)
    return order


def _replay(setup: Setup, texts: list[Any], source: str, deck: Deck) -> Match:
    try:
        match = Match(setup, setup.start(deck))
    except ValueError as error:  # SetupError, or an unknown solo level
        raise SaveError(f"{source} is damaged: its setup cannot start a game ({error})") from None
    play_texts(lambda text: match.play(parse(text)), texts, source)
    return match


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


# --- files ----------------------------------------------------------------------------------------


def save_match(match: Match, path: Path) -> None:
    """Write the save atomically: a crash leaves either the old file or the new one, never half."""
    write_atomic(path, match_to_json(match))


def load_match(path: Path, *, deck: Deck | None = None) -> Match:
    """Read and replay a save; raises SaveError naming the file when it cannot be used."""
    return match_from_json(read_save(path), path.name, deck=deck)


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
