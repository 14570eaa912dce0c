"""Fonts (Lato, shipped under assets/fonts with its OFL licence) and a cache of rendered text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import islice

import pygame

from scenes.core import shipped
from scenes.core.resources import resource_path
from scenes.core.surface_cache import SurfaceCache

WEIGHTS = {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf", "black": "Lato-Black.ttf"}
LEGIBLE = 14  # the smallest text size a player can read at 1280x720; text never goes below it
ELLIPSIS = "…"
ALIGN = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER, "right": pygame.FONT_RIGHT}

# the labels of a few screens; the least recently drawn go first (names and numbers never repeat)
_text_cache = SurfaceCache("text", budget_bytes=4 * 2**20)


@cache
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = resource_path(f"assets/fonts/{WEIGHTS[weight]}")
    try:
        if not path.is_file():  # a named pipe would make SDL wait for ever
            raise OSError(f"{path.name} is missing or not a plain file")
        loaded = pygame.font.Font(str(path), max(6, size))
        loaded.render("Ag", True, (0, 0, 0))  # a damaged file may open and fail only when drawn
        return loaded
    # a damaged or missing file (pygame-ce raises ValueError for an empty one): pygame's own font
    except (OSError, ValueError, pygame.error) as error:
        shipped.report(path.name, str(error))
        return pygame.font.Font(None, max(6, size))


def text(content: str, size: int, colour: tuple[int, ...], weight: str = "regular") -> pygame.Surface:
    """Rendered, anti-aliased text; cached because the same labels are drawn every frame."""
    key = (content, size, weight, tuple(colour))
    surface = _text_cache.get(key)
    if surface is None:
        surface = _text_cache.put(key, font(size, weight).render(content, True, colour))
    return surface


@dataclass(frozen=True)
class Block:
    """Text wrapped into a box: the surface (as wide as the box), the size it was set in, and
    whether it had to be cut short (then the full text belongs in a hover hint)."""

    surface: pygame.Surface
    size: int
    shortened: bool = False


def block(
    content: str,
    size: int,
    box: tuple[int, int],
    colour: tuple[int, ...],
    weight: str = "regular",
    align: str = "left",
    smallest: int = LEGIBLE,
    shorten: bool = True,
) -> Block | None:
    """`content` wrapped by pygame-ce (`Font.render(..., wraplength=)`) into a box of `box` pixels:
    at the largest size from `size` down to `smallest` at which all of it fits; failing that, at
    `smallest`, as many words as fit followed by "…"; None when `shorten` is off or not even one
    word fits. Cached, since the same labels are drawn again and again."""
    key = (content, size, box, weight, tuple(colour), align, smallest, shorten)
    if key in _block_shapes:
        shape = _block_shapes[key]
        if shape is None:
            return None
        surface = _block_pixels.get(key)
        if surface is not None:
            return Block(surface, *shape)
    result = _fit_block(content, size, box, colour, weight, align, min(smallest, size), shorten)
    if len(_block_shapes) > _BLOCK_SHAPES_LIMIT:
        # the oldest half (by insertion) goes: the blocks on screen now stay fitted, so no frame
        # refits all of them at once
        for old in list(islice(_block_shapes, len(_block_shapes) // 2)):
            del _block_shapes[old]
    _block_shapes[key] = None if result is None else (result.size, result.shortened)
    if result is not None:
        _block_pixels.put(key, result.surface)
    return result


# Fitted blocks: their pixels least recently used first out within a budget. Kept by count before
# (2,000, then cleared), a log line or a prompt a move (30-100 kB each) held up to some 60 MB of
# pixels outside Python's heap before the cache started afresh (docs/performance.md).
_block_pixels = SurfaceCache("text blocks", budget_bytes=16 * 2**20)
_BLOCK_SHAPES_LIMIT = 4096  # sizes set in and whether cut short: a few times the blocks kept
_block_shapes: dict[tuple[object, ...], tuple[int, bool] | None] = {}


def line(
    content: str, size: int, width: int, colour: tuple[int, ...], weight: str = "regular", align: str = "left"
) -> Block | None:
    """`content` on one line of `width` pixels: as large as fits from `size` down to legible, then
    cut short with "…" (see `block`)."""
    return block(content, size, (width, font(size, weight).get_linesize()), colour, weight, align)


def _fit_block(
    content: str,
    size: int,
    box: tuple[int, int],
    colour: tuple[int, ...],
    weight: str,
    align: str,
    smallest: int,
    shorten: bool,
) -> Block | None:
    width, height = box
    for candidate in range(size, smallest - 1, -1):
        surface = _render_wrapped(content, candidate, width, colour, weight, align)
        if surface is not None and surface.get_height() <= height:
            return Block(surface, candidate)
    if not shorten:
        return None
    words = content.split()
    while len(words) > 1:
        words.pop()
        surface = _render_wrapped(" ".join(words) + ELLIPSIS, smallest, width, colour, weight, align)
        if surface is not None and surface.get_height() <= height:
            return Block(surface, smallest, shortened=True)
    return None


def _render_wrapped(
    content: str, size: int, width: int, colour: tuple[int, ...], weight: str, align: str
) -> pygame.Surface | None:
    """The text wrapped at `width`, or None when one of its words alone is wider (SDL_ttf would
    break it inside the word)."""
    face = font(size, weight)
    if width <= 0 or any(face.size(word)[0] > width for word in content.split()):
        return None
    face.align = ALIGN[align]
    try:
        return face.render(content, True, colour, None, width)
    finally:
        face.align = pygame.FONT_LEFT


def paragraph(
    content: str, size: int, width: int, colour: tuple[int, ...], weight: str = "regular", align: str = "left"
) -> pygame.Surface:
    """`content` at `size`, wrapped by pygame-ce at `width` pixels (as tall as it needs): for a
    panel that grows with its text."""
    face = font(size, weight)
    face.align = ALIGN[align]
    try:
        return face.render(content, True, colour, None, max(1, width))
    finally:
        face.align = pygame.FONT_LEFT


@lru_cache(maxsize=4096)  # keyed by the text: log lines and names never stop changing
def fit_size(content: str, size: int, width: int, weight: str = "regular", smallest: int = LEGIBLE) -> int:
    """The largest size up to `size` at which `content` fits in `width` on one line."""
    while size > smallest and font(size, weight).size(content)[0] > width:
        size -= 1
    return size


def missing_characters(content: str, weight: str = "regular") -> set[str]:
    """Characters the font has no glyph for (the i18n test checks the catalogues with this).

    Asked of FreeType, which says None for a character the font lacks: pygame.font's own metrics
    give the empty box's size instead, so a ★ drawn as a box once passed this check."""
    import pygame.freetype  # only here: the game draws with pygame.font

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = pygame.freetype.Font(str(resource_path(f"assets/fonts/{WEIGHTS[weight]}")), 16)
    unique = sorted(set(content) - {"\n", "\t"})
    metrics = face.get_metrics("".join(unique))
    return {char for char, metric in zip(unique, metrics, strict=True) if metric is None}
