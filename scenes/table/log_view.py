"""The table's log: the whole game's history in words, newest at the bottom, told in the current
language. Rounds are set apart by a separator line, a line naming a card starts with the card's
colour chip (hover it to see the card large). The small panel scrolls with the wheel; a click opens
it large over the player's display (scrolled by wheel, arrow and page keys; closed by a click
outside, Escape or its Close pill).

The records come from the session's log (`records_from`), which a resumed game rebuilds from its
saved actions, so Continue shows the same history as the game that was left."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.goennen.engine import Action, Card, Draw
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.session import LogEntry
from scenes.render.card_names import CardLookup
from scenes.render.cards import render_card
from scenes.render.shapes import colour_chip, rounded_panel
from scenes.table.words import describe

LINE = 18
LARGE_LINE = 24
CHIP = 14
RGB = tuple[int, int, int]
CHANCE_INK = (190, 214, 206)
PANEL = (16, 44, 39)
PANEL_BORDER = (44, 96, 84)
PILL_HEIGHT = 20
SHADOW = 14


@dataclass(frozen=True)
class Record:
    name: str
    action: Action
    value: int | None = None  # the number written (writes)
    card: str | None = None  # the card bought
    colour: RGB = theme.CREAM
    round: int = 0

    def text(self, lookup: CardLookup) -> str:
        """Told when drawn, so it follows the language; `lookup`: the deck's cards by id."""
        return describe(self.action, self.name, lookup, self.value, self.card)

    @property
    def card_id(self) -> str | None:
        """The card the line is about (placed, completed, written on, bought), if any."""
        if self.card is not None:
            return self.card
        named = getattr(self.action, "card", None)
        return named if isinstance(named, str) else None


def records_from(
    entries: Sequence[LogEntry], name: Callable[[int], str], colours: Sequence[RGB]
) -> list[Record]:
    """The log's lines for the session's entries: every seat's move and every roll (a card drawn
    from a deck is shown where it lands, not told)."""
    records: list[Record] = []
    for entry in entries:
        if isinstance(entry.action, Draw):
            continue
        if entry.seat is None:
            who, colour = name(entry.active), CHANCE_INK
        else:
            who, colour = name(entry.seat), colours[entry.seat % len(colours)]
        records.append(Record(who, entry.action, entry.value, entry.bought, colour, round=entry.round))
    return records


@dataclass(frozen=True)
class Row:
    """A line of the log on screen: a record, or the separator before a round (record None)."""

    record: Record | None
    round: int


class LogView:
    def __init__(self, area: pygame.Rect, large: pygame.Rect, lookup: CardLookup) -> None:
        self.area = area  # the small panel
        self.large = large  # where the opened log lies (over the player's display)
        self.lookup = lookup
        self.entries: list[LogEntry] = []  # the session's entries told so far
        self.records: list[Record] = []
        self.rows: list[Row] = []
        self.back = 0  # rows scrolled back from the newest (0: the newest are shown)
        self.expanded = False

    # -- contents --------------------------------------------------------------------------------
    def follow(self, entries: Sequence[LogEntry], name: Callable[[int], str], colours: Sequence[RGB]) -> None:
        """Keep up with the session's log: new entries are added (each once, so a long game costs
        no more per move than a short one); after an undo took entries back, it is read anew."""
        told = self.entries
        if len(entries) >= len(told) and (not told or entries[len(told) - 1] is told[-1]):
            new = entries[len(told) :]
            if new:
                self._add(records_from(new, name, colours))
                told.extend(new)
            return
        self.entries = list(entries)
        self.records, self.rows = [], []
        self._add(records_from(entries, name, colours))

    def _add(self, records: list[Record]) -> None:
        """More records at the end; a view scrolled back keeps its lines in place."""
        before = len(self.rows)
        for record in records:
            if not self.rows or self.rows[-1].round != record.round:
                self.rows.append(Row(None, record.round))
            self.rows.append(Row(record, record.round))
        self.records.extend(records)
        if self.back:
            self.back = max(0, self.back + len(self.rows) - before)
        self.back = min(self.back, self.most_back())

    # -- scrolling and opening -------------------------------------------------------------------
    def inner(self) -> pygame.Rect:
        if self.expanded:
            large = self.large
            return pygame.Rect(large.x + 14, large.y + 44, large.width - 40, large.height - 56)
        return pygame.Rect(self.area.x + 10, self.area.y + 5, self.area.width - 44, self.area.height - 10)

    @property
    def line(self) -> int:
        return LARGE_LINE if self.expanded else LINE

    def capacity(self) -> int:
        return max(1, self.inner().height // self.line)

    def most_back(self) -> int:
        return max(0, len(self.rows) - self.capacity())

    def scroll(self, rows: int) -> bool:
        """Scroll `rows` back (positive: older lines); True when the view moved."""
        back = min(self.most_back(), max(0, self.back + rows))
        moved = back != self.back
        self.back = back
        return moved

    def open(self) -> None:
        self.expanded, self.back = True, 0

    def close(self) -> None:
        self.expanded, self.back = False, 0

    def toggle_rect(self) -> pygame.Rect:
        """The pill that opens (on the small panel) or closes (on the large one) the log."""
        if not self.expanded:  # a small square with the corners of a larger frame
            return pygame.Rect(self.area.right - 30, self.area.y + 6, PILL_HEIGHT + 2, PILL_HEIGHT + 2)
        width = 150
        return pygame.Rect(self.large.right - width - 10, self.large.y + 10, width, PILL_HEIGHT + 4)

    def contains(self, pos: tuple[int, int]) -> bool:
        return (self.large if self.expanded else self.area).collidepoint(pos)

    # -- what is where ---------------------------------------------------------------------------
    def shown(self) -> list[tuple[Row, pygame.Rect]]:
        """The rows in view, each with its line's rectangle, oldest first."""
        inner = self.inner()
        end = len(self.rows) - self.back
        rows = self.rows[max(0, end - self.capacity()) : end]
        top = inner.bottom - len(rows) * self.line
        return [
            (row, pygame.Rect(inner.x, top + i * self.line, inner.width, self.line))
            for i, row in enumerate(rows)
        ]

    def record_at(self, pos: tuple[int, int]) -> tuple[Record, pygame.Rect] | None:
        for row, rect in self.shown():
            if row.record is not None and rect.collidepoint(pos):
                return row.record, rect
        return None

    def card_at(self, pos: tuple[int, int]) -> tuple[Card, pygame.Rect] | None:
        """The card a line under the pointer is about (to zoom it)."""
        found = self.record_at(pos)
        if found is None or found[0].card_id is None:
            return None
        try:
            return self.lookup(found[0].card_id), found[1]
        except KeyError:
            return None

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The whole text of a line cut short under the pointer (shown as a hint), else None."""
        found = self.record_at(pos)
        if found is None:
            return None
        record, rect = found
        text = record.text(self.lookup)
        fitted = fonts.line(text, self._size(), rect.width - CHIP - 6, theme.CREAM, "bold")
        return text if fitted is None or fitted.shortened else None

    # -- drawing ---------------------------------------------------------------------------------
    def _size(self) -> int:
        return 18 if self.expanded else 15

    def draw(self, surface: pygame.Surface) -> None:
        """The small panel (into the table's still picture)."""
        if self.expanded:
            rounded_panel(surface, self.area, PANEL, radius=12, border=PANEL_BORDER, border_width=2)
            return
        rounded_panel(surface, self.area, PANEL, radius=12, border=PANEL_BORDER, border_width=2)
        self._draw_rows(surface)
        self._draw_opener(surface)
        self._draw_scrollbar(surface)

    def draw_large(self, surface: pygame.Surface) -> None:
        """The opened log over the player's display (drawn every frame while open)."""
        if not self.expanded:
            return
        surface.blit(_large_panel(self.large.size), self.large.move(-SHADOW, -SHADOW // 2))
        heading = fonts.line(t("log.heading"), 22, self.large.width - 190, theme.CREAM, "black")
        if heading is not None:
            surface.blit(heading.surface, (self.large.x + 16, self.large.y + 10))
        self._draw_rows(surface)
        self._draw_pill(surface, t("log.close"))
        self._draw_scrollbar(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        size = self._size()
        newest = self.rows[-1].record if self.rows else None
        for row, rect in shown:
            if row.record is None:
                self._draw_separator(surface, rect, row.round)
                continue
            record = row.record
            fresh = record is newest and not self.expanded
            colour = record.colour if fresh or self.expanded else theme.darker(record.colour, 0.25)
            x = rect.x
            card_id = record.card_id
            if card_id is not None:
                chip = self._chip(card_id)
                if chip is not None:
                    surface.blit(chip, chip.get_rect(midleft=(x, rect.centery)))
            x += CHIP + 6
            fitted = fonts.line(
                record.text(self.lookup), size, rect.right - x, colour, "bold" if fresh else "regular"
            )
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(x, rect.centery)))

    def _chip(self, card_id: str) -> pygame.Surface | None:
        """The card's colour chip; a card of no one colour shows as a tiny picture of itself."""
        try:
            card = self.lookup(card_id)
        except KeyError:
            return None
        if card.colour is not None:
            return colour_chip(card.colour, CHIP)
        return render_card(card, (CHIP - 2, CHIP + 2))

    def _draw_separator(self, surface: pygame.Surface, rect: pygame.Rect, round_: int) -> None:
        label = fonts.text(t("log.round", round=round_ + 1), 14, theme.FOCUS, "bold")
        spot = label.get_rect(center=rect.center)
        y = rect.centery
        pygame.draw.line(surface, PANEL_BORDER, (rect.x, y), (spot.left - 8, y), 1)
        pygame.draw.line(surface, PANEL_BORDER, (spot.right + 8, y), (rect.right, y), 1)
        surface.blit(label, spot)

    def _draw_opener(self, surface: pygame.Surface) -> None:
        rect = self.toggle_rect()
        pygame.draw.rect(surface, (24, 66, 58), rect, border_radius=5)
        pygame.draw.rect(surface, theme.FOCUS, rect, 1, border_radius=5)
        box = rect.inflate(-8, -8)
        arm = 5
        for (x, y), (dx, dy) in zip(
            (box.topleft, box.topright, box.bottomleft, box.bottomright),
            ((1, 1), (-1, 1), (1, -1), (-1, -1)),
            strict=True,
        ):
            x, y = x if dx > 0 else x - 1, y if dy > 0 else y - 1
            pygame.draw.line(surface, theme.CREAM, (x, y), (x + dx * arm, y), 2)
            pygame.draw.line(surface, theme.CREAM, (x, y), (x, y + dy * arm), 2)

    def _draw_pill(self, surface: pygame.Surface, text: str) -> None:
        rect = self.toggle_rect()
        pygame.draw.rect(surface, (24, 66, 58), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.FOCUS, rect, 1, border_radius=rect.height // 2)
        fitted = fonts.line(text, 14, rect.width - 12, theme.CREAM, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=rect.center))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        total = len(self.rows)
        capacity = self.capacity()
        if total <= capacity:
            return
        inner = self.inner()
        track = pygame.Rect(inner.right + 4, inner.y, 4, inner.height)
        if not self.expanded:  # below the opener
            track = pygame.Rect(self.area.right - 21, self.area.y + 34, 4, self.area.height - 40)
        pygame.draw.rect(surface, PANEL_BORDER, track, border_radius=2)
        height = max(12, round(track.height * capacity / total))
        start = (total - self.back - capacity) / total
        thumb = pygame.Rect(track.x, track.y + round(track.height * start), track.width, height)
        thumb.clamp_ip(track)
        pygame.draw.rect(surface, theme.FOCUS, thumb, border_radius=2)

    def draw_full(self, surface: pygame.Surface, text: str) -> None:
        """A line's whole text in a box above the log (the hover form of a shortened line)."""
        panel = self.large if self.expanded else self.area
        fitted = fonts.block(text, 16, (panel.width - 24, 4 * 20), theme.INK, "bold")
        if fitted is None:
            return
        box = fitted.surface.get_rect(midbottom=(panel.centerx, panel.top - 6)).inflate(16, 10)
        if box.top < 4:
            box.midtop = (panel.centerx, panel.bottom + 6)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.FOCUS, box, border_radius=10)
        surface.blit(fitted.surface, fitted.surface.get_rect(center=box.center))


@cache
def _large_panel(size: tuple[int, int]) -> pygame.Surface:
    """The opened log's panel with its shadow, drawn once (it is blitted every frame while open)."""
    panel = pygame.Surface((size[0] + 2 * SHADOW, size[1] + 2 * SHADOW), pygame.SRCALPHA)
    rect = pygame.Rect(SHADOW, SHADOW // 2, *size)
    rounded_panel(panel, rect, PANEL, radius=16, border=theme.FOCUS, border_width=2, shadow=SHADOW)
    return panel
