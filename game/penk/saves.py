"""Penk! saves: every game's versioned envelope (game/kit/saves.py) naming the game "penk".

    {"format": "goennen-koennen-save", "version": 1, "game": "penk",
     "setup": {"players": 3, "seed": 7, "first": 1},
     "actions": ["roll 11345J", "reroll 1J", "roll 25", "circle 55", ...]}

Loading replays every action through the engine, so a damaged save is refused with a SaveError
naming the file and the first action that is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.kit.saves import (
    FORMAT,
    GAME_KEY,
    VERSION,
    SaveError,
    open_envelope,
    play_texts,
    read_key,
    read_save,
    write_atomic,
)
from game.penk.actions import parse
from game.penk.match import PenkMatch, PenkSetup

GAME = "penk"


def match_to_data(match: PenkMatch) -> dict[str, Any]:
    setup = match.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        GAME_KEY: GAME,
        "setup": {"players": setup.players, "seed": setup.seed, "first": setup.first},
        "actions": [str(action) for action in match.actions],
    }


def match_to_json(match: PenkMatch) -> str:
    """The save text: stable key order and layout, so equal matches give equal text."""
    return json.dumps(match_to_data(match), indent=1, ensure_ascii=False) + "\n"


def match_from_json(text: str, source: str = "the save") -> PenkMatch:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{source} is damaged: not valid JSON ({error.msg}, line {error.lineno})") from None
    return match_from_data(data, source)


def match_from_data(raw: Any, source: str = "the save") -> PenkMatch:
    data = open_envelope(raw, source, GAME)
    setup_data = read_key(data, "setup", dict, source)
    setup = PenkSetup(*(read_key(setup_data, key, int, source) for key in ("players", "seed", "first")))
    texts = read_key(data, "actions", list, source)
    try:
        match = PenkMatch(setup, setup.start())
    except ValueError as error:  # SetupError
        raise SaveError(f"{source} is damaged: its setup cannot start a game ({error})") from None
    play_texts(lambda text: match.play(parse(text)), texts, source)
    return match


def save_match(match: PenkMatch, path: Path) -> None:
    """Write the save atomically (a crash leaves the old file or the new one, never half)."""
    write_atomic(path, match_to_json(match))


def load_match(path: Path) -> PenkMatch:
    """Read and replay a save; SaveError naming the file when it cannot be used."""
    return match_from_json(read_save(path), path.name)
