"""Which games this house holds, and the routes that lead into each (scenes/routes.py serves them).

Gönnen Können is the first; Penk! is the second, with its own engine door (game.penk) and its own
screens (scenes/penk/), sharing the stack, widgets, settings, translations, sessions and slots.
A game's key is the one its saves carry (scenes/model/rulebooks.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import penk
from game.goennen.engine import MAX_SEATS
from scenes.model.rulebooks import FIRST_GAME, PENK


@dataclass(frozen=True)
class GameInfo:
    key: str
    name: str  # the game's title, the same in every language
    max_seats: int  # New game offers this many seats
    min_seats: int  # and needs at least this many taken
    new_game_route: str  # takes a GameConfig
    continue_route: str  # takes the save path (or None for the Continue slot)
    solo_route: str | None  # the solo screen, if the game has a solo mode
    bot_levels: tuple[str, ...]  # the bots this game has (Penk! has no expert)


GOENNEN_KOENNEN = GameInfo(
    key=FIRST_GAME,
    name="Gönnen Können",
    max_seats=MAX_SEATS,
    min_seats=1,
    new_game_route="table-new",
    continue_route="table-continue",
    solo_route="solo-card",
    bot_levels=("easy", "normal", "hard", "expert"),
)

PENK_GAME = GameInfo(
    key=PENK,
    name="Penk!",
    max_seats=penk.MAX_SEATS,
    min_seats=penk.MIN_SEATS,
    new_game_route="penk-new",
    continue_route="table-continue",  # a save names its game; the table route serves each game
    solo_route=None,
    bot_levels=tuple(penk.LEVELS),
)

GAMES: tuple[GameInfo, ...] = (GOENNEN_KOENNEN, PENK_GAME)


def game_info(key: str) -> GameInfo:
    """The game called `key`; KeyError naming the known games for any other."""
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"unknown game {key!r} (known: {', '.join(info.key for info in GAMES)})")
