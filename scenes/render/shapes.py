"""Shapes shared by the renderers: colour glyphs, rounded panels with shadows, the felt backdrop."""

from __future__ import annotations

import math
import random
from functools import cache

import pygame

from game.goennen.engine import Colour
from scenes.core import theme

RGB = tuple[int, int, int]


def glyph_points(glyph: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The outline of a polygon glyph (triangle, square, diamond, star) around `centre`."""
    cx, cy = centre
    if glyph == "triangle":
        return [
            (cx + radius * math.cos(a), cy + radius * 1.05 * math.sin(a) + radius * 0.15)
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if glyph == "square":
        r = radius * 0.8
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if glyph == "diamond":
        return [(cx, cy - radius), (cx + radius * 0.85, cy), (cx, cy + radius), (cx - radius * 0.85, cy)]
    if glyph == "star":
        points = []
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle) + radius * 0.08))
        return points
    raise ValueError(f"unknown glyph {glyph!r}")


def draw_glyph(
    surface: pygame.Surface,
    colour: Colour,
    centre: tuple[float, float],
    radius: float,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 0,
) -> None:
    """Draw the glyph of `colour` (filled with `fill`, default the colour itself)."""
    fill_rgb = fill if fill is not None else theme.COLOUR_RGB[colour]
    if colour.glyph == "circle":
        pygame.draw.circle(surface, fill_rgb, centre, radius * 0.85)
        if outline is not None and width:
            pygame.draw.circle(surface, outline, centre, radius * 0.85, width)
        return
    points = glyph_points(colour.glyph, centre, radius)
    pygame.draw.polygon(surface, fill_rgb, points)
    if outline is not None and width:
        pygame.draw.polygon(surface, outline, points, width)


def colour_chip(colour: Colour, size: int) -> pygame.Surface:
    """A small disc in the colour carrying its glyph: the legend mark used in text and icons."""
    return _colour_chip(colour, size)


@cache
def _colour_chip(colour: Colour, size: int) -> pygame.Surface:
    chip = pygame.Surface((size, size), pygame.SRCALPHA)
    rgb = theme.COLOUR_RGB[colour]
    centre = (size / 2, size / 2)
    pygame.draw.circle(chip, theme.darker(rgb, 0.35), centre, size / 2)
    pygame.draw.circle(chip, rgb, centre, size / 2 - max(1, size // 12))
    draw_glyph(chip, colour, centre, size * 0.26, fill=theme.ink_on(rgb))
    return chip


def rounded_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: RGB,
    radius: int = 14,
    border: RGB | None = None,
    border_width: int = 2,
    shadow: int = 0,
) -> None:
    """A rounded rectangle with an optional soft drop shadow below it."""
    if shadow:
        shade = pygame.Surface((rect.width + shadow * 2, rect.height + shadow * 2), pygame.SRCALPHA)
        for step in range(shadow, 0, -2):
            alpha = int(60 * (1 - step / shadow)) + 8
            inner = pygame.Rect(shadow - step, shadow - step, rect.width + step * 2, rect.height + step * 2)
            pygame.draw.rect(shade, (0, 0, 0, alpha // 3), inner, border_radius=radius + step)
        surface.blit(shade, (rect.x - shadow, rect.y - shadow + shadow // 2))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


@cache
def felt_backdrop(size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """The table felt: a radial light in the middle, darker edges and a fine deterministic grain."""
    width, height = size
    small = pygame.Surface((width // 8, height // 8))
    cx, cy = small.get_width() / 2, small.get_height() * 0.42
    reach = math.hypot(cx, cy) * 1.15
    for y in range(small.get_height()):
        for x in range(small.get_width()):
            t = min(1.0, math.hypot(x - cx, y - cy) / reach)
            t = t * t
            small.set_at(
                (x, y),
                tuple(
                    int(light + (dark - light) * t)
                    for light, dark in zip(theme.FELT_LIGHT, theme.FELT_DARK, strict=True)
                ),
            )
    backdrop = pygame.transform.smoothscale(small, size)
    grain = random.Random(7)
    for _ in range(width * height // 40):
        x, y = grain.randrange(width), grain.randrange(height)
        r, g, b, _a = backdrop.get_at((x, y))
        delta = grain.choice((-6, -4, 4, 6))
        backdrop.set_at(
            (x, y), (max(0, min(255, r + delta)), max(0, min(255, g + delta)), max(0, min(255, b + delta)))
        )
    return backdrop.convert(pygame.Surface((1, 1), 0, 32))  # the screen's format: blits stay plain copies


def dim(surface: pygame.Surface, alpha: int) -> None:
    """Darken everything drawn so far (overlays use it to push the scene below back)."""
    veil = _veil(surface.get_size())
    veil.set_alpha(alpha)
    surface.blit(veil, (0, 0))


@cache
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size)
    veil.fill((0, 0, 0))
    return veil
