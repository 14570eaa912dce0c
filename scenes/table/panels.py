"""The other players' displays, small, one panel each down the right side: name, bot level,
points as the display stands now, and the cards (hover or focus zooms any of them)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.goennen.engine import PlacedCard, SeatScore, State
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.session import GameSession
from scenes.render.shapes import rounded_panel
from scenes.table.display_view import DisplayView

Pos = tuple[int, int]
RGB = tuple[int, int, int]
HEADER = 26
GAP = 10
MAX_HEIGHT = 330  # one or two other players get taller panels than three
CARD_WIDTH = 104  # the largest card in a panel (legible values); small displays are centred


class OtherPanels:
    def __init__(self, area: pygame.Rect) -> None:
        self.area = area
        self.views: dict[int, DisplayView] = {}
        self.rects: dict[int, pygame.Rect] = {}

    def arrange(self, state: State, seats: Sequence[int]) -> None:
        if list(self.rects) != list(seats):
            count = max(1, len(seats))
            height = min(MAX_HEIGHT, (self.area.height - GAP * (count - 1)) // count)
            self.rects = {
                seat: pygame.Rect(self.area.x, self.area.y + i * (height + GAP), self.area.width, height)
                for i, seat in enumerate(seats)
            }
            self.views = {
                seat: DisplayView(
                    pygame.Rect(r.x + 6, r.y + HEADER + 4, r.width - 12, r.height - HEADER - 10),
                    gap=4,
                    max_width=CARD_WIDTH,
                    min_grid=1,  # fit the cards there are: a 3x3 frame made them 31-70 px wide
                )
                for seat, r in self.rects.items()
            }
        for seat, view in self.views.items():
            view.arrange(state.display(seat))

    def area_of(self, seat: int) -> pygame.Rect:
        return self.rects.get(seat, self.area).copy()

    def card_rect(self, seat: int, pos: Pos) -> pygame.Rect:
        view = self.views.get(seat)
        return view.rect_of(pos) if view is not None else self.area.copy()

    def card_at(self, state: State, point: tuple[int, int]) -> tuple[int, PlacedCard] | None:
        for seat, view in self.views.items():
            placed = view.card_at(state.display(seat), point)
            if placed is not None:
                return seat, placed
        return None

    def draw(
        self,
        surface: pygame.Surface,
        state: State,
        session: GameSession,
        scores: Sequence[SeatScore],
        colours: Sequence[RGB],
        glyphs: bool,
    ) -> None:
        for seat, rect in self.rects.items():
            mark = colours[seat % len(colours)]
            deciding = not state.is_chance and state.decider == seat and not state.is_over
            border = theme.FOCUS if deciding else (44, 96, 84)
            rounded_panel(
                surface, rect, (16, 44, 39), radius=14, border=border, border_width=3 if deciding else 2
            )
            pygame.draw.circle(surface, mark, (rect.x + 16, rect.y + 15), 7)
            name = session.name(seat)
            level = session.seats[seat].level
            if level:
                name = f"{name} · {t('table.bot.' + level)}"
            points = fonts.text(t("table.points_now", points=scores[seat].total), 15, theme.FOCUS, "bold")
            surface.blit(points, points.get_rect(topright=(rect.right - 10, rect.y + 7)))
            room = rect.width - 30 - points.get_width() - 22  # the name ends clear of the points
            fitted = fonts.line(name, 17, room, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, (rect.x + 30, rect.y + 5))
            self.views[seat].draw(surface, state.display(seat), glyphs)
