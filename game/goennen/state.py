"""The game state: an immutable value, so copies are free and a refused action changes nothing.

Everything a rule needs is here: the seats' displays, the market and decks, the dice of the turn,
whose decision it is, and the queued card draws. Chance (dice rolls, card draws) is explicit: the
state says a chance event is due, and the outcome arrives as an action (see game/goennen/chance.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final

from game.goennen.actions import Row
from game.goennen.cards import Card
from game.goennen.colours import Colour
from game.goennen.deck import Deck
from game.goennen.display import Display

MAX_SEATS = 4
MARKET_SLOTS = 4
ROLLS_PER_TURN = 3
NO_DICE: tuple[int, ...] = (0, 0, 0, 0, 0)
NO_DELTAS: tuple[int, ...] = (0, 0, 0, 0, 0)
NO_RECOLOURS: tuple[Colour | None, ...] = (None, None, None, None, None)


class Phase(StrEnum):
    """What the game waits for. Chance phases wait for an outcome, the others for a seat."""

    DRAW = "draw"  # chance: the next queued card draw
    ROLL = "roll"  # chance: the dice in `to_roll`
    SETUP_RETURN = "setup-return"  # a seat returns one of its four dealt cards
    SETUP_PLACE = "setup-place"  # a seat places its three kept cards
    ACTIVE = "active"  # the active player: reroll, bonuses, complete, buy, chance, end
    PLACE = "place"  # the active player places a bought or drawn card (a drawn one may be discarded)
    CHANCE_WRITE = "chance-write"  # chance (a): the active player writes up to 2 dice
    PASSIVE = "passive"  # a passive player writes a rerolled die, or passes
    SOLO_PASSIVE = "solo-passive"  # solo: the passive move's writes
    SOLO_REMOVE = "solo-remove"  # solo: take a slot-4 card out as the round counter
    WILD = "wild"  # game end: a seat picks the colours of its completed wild cards
    OVER = "over"


CHANCE_PHASES = frozenset({Phase.DRAW, Phase.ROLL})


class After(StrEnum):
    """What follows once the queued chance events (draws, a roll) are done."""

    SETUP = "setup"
    TURN_ROLL = "turn-roll"
    SOLO_ROLL = "solo-roll"
    NEXT_TURN = "next-turn"
    SOLO_MOVE = "solo-move"
    TAKEN = "taken"
    SOLO_ROUND_END = "solo-round-end"


class DrawTo(StrEnum):
    MARKET = "market"  # into a market slot
    HAND = "hand"  # dealt to a seat at setup
    TAKEN = "taken"  # chance (b): to the active player, to be placed or discarded


@dataclass(frozen=True, slots=True)
class DrawTarget:
    """One queued card draw: from which row's deck, to where."""

    to: DrawTo
    row: Row
    index: int  # the market slot (0-based) or the seat

    def text(self) -> str:
        return f"{self.to.value} {self.row.value} {self.index}"


@dataclass(frozen=True, slots=True)
class Pile:
    """A face-down deck: cards of unknown order, then those slid underneath, in order.

    `unseen` holds the cards whose order nobody knows (kept sorted), unless `ordered` is set for a
    fixed deck order (tests, scenarios, a chosen seed), in which case the first card comes next.
    """

    unseen: tuple[str, ...]
    bottom: tuple[str, ...] = ()
    ordered: bool = False
    # the deck as a seat sees it, worked out on first use (see pooled): not part of the value
    _pooled: Pile | None = field(default=None, init=False, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.unseen) + len(self.bottom)

    def next_cards(self) -> tuple[str, ...]:
        """The cards that may come next, each equally likely."""
        if self.unseen:
            return self.unseen[:1] if self.ordered else self.unseen
        return self.bottom[:1]

    def without(self, card: str) -> Pile:
        unseen = self.unseen
        try:
            at = unseen.index(card)  # one search of the unseen cards, not `in` and then index
        except ValueError:  # not among them: the card slid under the deck first
            return Pile(unseen, self.bottom[1:], self.ordered)
        return Pile(unseen[:at] + unseen[at + 1 :], self.bottom, self.ordered)

    def under(self, card: str) -> Pile:
        return Pile(self.unseen, (*self.bottom, card), self.ordered)

    def pooled(self) -> Pile:
        """The deck as a seat sees it: its cards in no order (sorted), the ones slid under too.
        Remembered: bots ask for a view at every decision, and a deck changes far less often."""
        pooled = self._pooled
        if pooled is None:
            if not self.bottom and not self.ordered:
                pooled = self  # its unseen cards are kept sorted already
            else:
                pooled = Pile(tuple(sorted((*self.unseen, *self.bottom))))
            object.__setattr__(self, "_pooled", pooled)  # frozen: set once, here only
        return pooled


_NO_CARDS = Display()


@dataclass(frozen=True, slots=True)
class Seat:
    display: Display = _NO_CARDS
    hand: tuple[str, ...] = ()  # dealt cards not yet placed (setup only)
    pending: str | None = None  # a bought or drawn card waiting to be placed

    def with_display(self, display: Display) -> Seat:
        return Seat(display, self.hand, self.pending)

    def with_hand(self, hand: tuple[str, ...]) -> Seat:
        return Seat(self.display, hand, self.pending)

    def with_pending(self, pending: str | None) -> Seat:
        return Seat(self.display, self.hand, pending)


@dataclass(frozen=True, slots=True)
class Config:
    """How a game was set up. Solo when there is one seat (level 1 unless chosen)."""

    players: int
    start_player: int = 0
    solo_level: int | None = None

    @property
    def solo(self) -> bool:
        return self.players == 1


# Not slots: a copy copies the instance dictionary in one step (see _copied).
@dataclass(frozen=True)
class State:
    config: Config
    deck: Deck = field(compare=False, repr=False)
    phase: Phase
    seats: tuple[Seat, ...]
    piles: tuple[Pile, Pile]  # by Row: scoring deck, bonus deck
    market: tuple[tuple[str | None, ...], tuple[str | None, ...]]  # by Row, slot 1..4 at 0..3
    draws: tuple[DrawTarget, ...] = ()  # queued chance draws, the first is due
    then: After = After.SETUP  # what follows the queued chance events
    decider: int = 0  # the seat whose decision it is (outside chance phases)
    active: int = 0  # the active player of the turn
    round: int = 0  # 0-based round; a round starts with the start player
    last_round: int | None = None  # set when a 9th card is placed: the last round to play
    # the active turn
    dice: tuple[int, ...] = NO_DICE  # faces by colour (COLOURS order); 0 = not rolled yet
    rolls: int = 0  # rolls made this turn (1 to 3)
    to_roll: tuple[Colour, ...] = ()  # the dice the due roll throws
    rerolled: tuple[Colour, ...] = ()  # the dice of the latest roll
    acted: bool = False  # the active player completed or bought something this turn
    bought: frozenset[Row] = frozenset()  # rows with a card bought this turn
    chance: str | None = None  # the chance option in use: "write" or "take"
    passive_queue: tuple[int, ...] = ()  # passive seats still to write after this reroll
    # the decider's current window (cleared whenever the decision moves or the dice are rolled)
    used: frozenset[Colour] = frozenset()  # dice the decider used in this window
    writes: int = 0  # single-field writes made in this window
    deltas: tuple[int, ...] = NO_DELTAS  # plus/minus applied per die, for the decider only
    recolours: tuple[Colour | None, ...] = NO_RECOLOURS  # recolour applied per die
    # solo
    rerolls_last_turn: int = 0
    removed: tuple[str, ...] = ()  # the round counter: cards taken out of the market

    # --- convenient reads -------------------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    @property
    def is_over(self) -> bool:
        return self.phase is _PHASE_OVER

    def card(self, card_id: str) -> Card:
        return self.deck[card_id]

    def display(self, seat: int) -> Display:
        return self.seats[seat].display

    def value(self, die: Colour) -> int:
        """The die's face as the decider counts it (plus/minus applied)."""
        slot = die.slot
        return self.dice[slot] + self.deltas[slot]

    def colour(self, die: Colour) -> Colour:
        """The die's colour as the decider counts it (recolour applied)."""
        return self.recolours[die.slot] or die

    def market_card(self, row: Row, slot: int) -> str | None:
        return self.market[_ROW_INDEX[row]][slot - 1]

    def pile(self, row: Row) -> Pile:
        return self.piles[_ROW_INDEX[row]]

    def solo_rounds(self) -> int:
        from game.goennen.solo import level_info

        return level_info(self.config.solo_level or 1).rounds

    # --- functional updates -----------------------------------------------------------------------

    def evolve(self, **changes: Any) -> State:
        """A copy with `changes` applied (a name that is no field raises TypeError)."""
        return _copied(self, changes)

    def with_piles(self, piles: tuple[Pile, Pile]) -> State:
        """A copy with other decks (the view pools them at every decision)."""
        return _copied(self, {"piles": piles})


def _copied(state: State, changes: Mapping[str, Any]) -> State:
    """A copy of `state` with `changes` made. A frozen dataclass copied through its instance
    dictionary: dataclasses.replace would run the checks and __init__ of thirty fields, and the
    engine copies the state at every step of every game the bots play out."""
    attrs = state.__dict__.copy()
    attrs.update(changes)
    if len(attrs) != len(_FIELD_NAMES):
        raise TypeError(f"State has no field {sorted(set(changes) - _FIELD_NAMES)}")
    new = object.__new__(State)
    object.__setattr__(new, "__dict__", attrs)  # frozen: plain assignment is refused
    return new


_FIELD_NAMES = frozenset(f.name for f in fields(State))

# The decider's window, cleared: whenever the decision moves on or the dice are rolled.
CLEARED_WINDOW: Final[Mapping[str, Any]] = {
    "used": frozenset(),
    "writes": 0,
    "deltas": NO_DELTAS,
    "recolours": NO_RECOLOURS,
}


class Step:
    """One step of the game: its field changes collected, then made in one copy of the state.

        state = Step(state).seat(2, seat).set(phase=Phase.ACTIVE).done()

    The reads below (`step.seats`, `step.dice`, ...) see the changes made so far, so the turn flow
    can decide what comes next from the state the step is building.
    """

    __slots__ = ("before", "_fields")

    def __init__(self, before: State) -> None:
        self.before = before
        self._fields = before.__dict__.copy()  # the new state's fields, changed in place

    def done(self) -> State:
        """The new state (the step is not to be changed after this)."""
        fields = self._fields
        if len(fields) != len(_FIELD_NAMES):
            raise TypeError(f"State has no field {sorted(set(fields) - _FIELD_NAMES)}")
        new = object.__new__(State)
        object.__setattr__(new, "__dict__", fields)
        return new

    def set(self, **changes: Any) -> Step:
        self._fields.update(changes)
        return self

    def seat(self, index: int, seat: Seat) -> Step:
        seats = list(self.seats)
        seats[index] = seat
        self._fields["seats"] = tuple(seats)
        return self

    def display(self, index: int, display: Display) -> Step:
        return self.seat(index, self.seats[index].with_display(display))

    def pile(self, row: Row, pile: Pile) -> Step:
        piles = list(self.piles)
        piles[_ROW_INDEX[row]] = pile
        self._fields["piles"] = (piles[0], piles[1])
        return self

    def market_slot(self, row: Row, slot: int, card: str | None) -> Step:
        """Put `card` (None: nothing) in slot 1..4 of a market row."""
        rows = [list(self.market[0]), list(self.market[1])]
        rows[_ROW_INDEX[row]][slot - 1] = card
        self._fields["market"] = (tuple(rows[0]), tuple(rows[1]))
        return self

    def clear_window(self) -> Step:
        """Forget the decider's used dice, writes and bonus changes (the decision moves on)."""
        self._fields.update(CLEARED_WINDOW)
        return self

    # --- the state as this step leaves it, so far ------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        seats: tuple[Seat, ...] = self._fields["seats"]
        return seats

    @property
    def piles(self) -> tuple[Pile, Pile]:
        piles: tuple[Pile, Pile] = self._fields["piles"]
        return piles

    @property
    def market(self) -> tuple[tuple[str | None, ...], tuple[str | None, ...]]:
        market: tuple[tuple[str | None, ...], tuple[str | None, ...]] = self._fields["market"]
        return market

    @property
    def draws(self) -> tuple[DrawTarget, ...]:
        draws: tuple[DrawTarget, ...] = self._fields["draws"]
        return draws

    @property
    def then(self) -> After:
        then: After = self._fields["then"]
        return then

    @property
    def dice(self) -> tuple[int, ...]:
        dice: tuple[int, ...] = self._fields["dice"]
        return dice

    @property
    def rerolled(self) -> tuple[Colour, ...]:
        rerolled: tuple[Colour, ...] = self._fields["rerolled"]
        return rerolled

    @property
    def rolls(self) -> int:
        rolls: int = self._fields["rolls"]
        return rolls

    @property
    def writes(self) -> int:
        writes: int = self._fields["writes"]
        return writes

    @property
    def used(self) -> frozenset[Colour]:
        used: frozenset[Colour] = self._fields["used"]
        return used

    @property
    def last_round(self) -> int | None:
        last_round: int | None = self._fields["last_round"]
        return last_round

    @property
    def removed(self) -> tuple[str, ...]:
        removed: tuple[str, ...] = self._fields["removed"]
        return removed


ROWS: tuple[Row, Row] = (Row.SCORING, Row.BONUS)
_ROW_INDEX: dict[Row, int] = {Row.SCORING: 0, Row.BONUS: 1}


def row_index(row: Row) -> int:
    return _ROW_INDEX[row]


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_PHASE_OVER = Phase.OVER
