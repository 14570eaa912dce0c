"""'Pass to <name>': an opaque overlay that hides private cards while the device changes hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.layout import layout
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host


class PassScreen(Scene):
    name = "pass"

    def __init__(self, app: Host, player: str, on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.on_ready = on_ready
        self.layout = layout("pass")
        self.button = Button(
            self.layout["button"],
            lambda: t("table.pass.ready", name=self.player),
            self.ready,
            primary=True,
            size=24,
        )
        self.focus = FocusGroup([self.button], on_activate=lambda: app.play("click"))

    def ready(self) -> None:
        self.app.stack.pop()
        if self.on_ready is not None:
            self.on_ready()

    def handle(self, intent: Intent) -> None:
        if intent.action == Action.MENU:
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        panel = self.layout["panel"]
        rounded_panel(surface, panel, (16, 48, 42), radius=24, border=theme.FOCUS, border_width=3, shadow=18)
        heading = t("table.pass.heading", name=self.player)
        fitted = fonts.line(heading, 44, self.layout["heading"].width, theme.CREAM, "black", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=self.layout["heading"].center))
        area = self.layout["message"]
        words = t("table.pass.message", name=self.player)
        message = fonts.block(words, 22, area.size, theme.CREAM, align="center")
        if message is not None:
            surface.blit(message.surface, message.surface.get_rect(midtop=area.midtop))
        self.focus.draw(surface)
