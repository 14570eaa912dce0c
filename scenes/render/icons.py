"""Small pictures for the card rewards: one per scoring kind and one per bonus kind.

Each draws into a given rectangle, scaled to it, from primitives (no image files to keep in sync).
"""

from __future__ import annotations

import math

import pygame

from game.goennen.engine import COLOURS, BonusKind, Colour, ScoringKind
from scenes.core import fonts, theme
from scenes.render.shapes import draw_glyph

RGB = tuple[int, int, int]
NEUTRAL_CARD = (236, 228, 208)
SAME_COLOUR = (120, 128, 150)


def mini_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour | None = None,
    tick: bool = False,
    letter: str = "",
    fill: RGB | None = None,
) -> None:
    body = fill or (theme.COLOUR_RGB[colour] if colour else NEUTRAL_CARD)
    radius = max(2, rect.width // 6)
    pygame.draw.rect(surface, body, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.darker(body, 0.45), rect, max(1, rect.width // 14), border_radius=radius)
    mark = theme.ink_on(body)
    if colour is not None and rect.width >= 9:
        draw_glyph(surface, colour, rect.center, rect.width * 0.28, fill=mark)
    if tick:
        _tick(surface, rect.inflate(-rect.width * 0.35, -rect.height * 0.4), mark, max(1, rect.width // 8))
    if letter:
        label = fonts.text(letter, max(7, int(rect.height * 0.6)), mark, "black")
        surface.blit(label, label.get_rect(center=rect.center))


def _tick(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, width: int) -> None:
    points = [(rect.left, rect.centery), (rect.left + rect.width * 0.38, rect.bottom), (rect.right, rect.top)]
    pygame.draw.lines(surface, colour, False, points, width)


def draw_tick(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, width: int) -> None:
    _tick(surface, rect, colour, width)


def _grid_cells(rect: pygame.Rect, columns: int, rows: int) -> list[list[pygame.Rect]]:
    cell_w = rect.width / (columns + (columns - 1) * 0.18)
    cell_h = min(rect.height / (rows + (rows - 1) * 0.18), cell_w * 1.3)
    cell_w = cell_h / 1.3
    total_w = columns * cell_w + (columns - 1) * cell_w * 0.18
    total_h = rows * cell_h + (rows - 1) * cell_h * 0.18
    x0 = rect.centerx - total_w / 2
    y0 = rect.centery - total_h / 2
    return [
        [
            pygame.Rect(
                round(x0 + c * cell_w * 1.18), round(y0 + r * cell_h * 1.18), round(cell_w), round(cell_h)
            )
            for c in range(columns)
        ]
        for r in range(rows)
    ]


def scoring_icon(
    surface: pygame.Surface, rect: pygame.Rect, kind: ScoringKind, colour: Colour | None, own: Colour | None
) -> None:
    """The picture of a scoring kind; `colour` is the scored colour (colour kinds), `own` the card's."""
    if kind in (ScoringKind.ADJACENT_COMPLETED, ScoringKind.ADJACENT_COLOUR):
        cells = _grid_cells(rect, 3, 3)
        for r, c in ((0, 1), (1, 0), (1, 2), (2, 1)):
            if kind == ScoringKind.ADJACENT_COMPLETED:
                mini_card(surface, cells[r][c], tick=True)
            else:
                mini_card(surface, cells[r][c], colour=colour)
        centre = cells[1][1]
        pygame.draw.rect(surface, theme.FOCUS, centre.inflate(4, 4), border_radius=max(2, centre.width // 5))
        mini_card(surface, centre, colour=own)
    elif kind == ScoringKind.COLOUR_COUNT:
        row_cells = _grid_cells(rect, 3, 1)[0]
        for index, cell in enumerate(row_cells):
            mini_card(surface, cell.move(0, (index - 1) * -2), colour=colour)
    elif kind == ScoringKind.COMPLETE_LINES:
        grid = _grid_cells(rect, 3, 3)
        for r, row in enumerate(grid):
            for cell in row:
                if r == 1:
                    mini_card(surface, cell, tick=True)
                else:
                    pygame.draw.rect(surface, theme.darker(NEUTRAL_CARD, 0.12), cell, 1, border_radius=2)
    elif kind == ScoringKind.MONO_LINES:
        grid = _grid_cells(rect, 3, 3)
        for r, row in enumerate(grid):
            for cell in row:
                if r == 1:
                    mini_card(surface, cell, fill=SAME_COLOUR, letter="=")
                else:
                    pygame.draw.rect(surface, theme.darker(NEUTRAL_CARD, 0.12), cell, 1, border_radius=2)
    elif kind == ScoringKind.FIVE_COLOURS:
        row_cells = _grid_cells(rect, 5, 1)[0]
        for cell, each in zip(row_cells, COLOURS, strict=True):
            mini_card(surface, cell, colour=each)
    elif kind == ScoringKind.BONUS_KINDS:
        row_cells = _grid_cells(rect, 3, 1)[0]
        for cell, tint in zip(row_cells, ((210, 232, 245), (245, 222, 210), (222, 240, 214)), strict=True):
            mini_card(surface, cell, fill=tint, letter="B", tick=False)


def bonus_icon(surface: pygame.Surface, rect: pygame.Rect, kind: BonusKind) -> None:
    """The picture of a bonus kind, drawn inside `rect` (square)."""
    size = min(rect.width, rect.height)
    die = pygame.Rect(0, 0, int(size * 0.56), int(size * 0.56))
    die.center = rect.center
    ink = theme.INK
    line = max(1, size // 22)
    if kind == BonusKind.PLUS_MINUS:
        die.center = (rect.centerx - size * 0.12, rect.centery + size * 0.08)
        _plain_die(surface, die, 4)
        label = fonts.text("±1", max(8, int(size * 0.34)), ink, "black")
        surface.blit(label, label.get_rect(center=(rect.centerx + size * 0.26, rect.centery - size * 0.22)))
    elif kind == BonusKind.RECOLOUR:
        left = pygame.Rect(die.x - size * 0.14, die.y, die.width, die.height)
        right = left.move(size * 0.3, 0)
        _coloured_die(surface, left, Colour.YELLOW)
        _coloured_die(surface, right, Colour.BLUE)
        y = rect.top + size * 0.12
        pygame.draw.line(surface, ink, (left.centerx, y), (right.centerx, y), line + 1)
        pygame.draw.polygon(
            surface,
            ink,
            [
                (right.centerx + size * 0.08, y),
                (right.centerx - size * 0.02, y - size * 0.07),
                (right.centerx - size * 0.02, y + size * 0.07),
            ],
        )
    elif kind == BonusKind.EXTRA_DIE:
        back = die.move(-size * 0.12, -size * 0.1)
        front = die.move(size * 0.1, size * 0.08)
        _plain_die(surface, back, 2)
        _plain_die(surface, front, 3)
        label = fonts.text("+1", max(8, int(size * 0.3)), ink, "black")
        surface.blit(label, label.get_rect(center=(rect.centerx + size * 0.3, rect.centery - size * 0.3)))
    elif kind == BonusKind.WILD_COLOUR:
        radius = size * 0.42
        for index, each in enumerate(COLOURS):
            start = -math.pi / 2 + index * 2 * math.pi / 5
            points = [rect.center] + [
                (
                    rect.centerx + radius * math.cos(start + k * (2 * math.pi / 5) / 8),
                    rect.centery + radius * math.sin(start + k * (2 * math.pi / 5) / 8),
                )
                for k in range(9)
            ]
            pygame.draw.polygon(surface, theme.COLOUR_RGB[each], points)
            middle = start + math.pi / 5
            draw_glyph(
                surface,
                each,
                (
                    rect.centerx + radius * 0.62 * math.cos(middle),
                    rect.centery + radius * 0.62 * math.sin(middle),
                ),
                radius * 0.2,
                fill=theme.ink_on(theme.COLOUR_RGB[each]),
            )
        pygame.draw.circle(surface, theme.darker(theme.PAPER, 0.5), rect.center, radius, line)
    elif kind == BonusKind.DISCOUNT:
        tag = pygame.Rect(0, 0, int(size * 0.7), int(size * 0.46))
        tag.center = (rect.centerx + size * 0.04, rect.centery)
        points = [
            (tag.left - size * 0.16, tag.centery),
            (tag.left, tag.top),
            (tag.right, tag.top),
            (tag.right, tag.bottom),
            (tag.left, tag.bottom),
        ]
        pygame.draw.polygon(surface, (255, 236, 170), points)
        pygame.draw.polygon(surface, ink, points, line)
        pygame.draw.circle(surface, ink, (tag.left - size * 0.02, tag.centery), max(1.5, size * 0.04))
        label = fonts.text("−1", max(8, int(size * 0.3)), ink, "black")
        surface.blit(label, label.get_rect(center=(tag.centerx + size * 0.05, tag.centery)))


def _plain_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    from scenes.render.dice import PIPS  # local: dice imports shapes, keep icons light

    radius = max(2, rect.width // 5)
    pygame.draw.rect(surface, theme.WHITE, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, rect, max(1, rect.width // 14), border_radius=radius)
    for u, v in PIPS[value]:
        pygame.draw.circle(
            surface,
            theme.INK,
            (rect.x + u * rect.width, rect.y + v * rect.height),
            max(1.0, rect.width * 0.09),
        )


def _coloured_die(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    rgb = theme.COLOUR_RGB[colour]
    radius = max(2, rect.width // 5)
    pygame.draw.rect(surface, rgb, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.darker(rgb, 0.4), rect, max(1, rect.width // 14), border_radius=radius)
    draw_glyph(surface, colour, rect.center, rect.width * 0.26, fill=theme.ink_on(rgb))
