"""Where things sit on a card and in a display grid, in screen pixels.

`field_rects` follows the card painter's task layout (scenes/render/cards.py `_task`: one row of up
to 5 fields, else two rows, centred in the upper half of a 300x420 design grid), so a click on a
drawn field finds its index.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.cards import Card

DESIGN = (300, 420)
CARD_RATIO = 420 / 300


@cache
def _design_fields(card: Card) -> tuple[tuple[float, float, float], ...]:
    task = card.task
    count = len(task.fields)
    rows = [range(count)] if count <= 5 else [range((count + 1) // 2), range((count + 1) // 2, count)]
    widest = max(len(row) for row in rows)
    gap = 17.0
    size = min(60.0, (272 - (widest - 1) * gap) / widest)
    row_gap = 16.0
    sum_height = 46.0 if task.sum_at_least else 0.0
    total = len(rows) * size + (len(rows) - 1) * row_gap + sum_height
    y = 60 + (200 - total) / 2
    spots: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * count
    for row in rows:
        x = 150 - (len(row) * size + (len(row) - 1) * gap) / 2
        for index in row:
            spots[index] = (x, y, size)
            x += size + gap
        y += size + row_gap
    return tuple(spots)


def field_rects(card: Card, rect: pygame.Rect) -> list[pygame.Rect]:
    """The screen rectangle of each task field of `card` drawn into `rect`."""
    s = rect.width / DESIGN[0]
    return [
        pygame.Rect(rect.x + round(x * s), rect.y + round(y * s), round(size * s), round(size * s))
        for x, y, size in _design_fields(card)
    ]


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def fit_card(area: pygame.Rect, columns: int, rows: int, gap: int) -> tuple[int, int]:
    """The largest card (width, height) such that columns x rows of them fit in `area`."""
    width = (area.width - gap * (columns - 1)) / columns
    height = (area.height - gap * (rows - 1)) / rows
    width = min(width, height / CARD_RATIO)
    return card_size(int(width))
