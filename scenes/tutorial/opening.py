"""How the guided game comes onto the table (route "tutorial"): the saved tutorial resumed at its
lesson, or a new one begun in its own slot. A save the tutorial cannot use (another version's
seed) is dropped: it holds nothing but lessons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.goennen.serialize import SaveError
from scenes.core.i18n import t
from scenes.model import files
from scenes.model.tutorial_session import TutorialSession, answer_offer, tutorial_slot

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene


def tutorial_scene(app: Host) -> Scene:
    path = tutorial_slot()
    session: TutorialSession | None = None
    if path.is_file():
        try:
            resumed = TutorialSession.resume(path)
        except SaveError as error:
            files.LOG.warning("the saved tutorial could not be used: %s", files.shorten(str(error)))
            try:
                path.unlink(missing_ok=True)
            except OSError:  # a read-only folder: a new tutorial begins; its saves report the problem
                pass
        else:
            session = resumed if isinstance(resumed, TutorialSession) and not resumed.over else None
    if session is None:
        answer_offer()  # begun from the menu or the offer: the first start's offer is answered
        session = TutorialSession.begin((t("tutorial.learner"), t("tutorial.bot_name")), path)
    return app.scene("table", session)
