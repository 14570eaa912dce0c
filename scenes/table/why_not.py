"""Why not? Pressing ? or right-clicking a die, a field, a card or a market slot says what the rules
allow with it: the moves the player seems to want with that thing are built (a die into a field,
a card completed with the dice, a slot bought with equal dice) and the engine is asked about each
(`engine.refusal`, the very check `apply` makes: no rule is written twice). One that is legal is
offered ("You can: ..."); otherwise the engine's reason is told in the player's language
(scenes/table/refusals.py), the most telling one when several moves were tried.

The answer stands next to the thing asked about for a few seconds, in a paper box when the move
is possible and a red one when it is not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations

import pygame

from game.goennen.engine import (
    COLOURS,
    Action,
    Buy,
    Colour,
    Complete,
    IllegalActionError,
    Phase,
    Reroll,
    Row,
    State,
    Write,
    price,
    refusal,
    usable_dice,
)
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.render.card_names import CardLookup
from scenes.table.hint_words import instruction
from scenes.table.refusals import explain

ANSWER_SECONDS = 5.0
ANSWER_WIDTH = 420
WRITE_PHASES = frozenset({Phase.PASSIVE, Phase.SOLO_PASSIVE, Phase.CHANCE_WRITE})
# the refusals that say most about a card: every die fits its field, only the task fails; then a
# die that does not fit its field; anything else (wrong moment, used dice) after those
TELLING = ("task_unfulfilled", "die_does_not_fit", "fill_all")


@dataclass(frozen=True)
class Thing:
    """What the player asked about: a die, a field (card and index), a card, or a market slot."""

    die: Colour | None = None
    card: str | None = None
    field: int | None = None
    slot: tuple[Row, int] | None = None


@dataclass(frozen=True)
class Answer:
    """A legal move (`action`) or the engine's refusal of the move tried (`error`)."""

    action: Action | None
    error: IllegalActionError | None

    def text(self, state: State, lookup: CardLookup) -> str:
        if self.action is not None:
            return t("why_not.can", what=instruction(self.action, state, lookup))
        assert self.error is not None
        return explain(self.error, lookup)


def candidates(state: State, thing: Thing, selected: Colour | None = None) -> list[Action]:
    """The moves the player may mean with `thing` now, most likely first."""
    usable = usable_dice(state)
    if thing.slot is not None:
        return _purchases(state, thing.slot, usable)
    if thing.die is not None:
        if state.phase in WRITE_PHASES:
            return _writes(state, (thing.die,), None)
        return [Reroll((thing.die,))]
    if thing.card is not None and thing.field is not None and (state.phase in WRITE_PHASES or selected):
        dice = (selected,) if selected is not None else usable or COLOURS
        return _writes(state, dice, (thing.card, thing.field))
    if thing.card is not None:
        return _completions(state, thing.card, usable)
    return []


def answer(state: State, thing: Thing, selected: Colour | None = None) -> Answer | None:
    """A legal move with `thing`, else the most telling refusal (None: nothing to ask about)."""
    tried = candidates(state, thing, selected)
    errors: list[IllegalActionError] = []
    for action in tried:
        error = refusal(state, action)
        if error is None:
            return Answer(action, None)
        errors.append(error)
    if not errors:
        return None
    return Answer(None, _most_telling(errors, thing.field))


def _most_telling(errors: Sequence[IllegalActionError], field: int | None) -> IllegalActionError:
    """The refusal that says most: a telling key first, one about the field asked about first."""
    for key in TELLING:
        about = [error for error in errors if error.key == key]
        for error in about:
            if field is not None and error.params.get("field") == field + 1:  # fields count from 1
                return error
        if about:
            return about[0]
    common = Counter(error.key for error in errors).most_common(1)[0][0]
    return next(error for error in errors if error.key == common)


def _writes(state: State, dice: Sequence[Colour], field: tuple[str, int] | None) -> list[Action]:
    display = state.display(state.decider)
    writes: list[Action] = []
    for die in dice:
        for placed in display:
            for index, value in enumerate(placed.filled):
                if field is not None and (placed.id, index) != field:
                    continue
                if field is None and (placed.completed or value is not None):
                    continue
                writes.append(Write(die, placed.id, index))
    return writes


def _completions(state: State, card_id: str, usable: Sequence[Colour]) -> list[Action]:
    placed = state.display(state.decider).find(card_id)
    if placed is None:
        return [Complete(card_id, ())]
    empty = [i for i, value in enumerate(placed.filled) if value is None]
    if not empty:
        return [Complete(card_id, tuple(None for _ in placed.filled))]
    if len(usable) < len(empty):  # too few dice: the engine names the field left empty
        dice: list[Colour | None] = [None] * len(placed.filled)
        for index, die in zip(empty, usable, strict=False):
            dice[index] = die
        return [Complete(card_id, tuple(dice))]
    moves: list[Action] = []
    for chosen in permutations(usable, len(empty)):  # at most 5! = 120 checks
        dice = [None] * len(placed.filled)
        for index, die in zip(empty, chosen, strict=True):
            dice[index] = die
        moves.append(Complete(card_id, tuple(dice)))
    return moves


def _purchases(state: State, slot: tuple[Row, int], usable: Sequence[Colour]) -> list[Action]:
    row, number = slot
    cost = price(number)
    by_value: dict[int, list[Colour]] = {}
    for die in usable:
        by_value.setdefault(state.value(die), []).append(die)
    groups = sorted(by_value.values(), key=len, reverse=True)  # the most equal dice first
    if not groups:
        return [Buy(row, number, ())]
    return [Buy(row, number, tuple(group[:cost])) for group in groups]


class WhyNotNote:
    """The answer on screen: next to the thing asked about, for ANSWER_SECONDS."""

    def __init__(self) -> None:
        self.text: Callable[[], str] | None = None
        self.legal = False
        self.near: pygame.Rect | None = None
        self.seconds = 0.0

    def show(self, text: Callable[[], str], legal: bool, near: pygame.Rect | None) -> None:
        self.text, self.legal, self.near, self.seconds = text, legal, near, ANSWER_SECONDS

    def hide(self) -> None:
        self.text, self.seconds = None, 0.0

    @property
    def showing(self) -> bool:
        return self.text is not None

    def update(self, dt: float) -> bool:
        """Count down; whether the note just went."""
        if self.text is None:
            return False
        self.seconds -= dt
        if self.seconds <= 0:
            self.hide()
            return True
        return False

    def draw(self, surface: pygame.Surface, fallback: pygame.Rect) -> None:
        """Above the thing asked about (below it when that would cover the prompt above
        `fallback`, the large display's area), else centred in `fallback`."""
        if self.text is None:
            return
        ink = theme.INK if self.legal else theme.WHITE
        fitted = fonts.block(self.text(), 19, (ANSWER_WIDTH - 30, 4 * 24), ink, "bold", "center")
        if fitted is None:
            return
        label = fitted.surface
        box = label.get_rect().inflate(30, 16)
        if self.near is not None:
            box.midbottom = (self.near.centerx, self.near.top - 8)
            if box.top < fallback.top:  # no room above, below the prompt: below the thing
                box.midtop = (self.near.centerx, self.near.bottom + 8)
        else:
            box.center = fallback.center
        box.clamp_ip(surface.get_rect().inflate(-8, -8))
        pygame.draw.rect(surface, theme.PAPER if self.legal else theme.WARNING, box, border_radius=12)
        if self.legal:
            pygame.draw.rect(surface, theme.FOCUS, box, 3, border_radius=12)
        surface.blit(label, label.get_rect(center=box.center))
