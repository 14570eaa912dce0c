"""What a human can do in the turn scene right now: the controls, the highlights and the prompt,
built from the Choices once per state change (or when the player changes a selection).

Modes: "" (pick a die, card or slot), "proposal" (a completion or purchase proposed: confirm,
cycle the dice, cancel), "write" (pick a die, then a field), "confirm_end" (end with dice unused?).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    COLOURS,
    Action,
    Adjust,
    BonusKind,
    Buy,
    Colour,
    Complete,
    Phase,
    Recolour,
    Row,
    State,
    best_wild_colours,
    solo_writes_allowed,
)
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.widgets import Button, Widget
from scenes.render.cards import render_card
from scenes.render.dice import die_face
from scenes.table.choices import Help, helpful_bonuses
from scenes.table.geometry import field_rects
from scenes.table.spots import Spot
from scenes.table.words import colour_word

if TYPE_CHECKING:
    from scenes.table.choices import Choices
    from scenes.table.turn import TurnScene

RGB = tuple[int, int, int]
CAN = (120, 230, 140)  # something the dice can do now
PICKED = theme.FOCUS
REMOVE = (240, 120, 100)
WRITE_PHASES = frozenset({Phase.PASSIVE, Phase.SOLO_PASSIVE, Phase.CHANCE_WRITE})


class Controls:
    def __init__(self, scene: TurnScene) -> None:
        self.scene = scene
        self.mode = ""
        self.options: list[Complete | Buy] = []
        self.index = 0
        self.selected: Colour | None = None
        self.helper: Iterator[Help | None] | None = None
        self.helps: list[Help] = []
        self.prompt = ""
        self.buttons: dict[str, Button] = {}

    @property
    def state(self) -> State:
        return self.scene.session.state

    @property
    def choices(self) -> Choices | None:
        return self.scene.choices

    @property
    def proposal(self) -> Complete | Buy | None:
        return self.options[self.index] if self.mode == "proposal" and self.options else None

    # -- rebuilding --------------------------------------------------------------------------------
    def rebuild(self, previous: State | None) -> None:
        state, choices = self.state, self.choices
        same_window = (
            previous is not None
            and choices is not None
            and previous.decider == state.decider
            and previous.phase == state.phase
            and self.mode == "write"
        )
        if not same_window:
            self.mode = "write" if state.phase in WRITE_PHASES else ""
            self.selected = None
        self.options, self.index = [], 0
        if self.selected is not None and (choices is None or self.selected not in choices.writes):
            self.selected = None
        if (
            self.mode == "write"
            and choices is not None
            and self.selected is None
            and len(choices.writes) == 1
        ):
            self.selected = next(iter(choices.writes))
        self.helps = []
        self.helper = helpful_bonuses(choices) if choices is not None and choices.adjusts else None
        self.layout_widgets()

    def step_helpers(self) -> None:
        """Try one bonus step per frame; when all are tried, offer the helpful ones."""
        if self.helper is None:
            return
        try:
            found = next(self.helper)
        except StopIteration:
            self.helper = None
            self.layout_widgets()
            return
        if found is not None:
            self.helps.append(found)

    def layout_widgets(self) -> None:
        scene = self.scene
        state, choices = self.state, self.choices
        seat = scene.main_seat()
        extra: tuple[tuple[int, int], ...] = ()
        if choices is not None and state.phase in (Phase.PLACE,):
            pending = state.seats[state.decider].pending
            extra = tuple(choices.places.get(pending or "", {}))
        scene.main.arrange(state.display(seat), extra)
        widgets: list[Widget] = []
        buttons: list[tuple[str, Callable[[], str], Callable[[], None], bool, str]] = []
        spots: list[Spot] = []
        self.prompt = self._prompt()
        if choices is not None:
            self._build(choices, buttons, spots)
        self.buttons = {}
        area = scene.layout["controls"]
        if buttons:
            gap = 10
            width = (area.width - gap * (len(buttons) - 1)) // len(buttons)
            for i, (key, label, press, enabled, reason) in enumerate(buttons):
                rect = pygame.Rect(area.x + i * (width + gap), area.y + 2, width, area.height - 6)
                button = Button(rect, label, press, primary=i == 0 and enabled, size=20)
                button.enabled = enabled
                button.disabled_reason = _const(reason)
                button.hint = _text_of("table.hint." + ("wild" if key.startswith("wild_") else key))
                self.buttons[key] = button
                widgets.append(button)
        widgets += self._bonus_buttons(choices)
        widgets += spots
        scene.focus.widgets = widgets
        scene.focus.focus_index = 0
        scene.dirty = True
        scene.app.request_draw()

    def _bonus_buttons(self, choices: Choices | None) -> list[Widget]:
        area = self.scene.layout["bonus"]
        row = pygame.Rect(area.x, area.y, area.width, 34)
        widgets: list[Widget] = []
        undo = Button(
            pygame.Rect(row.right - 110, row.y, 110, row.height),
            lambda: t("table.undo"),
            self.scene.undo,
            size=18,
        )
        undo.enabled = self.scene.session.can_undo
        undo.disabled_reason = lambda: t("table.undo.none")
        undo.hint = lambda: t("table.hint.undo")
        if choices is None:
            return []
        x = row.x
        for help_ in self.helps[:4]:
            label = _help_label(help_)
            width = min(200, fonts.font(16, "bold").size(label)[0] + 30)
            if x + width > undo.rect.x - 10:
                break
            button = Button(
                pygame.Rect(x, row.y, width, row.height),
                _const(label),
                (partial(self._play, help_.action)),
                size=16,
            )
            opens = ", ".join([*help_.cards, *(f"{r.value}{s}" for r, s in help_.slots)])
            button.hint = _const(
                t("table.hint.bonus", opens=opens)
                if opens
                else t("table.hint.bonus_fields", count=help_.fields)
            )
            widgets.append(button)
            x += width + 8
        widgets.append(undo)
        return widgets

    # -- per phase -------------------------------------------------------------------------------
    def _build(
        self,
        choices: Choices,
        buttons: list[tuple[str, Callable[[], str], Callable[[], None], bool, str]],
        spots: list[Spot],
    ) -> None:
        state = self.state
        phase = state.phase
        scene = self.scene
        seat = state.decider
        display = state.display(seat)

        def add(
            key: str,
            label: Callable[[], str],
            press: Callable[[], None],
            enabled: bool = True,
            reason: str = "",
        ) -> None:
            buttons.append((key, label, press, enabled, reason))

        if phase == Phase.WILD:
            card = next(iter(choices.wilds))
            best = best_wild_colours(seat, display).get(card)
            for colour in sorted(choices.wilds[card], key=lambda c: c != best):
                star = " ★" if colour == best else ""
                add(
                    f"wild_{colour.value}",
                    _const(colour_word(colour) + star),
                    (partial(self._play, choices.wilds[card][colour])),
                )
            return
        if phase == Phase.SOLO_REMOVE:
            for row in (Row.SCORING, Row.BONUS):
                if row in choices.removes:
                    spots.append(
                        Spot(
                            scene.market.slot_rect(row, 4),
                            (partial(self._play, choices.removes[row])),
                            lambda: t("table.hint.remove"),
                        )
                    )
            if None in choices.removes:
                add("remove_none", lambda: t("table.remove_none"), lambda: self._play(choices.removes[None]))
            return
        if phase == Phase.PLACE:
            pending = state.seats[seat].pending or ""
            for pos, action in choices.places.get(pending, {}).items():
                spots.append(
                    Spot(
                        scene.main.rect_of(pos),
                        (partial(self._play, action)),
                        lambda: t("table.hint.cell"),
                    )
                )
            if choices.discard is not None:
                discard = choices.discard
                add("discard", lambda: t("table.discard"), lambda: self._play(discard))
            return
        if self.mode == "confirm_end":
            end = choices.end
            assert end is not None
            add("end_anyway", lambda: t("table.end.anyway"), lambda: self._play(end))
            add("keep_playing", lambda: t("table.keep_playing"), self.cancel)
            return
        if self.mode == "write":
            self._write_controls(choices, add, spots)
            return
        # the active player with dice: keep, reroll, complete, buy, chance, end
        proposal = self.proposal
        if proposal is not None:
            add(
                "confirm",
                (lambda: t("table.confirm.complete"))
                if isinstance(proposal, Complete)
                else (lambda: t("table.confirm.buy")),
                lambda: self._play(proposal),
            )
            if len(self.options) > 1:
                add(
                    "other_dice",
                    lambda: t("table.other_dice", index=self.index + 1, count=len(self.options)),
                    lambda: self.cycle(1),
                )
            add("cancel", lambda: t("table.cancel"), self.cancel)
        else:
            loose = [c for c in COLOURS if c not in scene.tray.kept]
            if choices.can_reroll:
                add(
                    "reroll",
                    lambda: t("table.reroll", count=len(loose)),
                    self.reroll,
                    bool(loose),
                    t("table.reroll.none"),
                )
            if choices.end is not None:
                add("end", lambda: t("table.end"), self.end)
            elif not choices.can_reroll:
                pass
            if choices.writes and state.phase == Phase.ACTIVE:
                add("chance_write", lambda: t("table.chance.write"), self.start_write)
            for row, take in choices.takes.items():
                key = "chance_take_s" if row == Row.SCORING else "chance_take_b"
                add(key, _text_of(f"table.{key}"), partial(self._play, take))
        if choices.can_reroll and proposal is None:
            for colour in COLOURS:
                if state.dice[colour.slot]:
                    spots.append(
                        Spot(
                            scene.tray.die_rect(colour),
                            (partial(self.toggle, colour)),
                            partial(self._keep_hint, colour),
                        )
                    )
        for card in choices.completes:
            placed = display.find(card)
            if placed is not None:
                spots.append(
                    Spot(
                        scene.main.rect_of(placed.pos),
                        (partial(self.propose_complete, card)),
                        lambda: t("table.hint.complete"),
                        placed.card,
                        placed.filled,
                    )
                )
        for slot in choices.buys:
            card_id = state.market_card(*slot)
            spots.append(
                Spot(
                    scene.market.slot_rect(*slot),
                    (partial(self.propose_buy, slot)),
                    lambda: t("table.hint.buy"),
                    state.card(card_id) if card_id else None,
                )
            )

    def _write_controls(self, choices: Choices, add: Callable[..., None], spots: list[Spot]) -> None:
        state = self.state
        scene = self.scene
        display = state.display(state.decider)
        if state.phase in (Phase.PASSIVE, Phase.SOLO_PASSIVE) and choices.pass_ is not None:
            pass_ = choices.pass_
            add("pass", lambda: t("table.pass"), lambda: self._play(pass_))
        elif state.phase == Phase.CHANCE_WRITE and choices.end is not None:
            end = choices.end
            add("end", lambda: t("table.end"), lambda: self._play(end))
        elif state.phase == Phase.ACTIVE:
            add("back", lambda: t("table.back"), self.cancel)
        for colour in choices.writes:
            spots.append(
                Spot(
                    scene.tray.die_rect(colour),
                    (partial(self.select, colour)),
                    lambda: t("table.hint.die_write"),
                )
            )
        if self.selected is not None:
            for (card, index), action in choices.writes.get(self.selected, {}).items():
                placed = display.find(card)
                if placed is None:
                    continue
                rect = field_rects(placed.card, scene.main.rect_of(placed.pos))[index]
                spots.append(
                    Spot(
                        rect.inflate(4, 4),
                        (partial(self._play, action)),
                        lambda: t("table.hint.field"),
                        radius=6,
                    )
                )

    # -- player steps ------------------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        if self.scene.play(action) and isinstance(action, (Adjust, Recolour)):
            self.scene.app.play("click")

    def _keep_hint(self, colour: Colour) -> str:
        return t("table.hint.unkeep" if colour in self.scene.tray.kept else "table.hint.keep")

    def toggle(self, colour: Colour) -> None:
        self.scene.tray.toggle(colour, self.scene.tweens)
        self.layout_widgets()

    def reroll(self) -> None:
        choices = self.choices
        if choices is None:
            return
        loose = frozenset(c for c in COLOURS if c not in self.scene.tray.kept)
        action = choices.reroll(loose)
        if action is not None:
            self._play(action)

    def end(self) -> None:
        choices = self.choices
        if choices is None or choices.end is None:
            return
        if choices.can_use_dice:
            self.mode = "confirm_end"
            self.layout_widgets()
            return
        self._play(choices.end)

    def start_write(self) -> None:
        self.mode = "write"
        self.selected = None
        self.layout_widgets()

    def select(self, colour: Colour) -> None:
        self.selected = colour
        self.layout_widgets()
        fields = [w for w in self.scene.focus.widgets if isinstance(w, Spot) and w.radius == 6]
        if fields:
            self.scene.focus.focus(fields[0])

    def propose_complete(self, card: str) -> None:
        choices = self.choices
        if choices is None:
            return
        self._propose(list(choices.completes.get(card, [])))

    def propose_buy(self, slot: tuple[Row, int]) -> None:
        choices = self.choices
        if choices is None:
            return
        self._propose(list(choices.buys.get(slot, [])))

    def _propose(self, options: list[Complete] | list[Buy]) -> None:
        if not options:
            return
        self.mode, self.options, self.index = "proposal", list(options), 0
        self.layout_widgets()

    def cycle(self, step: int) -> None:
        if self.mode == "proposal" and len(self.options) > 1:
            self.index = (self.index + step) % len(self.options)
            self.layout_widgets()
            if "other_dice" in self.buttons:
                self.scene.focus.focus(self.buttons["other_dice"])

    def cancel(self) -> None:
        self.mode = "write" if self.state.phase in WRITE_PHASES else ""
        self.options, self.index, self.selected = [], 0, None
        self.layout_widgets()

    def clicked_nothing(self) -> None:
        if self.mode in ("proposal", "confirm_end") or (self.mode == "write" and self.selected is not None):
            if self.mode == "write":
                self.selected = None
                self.layout_widgets()
            else:
                self.cancel()

    # -- what to highlight ---------------------------------------------------------------------------
    def card_glow(self) -> dict[str, RGB]:
        choices, state = self.choices, self.state
        glow: dict[str, RGB] = {}
        if choices is None:
            return glow
        if state.phase == Phase.WILD:
            return {card: PICKED for card in list(choices.wilds)[:1]}
        if self.mode == "":
            glow = {card: CAN for card in choices.completes}
        proposal = self.proposal
        if isinstance(proposal, Complete):
            glow[proposal.card] = PICKED
        if self.mode == "write" and self.selected is not None:
            for card, _field in choices.writes.get(self.selected, {}):
                glow[card] = CAN
        return glow

    def slot_glow(self) -> dict[tuple[Row, int], RGB]:
        choices, state = self.choices, self.state
        if choices is None:
            return {}
        if state.phase == Phase.SOLO_REMOVE:
            return {(row, 4): REMOVE for row in choices.removes if row is not None}
        glow: dict[tuple[Row, int], RGB] = {}
        if self.mode == "":
            glow = {slot: CAN for slot in choices.buys}
        proposal = self.proposal
        if isinstance(proposal, Buy):
            glow[(proposal.row, proposal.slot)] = PICKED
        return glow

    def cell_glow(self) -> dict[tuple[int, int], RGB]:
        choices, state = self.choices, self.state
        if choices is None or state.phase != Phase.PLACE:
            return {}
        pending = state.seats[state.decider].pending or ""
        return {pos: CAN for pos in choices.places.get(pending, {})}

    def dice_rings(self) -> dict[Colour, RGB]:
        choices = self.choices
        if choices is None:
            return {}
        proposal = self.proposal
        if proposal is not None:
            dice = proposal.dice if isinstance(proposal, Buy) else [d for d in proposal.dice if d is not None]
            return {d: PICKED for d in dice if d is not None}
        if self.mode == "write":
            rings = {d: CAN for d in choices.writes}
            if self.selected is not None:
                rings[self.selected] = PICKED
            return rings
        return {}

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
    def _prompt(self) -> str:
        scene = self.scene
        session = scene.session
        state = self.state
        if state.is_chance:
            return t("table.prompt.rolling") if state.phase == Phase.ROLL else ""
        name = session.name(state.decider)
        if not session.human_to_decide:
            return t("table.prompt.bot", name=name)
        choices = self.choices
        phase = state.phase
        display = state.display(state.decider)
        if phase == Phase.WILD:
            card = next(iter(choices.wilds)) if choices and choices.wilds else "?"
            return t("table.prompt.wild", name=name, card=card)
        if phase == Phase.SOLO_REMOVE:
            return t("table.prompt.solo_remove", counter=len(state.removed) + 1, rounds=state.solo_rounds())
        if phase == Phase.PLACE:
            key = "table.prompt.place_taken" if state.chance == "take" else "table.prompt.place"
            return t(key, name=name, card=state.seats[state.decider].pending or "")
        if self.mode == "confirm_end":
            return t("table.prompt.confirm_end")
        if self.mode == "write":
            if self.selected is not None:
                return t("table.prompt.pick_field", name=name, colour=colour_word(self.selected))
            if phase == Phase.PASSIVE:
                key = "table.prompt.passive_more" if state.writes else "table.prompt.passive"
                return t(key, name=name)
            if phase == Phase.SOLO_PASSIVE:
                count = solo_writes_allowed(state) - state.writes
                extra = display.marks_left(BonusKind.EXTRA_DIE)
                return t("table.prompt.solo_passive", name=name, count=max(0, count) + extra)
            return t("table.prompt.chance_write", name=name, count=2 - state.writes)
        proposal = self.proposal
        if isinstance(proposal, Complete):
            return t("table.prompt.proposal_complete", card=proposal.card)
        if isinstance(proposal, Buy):
            return t("table.prompt.proposal_buy", card=state.market_card(proposal.row, proposal.slot) or "")
        if choices is not None and choices.can_reroll:
            return t("table.prompt.roll_or_use", name=name)
        if choices is not None and (choices.takes or choices.writes):
            return t("table.prompt.chance", name=name)
        return t("table.prompt.use", name=name)

    def draw_still(self, surface: pygame.Surface) -> None:
        scene = self.scene
        area = scene.layout["prompt"]
        human = scene.session.human_to_decide
        colour = theme.FOCUS if human else theme.CREAM
        size = fonts.fit_size(self.prompt, 24, area.width - 10, "black")
        label = fonts.text(self.prompt, size, colour, "black")
        surface.blit(label, label.get_rect(midleft=(area.x + 4, area.centery)))
        if not human:
            hint = t("table.prompt.skip")
            small = fonts.text(hint, 15, (170, 200, 190))
            bonus = scene.layout["bonus"]
            surface.blit(small, small.get_rect(midleft=(bonus.x + 4, bonus.centery)))
        proposal = self.proposal
        state = self.state
        glyphs = scene.app.settings.colour_glyphs
        if isinstance(proposal, Complete):
            placed = state.display(state.decider).find(proposal.card)
            if placed is not None:
                rects = field_rects(placed.card, scene.main.rect_of(placed.pos))
                for die, rect in zip(proposal.dice, rects, strict=True):
                    if die is not None:
                        value = max(1, min(6, state.value(die)))
                        surface.blit(die_face(die, value, rect.width, glyphs), rect)
        pending = state.seats[state.decider].pending if not state.is_chance else None
        if pending is not None and state.phase == Phase.PLACE:
            tray = scene.layout["dice"]
            size2 = (round((tray.height - 8) / 1.4), tray.height - 8)
            image = render_card(state.card(pending), size2, glyphs=glyphs)
            spot = image.get_rect(midleft=(tray.x + 20, tray.centery))
            pygame.draw.rect(surface, theme.FOCUS, spot.inflate(8, 8), 3, border_radius=10)
            surface.blit(image, spot)
            text = t("table.pending", card=pending)
            label = fonts.text(text, 18, theme.CREAM, "bold")
            surface.blit(label, label.get_rect(midleft=(spot.right + 20, spot.centery)))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        area = self.scene.layout["bonus"]
        self.scene.focus.draw_hint(surface, pygame.Rect(area.x, area.y + 38, area.width, 32))


def _const(text: str) -> Callable[[], str]:
    return lambda: text


def _text_of(key: str) -> Callable[[], str]:
    return lambda: t(key)


def _help_label(help_: Help) -> str:
    action = help_.action
    if isinstance(action, Adjust):
        key = "table.help.plus" if action.delta > 0 else "table.help.minus"
        return t(key, colour=colour_word(action.die))
    return t("table.help.recolour", colour=colour_word(action.die), to=colour_word(action.colour))
