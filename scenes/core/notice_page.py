"""A page that stands instead of the title when the game cannot start as usual (the deck is
damaged, another copy has the data folder): a heading, a message and a row of buttons, drawn
without a layout file, since those may be damaged too. Escape or B quits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.intents import Action, Intent
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.render.shapes import felt_backdrop

if TYPE_CHECKING:
    from scenes.core.stack import Host

HEADING = pygame.Rect(140, 150, 1000, 70)
MESSAGE = pygame.Rect(190, 250, 900, 220)
MESSAGE_SIZE = 24


class NoticePage(Scene):
    """Subclasses give `heading()`, `message()` and their buttons (the first is the primary)."""

    def __init__(self, app: Host, buttons: list[Button]) -> None:
        super().__init__(app)
        self.focus = FocusGroup(buttons, on_activate=lambda: app.play("click"))

    def heading(self) -> str:
        raise NotImplementedError

    def message(self) -> str:
        raise NotImplementedError

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.quit()
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = fonts.line(self.heading(), 44, HEADING.width, theme.CREAM, "black", "center")
        if heading is not None:
            surface.blit(heading.surface, heading.surface.get_rect(center=HEADING.center))
        fitted = fonts.block(self.message(), MESSAGE_SIZE, MESSAGE.size, theme.CREAM, align="center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=MESSAGE.midtop))
        self.focus.draw(surface)
