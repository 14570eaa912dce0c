"""The screen a second copy of the game shows instead of the title: the game is already open on
this data folder (scenes/model/folder_lock.py), so this copy must not touch its files. It offers
to bring the running copy forward (and quit) or just to quit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core.i18n import t
from scenes.core.notice_page import NoticePage
from scenes.core.widgets import Button
from scenes.model.folder_lock import Holder, ask_to_come_forward

if TYPE_CHECKING:
    from scenes.core.stack import Host

FORWARD = pygame.Rect(330, 520, 320, 58)
QUIT = pygame.Rect(670, 520, 280, 58)


class AlreadyOpenScene(NoticePage):
    name = "already-open"

    def __init__(self, app: Host, holder: Holder) -> None:
        self.holder = holder
        self.forward_button = Button(
            FORWARD, lambda: t("already_open.forward"), self.bring_forward, primary=True
        )
        self.quit_button = Button(QUIT, lambda: t("already_open.quit"), app.quit)
        super().__init__(app, [self.forward_button, self.quit_button])

    def bring_forward(self) -> None:
        """Ask the running copy to show its window, then leave it the folder."""
        ask_to_come_forward(self.app.data_folder)
        self.app.quit()

    def heading(self) -> str:
        return t("already_open.heading")

    def message(self) -> str:
        if self.holder.pid is None:
            return t("already_open.message_unnamed")
        return t("already_open.message", pid=self.holder.pid)
