"""What the Penk! table animates on the sheets: a cell just circled, a completed line flashing (the
Penk! moment), crosses being drawn (on the other sheets after a Penk!, in a column after a failed
roll), and the scoring lines. Each is a small value the scene's tweens move from 0 to 1."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.penk import SIZE
from scenes.render.penk_sheet import SheetGeometry, draw_band, draw_cross, draw_glow

CIRCLED = (90, 170, 240)
PENK = (255, 206, 84)
CROSSED = (220, 110, 90)


@dataclass(eq=False)
class Mark:
    seat: int
    kind: str  # "cell", "line" (a completed row or column flashing), "crosses", "column"
    mask: int  # the cells it concerns (bit (row - 1) * 5 + column - 1)
    progress: float = 0.0


def cells(mask: int) -> list[tuple[int, int]]:
    return [
        (row, column)
        for row in range(1, SIZE + 1)
        for column in range(1, SIZE + 1)
        if mask >> ((row - 1) * SIZE + column - 1) & 1
    ]


def hidden_crosses(marks: list[Mark], seat: int) -> int:
    """Crosses of `seat` still being drawn: the still picture leaves them out."""
    hidden = 0
    for mark in marks:
        if mark.seat == seat and mark.kind == "crosses" and mark.progress < 1:
            hidden |= mark.mask
    return hidden


def draw_marks(surface: pygame.Surface, geometry: SheetGeometry, marks: list[Mark], seat: int) -> None:
    for mark in marks:
        if mark.seat != seat:
            continue
        if mark.kind == "cell":
            for cell in cells(mark.mask):
                alpha = 1 - mark.progress
                colour = tuple(round(c * alpha + 250 * (1 - alpha)) for c in CIRCLED)
                draw_glow(surface, geometry.cell_rect(*cell), colour)  # type: ignore[arg-type]
        elif mark.kind == "line":
            flash = abs(math.sin(mark.progress * math.pi * 3))
            for cell in cells(mark.mask):
                draw_band(surface, geometry.cell_rect(*cell), PENK, round(200 * flash))
        elif mark.kind in ("crosses", "column"):
            if mark.kind == "column":
                for cell in cells(mark.mask):
                    draw_band(surface, geometry.cell_rect(*cell), CROSSED, round(90 * (1 - mark.progress)))
            else:
                for cell in cells(mark.mask):
                    draw_cross(surface, geometry.cell_rect(*cell), mark.progress)
