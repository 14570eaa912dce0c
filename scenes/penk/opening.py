"""How a Penk! game comes onto the table: which screen shows a session now, and a new game from
New game's configuration in the Penk! slot. A saved Penk! game is resumed by the shared
"table-continue" route: the save names its game and the "table" route serves each game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.model.gameconfig import GameConfig
from scenes.model.rulebooks import PENK_RULES
from scenes.model.session import GameSession
from scenes.model.slots import make_room, penk_slot

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene

TABLE = "penk-table"
SCORING = "penk-scoring"


def stage(session: GameSession) -> str:
    """The Penk! screen for the session now: the table, or the final score once it is over."""
    return SCORING if session.over else TABLE


def start_session(config: GameConfig, seed: int | None = None) -> GameSession:
    """A new Penk! game saved in its own slot (New game asked before replacing what it held)."""
    path = penk_slot()
    make_room(path)
    return GameSession.start(config, seed=seed, save_path=path, rules=PENK_RULES)


def new_game_scene(app: Host, config: GameConfig) -> Scene:
    return app.scene("table", start_session(config))
