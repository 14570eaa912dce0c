"""The turn scene's controls on screen: draws what turn_options.TurnOptions offers (buttons, pick
spots over dice, cards, slots, cells and fields, the highlights, the prompt). A chosen control
hands its Step to `choose` (the turn scene), which carries it out; this module decides nothing."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.goennen.engine import COLOURS, HIDDEN, Buy, CardKind, Colour, Complete, Phase, Row, State, Take
from scenes.core import fonts, theme
from scenes.core.i18n import t, text_of
from scenes.core.widgets import Button, FocusGroup, Widget
from scenes.render.card_names import name_of
from scenes.render.cards import card_back, render_card
from scenes.render.dice import die_face
from scenes.table.choices import Choices
from scenes.table.geometry import field_rects
from scenes.table.spots import Spot
from scenes.table.turn_options import Glow, Offer, Step, Target, TurnOptions, large_seat
from scenes.table.words import colour_word

if TYPE_CHECKING:
    from scenes.core.layout import Layout
    from scenes.core.stack import Host
    from scenes.model.session import GameSession
    from scenes.table.dice_tray import DiceTray
    from scenes.table.display_view import DisplayView
    from scenes.table.market_view import MarketView

RGB = tuple[int, int, int]
K = TypeVar("K")
GLOW_COLOURS: dict[Glow, RGB] = {
    "can": (120, 230, 140),  # something the dice can do now
    "picked": theme.FOCUS,
    "remove": (240, 120, 100),
}


class Controls:
    def __init__(
        self,
        app: Host,
        session: GameSession,
        layout: Layout,
        views: tuple[MarketView, DiceTray, DisplayView],
        focus: FocusGroup,
        choose: Callable[[Step], None],
    ) -> None:
        self.app = app
        self.session = session
        self.layout = layout
        self.market, self.tray, self.main = views
        self.focus = focus
        self.choose = choose
        self.options = TurnOptions(lambda: app.settings.confirm_end)
        self.choices: Choices | None = None
        self.buttons: dict[str, Button] = {}
        self.changed = True  # the still picture must be composed again
        self.on_hint: Callable[[], None] | None = None  # the Hint button's action (hint_view.py)

    @property
    def state(self) -> State:
        view: State = self.session.view  # the first game's table: its view is the first game's
        return view

    @property
    def prompt(self) -> str:
        """The yellow line: asked for whenever it is drawn, so it follows a language switch."""
        state = self.state
        return self.options.prompt(
            state, self.choices, self.session.name(state.decider), self.session.human_to_decide
        )

    @property
    def mode(self) -> str:
        return self.options.mode

    @property
    def selected(self) -> Colour | None:
        return self.options.selected

    @property
    def proposal(self) -> Complete | Buy | None:
        return self.options.proposal

    # -- rebuilding --------------------------------------------------------------------------------
    def rebuild(self, previous: State | None, choices: Choices | None) -> None:
        self.choices = choices
        self.options.rebuild(previous, self.state, choices)
        self.layout_widgets()

    def step_helpers(self) -> None:
        """Try one bonus step per frame; when all are tried, offer the helpful ones."""
        if self.options.step_helpers():
            self.layout_widgets()

    def show(self, step: Step) -> None:
        """The selection changed by `step`: lay the controls out again, focus what comes next."""
        self.layout_widgets()
        if step.kind == "select":
            fields = [w for w in self.focus.widgets if isinstance(w, Spot) and w.radius == 6]
            if fields:
                self.focus.focus(fields[0])
        elif step.kind == "cycle" and "other_dice" in self.buttons:
            self.focus.focus(self.buttons["other_dice"])

    def cycle(self, step: int) -> None:
        if self.options.cycle(step):
            self.show(Step("cycle"))

    def clicked_nothing(self) -> None:
        if self.options.clicked_nothing(self.state):
            self.layout_widgets()

    def layout_widgets(self) -> None:
        state, choices = self.state, self.choices
        seat = large_seat(state, self.session.human_to_decide)
        extra: tuple[tuple[int, int], ...] = ()
        if choices is not None and state.phase in (Phase.PLACE,):
            pending = state.seats[state.decider].pending
            extra = tuple(choices.places.get(pending or "", {}))
        self.main.arrange(state.display(seat), extra)
        offers: list[Offer] = []
        targets: list[Target] = []
        if choices is not None:
            offers, targets = self.options.offers(state, choices, self.tray.kept)
        self.buttons = {}
        widgets: list[Widget] = []
        area = self.layout["controls"]
        if offers:
            gap = 10
            width = (area.width - gap * (len(offers) - 1)) // len(offers)
            for i, offer in enumerate(offers):
                rect = pygame.Rect(area.x + i * (width + gap), area.y + 2, width, area.height - 6)
                button = Button(
                    rect,
                    offer.label,
                    partial(self.choose, offer.step),
                    primary=i == 0 and offer.enabled,
                    size=20,
                )
                button.enabled = offer.enabled
                button.disabled_reason = _const(offer.reason)
                button.hint = _text_of(
                    "table.hint." + ("wild" if offer.key.startswith("wild_") else offer.key)
                )
                self.buttons[offer.key] = button
                widgets.append(button)
        widgets += self._bonus_buttons(choices)
        widgets += [self._spot(target) for target in targets]
        self.focus.widgets = widgets
        self.focus.focus_index = 0
        self.changed = True
        self.app.request_draw()

    def _spot(self, target: Target) -> Spot:
        press = partial(self.choose, target.step)
        if target.kind == "die" and target.colour is not None:
            return Spot(self.tray.die_rect(target.colour), press, target.hint)
        if target.kind == "slot" and target.slot is not None:
            return Spot(self.market.slot_rect(*target.slot), press, target.hint, target.card)
        if target.kind == "field" and target.field is not None:
            card, pos, index = target.field
            rect = field_rects(card, self.main.rect_of(pos))[index]
            return Spot(rect.inflate(4, 4), press, target.hint, radius=6)
        assert target.pos is not None
        return Spot(self.main.rect_of(target.pos), press, target.hint, target.card, target.values)

    def _bonus_buttons(self, choices: Choices | None) -> list[Widget]:
        area = self.layout["bonus"]
        row = pygame.Rect(area.x, area.y, area.width, 34)
        widgets: list[Widget] = []
        undo = Button(
            pygame.Rect(row.right - 110, row.y, 110, row.height),
            lambda: t("table.undo"),
            partial(self.choose, Step("undo")),
            size=18,
        )
        undo.enabled = self.session.can_undo
        undo.disabled_reason = lambda: t("table.undo.none")
        undo.hint = lambda: t("table.hint.undo")
        if choices is None:
            return []
        last = undo
        if self.on_hint is not None:
            last = Button(
                pygame.Rect(undo.rect.x - 118, row.y, 110, row.height),
                text_of("hint.button"),
                self.on_hint,
                size=18,
            )
            last.hint = text_of("hint.button.hint")
        x = row.x
        for offer in self.options.help_offers(self.state)[:4]:
            width = min(200, fonts.font(16, "bold").size(offer.label())[0] + 30)
            if x + width > last.rect.x - 10:
                break
            button = Button(
                pygame.Rect(x, row.y, width, row.height),
                offer.label,
                partial(self.choose, offer.step),
                size=16,
            )
            button.hint = offer.hint
            widgets.append(button)
            x += width + 8
        if last is not undo:
            widgets.append(last)
        widgets.append(undo)
        return widgets

    # -- what to highlight ---------------------------------------------------------------------------
    def card_glow(self) -> dict[str, RGB]:
        return _coloured(self.options.card_glow(self.state, self.choices))

    def draw_field_glow(self, surface: pygame.Surface, seat: int) -> None:
        """A ring around each field of the large display that can take the chosen die."""
        glow = _coloured(self.options.field_glow(self.choices))
        if not glow:
            return
        display = self.state.display(seat)
        for (card, index), colour in glow.items():
            placed = display.find(card)
            if placed is None:
                continue
            rect = field_rects(placed.card, self.main.rect_of(placed.pos))[index]
            pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3, border_radius=8)

    def slot_glow(self) -> dict[tuple[Row, int], RGB]:
        return _coloured(self.options.slot_glow(self.state, self.choices))

    def cell_glow(self) -> dict[tuple[int, int], RGB]:
        return _coloured(self.options.cell_glow(self.state, self.choices))

    def dice_rings(self) -> dict[Colour, RGB]:
        return _coloured(self.options.dice_rings(self.choices))

    def shown_values(self) -> dict[Colour, int]:
        state = self.state
        if self.choices is None:
            return {c: state.dice[c.slot] for c in COLOURS}
        return {c: max(1, min(6, state.value(c))) if state.dice[c.slot] else 0 for c in COLOURS}

    def dice_badges(self) -> dict[Colour, str]:
        state = self.state
        if self.choices is None:
            return {}
        badges: dict[Colour, str] = {}
        for colour in COLOURS:
            delta = state.deltas[colour.slot]
            if delta:
                badges[colour] = f"{delta:+d}"
            recolour = state.recolours[colour.slot]
            if recolour is not None:
                badges[colour] = (badges.get(colour, "") + " " + colour_word(recolour)).strip()
        return badges

    # -- drawing -----------------------------------------------------------------------------------
    def _taken_kind(self) -> CardKind:
        """The deck the card being placed was taken from as a chance, as the log tells it."""
        taken = next((e.action for e in reversed(self.session.log) if isinstance(e.action, Take)), None)
        return CardKind.BONUS if taken is not None and taken.row == Row.BONUS else CardKind.SCORING

    def draw_still(self, surface: pygame.Surface) -> None:
        area = self.layout["prompt"]
        human = self.session.human_to_decide
        colour = theme.FOCUS if human else theme.CREAM
        fitted = fonts.block(self.prompt, 24, (area.width - 8, area.height), colour, "black")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 4, area.centery)))
        if not human:
            hint = t("table.prompt.skip")
            small = fonts.text(hint, 15, (170, 200, 190))
            bonus = self.layout["bonus"]
            surface.blit(small, small.get_rect(midleft=(bonus.x + 4, bonus.centery)))
        proposal = self.proposal
        state = self.state
        glyphs = self.app.settings.colour_glyphs
        if isinstance(proposal, Complete):
            placed = state.display(state.decider).find(proposal.card)
            if placed is not None:
                rects = field_rects(placed.card, self.main.rect_of(placed.pos))
                for die, rect in zip(proposal.dice, rects, strict=True):
                    if die is not None:
                        value = max(1, min(6, state.value(die)))
                        surface.blit(die_face(die, value, rect.width, glyphs), rect)
        pending = state.seats[state.decider].pending if not state.is_chance else None
        if pending is not None and state.phase == Phase.PLACE:
            tray = self.layout["dice"]
            size2 = (round((tray.height - 8) / 1.4), tray.height - 8)
            if pending == HIDDEN:  # another seat took it as a chance: only its taker sees its face
                image = card_back(self._taken_kind(), size2)
            else:
                image = render_card(state.card(pending), size2, glyphs=glyphs)
            spot = image.get_rect(midleft=(tray.x + 20, tray.centery))
            pygame.draw.rect(surface, theme.FOCUS, spot.inflate(8, 8), 3, border_radius=10)
            surface.blit(image, spot)
            if self.session.human_to_decide:
                text = t("table.pending", card=name_of(pending, state.card))
            else:  # a bot places it: no "pick" addressed to the player
                text = t(
                    "table.pending.bot",
                    name=self.session.name(state.decider),
                    card=name_of(pending, state.card),
                )
            room = (tray.right - spot.right - 30, tray.height)
            fitted = fonts.block(text, 18, room, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(spot.right + 20, spot.centery)))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        area = self.layout["bonus"]
        self.focus.draw_hint(surface, pygame.Rect(area.x, area.y + 38, area.width, 32))


def _coloured(glow: dict[K, Glow]) -> dict[K, RGB]:
    return {key: GLOW_COLOURS[kind] for key, kind in glow.items()}


def _const(text: str) -> Callable[[], str]:
    return lambda: text


def _text_of(key: str) -> Callable[[], str]:
    return lambda: t(key)
