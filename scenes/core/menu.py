"""What the menu screens share: the felt backdrop, a heading, a focus group and its hint line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.intents import Action, Intent
from scenes.core.layout import Layout, layout
from scenes.core.stack import Scene
from scenes.core.widgets import FocusGroup
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host


class MenuScene(Scene):
    layout_name = ""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.layout: Layout = layout(self.layout_name)
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))

    @property
    def wants_text(self) -> bool:
        return self.focus.wants_text

    def back(self) -> None:
        """Escape / B: return to the screen this one was opened from (the title if none)."""
        self.app.play("click")
        if len(self.app.stack.scenes) > 1:
            self.app.go_back()
        else:
            self.app.go("title", how="replace")

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU) and not self.focus.wants_text:
            self.back()
            return
        if intent.action == Action.BACK:  # Escape in a name field: leave the field first
            self.focus.handle(Intent(Action.NEXT))  # as Tab: the next control
            return
        self.focus.handle(intent)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))

    def draw_heading(self, surface: pygame.Surface, title: str, region: str = "heading") -> None:
        area = self.layout[region]
        size = fonts.fit_size(title, 54, area.width, "black")
        shadow = fonts.text(title, size, theme.SHADOW, "black")
        label = fonts.text(title, size, theme.CREAM, "black")
        spot = label.get_rect(midleft=(area.x, area.centery))
        surface.blit(shadow, spot.move(2, 3))
        surface.blit(label, spot)
        pygame.draw.line(surface, theme.FOCUS, (area.x, area.bottom - 2), (area.x + 120, area.bottom - 2), 4)

    def draw_rows(self, surface: pygame.Surface, region: str = "seats") -> pygame.Rect:
        """The panel the rows of a setup screen sit on (New game, Play online, the lobby)."""
        area = self.layout[region]
        rounded_panel(
            surface,
            area.inflate(24, 12),
            (16, 48, 42),
            radius=22,
            border=(44, 96, 84),
            border_width=2,
            shadow=14,
        )
        return area

    def draw_seat_badge(
        self, surface: pygame.Surface, centre: tuple[int, int], mark: theme.RGB, seat: int
    ) -> None:
        """A seat's number on a disc of its colour, at the start of its row."""
        pygame.draw.circle(surface, theme.darker(mark, 0.4), centre, 28)
        pygame.draw.circle(surface, mark, centre, 25)
        number = fonts.text(str(seat + 1), 30, theme.ink_on(mark), "black")
        surface.blit(number, number.get_rect(center=centre))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.focus.draw(surface)
        if "hint" in self.layout.regions:
            self.focus.draw_hint(surface, self.layout["hint"])
