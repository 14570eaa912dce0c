"""What Play online was last given (online_setup.json): the player's name, the game, the seats,
the timers and the host's address, so the next visit offers them again. Read through the guarded
reader (scenes/model/files.py): a file that cannot be used is set aside and the defaults stand."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scenes.model.files import load_file, write_json
from scenes.model.rulebooks import FIRST_GAME, RULEBOOKS
from scenes.model.text import printable
from scenes.model.userdata import data_dir

FORMAT_VERSION = 1
FILE_NAME = "online_setup.json"
TIMER_NAMES = ("off", "normal", "fast")


@dataclass(frozen=True)
class OnlineSetup:
    name: str = ""
    game: str = FIRST_GAME
    players: int = 2
    timers: str = "off"
    address: str = ""


def setup_path() -> Path:
    return data_dir() / FILE_NAME


def load_online_setup(path: Path | None = None) -> OnlineSetup:
    loaded = load_file(path or setup_path(), _from_data, FORMAT_VERSION).value
    return loaded if loaded is not None else OnlineSetup()


def save_online_setup(setup: OnlineSetup, path: Path | None = None) -> None:
    data = {"version": FORMAT_VERSION, **setup.__dict__}
    write_json(path or setup_path(), data)  # a problem is logged by files.py; play goes on


def _from_data(data: Any) -> OnlineSetup:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise ValueError("not an online setup of this version")
    name, game, players = data.get("name"), data.get("game"), data.get("players")
    timers, address = data.get("timers"), data.get("address")
    if not isinstance(name, str) or not isinstance(address, str) or game not in RULEBOOKS:
        raise ValueError("an online setup names a player, a game and an address")
    if type(players) is not int or not 2 <= players <= 4 or timers not in TIMER_NAMES:
        raise ValueError("an online setup has 2 to 4 players and a known timer")
    return OnlineSetup(printable(name), str(game), players, str(timers), printable(address, 40))
