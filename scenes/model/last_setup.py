"""The last setup New game started, so the next New game offers it again (last_setup.json).

Read through the guarded reader like every file of the player's (scenes/model/files.py): a file
that cannot be used is set aside and New game starts from its defaults; one from a newer version
is left untouched. Nothing here is vital, so a failed write is only logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenes.model.files import load_file, write_json
from scenes.model.gameconfig import BOT_LEVELS
from scenes.model.rulebooks import FIRST_GAME, PENK
from scenes.model.text import printable
from scenes.model.userdata import data_dir

FORMAT_VERSION = 1
FILE_NAME = "last_setup.json"
# what a seat of New game can be; seat 1 is never empty (a game has at least one player)
SEAT_OPTIONS = ("off", "human", *BOT_LEVELS)
SEATS = 4


@dataclass(frozen=True)
class LastSetup:
    options: tuple[str, ...]  # per seat, one of SEAT_OPTIONS; the first seat is never "off"
    names: tuple[str, ...]  # per seat, as typed (printable, at most the field's length)
    start_player: int  # New game's choice: 0 at random, else 1 + the index among the seated
    game: str = FIRST_GAME  # which game (its save key, scenes/model/rulebooks.py)


def setup_path() -> Path:
    return data_dir() / FILE_NAME


def load_last_setup(path: Path | None = None) -> LastSetup | None:
    """The remembered setup, or None (none yet, or the file could not be used)."""
    return load_file(path or setup_path(), _from_data, FORMAT_VERSION).value


def save_last_setup(setup: LastSetup, path: Path | None = None) -> None:
    data = {
        "version": FORMAT_VERSION,
        "seats": [{"option": o, "name": n} for o, n in zip(setup.options, setup.names, strict=True)],
        "start_player": setup.start_player,
        "game": setup.game,
    }
    write_json(path or setup_path(), data)  # a problem is logged by files.py; New game goes on


def _from_data(data: Any) -> LastSetup:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise ValueError("not a setup of this version")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != SEATS:
        raise ValueError(f"a setup has {SEATS} seats")
    options: list[str] = []
    names: list[str] = []
    for seat in seats:
        if not isinstance(seat, dict):
            raise ValueError("a seat is an object")
        option, name = seat.get("option"), seat.get("name")
        if option not in SEAT_OPTIONS or not isinstance(name, str):
            raise ValueError(f"unknown seat {option!r}")
        options.append(str(option))
        names.append(printable(name))
    if options[0] == "off":
        raise ValueError("the first seat is never empty")
    start = data.get("start_player")
    seated = sum(option != "off" for option in options)
    if type(start) is not int or not 0 <= start <= seated:
        raise ValueError(f"no start player {start!r}")
    game = data.get("game", FIRST_GAME)  # files from before Penk! name no game
    if game not in (FIRST_GAME, PENK):
        raise ValueError(f"unknown game {game!r}")
    return LastSetup(tuple(options), tuple(names), start, str(game))
