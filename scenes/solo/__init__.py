"""Solo play: the solo card (levels, ticks, best scores), the end of a solo game, the campaign, and
watching a bot play. Importing the package registers the solo card as the title's Solo screen, and
makes Continue hand a resumed solo or campaign game back to the solo screens when it ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenes import registry

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.stack import Scene


def _open_solo_card(app: App, _unused: Any) -> Scene:
    from scenes.solo.card import SoloCardScene

    return SoloCardScene(app)


def _after_game(app: App, session: Any) -> None:
    from scenes.solo import play

    play.after_game(app, session)


registry.register(registry.SOLO, _open_solo_card)
for _mode in ("solo", "campaign", "watch"):  # the table's Continue hands these games back here
    registry.register_after_game(_mode, _after_game)
