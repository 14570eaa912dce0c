"""What lies under a point of the turn scene: a die, a market slot, a card or one of its fields
(for "why not?", a click on a field and the large view of a card)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.goennen.engine import COLOURS, Card, Phase, PlacedCard
from scenes.table.geometry import field_rects
from scenes.table.why_not import Thing

if TYPE_CHECKING:
    from scenes.model.session import GameSession
    from scenes.table.dice_tray import DiceTray
    from scenes.table.display_view import DisplayView
    from scenes.table.market_view import MarketView
    from scenes.table.panels import OtherPanels
    from scenes.table.round_counter import RoundCounterView


class PointedTable(Protocol):
    """What of the turn scene (scenes/table/turn.py) is looked through for the thing at a point."""

    session: GameSession
    tray: DiceTray
    market: MarketView
    main: DisplayView
    panels: OtherPanels
    counter: RoundCounterView

    def main_seat(self) -> int: ...


class TurnHits:
    """The turn scene's part that finds things by their place on screen."""

    def __init__(self, scene: PointedTable) -> None:
        self.scene = scene

    def thing_at(self, pos: tuple[int, int]) -> tuple[Thing, pygame.Rect] | None:
        """The die, slot, field or card at `pos` that "why not?" can speak of, with its place."""
        scene = self.scene
        state = scene.session.view
        if state.phase != Phase.PLACE:
            for colour in COLOURS:
                rect = scene.tray.die_rect(colour)
                if rect.width and rect.collidepoint(pos):
                    return Thing(die=colour), rect
        slot = scene.market.slot_at(pos)
        if slot is not None:
            return Thing(slot=slot), scene.market.slot_rect(*slot)
        field = self.field_at(pos)
        if field is not None:
            card, index, rect = field
            return Thing(card=card, field=index), rect
        placed = self._deciders_card_at(pos)
        if placed is None:
            return None
        return Thing(card=placed.id), scene.main.rect_of(placed.pos)

    def field_at(self, pos: tuple[int, int]) -> tuple[str, int, pygame.Rect] | None:
        """The deciding seat's card and field at `pos` (card id, field index, its place), when
        the large display is the decider's."""
        placed = self._deciders_card_at(pos)
        if placed is None:
            return None
        for index, rect in enumerate(field_rects(placed.card, self.scene.main.rect_of(placed.pos))):
            if rect.collidepoint(pos):
                return placed.id, index, rect
        return None

    def _deciders_card_at(self, pos: tuple[int, int]) -> PlacedCard | None:
        scene = self.scene
        state = scene.session.view
        if state.decider is None or scene.main_seat() != state.decider:
            return None
        return scene.main.card_at(state.display(state.decider), pos)

    def card_at(self, pos: tuple[int, int]) -> tuple[Card, tuple[int | None, ...], pygame.Rect] | None:
        """The card at `pos` anywhere on the table (large display, market, round counter or the
        others' panels), with its written values and place: what the large view shows."""
        scene = self.scene
        state = scene.session.view
        placed = scene.main.card_at(state.display(scene.main_seat()), pos)
        if placed is not None:
            return placed.card, placed.filled, scene.main.rect_of(placed.pos)
        slot = scene.market.slot_at(pos)
        if slot is not None:
            card = state.market_card(*slot)
            if card is not None:
                return state.card(card), (), scene.market.slot_rect(*slot)
        if state.config.solo:
            removed = scene.counter.card_at(state, pos)
            return None if removed is None else (removed[0], (), removed[1])
        found = scene.panels.card_at(state, pos)
        if found is not None:
            seat, placed = found
            return placed.card, placed.filled, scene.panels.card_rect(seat, placed.pos)
        return None
