"""Pictures the solo screens share: level medallions, tick boxes, padlocks, the target laurel, confetti."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from scenes.core import fonts, theme
from scenes.core.tween import Tweens
from scenes.render.cards import laurel
from scenes.render.icons import draw_tick
from scenes.render.score_sheet import GOLD as GOLD  # one gold for both end screens

RGB = tuple[int, int, int]
GOLD_DARK = (150, 104, 16)
WON_GREEN = (24, 140, 92)
LOST_RED = (196, 64, 52)
LOCKED = (150, 146, 134)
PANEL = (16, 48, 42)
PANEL_BORDER = (44, 96, 84)


def panel(surface: pygame.Surface, rect: pygame.Rect, border: RGB = PANEL_BORDER) -> None:
    """The dark felt panel the side boxes sit in."""
    from scenes.render.shapes import rounded_panel

    rounded_panel(surface, rect, PANEL, radius=20, border=border, border_width=2, shadow=12)


def medallion(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    level: int,
    fill: RGB,
    ring: RGB | None = None,
) -> None:
    """A round badge with the level number (the solo card's first column)."""
    pygame.draw.circle(surface, theme.darker(fill, 0.35), (centre[0], centre[1] + 2), radius)
    pygame.draw.circle(surface, fill, centre, radius - 1)
    if ring is not None:
        pygame.draw.circle(surface, ring, centre, radius + 4, 3)
    label = fonts.text(str(level), round(radius * 1.15), theme.ink_on(fill), "black")
    surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))


def tick_box(surface: pygame.Surface, rect: pygame.Rect, ticked: bool, ink: RGB, scale: float = 1.0) -> None:
    """The field at the back of a solo card row, ticked for a won level (scale animates the pen)."""
    pygame.draw.rect(surface, theme.WHITE, rect, border_radius=6)
    pygame.draw.rect(surface, ink, rect, 2, border_radius=6)
    if ticked and scale > 0:
        grown = rect.inflate(-rect.width * 0.25, -rect.height * 0.25)
        grown.width = max(2, round(grown.width * min(1.0, scale)))
        draw_tick(surface, grown, theme.PEN, max(3, rect.width // 8))


def padlock(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: RGB) -> None:
    """A small closed padlock: a level not open yet."""
    cx, cy = centre
    body = pygame.Rect(0, 0, size, round(size * 0.72))
    body.midtop = (cx, cy - round(size * 0.12))
    shackle = pygame.Rect(0, 0, round(size * 0.64), round(size * 0.8))
    shackle.midbottom = (cx, body.top + round(size * 0.3))
    pygame.draw.arc(surface, colour, shackle, 0, math.pi, max(2, size // 7))
    pygame.draw.rect(surface, colour, body, border_radius=max(2, size // 6))
    pygame.draw.circle(surface, theme.darker(colour, 0.5), body.center, max(1, size // 9))


def target_laurel(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, points: int, ink: RGB
) -> None:
    """Points to reach inside a laurel, like the scores on the printed cards."""
    laurel(surface, centre, radius, (92, 140, 70))
    label = fonts.text(str(points), round(radius * 0.95), ink, "black")
    surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))


def counter_cards(
    surface: pygame.Surface, centre: tuple[int, int], height: int, count: int, ink: RGB
) -> None:
    """The round counter: a small stack of cards with the number of rounds beside it."""
    width = round(height * 0.7)
    for offset in (2, 1, 0):
        card = pygame.Rect(0, 0, width, height)
        card.center = (centre[0] - 22 + offset * 4, centre[1] - offset * 3)
        pygame.draw.rect(surface, (240, 232, 212), card, border_radius=3)
        pygame.draw.rect(surface, theme.darker(ink, 0.1), card, 1, border_radius=3)
    label = fonts.text(str(count), round(height * 1.0), ink, "black")
    surface.blit(label, label.get_rect(midleft=(centre[0] - 2, centre[1] + 1)))


def wrapped(
    surface: pygame.Surface,
    content: str,
    area: pygame.Rect,
    size: int,
    colour: RGB,
    weight: str = "regular",
    centred: bool = False,
) -> int:
    """Draw `content` wrapped into `area` by pygame-ce (smaller down to legible, then cut short with
    "…"); returns the bottom y of the text."""
    fitted = fonts.block(content, size, area.size, colour, weight, "center" if centred else "left")
    if fitted is None:
        return area.y
    height = fitted.surface.get_height()
    surface.blit(fitted.surface, area.topleft)
    return area.y + height


# --- confetti -----------------------------------------------------------------------------------

CONFETTI_COLOURS: tuple[RGB, ...] = (
    (240, 228, 66),
    (230, 159, 0),
    (0, 158, 115),
    (86, 180, 233),
    (204, 121, 167),
    (255, 248, 225),
)


@dataclass
class Flake:
    x: float
    y: float
    spin: float
    colour: RGB
    width: int
    height: int
    alpha: float = 255.0


class Confetti:
    """A burst of paper flakes from the top of the screen, each flake driven by its own tweens."""

    def __init__(self) -> None:
        self.flakes: list[Flake] = []

    def burst(self, tweens: Tweens, area: pygame.Rect, count: int, seed: int, delay: float = 0.0) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            flake = Flake(
                x=rng.uniform(area.left, area.right),
                y=area.top - rng.uniform(10, 160),
                spin=rng.uniform(0, 360),
                colour=rng.choice(CONFETTI_COLOURS),
                width=rng.randint(7, 13),
                height=rng.randint(4, 8),
            )
            self.flakes.append(flake)
            fall = rng.uniform(2.4, 4.2)
            start = delay + rng.uniform(0, 1.4)
            tweens.animate(
                flake,
                fall,
                "out_quad",
                delay=start,
                y=area.bottom + rng.uniform(-80, 40),
                x=flake.x + rng.uniform(-140, 140),
                spin=flake.spin + rng.uniform(-720, 720),
            )
            tweens.animate(flake, 0.8, "in_quad", delay=start + fall - 0.8, alpha=0.0)

    def draw(self, surface: pygame.Surface) -> None:
        for flake in self.flakes:
            if flake.alpha <= 0:
                continue
            # A turning flake shows its edge: the apparent width follows the spin.
            width = max(2, round(flake.width * abs(math.cos(math.radians(flake.spin)))))
            piece = pygame.Surface((width, flake.height), pygame.SRCALPHA)
            shade = (
                flake.colour if math.sin(math.radians(flake.spin)) >= 0 else theme.darker(flake.colour, 0.2)
            )
            piece.fill((*shade, round(flake.alpha)))
            turned = pygame.transform.rotate(piece, flake.spin * 0.5)
            surface.blit(turned, turned.get_rect(center=(round(flake.x), round(flake.y))))

    def clear_finished(self) -> None:
        self.flakes = [flake for flake in self.flakes if flake.alpha > 0]
