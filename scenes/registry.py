"""Scenes other parts of the program provide, by key, so menus can offer them without importing them.

The title's Solo and Continue and the new-game Start look here: "table" (a new game from a
GameConfig), "solo" and "continue". A button whose scene is not registered stays disabled with a
tooltip saying so. The table scene registers itself when its module is imported (scenes/app.py
imports the optional scene modules that exist).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene

SceneFactory = Callable[["App", Any], "Scene"]

TABLE = "table"  # factory(app, GameConfig) -> the play scene
SOLO = "solo"  # factory(app, None) -> the solo game (level choice and play)
CONTINUE = "continue"  # factory(app, save path) -> the saved game, resumed

_factories: dict[str, SceneFactory] = {}

# What runs after a game's final score, by the game's mode (session.context["mode"]): the table
# looks it up when it opens a game without being told (Continue), so a resumed solo or campaign
# game is booked by the solo screens like one never left. The solo package fills it on import.
AfterGameHook = Callable[["App", Any], None]  # (app, GameSession)
_after_game: dict[str, AfterGameHook] = {}


def register(key: str, factory: SceneFactory) -> None:
    _factories[key] = factory


def unregister(key: str) -> None:
    _factories.pop(key, None)


def factory(key: str) -> SceneFactory | None:
    return _factories.get(key)


def available(key: str) -> bool:
    return key in _factories


def register_after_game(mode: str, hook: AfterGameHook) -> None:
    _after_game[mode] = hook


def after_game_for(mode: object) -> AfterGameHook | None:
    """The hook for a game of `mode` (any value from a save), or None: the table's own ending."""
    return _after_game.get(mode) if isinstance(mode, str) else None
