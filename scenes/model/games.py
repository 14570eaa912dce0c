"""Which games this house holds, and the routes that lead into each (scenes/routes.py serves them).

Gönnen Können is the first; Penk! comes as a second entry with its own engine door (game.penk) and
its own screens (scenes/penk/), sharing the stack, widgets, settings, translations and this model.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import MAX_SEATS


@dataclass(frozen=True)
class GameInfo:
    key: str
    max_seats: int  # New game offers this many seats
    new_game_route: str  # takes a GameConfig
    continue_route: str  # takes the save path (or None for the Continue slot)
    solo_route: str | None  # the solo screen, if the game has a solo mode


GOENNEN_KOENNEN = GameInfo(
    key="goennen-koennen",
    max_seats=MAX_SEATS,
    new_game_route="table-new",
    continue_route="table-continue",
    solo_route="solo-card",
)

GAMES: tuple[GameInfo, ...] = (GOENNEN_KOENNEN,)


def game_info(key: str) -> GameInfo:
    """The game called `key`; KeyError naming the known games for any other."""
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"unknown game {key!r} (known: {', '.join(info.key for info in GAMES)})")
