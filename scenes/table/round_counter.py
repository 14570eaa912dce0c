"""The solo round counter at the table: the market cards the player took out, as a pile where
each card's colour band still shows (newest on top), with "3 / 15" above it. It sits where the
other players' displays would be; hovering a card zooms it like any other."""

from __future__ import annotations

import pygame

from game.goennen.engine import Card, State
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.render.cards import render_card
from scenes.render.shapes import rounded_panel

CARD = (100, 140)
STEP = 28  # how much of each card below the top one peeks out
TOP = 96  # room for the title and the count


class RoundCounterView:
    def __init__(self, area: pygame.Rect) -> None:
        self.area = area

    def card_rects(self, count: int, rounds: int) -> list[pygame.Rect]:
        """Where each removed card lies, oldest first; the step shrinks if the pile would not fit."""
        room = self.area.height - TOP - CARD[1] - 16
        step = min(STEP, room // max(1, max(count, rounds) - 1))
        rects = []
        for index in range(count):
            rect = pygame.Rect((0, 0), CARD)
            nudge = (-7, 5, -2, 8, -5)[index % 5]  # a loose pile, not a ruled column
            rect.midtop = (self.area.centerx + nudge, self.area.y + TOP + index * step)
            rects.append(rect)
        return rects

    def card_at(self, state: State, pos: tuple[int, int]) -> tuple[Card, pygame.Rect] | None:
        rects = self.card_rects(len(state.removed), state.solo_rounds())
        for card_id, rect in reversed(list(zip(state.removed, rects, strict=True))):
            if rect.collidepoint(pos):  # newest first: the card drawn on top at that point
                return state.card(card_id), rect
        return None

    def draw(self, surface: pygame.Surface, state: State, glyphs: bool) -> None:
        area = self.area
        rounded_panel(surface, area, (18, 54, 47), radius=16, border=(240, 190, 70), border_width=2)
        title = t("table.round_counter.title")
        fitted = fonts.line(title, 22, area.width - 24, theme.CREAM, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=(area.centerx, area.y + 12)))
        count = fonts.text(f"{len(state.removed)} / {state.solo_rounds()}", 38, (240, 190, 70), "black")
        surface.blit(count, count.get_rect(midtop=(area.centerx, area.y + 42)))
        rects = self.card_rects(len(state.removed), state.solo_rounds())
        if not rects:
            empty = pygame.Rect((0, 0), CARD)
            empty.midtop = (area.centerx, area.y + TOP)
            pygame.draw.rect(surface, (90, 130, 118), empty, 2, border_radius=8)
            hint = t("table.round_counter.empty")
            room = (area.width - 40, area.bottom - empty.bottom - 10)
            fitted = fonts.block(hint, 15, room, (190, 214, 206), align="center")
            if fitted is not None:
                spot = fitted.surface.get_rect(midtop=(area.centerx, empty.bottom + 10))
                surface.blit(fitted.surface, spot)
            return
        for card_id, rect in zip(state.removed, rects, strict=True):
            shadow = rect.move(3, 4)
            pygame.draw.rect(surface, (8, 26, 22), shadow, border_radius=8)
            surface.blit(render_card(state.card(card_id), CARD, glyphs=glyphs), rect)
