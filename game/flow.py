"""Turn flow: what comes after what. The one place that moves the game between phases.

The rules module checks and carries out a seat's action; whenever that action finishes a step
(a roll, a turn, a round, a draw), it calls one of the functions here, which set up the next
decision or chance event. The table of steps:

    new game      -> draw 4 scoring + 4 bonus cards into the market, deal 2 + 2 to each seat
    dealt         -> each seat in order: return one card, place three            (SETUP_*)
    set up        -> the start player's turn: roll all five dice                 (ROLL)
    a reroll      -> every passive seat that can write, in seat order after the active one (PASSIVE)
                  -> then the active player again                                (ACTIVE)
    turn ends     -> slide and refill market rows with gaps                      (DRAW)
                  -> multiplayer: the next seat's turn; solo: the passive move   (ROLL, SOLO_*)
    round ends    -> the game ends after the last round (9th card: this round and one more;
                     solo: also when the round counter reaches the level's rounds)
    game ends     -> seats pick the colours of completed wild cards (WILD), then OVER
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from game.actions import Row
from game.cards import Card, CardKind
from game.colours import COLOURS, Colour
from game.display import MAX_CARDS
from game.scoring import wild_cards_to_choose
from game.state import (
    CLEARED_WINDOW,
    MARKET_SLOTS,
    MAX_SEATS,
    NO_DICE,
    ROWS,
    After,
    DrawTarget,
    DrawTo,
    Phase,
    Seat,
    State,
)
from game.writes import could_write

# Enum members the hot paths below use, read once: on Python 3.11 reading a member off its class
# (Phase.DRAW) goes through the hook of EnumType.__getattr__, some ten times a module global's cost.
_DRAW, _ACTIVE, _PASSIVE = Phase.DRAW, Phase.ACTIVE, Phase.PASSIVE
_NEXT_TURN, _SOLO_ROLL = After.NEXT_TURN, After.SOLO_ROLL
_SETUP, _SOLO_MOVE, _TAKEN, _SOLO_ROUND_END = After.SETUP, After.SOLO_MOVE, After.TAKEN, After.SOLO_ROUND_END
_TO_MARKET = DrawTo.MARKET
_NO_CHANGES: Mapping[str, Any] = MappingProxyType({})  # read-only: a shared default


def row_of(card: Card) -> Row:
    return Row.SCORING if card.kind == CardKind.SCORING else Row.BONUS


def deal(state: State) -> State:
    """Queue the opening draws: the market first, then 2 scoring and 2 bonus cards per seat."""
    draws = [DrawTarget(DrawTo.MARKET, row, slot) for row in ROWS for slot in range(MARKET_SLOTS)]
    for seat in range(state.config.players):
        for row in (Row.SCORING, Row.SCORING, Row.BONUS, Row.BONUS):
            draws.append(DrawTarget(DrawTo.HAND, row, seat))
    return settle(state.evolve(draws=tuple(draws), then=After.SETUP))


def settle(state: State) -> State:
    """Run the automatic steps until a decision or a chance event is due."""
    while state.draws:
        pile = state.pile(state.draws[0].row)
        if pile.unseen or pile.bottom:  # not empty (len(pile), without its call)
            return state if state.phase is _DRAW else state.evolve(phase=_DRAW)
        state = state.evolve(draws=state.draws[1:])  # an empty deck leaves its slot empty
    return _continue(state)


def _continue(state: State) -> State:
    then = state.then
    if then is _NEXT_TURN:  # the commonest: a turn's market refill is drawn
        return next_turn(state)
    if then is _SETUP:
        return next_setup_seat(state)
    if then is _SOLO_MOVE:
        return _solo_roll(state)
    if then is _TAKEN:
        return state.evolve(phase=Phase.PLACE, decider=state.active)
    if then is _SOLO_ROUND_END:
        return _end_round_solo(state)
    raise AssertionError(f"nothing follows draws in step {then}")


def apply_draw(state: State, card_id: str) -> State:
    """Carry out the due draw with the card that came up."""
    target = state.draws[0]
    # the deck, the queue and where the card goes: one copy of the state
    piles = state.piles_with(target.row, state.pile(target.row).without(card_id))
    draws = state.draws[1:]
    if target.to is _TO_MARKET:
        changes = {
            "piles": piles,
            "draws": draws,
            "market": state.market_with(target.row, target.index + 1, card_id),
        }
        if not draws and state.then is _NEXT_TURN:
            # the last card of a turn's refill: the next turn starts in the same copy (what settle
            # would do next, with one copy fewer)
            return next_turn(state, changes)
        state = state.evolve_with(changes)
    else:
        seat = state.seats[target.index]
        seat = (
            seat.with_hand((*seat.hand, card_id)) if target.to is DrawTo.HAND else seat.with_pending(card_id)
        )
        state = state.with_seat(target.index, seat, piles=piles, draws=draws)
    return settle(state)


def next_setup_seat(state: State) -> State:
    """The next seat to choose its opening cards, or the first turn when all have chosen."""
    for seat in range(state.config.players):
        if len(state.seats[seat].hand) == 4:
            return state.evolve(phase=Phase.SETUP_RETURN, decider=seat, **CLEARED_WINDOW)
    return start_turn(state, state.config.start_player)


def start_turn(state: State, seat: int, changes: Mapping[str, Any] = _NO_CHANGES) -> State:
    """The turn of `seat` begins: all five dice to roll. `changes` are made in the same copy (the
    turn's own fields win over them). Changes pass between the turn's steps as dictionaries, not
    keywords, which would be unpacked and packed again at every step (State.evolve_with)."""
    return state.evolve_with({**changes, **_TURN_START, "active": seat, "decider": seat})


# what every turn starts with, besides its seat
_TURN_START: dict[str, Any] = {
    "dice": NO_DICE,
    "rolls": 0,
    "to_roll": COLOURS,
    "rerolled": (),
    "acted": False,
    "bought": frozenset(),
    "chance": None,
    "passive_queue": (),
    "phase": Phase.ROLL,
    "then": After.TURN_ROLL,
    **CLEARED_WINDOW,
}


def apply_roll(state: State, faces: Iterable[tuple[Colour, int]]) -> State:
    """Carry out the due roll: `faces` gives each die of `state.to_roll` its face, in any order
    (rules._apply_chance checks they are those dice). Then passive seats write (after a reroll) or
    the roller decides."""
    dice = list(state.dice)
    for die, value in faces:
        dice[_SLOT[die]] = value
    rolled = state.to_roll  # in colour order, as every roll is set up (COLOURS, or a Reroll's dice)
    if state.then is _SOLO_ROLL:
        return state.evolve(
            dice=tuple(dice),
            rerolled=rolled,
            to_roll=(),
            phase=Phase.SOLO_PASSIVE,
            decider=state.active,
            **CLEARED_WINDOW,
        )
    rolls = state.rolls + 1
    # a reroll: the passive seats may write, in seat order after the active one
    queue = _PASSIVE_ORDER[state.config.players][state.active] if rolls > 1 else state.passive_queue
    faces_now = tuple(dice)
    phase, decider, queue = _next_decider(state, queue, state.seats, faces_now, rolled)
    # the roll and the next decision in one copy of the state (a roll is the commonest chance event),
    # its changes in one dictionary display (State.evolve_with)
    return state.evolve_with(
        {
            "dice": faces_now,
            "rerolled": rolled,
            "to_roll": (),
            "rolls": rolls,
            "phase": phase,
            "decider": decider,
            "passive_queue": queue,
            **CLEARED_WINDOW,
        }
    )


_SLOT: dict[Colour, int] = {die: die.slot for die in COLOURS}  # a dict look-up beats the property
# per number of players and active seat, the other seats in the order they write after a reroll
_PASSIVE_ORDER: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(tuple((active + k) % players for k in range(1, players)) for active in range(players))
    for players in range(1, MAX_SEATS + 1)
}


def next_passive(state: State, seat_changed: tuple[int, Seat] | None = None) -> State:
    """Hand the decision to the next passive seat that can write a rerolled die, else back.
    `seat_changed` (seat, new seat): the passive seat's write, made in the same copy."""
    seats = state.seats
    if seat_changed is not None:
        index, seat = seat_changed
        changed = list(seats)
        changed[index] = seat
        seats = tuple(changed)
    phase, decider, queue = _next_decider(state, state.passive_queue, seats, state.dice, state.rerolled)
    return state.evolve_with(
        {"seats": seats, "phase": phase, "decider": decider, "passive_queue": queue, **CLEARED_WINDOW}
    )


def _next_decider(
    state: State,
    queue: tuple[int, ...],
    seats: tuple[Seat, ...],
    dice: tuple[int, ...],
    rerolled: tuple[Colour, ...],
) -> tuple[Phase, int, tuple[int, ...]]:
    """Who decides after a reroll or a passive seat's window: the first seat of `queue` whose display
    (in `seats`) could take one of the `rerolled` dice (faces `dice`), with the seats after it still
    to ask; else the active player, with none left to ask."""
    while queue:
        seat = queue[0]
        queue = queue[1:]
        if could_write(seats[seat].display, dice, rerolled):
            return _PASSIVE, seat, queue
    return _ACTIVE, state.active, ()


def end_active_turn(state: State) -> State:
    """The active player is done: slide and refill the market, then the next step."""
    solo = state.config.solo
    changes = {
        "rerolls_last_turn": max(0, state.rolls - 1),
        "chance": None,
        "then": _SOLO_MOVE if solo else _NEXT_TURN,
        **CLEARED_WINDOW,
    }
    market = state.market
    if not state.draws and None not in market[0] and None not in market[1]:
        # nothing bought: no gap to refill, no draw, so the next step at once, in the same copy
        return _solo_roll(state, changes) if solo else next_turn(state, changes)
    return settle(_queue_refills(state, changes))


def _queue_refills(state: State, changes: dict[str, Any]) -> State:
    """Rows with gaps slide towards slot 4; the empty slots are queued for refilling. `changes` (the
    caller's own dictionary, filled in here) are made in the same copy of the state.

    The first card drawn for a row goes to the highest empty slot (it enters at slot 1 and slides
    along), so when a deck runs dry the remaining gap stays at slot 1.
    """
    draws = state.draws
    market = list(state.market)
    for index, row in enumerate(ROWS):
        if None not in market[index]:
            continue  # a full row: nothing slides
        cards = tuple([card for card in market[index] if card is not None])
        gaps = MARKET_SLOTS - len(cards)
        market[index] = (None,) * gaps + cards
        draws += _REFILL_DRAWS[row, gaps]
    if draws and len(state.pile(draws[0].row)) > 0:
        changes["phase"] = _DRAW  # what settle would set next, in the same copy
    changes["market"] = (market[0], market[1])
    changes["draws"] = draws
    return state.evolve_with(changes)


# the draws that refill a row's gaps (the highest empty slot first), made once
_REFILL_DRAWS: dict[tuple[Row, int], tuple[DrawTarget, ...]] = {
    (row, gaps): tuple(DrawTarget(DrawTo.MARKET, row, slot) for slot in range(gaps - 1, -1, -1))
    for row in ROWS
    for gaps in range(1, MARKET_SLOTS + 1)
}


def card_placed(state: State, seat: int) -> State:
    """A 9th card triggers the end: this round is finished, then one more full round."""
    if len(state.display(seat)) >= MAX_CARDS and state.last_round is None:
        state = state.evolve(last_round=state.round + 1)
    return state


def next_turn(state: State, changes: Mapping[str, Any] = _NO_CHANGES) -> State:
    """The next seat's turn, or the end of the game. `changes` (those of the turn just ended) are
    made in the same copy."""
    players = state.config.players
    seat = (state.active + 1) % players
    if seat == state.config.start_player:
        if state.last_round is not None and state.round >= state.last_round:
            return finish(state.evolve_with(changes) if changes else state)
        return start_turn(state, seat, {**changes, "round": state.round + 1})  # the new round too
    return start_turn(state, seat, changes)


def _solo_roll(state: State, changes: Mapping[str, Any] = _NO_CHANGES) -> State:
    """The solo passive move begins: one roll of all five dice (`changes` in the same copy)."""
    return state.evolve_with(
        {
            **changes,
            "phase": Phase.ROLL,
            "to_roll": COLOURS,
            "then": After.SOLO_ROLL,
            "decider": state.active,
        }
    )


def solo_writes_allowed(state: State) -> int:
    """Up to 3 / 2 / 1 dice after 0 / 1 / 2 rerolls in the active turn before."""
    return max(1, 3 - state.rerolls_last_turn)


def solo_remove(state: State, row: Row | None) -> State:
    if row is not None:
        card = state.market_card(row, MARKET_SLOTS)
        assert card is not None
        state = state.with_market_slot(row, MARKET_SLOTS, None)
        state = state.evolve(removed=(*state.removed, card))
    return settle(_queue_refills(state, {"then": After.SOLO_ROUND_END}))


def _end_round_solo(state: State) -> State:
    counter_full = state.round + 1 >= state.solo_rounds()
    ninth_card_end = state.last_round is not None and state.round >= state.last_round
    if counter_full or ninth_card_end:
        return finish(state)
    return start_turn(state, state.active, {"round": state.round + 1})


def finish(state: State) -> State:
    """The last round is played: completed wild cards get their colours, then the game is over."""
    for seat in range(state.config.players):
        if wild_cards_to_choose(state.display(seat)):
            return state.evolve(phase=Phase.WILD, decider=seat, dice=NO_DICE, **CLEARED_WINDOW)
    return state.evolve(phase=Phase.OVER, dice=NO_DICE, draws=(), **CLEARED_WINDOW)
