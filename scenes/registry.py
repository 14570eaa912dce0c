"""Scenes other parts of the program provide, by key, so menus can offer them without importing them.

The title's Solo and Continue and the new-game Start look here: "table" (a new game from a
GameConfig), "solo" and "continue". A button whose scene is not registered stays disabled with a
tooltip saying so. The table scene registers itself when its module is imported (scenes/app.py
imports the optional scene modules that exist).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.core.stack import Scene

SceneFactory = Callable[["App", Any], "Scene"]

TABLE = "table"  # factory(app, GameConfig) -> the play scene
SOLO = "solo"  # factory(app, None) -> the solo game (level choice and play)
CONTINUE = "continue"  # factory(app, save path) -> the saved game, resumed

_factories: dict[str, SceneFactory] = {}

# What a game's mode (session.context["mode"]) changes at the table: what runs after its final
# score, what Resign does, whether Restart is offered. The table looks these up itself (also on
# Continue), so a resumed solo or campaign game ends like one never left. The solo package
# fills them on import.
AfterGameHook = Callable[["App", Any], None]  # (app, GameSession)


@dataclass(frozen=True)
class ModeHooks:
    after_game: AfterGameHook | None = None  # None: the table's own Play again / Title
    resign: AfterGameHook | None = None  # None: the save is archived and the title shown
    can_restart: bool = True  # False: Pause offers no Restart (a campaign level is not redone)


_modes: dict[str, ModeHooks] = {}


def register(key: str, factory: SceneFactory) -> None:
    _factories[key] = factory


def unregister(key: str) -> None:
    _factories.pop(key, None)


def factory(key: str) -> SceneFactory | None:
    return _factories.get(key)


def available(key: str) -> bool:
    return key in _factories


def register_mode(mode: str, hooks: ModeHooks) -> None:
    _modes[mode] = hooks


def mode_hooks(mode: object) -> ModeHooks:
    """The hooks for a game of `mode` (any value from a save); plain table behaviour if unknown."""
    return _modes.get(mode, ModeHooks()) if isinstance(mode, str) else ModeHooks()


def after_game_for(mode: object) -> AfterGameHook | None:
    return mode_hooks(mode).after_game
