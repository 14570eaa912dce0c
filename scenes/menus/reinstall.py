"""The screen shown instead of the title when the shipped deck is damaged: no game without it.

Every other shipped file has a default (scenes/core/shipped.py); the deck has none, so the player
is told which file is damaged and that reinstalling the game repairs it, in their language, and
can only quit. Drawn without a layout file, since those may be damaged too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.render.shapes import felt_backdrop

if TYPE_CHECKING:
    from scenes.app import App

HEADING = pygame.Rect(140, 150, 1000, 70)
MESSAGE = pygame.Rect(190, 250, 900, 220)
QUIT = pygame.Rect(510, 520, 260, 58)
MESSAGE_SIZE = 24


class ReinstallScene(Scene):
    name = "reinstall"

    def __init__(self, app: App, file: str) -> None:
        super().__init__(app)
        self.file = file
        self.button = Button(QUIT, lambda: t("reinstall.quit"), app.quit, primary=True)
        self.focus = FocusGroup([self.button], on_activate=lambda: app.play("click"))

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.quit()
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = fonts.line(t("reinstall.heading"), 44, HEADING.width, theme.CREAM, "black", "center")
        if heading is not None:
            surface.blit(heading.surface, heading.surface.get_rect(center=HEADING.center))
        message = t("reinstall.message", file=self.file)
        fitted = fonts.block(message, MESSAGE_SIZE, MESSAGE.size, theme.CREAM, align="center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=MESSAGE.midtop))
        self.focus.draw(surface)
