"""The screen a second copy of the game shows instead of the title: the game is already open on
this data folder (scenes/model/folder_lock.py), so this copy must not touch its files. It offers
to bring the running copy forward (and quit) or just to quit. Drawn without a layout file, like
the reinstall screen, since it must work whatever the data folder holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.model.folder_lock import Holder, ask_to_come_forward
from scenes.render.shapes import felt_backdrop

if TYPE_CHECKING:
    from scenes.app import App

HEADING = pygame.Rect(140, 150, 1000, 70)
MESSAGE = pygame.Rect(190, 250, 900, 220)
FORWARD = pygame.Rect(330, 520, 320, 58)
QUIT = pygame.Rect(670, 520, 280, 58)
MESSAGE_SIZE = 24


class AlreadyOpenScene(Scene):
    name = "already-open"

    def __init__(self, app: App, holder: Holder) -> None:
        super().__init__(app)
        self.holder = holder
        self.forward_button = Button(
            FORWARD, lambda: t("already_open.forward"), self.bring_forward, primary=True
        )
        self.quit_button = Button(QUIT, lambda: t("already_open.quit"), app.quit)
        self.focus = FocusGroup(
            [self.forward_button, self.quit_button], on_activate=lambda: app.play("click")
        )

    def bring_forward(self) -> None:
        """Ask the running copy to show its window, then leave it the folder."""
        ask_to_come_forward(self.app.data_folder)
        self.app.quit()

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.quit()
            return
        self.focus.handle(intent)

    def message(self) -> str:
        if self.holder.pid is None:
            return t("already_open.message_unnamed")
        return t("already_open.message", pid=self.holder.pid)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = fonts.line(t("already_open.heading"), 44, HEADING.width, theme.CREAM, "black", "center")
        if heading is not None:
            surface.blit(heading.surface, heading.surface.get_rect(center=HEADING.center))
        fitted = fonts.block(self.message(), MESSAGE_SIZE, MESSAGE.size, theme.CREAM, align="center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=MESSAGE.midtop))
        self.focus.draw(surface)
