"""A player's display drawn into a screen area: a grid of cards (floating positions mapped to
cells), highlighted cards and free cells, and hit tests from a point back to a card or a cell."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import pygame

from game.goennen.engine import Display, PlacedCard
from scenes.core import theme
from scenes.render.cards import render_card
from scenes.render.shapes import colour_chip, rounded_panel
from scenes.table.geometry import fit_card

Pos = tuple[int, int]
RGB = tuple[int, int, int]
GRID = 3


class DisplayView:
    def __init__(self, area: pygame.Rect, gap: int = 8, max_width: int = 150, min_grid: int = GRID) -> None:
        self.area = area
        self.gap = gap
        self.max_width = max_width
        self.min_grid = min_grid  # the smallest frame of cells; 1: fit the cards there are
        self.cells: dict[Pos, pygame.Rect] = {}
        self.size = (max_width, round(max_width * 1.4))
        self._key: tuple[frozenset[Pos], frozenset[Pos]] | None = None

    def arrange(self, display: Display, extra: Iterable[Pos] = ()) -> None:
        """Map the display's positions (and `extra` free cells to show) onto screen cells."""
        taken = display.positions()
        shown = frozenset(extra)
        key = (taken, shown)
        if key == self._key:
            return
        self._key = key
        positions = set(taken) | set(shown) or {(0, 0)}
        rows = [r for r, _ in positions]
        cols = [c for _, c in positions]
        r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
        grid = self.min_grid
        while r1 - r0 + 1 < grid:  # keep a 3x3 frame so a small display does not jump about
            r1 += 1
            if r1 - r0 + 1 < grid:
                r0 -= 1
        while c1 - c0 + 1 < grid:
            c1 += 1
            if c1 - c0 + 1 < grid:
                c0 -= 1
        n_rows, n_cols = r1 - r0 + 1, c1 - c0 + 1
        width, height = fit_card(self.area, n_cols, n_rows, self.gap)
        if width > self.max_width:
            width, height = self.max_width, round(self.max_width * 1.4)
        self.size = (width, height)
        total_w = n_cols * width + (n_cols - 1) * self.gap
        total_h = n_rows * height + (n_rows - 1) * self.gap
        x0 = self.area.centerx - total_w // 2
        y0 = self.area.centery - total_h // 2
        self.cells = {
            (r, c): pygame.Rect(
                x0 + (c - c0) * (width + self.gap), y0 + (r - r0) * (height + self.gap), width, height
            )
            for r in range(r0, r1 + 1)
            for c in range(c0, c1 + 1)
        }

    def rect_of(self, pos: Pos) -> pygame.Rect:
        rect = self.cells.get(pos)
        return rect.copy() if rect is not None else pygame.Rect(self.area.center, self.size)

    def pos_at(self, point: tuple[int, int]) -> Pos | None:
        for pos, rect in self.cells.items():
            if rect.collidepoint(point):
                return pos
        return None

    def card_at(self, display: Display, point: tuple[int, int]) -> PlacedCard | None:
        pos = self.pos_at(point)
        return display.at(pos) if pos is not None else None

    def draw(
        self,
        surface: pygame.Surface,
        display: Display,
        glyphs: bool,
        glow: Mapping[str, RGB] | None = None,
        cells: Mapping[Pos, RGB] | None = None,
        faded: bool = False,
    ) -> None:
        for pos, colour in (cells or {}).items():
            if pos in self.cells:
                draw_free_cell(surface, self.cells[pos], colour)
        for placed in display:
            rect = self.cells.get(placed.pos)
            if rect is None:
                continue
            draw_placed(surface, placed, rect, glyphs)
            if glow and placed.id in glow:
                pygame.draw.rect(surface, glow[placed.id], rect.inflate(8, 8), 4, border_radius=12)
        if faded:
            for placed in display:
                rect = self.cells.get(placed.pos)
                if rect is not None:
                    surface.blit(_veil(rect.size), rect)


def draw_seat_frame(surface: pygame.Surface, area: pygame.Rect, seat: int) -> None:
    """The panel behind the large display, framed in its seat's colour (live table and replay)."""
    border = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
    rounded_panel(surface, area.inflate(16, 12), (18, 54, 47), radius=18, border=border, border_width=3)


def draw_placed(surface: pygame.Surface, placed: PlacedCard, rect: pygame.Rect, glyphs: bool) -> None:
    image = render_card(placed.card, rect.size, placed.filled, placed.marks_used, placed.completed, glyphs)
    surface.blit(image, rect)
    if placed.wild_colour is not None:
        chip = max(12, rect.width // 6)
        surface.blit(colour_chip(placed.wild_colour, chip), (rect.right - chip - 4, rect.y + 4))


def draw_free_cell(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    surface.blit(_tint(rect.size, colour), rect)
    pygame.draw.rect(surface, colour, rect, 3, border_radius=10)


@cache
def _tint(size: tuple[int, int], colour: RGB) -> pygame.Surface:
    tint = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(tint, (*colour, 60), tint.get_rect(), border_radius=10)
    return tint


@cache
def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*theme.FELT_DARK, 110), veil.get_rect(), border_radius=8)
    return veil
