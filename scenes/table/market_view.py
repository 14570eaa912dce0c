"""The market track: two rows of four slots (scoring above, bonus below), the decks beside slot 1,
the price of each slot on the track, and cards sliding along it when the market moves."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.goennen.engine import MARKET_SLOTS, ROWS, CardKind, Deck, Row, price
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.tween import Tweens
from scenes.render.cards import card_back, render_card
from scenes.render.shapes import rounded_panel

RGB = tuple[int, int, int]
SLIDE_SECONDS = 0.5
DECK_WIDTH = 96
TRACK = 30
GAP = 8


@dataclass
class _Spot:
    x: float
    y: float


class MarketView:
    def __init__(self, area: pygame.Rect) -> None:
        self.area = area
        width = (area.width - DECK_WIDTH - GAP * (MARKET_SLOTS - 1) - 4) // MARKET_SLOTS
        height = min(round(width * 1.4), (area.height - TRACK - 8) // 2)
        width = round(height / 1.4)
        self.size = (width, height)
        self.spots: dict[str, _Spot] = {}
        self.sliding = 0  # cards on the move

    # -- geometry --------------------------------------------------------------------------------
    def row_y(self, row: Row) -> int:
        return self.area.y if row == Row.SCORING else self.area.y + self.size[1] + TRACK + 8

    def slot_rect(self, row: Row, slot: int) -> pygame.Rect:
        x = self.area.x + DECK_WIDTH + (slot - 1) * (self.size[0] + GAP)
        return pygame.Rect(x, self.row_y(row), *self.size)

    def deck_rect(self, row: Row) -> pygame.Rect:
        width = DECK_WIDTH - 16
        return pygame.Rect(
            self.area.x + 4,
            self.row_y(row) + (self.size[1] - round(width * 1.4)) // 2,
            width,
            round(width * 1.4),
        )

    def track_rect(self) -> pygame.Rect:
        first = self.slot_rect(Row.SCORING, 1)
        last = self.slot_rect(Row.SCORING, MARKET_SLOTS)
        return pygame.Rect(first.x - 6, first.bottom + 4, last.right - first.x + 12, TRACK)

    def slot_at(self, point: tuple[int, int]) -> tuple[Row, int] | None:
        for row in ROWS:
            for slot in range(1, MARKET_SLOTS + 1):
                if self.slot_rect(row, slot).collidepoint(point):
                    return row, slot
        return None

    # -- movement --------------------------------------------------------------------------------
    @property
    def moving(self) -> bool:
        return self.sliding > 0

    def sync(self, market: tuple[tuple[str | None, ...], ...], tweens: Tweens | None) -> None:
        """Follow the market: cards that changed slot slide there, new ones come from their deck."""
        present: set[str] = set()
        for row, cards in zip(ROWS, market, strict=True):
            for index, card in enumerate(cards):
                if card is None:
                    continue
                present.add(card)
                target = self.slot_rect(row, index + 1)
                spot = self.spots.get(card)
                if spot is None:
                    start = self.deck_rect(row) if tweens is not None else target
                    spot = self.spots[card] = _Spot(float(start.x), float(start.y))
                if (round(spot.x), round(spot.y)) != target.topleft:
                    if tweens is None:
                        spot.x, spot.y = float(target.x), float(target.y)
                        continue
                    self.sliding += 1
                    tweens.animate(
                        spot,
                        SLIDE_SECONDS,
                        "in_out_cubic",
                        on_done=self._landed,
                        x=float(target.x),
                        y=float(target.y),
                    )
        for card in list(self.spots):
            if card not in present:
                del self.spots[card]

    def _landed(self) -> None:
        self.sliding = max(0, self.sliding - 1)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface, piles: tuple[int, int], removed: int | None = None) -> None:
        """The still parts: the track with prices, empty slots, the decks and their counts."""
        track = self.track_rect()
        rounded_panel(surface, track, (92, 64, 40), radius=10, border=(140, 104, 66), border_width=2)
        for slot in range(1, MARKET_SLOTS + 1):
            rect = self.slot_rect(Row.SCORING, slot)
            _price(surface, pygame.Rect(rect.x, track.y, rect.width, track.height), price(slot), slot)
            for row in ROWS:
                empty = self.slot_rect(row, slot)
                pygame.draw.rect(surface, (20, 56, 50), empty, border_radius=8)
                pygame.draw.rect(surface, (44, 96, 84), empty, 2, border_radius=8)
        for row, count in zip(ROWS, piles, strict=True):
            deck = self.deck_rect(row)
            if count:
                kind = CardKind.SCORING if row == Row.SCORING else CardKind.BONUS
                for layer in range(min(3, count) - 1, -1, -1):
                    surface.blit(card_back(kind, deck.size), deck.move(layer * 2, -layer * 2))
            else:
                pygame.draw.rect(surface, (44, 96, 84), deck, 2, border_radius=8)
            label = fonts.text(t("table.deck_count", count=count), 15, theme.CREAM, "bold")
            surface.blit(label, label.get_rect(midtop=(deck.centerx, deck.bottom + 3)))

    def draw_cards(
        self,
        surface: pygame.Surface,
        deck: Deck,
        glyphs: bool,
        glow: Mapping[tuple[Row, int], RGB] | None = None,
        market: tuple[tuple[str | None, ...], ...] = ((), ()),
    ) -> None:
        for card, spot in self.spots.items():
            surface.blit(render_card(deck[card], self.size, glyphs=glyphs), (round(spot.x), round(spot.y)))
        for (row, slot), colour in (glow or {}).items():
            pygame.draw.rect(surface, colour, self.slot_rect(row, slot).inflate(8, 8), 4, border_radius=12)


def _price(surface: pygame.Surface, rect: pygame.Rect, count: int, slot: int) -> None:
    """N small white dice showing the same number: 'N equal dice'."""
    die = 16
    gap = 3
    width = count * die + (count - 1) * gap
    x = rect.centerx - width // 2
    y = rect.centery - die // 2
    for i in range(count):
        box = pygame.Rect(x + i * (die + gap), y, die, die)
        pygame.draw.rect(surface, theme.WHITE, box, border_radius=4)
        pygame.draw.rect(surface, theme.INK_SOFT, box, 1, border_radius=4)
        pygame.draw.circle(surface, theme.INK, box.center, 2)
    if slot < MARKET_SLOTS:  # the arrow: cards move towards slot 4
        ax = rect.right + GAP // 2
        pygame.draw.polygon(
            surface,
            theme.FOCUS,
            [(ax - 4, rect.centery - 6), (ax + 4, rect.centery), (ax - 4, rect.centery + 6)],
        )
