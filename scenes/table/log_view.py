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

    def draw(self, surface: pygame.Surface) -> None:
        rounded_panel(surface, self.area, (16, 44, 39), radius=12, border=(44, 96, 84), border_width=2)
        inner = self.area.inflate(-20, -10)
        lines = max(1, inner.height // LINE)
        shown = self.records[-lines:]
        y = inner.bottom - len(shown) * LINE
        for age, record in enumerate(reversed(shown)):
            text = record.text(self.lookup)
            size = fonts.fit_size(text, 15, inner.width)
            colour = record.colour if age == 0 else theme.darker(record.colour, min(0.45, 0.1 * age))
            label = fonts.text(text, size, colour, "bold" if age == 0 else "regular")
            surface.blit(label, (inner.x, y + (len(shown) - 1 - age) * LINE))
