"""What the deciding human may do in the turn scene right now, as plain data: the buttons, the things
to pick (dice, cards, market slots, cells, fields), what to highlight and the prompt. Built from
the Choices (the engine's legal actions, sorted) and the player's selection; no pygame, so it is
tested without a window. turn_controls.py draws it; the turn scene carries out the chosen Step.

Modes: "" (pick a die, card or slot), "proposal" (a completion or purchase proposed: confirm,
cycle the dice, cancel), "write" (pick a die, then a field), "confirm_end" (end with dice unused?).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Set
from dataclasses import dataclass
from functools import partial
from typing import Literal

from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    BonusKind,
    Buy,
    Card,
    Colour,
    Complete,
    Phase,
    Row,
    State,
    best_wild_colours,
    solo_writes_allowed,
)
from scenes.core.i18n import t
from scenes.render.card_names import CardLookup, name_of
from scenes.table.choices import Choices, Help, helpful_bonuses
from scenes.table.words import colour_word, row_word

WRITE_PHASES = frozenset({Phase.PASSIVE, Phase.SOLO_PASSIVE, Phase.CHANCE_WRITE})
Slot = tuple[Row, int]
Pos = tuple[int, int]
Label = Callable[[], str]  # read at draw time, so a language switch shows at once
Glow = Literal["can", "picked", "remove"]  # something the dice can do now / chosen / to be removed

StepKind = Literal[
    "play",  # play `action`
    "undo",
    "toggle",  # keep or release die `colour`
    "reroll",  # reroll the dice not kept
    "end",  # end the turn (asks first while dice could still be used)
    "start_write",  # the chance write: pick a die, then a field
    "select",  # pick die `colour` to write
    "propose_complete",  # propose completing `card`
    "propose_buy",  # propose buying at `slot`
    "cycle",  # the proposal's next assignment of dice
    "cancel",
]


@dataclass(frozen=True)
class Step:
    """What the human chose: one of StepKind with what it needs."""

    kind: StepKind
    action: Action | None = None
    colour: Colour | None = None
    card: str | None = None
    slot: Slot | None = None


@dataclass(frozen=True)
class Offer:
    """A button: its key (hint text and tests find it by this), label, step, and whether it works."""

    key: str
    label: Label
    step: Step
    enabled: bool = True
    reason: str = ""  # why not, shown when focused while disabled


@dataclass(frozen=True)
class Target:
    """Something on the table to pick: a die, a card or a cell of the display, a market slot, or a
    field of a card (`field`: the card's position and the field's index)."""

    kind: Literal["die", "cell", "slot", "field"]
    step: Step
    hint: Label
    colour: Colour | None = None  # die
    pos: Pos | None = None  # cell (a card or a free cell of the deciding seat's display)
    slot: Slot | None = None  # market slot
    field: tuple[Card, Pos, int] | None = None  # the card, its position, the field's index
    card: Card | None = None  # shown zoomed while the target is hovered or focused
    values: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class HelpOffer:
    """A bonus step that opens something new (plus, minus, recolour), offered as a small button."""

    label: Label
    hint: Label
    step: Step


def end_question(state: State, choices: Choices, always: bool) -> str:
    """Why ending the turn now is asked about first ("" when it is not): "dice" (a completion or
    purchase is possible), "_chance" (after the third roll with nothing done, a chance is open:
    Enter on the first button must not throw it away), "_always" (the player's setting)."""
    if choices.can_use_dice:
        return "dice"
    if state.phase == Phase.ACTIVE and (choices.takes or choices.writes):
        return "_chance"
    return "_always" if always and state.phase == Phase.ACTIVE else ""


def large_seat(state: State, human_to_decide: bool) -> int:
    """Whose display the table shows large: the deciding human's, else the active player's."""
    if not state.is_chance and human_to_decide:
        return state.decider
    return state.active


class TurnOptions:
    """The player's selection within one decision, and everything offered from it."""

    def __init__(self, confirm_every_end: Callable[[], bool] = lambda: False) -> None:
        self.mode = ""
        self.confirm_every_end = confirm_every_end  # the setting "Confirm end of turn"
        self.end_question = ""  # in "confirm_end": why ending is asked about (end_question)
        self.options: list[Complete | Buy] = []
        self.index = 0
        self.selected: Colour | None = None
        self.helper: Iterator[Help | None] | None = None
        self.helps: list[Help] = []

    @property
    def proposal(self) -> Complete | Buy | None:
        return self.options[self.index] if self.mode == "proposal" and self.options else None

    # -- a new state ---------------------------------------------------------------------------------
    def rebuild(self, previous: State | None, state: State, choices: Choices | None) -> None:
        """The state changed: keep a write selection within the same window, else start afresh."""
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

    def step_helpers(self) -> bool:
        """Try one bonus step (one per frame); True when the last was tried, so the helpful ones
        can be offered now."""
        if self.helper is None:
            return False
        try:
            found = next(self.helper)
        except StopIteration:
            self.helper = None
            return True
        if found is not None:
            self.helps.append(found)
        return False

    # -- the player's steps --------------------------------------------------------------------------
    def apply(
        self, step: Step, state: State, choices: Choices | None, kept: Set[Colour]
    ) -> tuple[Action | None, bool]:
        """Carry out a step on the selection: (the action to play, if any; whether the offers
        changed). Toggle and undo belong to the scene (the tray, the session)."""
        if step.kind == "play":
            return step.action, False
        if choices is None:
            return None, False
        if step.kind == "reroll":
            return choices.reroll(frozenset(c for c in COLOURS if c not in kept)), False
        if step.kind == "end":
            if choices.end is None:
                return None, False
            self.end_question = end_question(state, choices, self.confirm_every_end())
            if self.end_question:
                self.mode = "confirm_end"
                return None, True
            return choices.end, False
        if step.kind == "start_write":
            self.mode, self.selected = "write", None
            return None, True
        if step.kind == "select":
            self.selected = step.colour
            return None, True
        if step.kind == "propose_complete" and step.card is not None:
            return None, self._propose(list(choices.completes.get(step.card, [])))
        if step.kind == "propose_buy" and step.slot is not None:
            return None, self._propose(list(choices.buys.get(step.slot, [])))
        if step.kind == "cycle":
            return None, self.cycle(1)
        if step.kind == "cancel":
            self.cancel(state)
            return None, True
        return None, False

    def _propose(self, options: list[Complete] | list[Buy]) -> bool:
        if not options:
            return False
        self.mode, self.options, self.index = "proposal", list(options), 0
        return True

    def cycle(self, step: int) -> bool:
        """The proposal's next (or previous) assignment of dice; False when there is no other."""
        if self.mode == "proposal" and len(self.options) > 1:
            self.index = (self.index + step) % len(self.options)
            return True
        return False

    def cancel(self, state: State) -> None:
        self.mode = "write" if state.phase in WRITE_PHASES else ""
        self.options, self.index, self.selected = [], 0, None

    def clicked_nothing(self, state: State) -> bool:
        """A click beside every control drops a proposal, a question or a picked die; True if it did."""
        if self.mode == "write" and self.selected is not None:
            self.selected = None
            return True
        if self.mode in ("proposal", "confirm_end"):
            self.cancel(state)
            return True
        return False

    # -- what is offered -----------------------------------------------------------------------------
    def offers(self, state: State, choices: Choices, kept: Set[Colour]) -> tuple[list[Offer], list[Target]]:
        """The buttons and the things to pick, in focus order."""
        buttons: list[Offer] = []
        targets: list[Target] = []

        def add(key: str, label: Label, step: Step, enabled: bool = True, reason: str = "") -> None:
            buttons.append(Offer(key, label, step, enabled, reason))

        def play(action: Action) -> Step:
            return Step("play", action)

        phase = state.phase
        seat = state.decider
        display = state.display(seat)
        if phase == Phase.WILD:
            card = next(iter(choices.wilds))
            best = best_wild_colours(seat, display).get(card)
            for colour in sorted(choices.wilds[card], key=lambda c: c != best):
                word = colour_word(colour)
                label = t("table.wild.best", colour=word) if colour == best else word
                add(f"wild_{colour.value}", _const(label), play(choices.wilds[card][colour]))
            return buttons, targets
        if phase == Phase.SOLO_REMOVE:
            for row in (Row.SCORING, Row.BONUS):
                if row in choices.removes:
                    remove = play(choices.removes[row])
                    targets.append(Target("slot", remove, _text_of("table.hint.remove"), slot=(row, 4)))
            if None in choices.removes:
                add("remove_none", _text_of("table.remove_none"), play(choices.removes[None]))
            return buttons, targets
        if phase == Phase.PLACE:
            pending = state.seats[seat].pending or ""
            for pos, action in choices.places.get(pending, {}).items():
                targets.append(Target("cell", play(action), _text_of("table.hint.cell"), pos=pos))
            if choices.discard is not None:
                add("discard", _text_of("table.discard"), play(choices.discard))
            return buttons, targets
        if self.mode == "confirm_end":
            assert choices.end is not None
            # keep playing first, so that it has the focus: a second Enter never throws a chance away
            add("keep_playing", _text_of("table.keep_playing"), Step("cancel"))
            add("end_anyway", _text_of("table.end.anyway"), play(choices.end))
            return buttons, targets
        if self.mode == "write":
            self._write_offers(state, choices, add, targets)
            return buttons, targets
        # the active player with dice: keep, reroll, complete, buy, chance, end
        proposal = self.proposal
        if proposal is not None:
            confirm = "table.confirm.complete" if isinstance(proposal, Complete) else "table.confirm.buy"
            add("confirm", _text_of(confirm), play(proposal))
            if len(self.options) > 1:
                index, count = self.index + 1, len(self.options)
                add("other_dice", lambda: t("table.other_dice", index=index, count=count), Step("cycle"))
            add("cancel", _text_of("table.cancel"), Step("cancel"))
        else:
            loose = len([c for c in COLOURS if c not in kept])
            if choices.can_reroll:
                add(
                    "reroll",
                    lambda: t("table.reroll", count=loose),
                    Step("reroll"),
                    bool(loose),
                    t("table.reroll.none"),
                )
            if choices.end is not None:
                add("end", _text_of("table.end"), Step("end"))
            if choices.writes and phase == Phase.ACTIVE:
                add("chance_write", _text_of("table.chance.write"), Step("start_write"))
            for row, take in choices.takes.items():
                key = "chance_take_s" if row == Row.SCORING else "chance_take_b"
                add(key, _text_of(f"table.{key}"), play(take))
        if choices.can_reroll and proposal is None:
            for colour in COLOURS:
                if state.dice[colour.slot]:
                    hint = _text_of("table.hint.unkeep" if colour in kept else "table.hint.keep")
                    targets.append(Target("die", Step("toggle", colour=colour), hint, colour=colour))
        for card in choices.completes:
            placed = display.find(card)
            if placed is not None:
                propose = Step("propose_complete", card=card)
                hint = _text_of("table.hint.complete")
                targets.append(
                    Target("cell", propose, hint, pos=placed.pos, card=placed.card, values=placed.filled)
                )
        for slot in choices.buys:
            card_id = state.market_card(*slot)
            shown = state.card(card_id) if card_id else None
            targets.append(
                Target(
                    "slot", Step("propose_buy", slot=slot), _text_of("table.hint.buy"), slot=slot, card=shown
                )
            )
        return buttons, targets

    def _write_offers(
        self, state: State, choices: Choices, add: Callable[..., None], targets: list[Target]
    ) -> None:
        display = state.display(state.decider)
        if state.phase in (Phase.PASSIVE, Phase.SOLO_PASSIVE) and choices.pass_ is not None:
            add("pass", _text_of("table.pass"), Step("play", choices.pass_))
        elif state.phase == Phase.CHANCE_WRITE and choices.end is not None:
            add("end", _text_of("table.end"), Step("play", choices.end))
        elif state.phase == Phase.ACTIVE:
            add("back", _text_of("table.back"), Step("cancel"))
        for colour in choices.writes:
            targets.append(
                Target("die", Step("select", colour=colour), _text_of("table.hint.die_write"), colour=colour)
            )
        if self.selected is not None:
            for (card, index), action in choices.writes.get(self.selected, {}).items():
                placed = display.find(card)
                if placed is None:
                    continue
                hint = _text_of("table.hint.field")
                field = (placed.card, placed.pos, index)
                targets.append(Target("field", Step("play", action), hint, field=field))

    def help_offers(self, state: State) -> list[HelpOffer]:
        """The helpful bonus steps found so far, with what each opens (told when drawn)."""
        return [
            HelpOffer(
                partial(_help_label, help_),
                partial(_help_hint, help_, state.card),
                Step("play", help_.action),
            )
            for help_ in self.helps
        ]

    # -- what to highlight ---------------------------------------------------------------------------
    def card_glow(self, state: State, choices: Choices | None) -> dict[str, Glow]:
        glow: dict[str, Glow] = {}
        if choices is None:
            return glow
        if state.phase == Phase.WILD:
            return {card: "picked" for card in list(choices.wilds)[:1]}
        if self.mode == "":
            glow = {card: "can" for card in choices.completes}
        proposal = self.proposal
        if isinstance(proposal, Complete):
            glow[proposal.card] = "picked"
        return glow

    def field_glow(self, choices: Choices | None) -> dict[tuple[str, int], Glow]:
        """The fields that can take the chosen die (only those glow, not their whole cards)."""
        if choices is None or self.mode != "write" or self.selected is None:
            return {}
        return {(card, index): "can" for card, index in choices.writes.get(self.selected, {})}

    def slot_glow(self, state: State, choices: Choices | None) -> dict[Slot, Glow]:
        if choices is None:
            return {}
        if state.phase == Phase.SOLO_REMOVE:
            return {(row, 4): "remove" for row in choices.removes if row is not None}
        glow: dict[Slot, Glow] = {}
        if self.mode == "":
            glow = {slot: "can" for slot in choices.buys}
        proposal = self.proposal
        if isinstance(proposal, Buy):
            glow[(proposal.row, proposal.slot)] = "picked"
        return glow

    def cell_glow(self, state: State, choices: Choices | None) -> dict[Pos, Glow]:
        if choices is None or state.phase != Phase.PLACE:
            return {}
        pending = state.seats[state.decider].pending or ""
        return {pos: "can" for pos in choices.places.get(pending, {})}

    def dice_rings(self, choices: Choices | None) -> dict[Colour, Glow]:
        if choices is None:
            return {}
        proposal = self.proposal
        if proposal is not None:
            dice = proposal.dice if isinstance(proposal, Buy) else [d for d in proposal.dice if d is not None]
            return {d: "picked" for d in dice if d is not None}
        if self.mode == "write":
            rings: dict[Colour, Glow] = {d: "can" for d in choices.writes}
            if self.selected is not None:
                rings[self.selected] = "picked"
            return rings
        return {}

    # -- the prompt ----------------------------------------------------------------------------------
    def prompt(self, state: State, choices: Choices | None, name: str, human: bool) -> str:
        """The line above the controls: whose turn and what is asked of them."""
        if state.is_chance:
            return t("table.prompt.rolling") if state.phase == Phase.ROLL else ""
        if not human:
            return t("table.prompt.bot", name=name)
        phase = state.phase
        display = state.display(state.decider)

        def named(card_id: str | None) -> str:
            return name_of(card_id, state.card) if card_id else t("deck.unknown_card")

        if phase == Phase.WILD:
            card = next(iter(choices.wilds)) if choices and choices.wilds else None
            return t("table.prompt.wild", name=name, card=named(card))
        if phase == Phase.SOLO_REMOVE:
            return t("table.prompt.solo_remove", counter=len(state.removed) + 1, rounds=state.solo_rounds())
        if phase == Phase.PLACE:
            key = "table.prompt.place_taken" if state.chance == "take" else "table.prompt.place"
            return t(key, name=name, card=named(state.seats[state.decider].pending))
        if self.mode == "confirm_end":
            return t(f"table.prompt.confirm_end{self.end_question if self.end_question != 'dice' else ''}")
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
            return t("table.prompt.proposal_complete", card=named(proposal.card))
        if isinstance(proposal, Buy):
            return t("table.prompt.proposal_buy", card=named(state.market_card(proposal.row, proposal.slot)))
        # name a glowing card only when one glows
        glowing = choices is not None and bool(choices.completes or choices.buys)
        if choices is not None and choices.can_reroll:
            return t("table.prompt.roll_or_use" if glowing else "table.prompt.roll", name=name)
        if choices is not None and (choices.takes or choices.writes):
            return t("table.prompt.chance", name=name)
        return t("table.prompt.use" if glowing else "table.prompt.end", name=name)


def _const(text: str) -> Label:
    return lambda: text


def _text_of(key: str) -> Label:
    return lambda: t(key)


def _help_label(help_: Help) -> str:
    action = help_.action
    if isinstance(action, Adjust):
        key = "table.help.plus" if action.delta > 0 else "table.help.minus"
        return t(key, colour=colour_word(action.die))
    return t("table.help.recolour", colour=colour_word(action.die), to=colour_word(action.colour))


def _help_hint(help_: Help, lookup: CardLookup) -> str:
    opens = ", ".join(
        [
            *(name_of(card, lookup) for card in help_.cards),
            *(t("table.market_slot", row=row_word(row), slot=slot) for row, slot in help_.slots),
        ]
    )
    return t("table.hint.bonus", opens=opens) if opens else t("table.hint.bonus_fields", count=help_.fields)
