"""A spot on the table the player can pick (a die, a card, a market slot, a free cell, a field):
a focusable control with no look of its own besides the focus ring, so the keyboard and the
gamepad reach everything the mouse can."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.goennen.engine import Card
from scenes.core import theme
from scenes.core.widgets import Pressable, Text


class Spot(Pressable):
    def __init__(
        self,
        rect: pygame.Rect,
        on_press: Callable[[], None],
        hint: Text | None = None,
        card: Card | None = None,
        values: tuple[int | None, ...] = (),
        radius: int = 12,
    ) -> None:
        super().__init__(rect, on_press, hint)
        self.card = card  # shown zoomed when the spot is hovered or focused
        self.values = values
        self.radius = radius

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        if focused:
            pygame.draw.rect(
                surface, theme.WHITE, self.rect.inflate(12, 12), 3, border_radius=self.radius + 4
            )
