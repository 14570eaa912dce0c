"""The odds at the table: small colour-coded badges on the deciding human's cards, the market, the
fields a chosen die may go to and the chance buttons, each with its sentence as a tooltip.

The numbers (scenes/model/odds_numbers.py, docs/odds.md defines them) come from
scenes/model/odds_worker.py's thread; this module asks for them as the position, the kept dice or
the chosen die change, and draws what is ready. A badge sits on a card's top edge or beside a
field, never over a field. The turn scene calls `update`, `draw`, `tip_at` and `toggle` (the O
key).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.goennen.engine import COLOURS, Colour, Phase, Row, State
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.tooltip import Tip
from scenes.model.odds_numbers import Badge, OddsRequest, shows_odds
from scenes.model.odds_setting import finished_games, odds_shown, toggled
from scenes.model.odds_worker import Shown, relabelled, shared_worker
from scenes.model.userdata import data_dir
from scenes.render.card_names import card_name
from scenes.table.geometry import field_rects
from scenes.table.words import points_text

if TYPE_CHECKING:
    from scenes.core.stack import Host
    from scenes.core.widgets import Button
    from scenes.table.display_view import DisplayView
    from scenes.table.market_view import MarketView

RGB = tuple[int, int, int]
LOW, HIGH = 0.2, 0.6  # below LOW red, above HIGH green, amber between
RED, AMBER, GREEN, GREY = (196, 52, 44), (222, 150, 30), (46, 150, 76), (92, 104, 112)
CHANCE_BUTTONS = {"write": "chance_write", "take_s": "chance_take_s", "take_b": "chance_take_b", "end": "end"}
TEXT_SIZE = 14
FIELD_TEXT_SIZE = 14  # fonts.LEGIBLE: no smaller text is readable at 1280x720


def percent(chance: float) -> int | None:
    """The whole percent shown for `chance`; None for the rare value between 0 and 0.5 % or between
    99.5 % and 100 % (shown as "<1" and ">99": a sure or hopeless look must mean exactly that)."""
    if 0.0 < chance < 0.005 or 0.995 <= chance < 1.0:
        return None
    return round(chance * 100)


def percent_text(chance: float) -> str:
    shown = percent(chance)
    if shown is None:
        return t("odds.percent.tiny") if chance < 0.5 else t("odds.percent.nearly_sure")
    return t("odds.percent", value=shown)


def chance_colour(chance: float) -> RGB:
    return RED if chance < LOW else GREEN if chance > HIGH else AMBER


def badge_face(badge: Badge) -> tuple[str, RGB]:
    """What a badge says and its colour (a chance option: green when the Hint would choose it)."""
    if badge.kind == "chance":
        return points_text(badge.value), GREEN if badge.best == 1.0 else GREY
    if badge.kind == "write":  # coloured by the change it makes (its tooltip gives both levels)
        change = (percent(badge.value) or 0) - (percent(badge.best) or 0)
        return t("odds.change", value=f"{change:+d}"), GREEN if change > 0 else RED if change < 0 else GREY
    return percent_text(badge.value), chance_colour(badge.value)


def beside_field(box: pygame.Rect, field: pygame.Rect, blocked: list[pygame.Rect]) -> pygame.Rect:
    """Where a write's badge goes: below its field, else above, right or left of it, the first
    spot over no field and no other badge; failing all, below."""
    spots = [box.copy() for _ in range(4)]
    spots[0].midtop = (field.centerx, field.bottom + 2)
    spots[1].midbottom = (field.centerx, field.top - 2)
    spots[2].midleft = (field.right + 2, field.centery)
    spots[3].midright = (field.left - 2, field.centery)
    return next((spot for spot in spots if spot.collidelist(blocked) < 0), spots[0])


@dataclass(frozen=True)
class Placed:
    """A badge where it is drawn."""

    badge: Badge
    rect: pygame.Rect
    anchor: pygame.Rect  # the thing it is about (the tooltip keeps it visible)


class OddsView:
    def __init__(self, app: Host) -> None:
        self.app = app
        self.worker = shared_worker()
        self.finished = finished_games(data_dir())
        self.placed: list[Placed] = []
        self.last: Shown | None = None

    @property
    def enabled(self) -> bool:
        return odds_shown(self.app.settings.odds, self.finished)

    def toggle(self) -> None:
        """The O key: show or hide the odds, remembered as the player's own choice."""
        self.app.play("click")
        self.app.change_settings(odds=toggled(self.enabled))
        self.app.request_draw()

    def update(self, state: State, seat: int | None, kept: set[Colour], selected: Colour | None) -> bool:
        """Ask for the odds of what is shown now (`seat`: the human deciding, None: no human);
        True when new numbers arrived (the screen must be drawn)."""
        wanted = self.enabled and seat is not None and shows_odds(state, seat)
        shown: Shown | None = None
        if not wanted or seat is None:
            self.worker.ask(None)
        else:
            writing = state.phase != Phase.ACTIVE
            kept_flags = () if writing else tuple(colour in kept for colour in COLOURS)
            request = OddsRequest(state, seat, kept_flags, selected if writing else None)
            if self.last is not None and self.last.done and request.same(self.last.request):
                return False  # all there: nothing to ask
            shown = relabelled(self.last, request)  # a keep or release: no need to wait
            if shown is None:
                self.worker.ask(request)
                shown = self.worker.shown()
        changed = shown is not self.last
        self.last = shown
        return changed

    @property
    def waiting(self) -> bool:
        """Numbers are asked for and not all there yet: frames must keep coming."""
        return self.worker.asked is not None and (self.last is None or not self.last.done)

    @property
    def badges(self) -> tuple[Any, ...]:
        """The game's badges shown now: Badges, or Penk!'s PenkBadges on its table."""
        return self.last.badges if self.last is not None else ()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        state: State,
        seat: int,
        main: DisplayView,
        market: MarketView,
        buttons: Mapping[str, Button],
    ) -> None:
        self.placed = []
        taken: list[pygame.Rect] = []
        fields = [  # a write's badge goes beside its field, over none of the display's fields
            rect
            for placed in state.display(seat)
            for rect in field_rects(placed.card, main.rect_of(placed.pos))
        ]
        for badge in self.badges:
            anchor = self._anchor(badge, state, seat, main, market, buttons)
            if anchor is None:
                continue
            text, colour = badge_face(badge)
            small = badge.kind == "write"
            label = fonts.text(text, FIELD_TEXT_SIZE if small else TEXT_SIZE, theme.WHITE, "black")
            box = label.get_rect().inflate(8 if small else 10, 2 if small else 4)
            if badge.kind == "write":
                box = beside_field(box, anchor, fields + taken)
            elif badge.kind == "chance":  # above the button's right end: pointing at it shows its own tip
                box.bottomright = (anchor.right - 4, anchor.top + 2)
            else:  # on the card's top edge, at its right
                box.midright = (anchor.right - 2, anchor.top + 1)
            taken.append(box)
            pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, theme.WHITE, box, 1, border_radius=box.height // 2)
            surface.blit(label, label.get_rect(center=box.center))
            self.placed.append(Placed(badge, box, anchor))

    def _anchor(
        self,
        badge: Badge,
        state: State,
        seat: int,
        main: DisplayView,
        market: MarketView,
        buttons: Mapping[str, Button],
    ) -> pygame.Rect | None:
        kind, target = badge.kind, badge.target
        if kind in ("complete", "write"):
            placed = state.display(seat).find(str(target[1]))
            if placed is None:
                return None
            rect = main.rect_of(placed.pos)
            if kind == "complete":
                return rect
            fields = field_rects(placed.card, rect)
            index = int(str(target[2]))
            return fields[index] if index < len(fields) else None
        if kind == "buy":
            row, slot = target[1], target[2]
            if not isinstance(row, Row) or not isinstance(slot, int):
                return None
            return market.slot_rect(row, slot)
        button = buttons.get(CHANCE_BUTTONS.get(str(target[1]), ""))
        return button.rect if button is not None and button.visible else None

    # -- tooltips --------------------------------------------------------------------------------
    def covers(self, point: tuple[int, int]) -> bool:
        """Whether a badge is drawn at `point` (its tooltip, not the card's zoom, shows there)."""
        return any(placed.rect.collidepoint(point) for placed in self.placed)

    def tip_at(self, point: tuple[int, int], state: State) -> Tip | None:
        for placed in reversed(self.placed):
            if placed.rect.collidepoint(point):
                return Tip(("odds", placed.badge.target), placed.rect, partial(sentence, placed.badge, state))
        return None


def sentence(badge: Badge, state: State) -> str:
    """The badge's full sentence in the player's language."""
    kind, target = badge.kind, badge.target
    if kind == "chance":
        return t(f"odds.tip.chance_{target[1]}", points=points_text(badge.value))
    if kind == "write":
        card = card_name(state.card(str(target[1])))
        return t(
            "odds.tip.write",
            card=card,
            field=int(str(target[2])) + 1,
            before=percent_text(badge.best),
            after=percent_text(badge.value),
        )
    if kind == "complete":
        name = card_name(state.card(str(target[1])))
    else:
        card_id = state.market_card(target[1], target[2])  # type: ignore[arg-type]
        name = card_name(state.card(card_id)) if card_id is not None else ""
    chance = percent_text(badge.value)
    if badge.rerolled == 0:
        key = f"odds.tip.{kind}_now"
        text = t(key, card=name, chance=chance, count=badge.cost)
    else:
        text = t(f"odds.tip.{kind}", card=name, chance=chance, count=badge.rerolled, dice=badge.cost)
    if badge.rerolled and percent(badge.best) != percent(badge.value):
        text += " " + t("odds.tip.best", chance=percent_text(badge.best))
    return text
