"""The screen shown instead of the title when the shipped deck is damaged: no game without it.

Every other shipped file has a default (scenes/core/shipped.py); the deck has none, so the player
is told which file is damaged and that reinstalling the game repairs it, in their language, and
can only quit. Drawn without a layout file, since those may be damaged too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core.i18n import t
from scenes.core.notice_page import NoticePage
from scenes.core.widgets import Button

if TYPE_CHECKING:
    from scenes.core.stack import Host

QUIT = pygame.Rect(510, 520, 260, 58)


class ReinstallScene(NoticePage):
    name = "reinstall"

    def __init__(self, app: Host, file: str) -> None:
        self.file = file
        self.button = Button(QUIT, lambda: t("reinstall.quit"), app.quit, primary=True)
        super().__init__(app, [self.button])

    def heading(self) -> str:
        return t("reinstall.heading")

    def message(self) -> str:
        return t("reinstall.message", file=self.file)
