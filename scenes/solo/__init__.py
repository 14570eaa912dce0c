"""Solo play: the solo card (levels, ticks, best scores), the end of a solo game, the campaign, and
watching a bot play. Importing the package registers the solo card as the title's Solo screen, and
makes Continue hand a resumed solo or campaign game back to the solo screens when it ends."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scenes import registry

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene


def _open_solo_card(app: App, _unused: Any) -> Scene:
    from scenes.solo.card import SoloCardScene

    return SoloCardScene(app)


def _continue_solo_aware(table_continue: registry.SceneFactory) -> registry.SceneFactory:
    """Continue as the table provides it, except that a saved solo or campaign game, once over,
    is booked by the solo screens (ticks, best score, campaign points) like a game never left."""

    def resume(app: App, path: Path | None) -> Scene:
        from game.serialize import SaveError
        from scenes.session import GameSession
        from scenes.solo import play
        from scenes.userdata import save_path

        target = path or save_path()
        try:
            session = GameSession.resume(target)
        except SaveError:
            return table_continue(app, path)  # the table reports and sets the file aside
        if session.state.config.players != 1 or play.mode_of(session) == "watch":
            return table_continue(app, path)
        from scenes.table import scene_for

        scene: Scene = scene_for(app, session, play.after_game)
        return scene

    return resume


registry.register(registry.SOLO, _open_solo_card)
_table_continue = registry.factory(registry.CONTINUE)
if _table_continue is not None:
    registry.register(registry.CONTINUE, _continue_solo_aware(_table_continue))
