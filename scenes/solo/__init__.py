"""Solo play: the solo card (levels, ticks, best scores), the end of a solo game, the campaign, and
watching a bot play. Importing the package registers the solo card as the title's Solo screen, and
makes the table hand solo, campaign and watch games back to the solo screens when they end (also
after Continue); a campaign game cannot be restarted, and resigning it books it as lost."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenes import registry

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.core.stack import Scene


def _open_solo_card(app: App, _unused: Any) -> Scene:
    from scenes.solo.card import SoloCardScene

    return SoloCardScene(app)


def _after_game(app: App, session: Any) -> None:
    from scenes.solo import play

    play.after_game(app, session)


def _resign_campaign(app: App, session: Any) -> None:
    from scenes.solo import play

    play.resign_campaign_game(app, session)


registry.register(registry.SOLO, _open_solo_card)
# the table's Continue hands these games back here; a campaign level is neither restarted (a bad
# deal would be redone) nor resigned without being booked as played and lost
registry.register_mode("solo", registry.ModeHooks(_after_game))
registry.register_mode("watch", registry.ModeHooks(_after_game))
registry.register_mode("campaign", registry.ModeHooks(_after_game, _resign_campaign, can_restart=False))
