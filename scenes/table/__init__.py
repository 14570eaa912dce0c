"""The table: a whole game on screen, from the deal to the final score.

    open_table(app, session, after_game=None)   # show a session (new or resumed) at its stage

Scenes: deal.py (opening cards), turn.py (the turns), scoring.py (the final tally); widgets in
market_view.py, display_view.py, dice_tray.py, log_view.py; choices.py turns the engine's legal
actions into what the screen highlights and proposes. Registers registry.TABLE and CONTINUE.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.engine import After, Phase
from game.serialize import SaveError, set_aside
from scenes import registry
from scenes.core.i18n import t
from scenes.model.gameconfig import GameConfig
from scenes.model.session import GameSession
from scenes.model.userdata import save_path

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.core.stack import Scene
    from scenes.table.base import AfterGame

SETUP = frozenset({Phase.SETUP_RETURN, Phase.SETUP_PLACE})


def stage(session: GameSession) -> str:
    """Which of the table's scenes shows the session now: deal, turn or scoring."""
    state = session.state
    if state.is_over:
        return "scoring"
    if state.phase in SETUP or (state.phase == Phase.DRAW and state.then == After.SETUP):
        return "deal"
    return "turn"


def scene_for(app: App, session: GameSession, after_game: AfterGame | None = None) -> Scene:
    kind = stage(session)
    if kind == "deal":
        from scenes.table.deal import DealScene

        return DealScene(app, session, after_game)
    if kind == "scoring":
        from scenes.table.scoring import ScoringScene

        return ScoringScene(app, session, after_game)
    from scenes.table.turn import TurnScene

    return TurnScene(app, session, after_game)


def open_table(
    app: App, session: GameSession, after_game: AfterGame | None = None, how: str = "replace"
) -> None:
    """Show `session` at its current stage; `after_game(app, session)` runs from the scoring
    scene's Continue button (the solo and campaign screens use it); without one, the hook
    registered for the game's mode (registry.after_game_for), if any."""
    app.go(scene_for(app, session, after_game or after_game_of(session)), how)


def after_game_of(session: GameSession) -> AfterGame | None:
    """What a game of this mode (session.context["mode"]: solo, campaign, watch) does at its end."""
    return registry.after_game_for(session.context.get("mode"))


def new_game_scene(app: App, config: GameConfig) -> Scene:
    solo_level = 1 if len(config.seats) == 1 else None
    session = GameSession.start(config, solo_level=solo_level, save_path=save_path())
    return scene_for(app, session)


def continue_scene(app: App, path: Path | None) -> Scene:
    """The saved game, resumed; an unreadable save is set aside (kept) and the title says so."""
    from scenes.menus.title import TitleScene

    path = path or save_path()
    try:
        session = GameSession.resume(path)
    except SaveError as error:
        aside = set_aside(path) if path.exists() else path
        app.notice = t("table.save_unreadable", file=aside.name, reason=str(error))
        return TitleScene(app)
    return scene_for(app, session, after_game_of(session))


registry.register(registry.TABLE, new_game_scene)
registry.register(registry.CONTINUE, continue_scene)
