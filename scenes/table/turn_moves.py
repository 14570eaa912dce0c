"""What the turn scene shows when the game moves: a roll tumbling, a card sliding, a bot's dice
ringed and flying to where they are used, a flash on the field or card, the move's toast; each
held on screen for a moment at the chosen animation speed (scenes/table/base.py paces them)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from game.goennen.engine import (
    COLOURS,
    Action,
    Buy,
    Colour,
    Complete,
    Draw,
    Place,
    Reroll,
    Roll,
    State,
    Write,
)
from scenes.core import theme
from scenes.render.cards import render_card
from scenes.render.dice import ROLL_SECONDS, die_face
from scenes.table.base import BOT_DICE_STEP_SECONDS, BOT_STEP_SECONDS
from scenes.table.geometry import field_rects
from scenes.table.log_view import Record

if TYPE_CHECKING:
    from scenes.core.layout import Layout
    from scenes.core.stack import Host
    from scenes.core.tween import Tweens
    from scenes.model.session import GameSession
    from scenes.table.dice_tray import DiceTray
    from scenes.table.display_view import DisplayView
    from scenes.table.effects import Effects
    from scenes.table.log_view import LogView
    from scenes.table.market_view import MarketView
    from scenes.table.panels import OtherPanels

MARK_SECONDS = 0.4  # a bot's dice ringed where they lie before they fly
FLIGHT_SECONDS = 0.5


class MoveStage(Protocol):
    """What of the turn scene (scenes/table/turn.py) a move is shown on."""

    app: Host
    session: GameSession
    layout: Layout
    tweens: Tweens
    tray: DiceTray
    market: MarketView
    main: DisplayView
    panels: OtherPanels
    effects: Effects
    log: LogView
    dirty: bool

    def main_seat(self) -> int: ...
    def hold(self, seconds: float) -> None: ...


class MoveShow:
    """The turn scene's part that shows moves; it draws through the scene's views and effects."""

    def __init__(self, scene: MoveStage) -> None:
        self.scene = scene

    def show_chance(self, action: Action) -> None:
        scene = self.scene
        if isinstance(action, Roll):
            rolled = tuple(c for c, _ in action.faces)
            scene.tray.throw(scene.session.view.dice, rolled, scene.tweens, seed=scene.session.actions_played)
            scene.app.play("dice_roll")
            scene.hold(ROLL_SECONDS + 0.15)
        elif isinstance(action, Draw):
            scene.app.play("card_slide")
            scene.hold(0.18)
        scene.dirty = True

    def show_move(self, before: State, action: Action, seat: int, bot: bool) -> None:
        """Log a move and show it where it happened (bots' moves stay on screen for a moment)."""
        scene = self.scene
        entry = scene.session.log[-1]  # this move's line, with the number written or the card bought
        card = entry.bought
        record = Record(scene.session.name(seat), action, entry.value, card, theme.SEAT_COLOURS[seat % 4])
        target = self.card_rect(seat, action)
        # a bot's dice are marked where they lie, then fly to where they are used
        landed = self.fly_dice(before, action, seat, target) if bot else 0.0
        if isinstance(action, Buy) and card is not None:
            scene.app.play("card_slide")
            glyphs = scene.app.settings.colour_glyphs
            image = render_card(scene.session.view.card(card), scene.market.size, glyphs=glyphs)
            end = self.seat_area(seat)
            end = pygame.Rect(end.centerx - 50, end.centery - 70, 100, 140)
            scene.effects.fly(image, scene.market.slot_rect(action.row, action.slot), end, delay=landed)
        elif isinstance(action, (Complete, Write, Place)) and target is not None:
            colour = (120, 230, 140) if isinstance(action, Complete) else theme.FOCUS
            if landed:
                scene.tweens.after(landed, partial(scene.effects.flash, target, colour))
            else:
                scene.effects.flash(target, colour)
            if isinstance(action, Place):
                scene.app.play("card_slide")
        elif isinstance(action, Reroll) and bot:
            scene.tray.show(before.dice, frozenset(c for c in COLOURS if c not in action.dice))
        if bot:
            scene.effects.toast(self.toast_area(seat), partial(record.text, scene.log.lookup))
            scene.hold(BOT_DICE_STEP_SECONDS if landed else BOT_STEP_SECONDS)
        scene.dirty = True

    def fly_dice(self, before: State, action: Action, seat: int, card: pygame.Rect | None) -> float:
        """Mark the dice a bot's move uses (a ring in its seat's colour, where they lie) and fly each,
        ringed, to its field or to the market card it pays for; returns the seconds until they land
        (0: no dice)."""
        scene = self.scene
        targets: list[tuple[Colour, pygame.Rect]] = []
        if isinstance(action, Buy):
            slot = scene.market.slot_rect(action.row, action.slot)
            size, count = 34, len(action.dice)  # side by side on the card they pay for
            left = slot.centerx - (count * (size + 4) - 4) // 2
            targets = [
                (die, pygame.Rect(left + i * (size + 4), slot.centery - size // 2, size, size))
                for i, die in enumerate(action.dice)
            ]
        elif isinstance(action, (Write, Complete)) and card is not None:
            fields = field_rects(before.card(action.card), card)
            if isinstance(action, Write):
                targets = [(action.die, fields[action.field])] if action.field < len(fields) else []
            else:
                targets = [
                    (die, fields[i])
                    for i, die in enumerate(action.dice)
                    if die is not None and i < len(fields)
                ]
        if not targets or scene.tray.rolling:
            return 0.0
        glyphs = scene.app.settings.colour_glyphs
        ring = theme.SEAT_COLOURS[seat % 4]
        for die, end in targets:
            start = scene.tray.die_rect(die)
            if not start.width:
                continue
            face = die_face(die, max(1, min(6, before.value(die))), start.width, glyphs)
            size = max(14, min(end.width, end.height))
            landing = pygame.Rect(0, 0, size, size)
            landing.center = end.center
            scene.effects.fly(
                face,
                start,
                landing,
                seconds=FLIGHT_SECONDS,
                delay=MARK_SECONDS,
                aspect=1.0,
                arc=30,
                ring=ring,
            )
        return MARK_SECONDS + FLIGHT_SECONDS

    def seat_area(self, seat: int) -> pygame.Rect:
        scene = self.scene
        if seat == scene.main_seat():
            return scene.layout["display"]
        return scene.panels.area_of(seat)

    def toast_area(self, seat: int) -> pygame.Rect:
        scene = self.scene
        if seat == scene.main_seat():  # where a human's buttons would be, free while a bot plays
            return scene.layout["controls"]
        area = scene.panels.area_of(seat)
        return pygame.Rect(area.x, area.bottom - 40, area.width, 36)

    def card_rect(self, seat: int, action: Action) -> pygame.Rect | None:
        """Where the card a move is about lies on screen, or None."""
        scene = self.scene
        card = getattr(action, "card", None)
        if not isinstance(card, str):
            return None
        placed = scene.session.view.display(seat).find(card)
        if placed is None:
            return None
        if seat == scene.main_seat():
            return scene.main.rect_of(placed.pos)
        return scene.panels.card_rect(seat, placed.pos)
