"""What the deciding human may do now, sorted for the screen: built once per state change from the
engine's legal actions (never per frame), so the table highlights and proposes without deciding
any rule itself."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from game.goennen.engine import (
    Action,
    Adjust,
    Buy,
    Colour,
    Complete,
    Discard,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Row,
    State,
    Take,
    Wild,
    Write,
    apply,
    legal_actions,
)

Pos = tuple[int, int]
Slot = tuple[Row, int]


@dataclass
class Choices:
    state: State
    legal: list[Action]
    completes: dict[str, list[Complete]] = field(default_factory=dict)
    buys: dict[Slot, list[Buy]] = field(default_factory=dict)
    writes: dict[Colour, dict[tuple[str, int], Write]] = field(default_factory=dict)
    places: dict[str, dict[Pos, Place]] = field(default_factory=dict)
    returns: dict[str, ReturnCard] = field(default_factory=dict)
    takes: dict[Row, Take] = field(default_factory=dict)
    removes: dict[Row | None, Remove] = field(default_factory=dict)
    wilds: dict[str, dict[Colour, Wild]] = field(default_factory=dict)
    adjusts: list[Adjust | Recolour] = field(default_factory=list)
    can_reroll: bool = False
    end: End | None = None
    pass_: Pass | None = None
    discard: Discard | None = None

    @property
    def can_use_dice(self) -> bool:
        """Completing or buying is possible: ending now would leave usable dice unused."""
        return bool(self.completes or self.buys)

    def reroll(self, dice: frozenset[Colour]) -> Reroll | None:
        action = Reroll(tuple(dice))
        return action if self.can_reroll and dice else None


def build(state: State, legal: list[Action] | None = None) -> Choices:
    legal = legal_actions(state) if legal is None else legal
    choices = Choices(state, legal)
    for action in legal:
        if isinstance(action, Complete):
            choices.completes.setdefault(action.card, []).append(action)
        elif isinstance(action, Buy):
            choices.buys.setdefault((action.row, action.slot), []).append(action)
        elif isinstance(action, Write):
            choices.writes.setdefault(action.die, {})[(action.card, action.field)] = action
        elif isinstance(action, Place):
            choices.places.setdefault(action.card, {})[(action.row, action.col)] = action
        elif isinstance(action, ReturnCard):
            choices.returns[action.card] = action
        elif isinstance(action, Take):
            choices.takes[action.row] = action
        elif isinstance(action, Remove):
            choices.removes[action.row] = action
        elif isinstance(action, Wild):
            choices.wilds.setdefault(action.card, {})[action.colour] = action
        elif isinstance(action, (Adjust, Recolour)):
            choices.adjusts.append(action)
        elif isinstance(action, Reroll):
            choices.can_reroll = True
        elif isinstance(action, End):
            choices.end = action
        elif isinstance(action, Pass):
            choices.pass_ = action
        elif isinstance(action, Discard):
            choices.discard = action
    # a purchase that keeps the discount marks comes first; then fewer dice of lower value
    for options in choices.buys.values():
        options.sort(key=lambda b: (b.discount, [c.slot for c in b.dice]))
    return choices


@dataclass(frozen=True)
class Help:
    """A bonus step that opens something new: which cards, slots or fields it makes reachable."""

    action: Adjust | Recolour
    cards: tuple[str, ...]
    slots: tuple[Slot, ...]
    fields: int


def helpful_bonuses(choices: Choices) -> Iterator[Help | None]:
    """Try each bonus step one at a time (a generator, so the screen spreads the work over frames):
    yields a Help when the step opens a completion, a purchase or a field, else None."""
    before_cards = set(choices.completes)
    before_slots = set(choices.buys)
    before_fields = {(die, key) for die, keys in choices.writes.items() for key in keys}
    for action in choices.adjusts:
        after = build(apply(choices.state, action))
        cards = tuple(sorted(set(after.completes) - before_cards))
        slots = tuple(sorted(set(after.buys) - before_slots, key=lambda s: (s[0].value, s[1])))
        fields = {(die, key) for die, keys in after.writes.items() for key in keys} - before_fields
        useful = cards or slots or fields
        yield Help(action, cards, slots, len(fields)) if useful else None
