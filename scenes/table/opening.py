"""How a game comes onto the table: which stage a session is at, a new game from New game's
configuration, a saved game resumed. The route table (scenes/routes.py) serves "table" (a session at
its stage), "table-new" (a GameConfig) and "table-continue" (a save path) with these."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.goennen.engine import After, Phase
from scenes.core import file_notices
from scenes.core.file_notices import GAME
from scenes.model.gameconfig import GameConfig
from scenes.model.session import GameSession
from scenes.model.slots import make_room, table_slot

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene

SETUP = frozenset({Phase.SETUP_RETURN, Phase.SETUP_PLACE})


def stage(session: GameSession) -> str:
    """Which of the table's scenes shows the session now: deal, turn or scoring."""
    state = session.view
    if state.is_over:
        return "scoring"
    if state.phase in SETUP or (state.phase == Phase.DRAW and state.then == After.SETUP):
        return "deal"
    return "turn"


def open_table(app: Host, session: GameSession, how: str = "replace") -> None:
    """Show `session` (new or resumed) at its current stage; its mode (session.context["mode"])
    decides what its end leads to (App.mode_routes)."""
    app.go("table", session, how=how)


def new_game_scene(app: Host, config: GameConfig) -> Scene:
    """New game's game, in the multiplayer slot (New game asked before replacing what it held)."""
    solo_level = 1 if len(config.seats) == 1 else None
    path = table_slot()
    make_room(path)
    session = GameSession.start(config, solo_level=solo_level, save_path=path)
    return app.scene("table", session)


def continue_scene(app: Host, path: Path | None) -> Scene:
    """The saved game, resumed; a refused save is set aside (or left untouched: a newer version's,
    or a read-only folder) and the title says so."""
    loaded = GameSession.load(path or table_slot())
    if loaded.value is None:
        if loaded.problem is not None:
            app.notice = file_notices.unreadable(GAME, loaded.problem)
        return app.scene("title")
    return app.scene("table", loaded.value)
