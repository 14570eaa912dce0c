"""What the table's tooltips say: a card's name and reward, a field's need, a bonus mark, a die.

`turn_tip_at` and `deal_tip_at` find the thing under a point (the pointer, or the centre of the
control in the keyboard/gamepad focus) and give its Tip for scenes/core/tooltip.py; every text is
told when drawn, in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from game.goennen.engine import BonusKind, Card, CardKind, Colour, PlacedCard, State
from scenes.core.i18n import t
from scenes.core.tooltip import Tip
from scenes.render.card_names import card_name
from scenes.table.dice_tray import DiceTray
from scenes.table.display_view import DisplayView
from scenes.table.geometry import field_rects, mark_rects
from scenes.table.market_view import MarketView
from scenes.table.panels import OtherPanels
from scenes.table.round_counter import RoundCounterView
from scenes.table.words import colour_word


def card_text(card: Card, placed: PlacedCard | None = None) -> str:
    """The card's name and what it gives, and for a bonus card in a display its marks left."""
    if card.kind == CardKind.SCORING and card.scoring is not None:
        colour = colour_word(card.scoring_colour) if card.scoring_colour is not None else ""
        reward = t(f"reward.{card.scoring.value}", colour=colour)
        text = t("tip.card.scoring", name=card_name(card), points=card.points, reward=reward)
    elif card.bonus is not None:
        text = t("tip.card.bonus", name=card_name(card), power=t(f"reward.{card.bonus.value}"))
    else:
        text = card_name(card)
    if placed is not None and placed.completed:
        text = t("tip.card.completed", card=text)
    return text


def field_text(card: Card, index: int, value: int | None) -> str:
    field = card.task.fields[index]
    number = index + 1
    if value is not None:
        return t("tip.field.filled", field=number, value=value)
    if field.colour is not None and field.number is not None:
        colour = colour_word(field.colour)
        return t("tip.field.colour_number", field=number, colour=colour, number=field.number)
    if field.colour is not None:
        return t("tip.field.colour", field=number, colour=colour_word(field.colour))
    if field.number is not None:
        return t("tip.field.number", field=number, number=field.number)
    return t("tip.field.any", field=number)


def mark_text(placed: PlacedCard, index: int) -> str:
    number = index + 1
    if index < placed.marks_used:
        return t("tip.mark.used", mark=number)
    if not placed.completed:
        return t("tip.mark.locked", mark=number)
    return t("tip.mark.free", mark=number)


def die_text(colour: Colour, value: int, used: bool) -> str:
    return t("tip.die.used" if used else "tip.die", colour=colour_word(colour), value=value)


def placed_tip(placed: PlacedCard, rect: pygame.Rect, point: tuple[int, int]) -> Tip:
    """The tip of a field or bonus mark of a displayed card under `point`, else of the card."""
    card = placed.card
    for index, field in enumerate(field_rects(card, rect)):
        if field.collidepoint(point):
            text = partial(field_text, card, index, placed.filled[index])
            return Tip((placed.id, "field", index), field, text)
    if card.bonus is not None and card.bonus != BonusKind.WILD_COLOUR:
        for index, mark in enumerate(mark_rects(rect)):
            if mark.collidepoint(point):
                return Tip((placed.id, "mark", index), mark, partial(mark_text, placed, index))
    return Tip((placed.id, "card"), rect, partial(card_text, card, placed))


def card_tip(card: Card, rect: pygame.Rect) -> Tip:
    return Tip((card.id, "card"), rect, partial(card_text, card))


def turn_tip_at(
    state: State,
    seat: int,
    point: tuple[int, int],
    tray: DiceTray | None,
    main: DisplayView,
    market: MarketView,
    panels: OtherPanels,
    counter: RoundCounterView,
) -> Tip | None:
    """The tip of the die, field, bonus mark or card at `point` on the turn screen (`seat`: the
    display drawn large; `tray`: None while the dice are not shown)."""
    if tray is not None:
        die = tray.die_at(point)
        if die is not None:
            value, used = state.value(die), die in state.used
            return Tip(("die", die), tray.die_rect(die), partial(die_text, die, value, used))
    placed = main.card_at(state.display(seat), point)
    if placed is not None:
        return placed_tip(placed, main.rect_of(placed.pos), point)
    slot = market.slot_at(point)
    if slot is not None:
        card_id = state.market_card(*slot)
        return None if card_id is None else card_tip(state.card(card_id), market.slot_rect(*slot))
    if state.config.solo:
        removed = counter.card_at(state, point)
        return None if removed is None else card_tip(*removed)
    found = panels.card_at(state, point)
    if found is not None:
        other, placed = found
        return placed_tip(placed, panels.card_rect(other, placed.pos), point)
    return None


def deal_tip_at(
    state: State,
    point: tuple[int, int],
    hand: Sequence[tuple[str, pygame.Rect]],
    view: DisplayView,
) -> Tip | None:
    """The tip of the dealt card or displayed card at `point` on the deal screen."""
    for card_id, rect in hand:
        if rect.collidepoint(point):
            return card_tip(state.card(card_id), rect)
    placed = view.card_at(state.display(state.decider), point)
    if placed is not None:
        return placed_tip(placed, view.rect_of(placed.pos), point)
    return None
