"""The game state: an immutable value, so copies are free and a refused action changes nothing.

Everything a rule needs is here: the seats' displays, the market and decks, the dice of the turn,
whose decision it is, and the queued card draws. Chance (dice rolls, card draws) is explicit: the
state says a chance event is due, and the outcome arrives as an action (see game/chance.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final

from game.actions import Row
from game.cards import Card
from game.colours import COLOURS, Colour
from game.deck import Deck
from game.display import Display
from game.frozen import slot_setters

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
_OVER = Phase.OVER  # read once: an enum member read off its class costs ten globals on Python 3.11


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

    def __init__(self, unseen: tuple[str, ...], bottom: tuple[str, ...] = (), ordered: bool = False) -> None:
        set_unseen, set_bottom, set_ordered = _PILE_SETTERS  # cheaper than the generated one (slot_setters)
        set_unseen(self, unseen)
        set_bottom(self, bottom)
        set_ordered(self, ordered)

    def __len__(self) -> int:
        return len(self.unseen) + len(self.bottom)

    def next_cards(self) -> tuple[str, ...]:
        """The cards that may come next, each equally likely."""
        if self.unseen:
            return self.unseen[:1] if self.ordered else self.unseen
        return self.bottom[:1]

    def without(self, card: str) -> Pile:
        # constructors, not dataclasses.replace, here and in Seat: they run at every draw and action
        unseen = self.unseen
        try:
            at = unseen.index(card)  # one search of the unseen cards, not `in` and then index
        except ValueError:  # not among them: the card slid under the deck first
            return Pile(unseen, self.bottom[1:], self.ordered)
        return Pile(unseen[:at] + unseen[at + 1 :], self.bottom, self.ordered)

    def under(self, card: str) -> Pile:
        return Pile(self.unseen, (*self.bottom, card), self.ordered)


_NO_CARDS = Display()


@dataclass(frozen=True, slots=True)
class Seat:
    display: Display = _NO_CARDS
    hand: tuple[str, ...] = ()  # dealt cards not yet placed (setup only)
    pending: str | None = None  # a bought or drawn card waiting to be placed

    def __init__(
        self, display: Display = _NO_CARDS, hand: tuple[str, ...] = (), pending: str | None = None
    ) -> None:
        set_display, set_hand, set_pending = _SEAT_SETTERS  # cheaper than the generated one (slot_setters)
        set_display(self, display)
        set_hand(self, hand)
        set_pending(self, pending)

    def with_display(self, display: Display) -> Seat:
        return Seat(display, self.hand, self.pending)

    def with_hand(self, hand: tuple[str, ...]) -> Seat:
        return Seat(self.display, hand, self.pending)

    def with_pending(self, pending: str | None) -> Seat:
        return Seat(self.display, self.hand, pending)


_PILE_SETTERS = slot_setters(Pile)
_SEAT_SETTERS = slot_setters(Seat)


@dataclass(frozen=True, slots=True)
class Config:
    """How a game was set up. Solo when there is one seat (level 1 unless chosen)."""

    players: int
    start_player: int = 0
    solo_level: int | None = None

    @property
    def solo(self) -> bool:
        return self.players == 1


# Not slots: `evolve` copies the instance dictionary in one step, which is much cheaper than
# setting thirty slots one by one (evolve runs over a thousand times per game).
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
        return self.phase is _OVER

    def card(self, card_id: str) -> Card:
        return self.deck[card_id]

    def display(self, seat: int) -> Display:
        return self.seats[seat].display

    def value(self, die: Colour) -> int:
        """The die's face as the decider counts it (plus/minus applied)."""
        slot = _DIE_SLOT[die]
        return self.dice[slot] + self.deltas[slot]

    def colour(self, die: Colour) -> Colour:
        """The die's colour as the decider counts it (recolour applied)."""
        return self.recolours[_DIE_SLOT[die]] or die

    def market_card(self, row: Row, slot: int) -> str | None:
        return self.market[_ROW_INDEX[row]][slot - 1]

    def pile(self, row: Row) -> Pile:
        return self.piles[_ROW_INDEX[row]]

    def solo_rounds(self) -> int:
        from game.solo import level_info

        return level_info(self.config.solo_level or 1).rounds

    # --- functional updates -----------------------------------------------------------------------

    def evolve(self, **changes: Any) -> State:
        """A copy with `changes` applied: dataclasses.replace without its checks and __init__, several
        times faster (it is the engine's most frequent operation, and bots call it millions of times)."""
        return self.evolve_with(changes)

    def evolve_with(self, changes: Mapping[str, Any]) -> State:
        """evolve for changes already in a dictionary: `evolve(**changes)` would unpack it into
        keywords and pack them into a new dictionary again, which for the dozen fields of a turn's
        step costs more than the copy itself."""
        attrs = self.__dict__.copy()  # a copy clones the dictionary whole: cheaper than filling one
        attrs.update(changes)
        if len(attrs) != _FIELD_COUNT:  # a name that is no field added a key: cheaper than checking names
            raise TypeError(f"State has no field {sorted(set(changes) - _FIELD_NAMES)}")
        new = object.__new__(State)
        _set_state_dict(new, attrs)  # frozen blocks setattr, not this
        return new

    def with_piles_pair(self, piles: tuple[Pile, Pile]) -> State:
        """evolve(piles=piles) without its field check: engine.view makes one at every decision."""
        attrs = self.__dict__.copy()
        attrs["piles"] = piles
        new = object.__new__(State)
        _set_state_dict(new, attrs)
        return new

    # The with_ helpers take further `changes`, made in the same copy of the state: the engine's
    # hot paths (a write, a completion, a draw) change a seat or a deck and the turn's fields at once.

    def with_seat(self, index: int, seat: Seat, **changes: Any) -> State:
        seats = list(self.seats)
        seats[index] = seat
        changes["seats"] = tuple(seats)  # its own dictionary of keywords, made into the copy at once
        return self.evolve_with(changes)

    def with_display(self, index: int, display: Display, **changes: Any) -> State:
        return self.with_seat(index, self.seats[index].with_display(display), **changes)

    def with_pile(self, row: Row, pile: Pile, **changes: Any) -> State:
        changes["piles"] = self.piles_with(row, pile)
        return self.evolve_with(changes)

    def with_market_slot(self, row: Row, slot: int, card: str | None, **changes: Any) -> State:
        changes["market"] = self.market_with(row, slot, card)
        return self.evolve_with(changes)

    def piles_with(self, row: Row, pile: Pile) -> tuple[Pile, Pile]:
        """The decks with `row`'s deck replaced (for a change made with others in one copy)."""
        piles = list(self.piles)
        piles[_ROW_INDEX[row]] = pile
        return (piles[0], piles[1])

    def market_with(
        self, row: Row, slot: int, card: str | None
    ) -> tuple[tuple[str | None, ...], tuple[str | None, ...]]:
        """The market with one slot replaced (for a change made with others in one copy)."""
        rows = [list(self.market[0]), list(self.market[1])]
        rows[_ROW_INDEX[row]][slot - 1] = card
        return (tuple(rows[0]), tuple(rows[1]))

    def clear_window(self) -> State:
        """Forget the decider's used dice, writes and bonus changes (the decision moves on)."""
        if not self.used and not self.writes and self.deltas is NO_DELTAS and self.recolours is NO_RECOLOURS:
            return self
        return self.evolve_with(CLEARED_WINDOW)


_FIELD_NAMES = frozenset(f.name for f in fields(State))
_FIELD_COUNT = len(_FIELD_NAMES)
# the setter of a state's __dict__ itself: object.__setattr__(new, "__dict__", ...) looks it up by name
# at every copy
_set_state_dict: Callable[[State, dict[str, Any]], None] = vars(State)["__dict__"].__set__

# The decider's window, cleared. `state.evolve(phase=..., **CLEARED_WINDOW)` moves the decision on
# and clears the window in one copy (the turn flow does this at every step). A plain dict typed
# read-only: ** unpacks a dict twice as fast as a MappingProxyType.
CLEARED_WINDOW: Final[Mapping[str, Any]] = {
    "used": frozenset(),
    "writes": 0,
    "deltas": NO_DELTAS,
    "recolours": NO_RECOLOURS,
}

ROWS: tuple[Row, Row] = (Row.SCORING, Row.BONUS)
_DIE_SLOT: dict[Colour, int] = {die: die.slot for die in COLOURS}  # a dict look-up beats the property
_ROW_INDEX: dict[Row, int] = {Row.SCORING: 0, Row.BONUS: 1}


def row_index(row: Row) -> int:
    return _ROW_INDEX[row]
