"""How Penk!'s guided first game comes onto the table (route "penk-tutorial"): the saved one
resumed at its lesson, or a new one begun in its own slot (a save it cannot use is dropped: it
holds nothing but lessons); and New game's offer of it the first time Penk! is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.goennen.serialize import SaveError
from scenes.core.confirm import Confirmation, ask
from scenes.core.i18n import t
from scenes.model.penk_tutorial_session import PenkTutorialSession, offered, should_offer, tutorial_slot

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene

ROUTE = "penk-tutorial"


def penk_tutorial_scene(app: Host) -> Scene:
    path = tutorial_slot()
    session: PenkTutorialSession | None = None
    if path.is_file():
        try:
            resumed = PenkTutorialSession.resume_from(path)
        except SaveError:
            path.unlink(missing_ok=True)
        else:
            session = resumed if not resumed.over else None
    if session is None:
        offered()  # begun: New game does not offer it again
        session = PenkTutorialSession.begin((t("tutorial.learner"), t("tutorial.bot_name")), path)
    return app.scene("table", session)


def offer_penk_tutorial(app: Host) -> bool:
    """The first time Penk! is chosen in New game: offer the guided game (once); whether asked."""
    if not app.serves(ROUTE) or not should_offer():
        return False
    offered()
    ask(
        app,
        Confirmation(
            lambda: t("penk.tutorial.offer"),
            "tutorial.offer.learn",
            lambda: app.go(ROUTE, how="reset"),
            heading_key="penk.tutorial.offer.heading",
            cancel_key="tutorial.offer.skip",
        ),
    )
    return True
