"""A Penk! sheet drawn from data: 5x5 cells under the die faces 1 to 5, each row with its size and
value (1x = 1 ... 5x = 8); a clear cell shows its value faintly, a circled one in pen with a ring,
a crossed one struck through. Rows and columns that score (3 circles or more) show their points at
the right and the bottom.

`SheetGeometry` says where every cell, row and column of a sheet in a rectangle lies (for clicks,
glows and the Penk! moment); `sheet_picture` is the still picture, cached by the marks and size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.penk import ROW_VALUES, SIZE, Sheet, SheetScore
from scenes.core import fonts, theme
from scenes.core.surface_cache import SurfaceCache
from scenes.render.dice import penk_face
from scenes.render.shapes import rounded_panel

RGB = tuple[int, int, int]
CIRCLE_INK = theme.PEN
CROSS_INK = (150, 60, 50)
SCORING = (60, 150, 90)  # a line that scores
# every change of marks is a new picture: bounded by pixels (a large sheet is about 1.3 MB)
_cache = SurfaceCache("penk sheets", budget_bytes=12 * 2**20)


@dataclass(frozen=True)
class SheetGeometry:
    """The cells of a sheet drawn in `rect`: a label column at the left (row size and value), the
    die faces above, the rows' points at the right and the columns' points below."""

    rect: pygame.Rect

    @property
    def cell(self) -> int:
        return max(8, min(self.rect.width // (SIZE + 2), self.rect.height * 10 // (SIZE * 10 + 18)))

    @property
    def grid(self) -> pygame.Rect:
        cell = self.cell
        width = height = cell * SIZE
        x = self.rect.x + (self.rect.width - width) // 2
        y = self.rect.y + round(cell * 0.95)
        return pygame.Rect(x, y, width, height)

    def cell_rect(self, row: int, column: int) -> pygame.Rect:
        grid, cell = self.grid, self.cell
        return pygame.Rect(grid.x + (column - 1) * cell, grid.y + (row - 1) * cell, cell, cell)

    def row_rect(self, row: int) -> pygame.Rect:
        grid, cell = self.grid, self.cell
        return pygame.Rect(grid.x, grid.y + (row - 1) * cell, grid.width, cell)

    def column_rect(self, column: int) -> pygame.Rect:
        grid, cell = self.grid, self.cell
        return pygame.Rect(grid.x + (column - 1) * cell, grid.y, cell, grid.height)

    def header_rect(self, column: int) -> pygame.Rect:
        """The die face above a column (a failed roll's column is chosen there too)."""
        cell = self.column_rect(column)
        return pygame.Rect(cell.x, self.grid.y - round(self.cell * 0.9), cell.width, round(self.cell * 0.85))

    def row_points_rect(self, row: int) -> pygame.Rect:
        line = self.row_rect(row)
        return pygame.Rect(line.right + 4, line.y, self.cell, line.height)

    def column_points_rect(self, column: int) -> pygame.Rect:
        line = self.column_rect(column)
        return pygame.Rect(line.x, line.bottom + 2, line.width, round(self.cell * 0.6))

    def cell_at(self, point: tuple[int, int]) -> tuple[int, int] | None:
        grid = self.grid
        if not grid.collidepoint(point):
            return None
        return (point[1] - grid.y) // self.cell + 1, (point[0] - grid.x) // self.cell + 1

    def column_at(self, point: tuple[int, int]) -> int | None:
        """The column under `point`: its cells or its die face."""
        for column in range(1, SIZE + 1):
            if self.column_rect(column).collidepoint(point) or self.header_rect(column).collidepoint(point):
                return column
        return None


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sheet: Sheet, score: SheetScore) -> None:
    surface.blit(sheet_picture(sheet.circled, sheet.crossed, rect.width, rect.height, score), rect)


def sheet_picture(circled: int, crossed: int, width: int, height: int, score: SheetScore) -> pygame.Surface:
    """The still picture of a sheet (the score only shows which lines score and their points)."""
    key = (circled, crossed, width, height, score.rows, score.columns)
    return _cache.get(key) or _cache.put(key, _draw_picture(circled, crossed, width, height, score))


def _draw_picture(circled: int, crossed: int, width: int, height: int, score: SheetScore) -> pygame.Surface:
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    geometry = SheetGeometry(pygame.Rect(0, 0, width, height))
    rounded_panel(picture, picture.get_rect(), theme.PAPER, radius=max(6, geometry.cell // 5))
    sheet = Sheet(circled, crossed)
    cell = geometry.cell
    for column in range(1, SIZE + 1):
        header = geometry.header_rect(column)
        die = penk_face(column, max(8, round(header.height * 0.9)))
        picture.blit(die, die.get_rect(center=header.center))
    label_size = max(9, round(cell * 0.3))
    for row in range(1, SIZE + 1):
        line = geometry.row_rect(row)
        label = fonts.text(f"{row}×", label_size, theme.INK_SOFT, "bold")
        picture.blit(label, label.get_rect(midright=(line.x - 4, line.centery)))
        if score.rows[row - 1]:
            _points(picture, geometry.row_points_rect(row), score.rows[row - 1], label_size)
    for column in range(1, SIZE + 1):
        if score.columns[column - 1]:
            _points(picture, geometry.column_points_rect(column), score.columns[column - 1], label_size)
    grid = geometry.grid
    for row in range(1, SIZE + 1):
        for column in range(1, SIZE + 1):
            _draw_cell(picture, geometry.cell_rect(row, column), sheet, row, column)
    for index in range(SIZE + 1):
        offset = index * cell
        pygame.draw.line(
            picture, theme.PAPER_SHADE, (grid.x + offset, grid.y), (grid.x + offset, grid.bottom), 2
        )
        pygame.draw.line(
            picture, theme.PAPER_SHADE, (grid.x, grid.y + offset), (grid.right, grid.y + offset), 2
        )
    return picture


def _points(picture: pygame.Surface, box: pygame.Rect, points: int, size: int) -> None:
    label = fonts.text(str(points), size, SCORING, "black")
    picture.blit(label, label.get_rect(center=box.center))


def _draw_cell(picture: pygame.Surface, box: pygame.Rect, sheet: Sheet, row: int, column: int) -> None:
    value = str(ROW_VALUES[row - 1])
    size = max(9, round(box.height * 0.46))
    mask = 1 << ((row - 1) * SIZE + column - 1)
    if sheet.circled & mask:
        label = fonts.text(value, size, CIRCLE_INK, "black")
        picture.blit(label, label.get_rect(center=box.center))
        pygame.draw.circle(picture, CIRCLE_INK, box.center, box.width * 0.38, max(2, box.width // 16))
    elif sheet.crossed & mask:
        label = fonts.text(value, size, theme.PAPER_SHADE, "bold")
        picture.blit(label, label.get_rect(center=box.center))
        draw_cross(picture, box, 1.0)
    else:
        label = fonts.text(value, size, (170, 168, 160), "bold")
        picture.blit(label, label.get_rect(center=box.center))


def draw_cross(surface: pygame.Surface, box: pygame.Rect, progress: float) -> None:
    """A cell's cross, drawn up to `progress` (0..1): the first stroke, then the second."""
    inset = box.inflate(-box.width * 0.36, -box.height * 0.36)
    width = max(2, box.width // 14)
    first = min(1.0, progress * 2)
    if first > 0:
        end = (inset.x + inset.width * first, inset.y + inset.height * first)
        pygame.draw.line(surface, CROSS_INK, inset.topleft, end, width)
    second = max(0.0, progress * 2 - 1)
    if second > 0:
        end = (inset.right - inset.width * second, inset.y + inset.height * second)
        pygame.draw.line(surface, CROSS_INK, inset.topright, end, width)


def draw_glow(surface: pygame.Surface, box: pygame.Rect, colour: RGB, value: str | None = None) -> None:
    """A cell glowing in `colour`, with the value it would bring written large."""
    glow = pygame.Surface(box.size, pygame.SRCALPHA)
    glow.fill((*colour, 90 if value is None else 235))
    surface.blit(glow, box)
    pygame.draw.rect(surface, colour, box.inflate(4, 4), max(3, box.width // 16), border_radius=6)
    if value is not None:
        label = fonts.text(value, max(10, round(box.height * 0.55)), theme.darker(colour, 0.45), "black")
        surface.blit(label, label.get_rect(center=box.center))


def draw_band(surface: pygame.Surface, box: pygame.Rect, colour: RGB, alpha: int) -> None:
    """A translucent band over a row or column (a Penk! flash, a scoring line)."""
    band = pygame.Surface(box.size, pygame.SRCALPHA)
    band.fill((*colour, max(0, min(255, alpha))))
    surface.blit(band, box)
