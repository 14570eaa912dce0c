"""The help at the Penk! table, the first game's in Penk!'s terms: the Hint (H and its button, a
second H plays it; scenes/penk/hint.py). The table scene mixes this in; it keeps the table's own
file to the game itself."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.widgets import Button
from scenes.penk.hint import PenkHints

HINT_WIDTH = 150


class TableHelp:
    """Mixed into PenkTableScene, whose session, app, layout, focus, deciding and _play it uses."""

    session: Any
    app: Any
    layout: Any
    focus: Any

    def build_help(self) -> None:
        title = self.layout["title"]
        box = pygame.Rect(title.right - HINT_WIDTH, title.y, HINT_WIDTH, title.height)
        self.hint_button = Button(
            box, lambda: t("hint.button"), self.hint, hint=lambda: t("hint.button.hint"), size=17
        )
        self.hints = PenkHints(self.session)
        self.focus.widgets.append(self.hint_button)

    def hint(self) -> None:
        """Ask the expert; asked again while its hint shows, do what it says."""
        if not self.deciding:  # type: ignore[attr-defined]
            return
        advice = self.hints.current()
        if advice is not None:
            self.play(advice.action)  # type: ignore[attr-defined]
        elif self.hints.ask():
            self.app.play("click")
        self.app.request_draw()

    def handle_help(self, intent: Intent) -> bool:
        if intent.action == Key.HINT:
            self.hint()
            return True
        return False

    def update_help(self) -> None:
        self.hint_button.enabled = self.deciding  # type: ignore[attr-defined]
        if self.hints.poll():
            self.app.request_draw()

    def draw_help(self, surface: pygame.Surface) -> None:
        if self.deciding:  # type: ignore[attr-defined]
            self.hint_button.draw(surface, self.hint_button is self.focus.focused)
        self.hints.draw(surface, self)

    @property
    def help_animating(self) -> bool:
        return self.hints.thinking
