"""The guided game's last screen, after its final score: the scoring in a few words, then the way
on: a real game (New game) or the title. The tutorial's save is gone by then (a finished tutorial
removes it), so nothing is left behind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.core import fonts, theme
from scenes.core.i18n import t, text_of
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.render.shapes import rounded_panel

if TYPE_CHECKING:
    import pygame

    from scenes.core.stack import Host
    from scenes.model.session import GameSession


class TutorialDoneScene(MenuScene):
    layout_name = "confirm"  # a panel with a heading, a message and two buttons
    name = "tutorial-done"

    def __init__(self, app: Host, session: GameSession | None = None) -> None:
        super().__init__(app)
        self.new_game_button = Button(
            self.layout["confirm"], text_of("tutorial.end.new_game"), self.new_game, primary=True, size=24
        )
        self.title_button = Button(
            self.layout["cancel"], text_of("tutorial.end.title"), self.to_title, size=24
        )
        self.focus.widgets = [self.title_button, self.new_game_button]
        self.focus.focus(self.new_game_button)

    def new_game(self) -> None:
        self.app.go("new-game", how="reset")

    def to_title(self) -> None:
        self.app.go("title", how="reset")

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU):
            self.app.play("click")
            self.to_title()
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        panel = self.layout["panel"]
        rounded_panel(surface, panel, (16, 48, 42), radius=24, border=theme.FOCUS, border_width=3, shadow=18)
        heading = self.layout["heading"]
        title = t("tutorial.end.heading")
        label = fonts.text(title, fonts.fit_size(title, 34, heading.width, "black"), theme.CREAM, "black")
        surface.blit(label, label.get_rect(midleft=heading.midleft))
        area = self.layout["message"]
        fitted = fonts.block(t("tutorial.lesson.scoring"), 22, area.size, theme.CREAM)
        if fitted is not None:
            surface.blit(fitted.surface, area.topleft)
        self.focus.draw(surface)
