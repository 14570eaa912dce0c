"""A fade through black between scenes; a transparent scene on top of the stack while it runs.

Halfway (fully black) it performs the stack change beneath itself, then fades the new scene in
and removes itself. Input is swallowed meanwhile so a double click cannot act twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core.intents import Intent
from scenes.core.stack import Operation, Scene

if TYPE_CHECKING:
    from scenes.core.stack import Host

FADE_SECONDS = 0.32


class FadeTransition(Scene):
    transparent = True
    name = "fade"

    def __init__(self, app: Host, operation: Operation, seconds: float = FADE_SECONDS) -> None:
        super().__init__(app)
        self.operation = operation
        self.half = seconds / 2
        self.darkness = 0.0
        self._veil = pygame.Surface((1, 1))

    def enter(self) -> None:
        self.tweens.animate(self, self.half, "in_quad", on_done=self._midway, darkness=255.0)

    def _midway(self) -> None:
        self.app.stack.beneath(self, self.operation)
        self.tweens.animate(self, self.half, "out_quad", on_done=self.app.stack.pop, darkness=0.0)

    def handle(self, intent: Intent) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        if self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size())
            self._veil.fill((0, 0, 0))
        self._veil.set_alpha(round(self.darkness))
        surface.blit(self._veil, (0, 0))
