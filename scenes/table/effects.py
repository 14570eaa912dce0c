"""Short-lived pictures over the table: a glow where something changed, a bot's move in words on
its display, a card flying from the market (or a deck) to a display, and a bot's dice flying from
the tray to where they are used."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.core import fonts, theme
from scenes.core.tween import Tweens

RGB = tuple[int, int, int]


@dataclass
class Flash:
    rect: pygame.Rect
    colour: RGB
    life: float = 1.0


@dataclass
class Toast:
    rect: pygame.Rect  # the area it is centred in
    text: Callable[[], str]  # told when drawn, so it follows the language
    life: float = 1.0
    size: int = 18


@dataclass
class Flyer:
    image: pygame.Surface
    start: pygame.Rect
    end: pygame.Rect
    progress: float = 0.0
    aspect: float = 1.4  # height / width: a card; 1.0 for a die
    arc: float = 60.0  # how high the flight bows above the straight line
    ring: RGB | None = None  # a ring around it all the way (a bot's die, in the bot's colour)


class Effects:
    def __init__(self, tweens: Tweens) -> None:
        self.tweens = tweens
        self.flashes: list[Flash] = []
        self.toasts: list[Toast] = []
        self.flyers: list[Flyer] = []

    def flash(self, rect: pygame.Rect, colour: RGB = theme.FOCUS, seconds: float = 1.0) -> None:
        item = Flash(rect.copy(), colour)
        self.flashes.append(item)
        self.tweens.animate(
            item, seconds, "in_quad", on_done=lambda: self._drop(self.flashes, item), life=0.0
        )

    def toast(self, rect: pygame.Rect, text: Callable[[], str], seconds: float = 1.6) -> None:
        self.toasts = [t for t in self.toasts if t.rect != rect]
        item = Toast(rect.copy(), text)
        self.toasts.append(item)
        self.tweens.animate(item, seconds, "in_quad", on_done=lambda: self._drop(self.toasts, item), life=0.0)

    def banner(self, rect: pygame.Rect, text: Callable[[], str], seconds: float = 1.3) -> None:
        """A large pop-up in the middle of `rect`: a human's turn or choice begins."""
        item = Toast(pygame.Rect(rect.x, rect.centery - 40, rect.width, 80), text, size=30)
        self.toasts.append(item)
        self.tweens.animate(item, seconds, "in_quad", on_done=lambda: self._drop(self.toasts, item), life=0.0)

    def fly(
        self,
        image: pygame.Surface,
        start: pygame.Rect,
        end: pygame.Rect,
        seconds: float = 0.55,
        delay: float = 0.0,
        aspect: float = 1.4,
        arc: float = 60.0,
        ring: RGB | None = None,
    ) -> None:
        """`image` moves from `start` to `end` (waiting at `start` for `delay` seconds)."""
        item = Flyer(image, start.copy(), end.copy(), aspect=aspect, arc=arc, ring=ring)
        self.flyers.append(item)
        self.tweens.animate(
            item,
            seconds,
            "in_out_cubic",
            on_done=lambda: self._drop(self.flyers, item),
            delay=delay,
            progress=1.0,
        )

    @staticmethod
    def _drop(items: list[Flash] | list[Toast] | list[Flyer], item: object) -> None:
        if item in items:
            items.remove(item)  # type: ignore[arg-type]

    @property
    def active(self) -> bool:
        return bool(self.flashes or self.toasts or self.flyers)

    def clear(self) -> None:
        self.flashes.clear()
        self.toasts.clear()
        self.flyers.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for flash in self.flashes:
            alpha = round(255 * flash.life)
            ring = pygame.Surface(flash.rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*flash.colour, alpha), ring.get_rect(), 6, border_radius=14)
            pygame.draw.rect(
                ring, (*flash.colour, alpha // 4), ring.get_rect().inflate(-12, -12), border_radius=10
            )
            surface.blit(ring, flash.rect.inflate(16, 16))
        for flyer in self.flyers:
            p = flyer.progress
            x = flyer.start.x + (flyer.end.x - flyer.start.x) * p
            y = flyer.start.y + (flyer.end.y - flyer.start.y) * p - flyer.arc * (1 - (2 * p - 1) ** 2)
            w = flyer.start.width + (flyer.end.width - flyer.start.width) * p
            size = (max(1, round(w)), max(1, round(w * flyer.aspect)))
            image = (
                flyer.image
                if size == flyer.image.get_size()
                else pygame.transform.smoothscale(flyer.image, size)
            )
            surface.blit(image, (round(x), round(y)))
            if flyer.ring is not None:
                frame = pygame.Rect(round(x), round(y), *size).inflate(10, 10)
                pygame.draw.rect(surface, flyer.ring, frame, 4, border_radius=max(4, size[0] // 4))
        for toast in self.toasts:
            fitted = fonts.block(
                toast.text(),
                toast.size,
                (toast.rect.width - 20, 2 * toast.size + 8),
                theme.INK,
                "bold",
                "center",
            )
            if fitted is None:
                continue
            label = fitted.surface
            box = label.get_rect(center=toast.rect.center).inflate(20, 12)
            pill = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = round(255 * min(1.0, toast.life * 3))
            pygame.draw.rect(pill, (*theme.FOCUS, alpha), pill.get_rect(), border_radius=box.height // 2)
            faded = label.copy()
            faded.set_alpha(alpha)
            pill.blit(faded, faded.get_rect(center=pill.get_rect().center))
            surface.blit(pill, box)
