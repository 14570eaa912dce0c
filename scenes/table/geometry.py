"""Where things sit on a card and in a display grid, in screen pixels.

`field_rects` uses the card painter's own task layout (scenes/render/cards.py `task_layout`), so a
click on a drawn field finds its index.
"""

from __future__ import annotations

import pygame

from game.goennen.engine import Card
from scenes.render.cards import MARK_CENTRES, MARK_RADIUS, task_layout

DESIGN = (300, 420)
CARD_RATIO = 420 / 300


def field_rects(card: Card, rect: pygame.Rect) -> list[pygame.Rect]:
    """The screen rectangle of each task field of `card` drawn into `rect`."""
    s = rect.width / DESIGN[0]
    return [
        pygame.Rect(rect.x + round(x * s), rect.y + round(y * s), round(size * s), round(size * s))
        for x, y, size in task_layout(card.task).spots
    ]


def mark_rects(rect: pygame.Rect) -> list[pygame.Rect]:
    """The screen rectangle of each bonus mark of a bonus card drawn into `rect`."""
    s = rect.width / DESIGN[0]
    side = round(2 * MARK_RADIUS * s)
    return [
        pygame.Rect(rect.x + round((x - MARK_RADIUS) * s), rect.y + round((y - MARK_RADIUS) * s), side, side)
        for x, y in MARK_CENTRES
    ]


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def fit_card(area: pygame.Rect, columns: int, rows: int, gap: int) -> tuple[int, int]:
    """The largest card (width, height) such that columns x rows of them fit in `area`."""
    width = (area.width - gap * (columns - 1)) / columns
    height = (area.height - gap * (rows - 1)) / rows
    width = min(width, height / CARD_RATIO)
    return card_size(int(width))
