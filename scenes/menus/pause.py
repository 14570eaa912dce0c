"""The pause menu: a transparent overlay over the game (Escape or Start opens it).

Resume, Settings and Quit to title always; Save and quit, Restart and Resign when the game
scene that opens it supplies them (PauseHooks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t, text_of
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.routing import Hook, PauseHooks
from scenes.core.widgets import Button
from scenes.render.shapes import dim, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host


class PauseScene(MenuScene):
    transparent = True
    layout_name = "pause"
    name = "pause"

    def __init__(self, app: Host, hooks: PauseHooks | None = None) -> None:
        super().__init__(app)
        self.hooks = hooks or PauseHooks()
        entries: list[tuple[str, Hook]] = [("resume", self.resume_game)]
        if self.hooks.save_and_quit:
            entries.append(("save_and_quit", self._hooked(self.hooks.save_and_quit)))
        if self.hooks.restart:
            entries.append(("restart", self._hooked(self.hooks.restart)))
        if self.hooks.resign:
            entries.append(("resign", self._hooked(self.hooks.resign)))
        entries += [("settings", self.open_settings), ("quit_to_title", self.quit_to_title)]
        area = self.layout["menu"]
        height, gap = 48, 12
        # Centre the panel on the screen for however many buttons the game supplied.
        self.panel = self.layout["panel"]
        self.panel.height = area.y - self.panel.y + len(entries) * (height + gap) + 18
        shift = (720 - self.panel.height) // 2 - self.panel.y
        self.panel.y += shift
        self.heading = self.layout["heading"].move(0, shift)
        self.buttons: dict[str, Button] = {}
        for index, (key, action) in enumerate(entries):
            rect = pygame.Rect(area.x, area.y + shift + index * (height + gap), area.width, height)
            self.buttons[key] = Button(rect, text_of(f"pause.{key}"), action, primary=index == 0, size=24)
        self.focus.widgets = list(self.buttons.values())
        self.appear = 0.0

    def _hooked(self, hook: Hook) -> Hook:
        def run() -> None:
            self.app.stack.pop()  # the overlay leaves first; the hook then acts on the game scene
            hook()

        return run

    def enter(self) -> None:
        self.tweens.animate(self, 0.18, "out_cubic", appear=1.0)

    def resume_game(self) -> None:
        self.app.stack.pop()

    def open_settings(self) -> None:
        self.app.go("settings")

    def quit_to_title(self) -> None:
        self.app.go("title", how="reset")

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.play("click")
            self.resume_game()
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, round(170 * self.appear))
        rounded_panel(
            surface, self.panel, (16, 48, 42), radius=24, border=theme.FOCUS, border_width=3, shadow=18
        )
        heading = self.heading
        label = fonts.text(t("pause.title"), 40, theme.CREAM, "black")
        surface.blit(label, label.get_rect(center=heading.center))
        self.focus.draw(surface)
