"""The table's log: what happened, in words, newest at the bottom (told in the current language)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine import Action
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.render.card_names import CardLookup
from scenes.render.shapes import rounded_panel
from scenes.table.words import describe

LINE = 18
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Record:
    name: str
    action: Action | None  # None: a note such as an undo (`note` is its text key)
    value: int | None = None  # the number written (writes)
    card: str | None = None  # the card bought
    colour: RGB = theme.CREAM
    note: str = ""

    def text(self, lookup: CardLookup) -> str:
        """Told when drawn, so it follows the language; `lookup`: the deck's cards by id."""
        if self.action is None:
            return t(self.note, name=self.name)
        return describe(self.action, self.name, lookup, self.value, self.card)


class LogView:
    def __init__(self, area: pygame.Rect, lookup: CardLookup, limit: int = 200) -> None:
        self.area = area
        self.lookup = lookup
        self.records: list[Record] = []
        self.limit = limit

    def add(self, record: Record) -> None:
        self.records.append(record)
        del self.records[: -self.limit]

    def inner(self) -> pygame.Rect:
        return self.area.inflate(-20, -10)

    def shown(self) -> list[tuple[Record, pygame.Rect]]:
        """The newest records that fit, each with its line's rectangle, oldest first."""
        inner = self.inner()
        records = self.records[-max(1, inner.height // LINE) :]
        top = inner.bottom - len(records) * LINE
        return [
            (record, pygame.Rect(inner.x, top + i * LINE, inner.width, LINE))
            for i, record in enumerate(records)
        ]

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The whole text of a line cut short under the pointer (shown as a hint), else None."""
        for record, rect in self.shown():
            if rect.collidepoint(pos):
                fitted = fonts.line(record.text(self.lookup), 15, rect.width, theme.CREAM, "bold")
                return record.text(self.lookup) if fitted is None or fitted.shortened else None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        rounded_panel(surface, self.area, (16, 44, 39), radius=12, border=(44, 96, 84), border_width=2)
        shown = self.shown()
        for age, (record, rect) in enumerate(reversed(shown)):
            colour = record.colour if age == 0 else theme.darker(record.colour, min(0.45, 0.1 * age))
            fitted = fonts.line(
                record.text(self.lookup), 15, rect.width, colour, "bold" if age == 0 else "regular"
            )
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=rect.midleft))

    def draw_full(self, surface: pygame.Surface, text: str) -> None:
        """A line's whole text in a box above the log (the hover form of a shortened line)."""
        fitted = fonts.block(text, 16, (self.area.width - 24, 4 * 20), theme.INK, "bold")
        if fitted is None:
            return
        box = fitted.surface.get_rect(midbottom=(self.area.centerx, self.area.top - 6)).inflate(16, 10)
        pygame.draw.rect(surface, theme.FOCUS, box, border_radius=10)
        surface.blit(fitted.surface, fitted.surface.get_rect(center=box.center))
