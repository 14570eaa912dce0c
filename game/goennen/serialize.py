"""The first game's saves: a match as versioned JSON, written atomically, read back with clear refusals.

A save holds the setup and the action list in the actions' text form, never a pickled state, so it
replays identically on any Python version and stays readable by people (architecture.md, "Data,
saves, text"):

    {"format": "goennen-koennen-save", "version": 1, "deck_version": 1,
     "setup": {"players": 2, "seed": 7, "start_player": 1, "solo_level": null, "deck_order": null},
     "actions": ["draw S12", ..., "roll Y3 O5 G1 B2 P6", "reroll YOG", ...]}

The envelope (format, version, the "game" key, SaveError, atomic writes, setting a broken file
aside) is every game's: game/kit/saves.py, re-exported here with the plain-file readers; a save
without a "game" key is of Gönnen Können.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.goennen.actions import Row, parse
from game.goennen.deck import Deck, standard_deck
from game.goennen.match import Match, Setup
from game.kit.plain_files import NotAPlainFile, read_plain, read_plain_text
from game.kit.saves import (
    FIRST_GAME,
    FORMAT,
    GAME_KEY,
    GAME_NAMES,
    MAX_SAVE_BYTES,
    UPGRADES,
    VERSION,
    SaveError,
    open_envelope,
    play_texts,
    read_key,
    read_save,
    set_aside,
    write_atomic,
)

__all__ = [
    "FIRST_GAME",
    "FORMAT",
    "GAME_KEY",
    "GAME_NAMES",
    "MAX_SAVE_BYTES",
    "UPGRADES",
    "VERSION",
    "NotAPlainFile",
    "SaveError",
    "load_match",
    "match_from_data",
    "match_from_json",
    "match_to_data",
    "match_to_json",
    "open_envelope",
    "play_texts",
    "read_key",
    "read_plain",
    "read_plain_text",
    "read_save",
    "save_match",
    "set_aside",
    "write_atomic",
]


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
    data = open_envelope(data, source, FIRST_GAME)
    deck = deck or standard_deck()
    saved_deck = read_key(data, "deck_version", int, source)
    if saved_deck != deck.version:
        raise SaveError(
            f"{source} was played with deck version {saved_deck}; this game has deck version "
            f"{deck.version}, so the saved game cannot be continued"
        )
    setup = _setup(read_key(data, "setup", dict, source), source)
    texts = read_key(data, "actions", list, source)
    return _replay(setup, texts, source, deck)


def _setup(raw: Mapping[str, Any], source: str) -> Setup:
    players = read_key(raw, "players", int, source)
    seed = read_key(raw, "seed", int, source)
    start = read_key(raw, "start_player", int, source)
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


# --- files ----------------------------------------------------------------------------------------


def save_match(match: Match, path: Path) -> None:
    """Write the save atomically: a crash leaves either the old file or the new one, never half."""
    write_atomic(path, match_to_json(match))


def load_match(path: Path, *, deck: Deck | None = None) -> Match:
    """Read and replay a save; raises SaveError naming the file when it cannot be used."""
    return match_from_json(read_save(path), path.name, deck=deck)
