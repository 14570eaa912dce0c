"""The one confirmation dialog: every button that would lose something asks here first.

    ask(app, Confirmation(lambda: t("confirm.restart", game=...), "confirm.restart.yes", restart))

An overlay (route "confirm") over the screen that asked: a heading, the question naming what would
be lost, the safe choice and the destructive one. The focus starts on the safe choice, and Escape,
B and a click beside the panel choose it too, so only a deliberate press of the other button loses
anything. Mouse, keyboard and gamepad reach it through the usual focus group.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t, text_of
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.render.shapes import dim, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

ROUTE = "confirm"


@dataclass(frozen=True)
class Confirmation:
    """What to ask and what each answer does (the route "confirm"'s argument)."""

    question: Callable[[], str]  # looked up at draw time, so a language switch shows at once
    confirm_key: str  # the i18n key of the destructive button ("Replace", "Restart", ...)
    on_confirm: Callable[[], object]  # called for what it does; what it returns is not used
    on_cancel: Callable[[], object] | None = None
    heading_key: str = "confirm.heading"
    cancel_key: str = "confirm.cancel"


def ask(app: Host, confirmation: Confirmation) -> None:
    """Show the confirmation over the current screen (no fade: the screen stays visible)."""
    app.stack.push(app.scene(ROUTE, confirmation))


class ConfirmScene(MenuScene):
    transparent = True
    layout_name = "confirm"
    name = "confirm"

    def __init__(self, app: Host, confirmation: Confirmation) -> None:
        super().__init__(app)
        self.confirmation = confirmation
        self.cancel_button = Button(
            self.layout["cancel"], text_of(confirmation.cancel_key), self.cancel, primary=True, size=24
        )
        self.confirm_button = Button(
            self.layout["confirm"], text_of(confirmation.confirm_key), self.confirm, size=24
        )
        self.focus.widgets = [self.cancel_button, self.confirm_button]
        self.focus.focus(self.cancel_button)
        self.appear = 0.0

    def enter(self) -> None:
        self.tweens.animate(self, 0.15, "out_cubic", appear=1.0)

    def cancel(self) -> None:
        self.app.stack.pop()
        if self.confirmation.on_cancel is not None:
            self.confirmation.on_cancel()

    def confirm(self) -> None:
        self.app.stack.pop()  # the dialog leaves first; the answer then acts on the screen below
        self.confirmation.on_confirm()

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.play("click")
            self.cancel()
            return
        outside = intent.pos is not None and not self.layout["panel"].collidepoint(intent.pos)
        if intent.action == Action.POINTER_UP and outside:
            self.cancel()
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, round(170 * self.appear))
        panel = self.layout["panel"]
        rounded_panel(surface, panel, (16, 48, 42), radius=24, border=theme.FOCUS, border_width=3, shadow=18)
        heading = self.layout["heading"]
        title = t(self.confirmation.heading_key)
        label = fonts.text(title, fonts.fit_size(title, 34, heading.width, "black"), theme.CREAM, "black")
        surface.blit(label, label.get_rect(midleft=heading.midleft))
        area = self.layout["message"]
        question = self.confirmation.question()
        fitted = fonts.block(question, 24, area.size, theme.CREAM)
        if fitted is not None:
            surface.blit(fitted.surface, area.topleft)
        self.focus.draw(surface)
