"""Fonts (Lato, shipped under assets/fonts with its OFL licence) and a cache of rendered text."""

from __future__ import annotations

from functools import cache, lru_cache

import pygame

from scenes.core.resources import resource_path
from scenes.core.surface_cache import SurfaceCache

WEIGHTS = {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf", "black": "Lato-Black.ttf"}
# the labels of a few screens; the least recently drawn go first (names and numbers never repeat)
_text_cache = SurfaceCache("text", budget_bytes=8 * 2**20)


@cache
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(resource_path(f"assets/fonts/{WEIGHTS[weight]}")), max(6, size))


def text(content: str, size: int, colour: tuple[int, ...], weight: str = "regular") -> pygame.Surface:
    """Rendered, anti-aliased text; cached because the same labels are drawn every frame."""
    key = (content, size, weight, tuple(colour))
    surface = _text_cache.get(key)
    if surface is None:
        surface = _text_cache.put(key, font(size, weight).render(content, True, colour))
    return surface


def wrap(content: str, size: int, width: int, weight: str = "regular") -> list[str]:
    """Break text into lines no wider than `width`; blank lines in the text are kept."""
    face = font(size, weight)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)  # keyed by the text: log lines and names never stop changing
def fit_size(content: str, size: int, width: int, weight: str = "regular", smallest: int = 9) -> int:
    """The largest size up to `size` at which `content` fits in `width` on one line."""
    while size > smallest and font(size, weight).size(content)[0] > width:
        size -= 1
    return size


def missing_characters(content: str, weight: str = "regular") -> set[str]:
    """Characters the font has no glyph for (the i18n test checks the catalogues with this)."""
    face = font(16, weight)
    unique = sorted(set(content) - {"\n", "\t"})
    metrics = face.metrics("".join(unique))
    return {char for char, metric in zip(unique, metrics, strict=True) if metric is None}
