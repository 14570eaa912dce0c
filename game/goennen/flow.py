"""Turn flow: what comes after what. The one place that sets the phase.

The rules check and carry out a seat's action into a `Step` (the action's own field changes); when
the action moves the game on, they hand the step here with the event it finished, and the entry of
`TRANSITIONS` for that event decides what is due next. Chance draws and rolls arrive here directly
(apply_draw, apply_roll); once the queued draws are done, the state's `then` names the entry that
follows. The table in words:

    new game         -> draw 4 scoring + 4 bonus cards into the market, deal 2 + 2 to each seat
    SETUP            -> each seat in order: return one card (SETUP_RETURN), place three (SETUP_PLACE),
                        then the start player's turn: roll all five dice (ROLL)
    TURN_ROLL        -> after a reroll every passive seat that can write, once, in seat order after
                        the active one (PASSIVE); then the active player (ACTIVE)
    BOUGHT / PLACED  -> the bought card is placed (PLACE), the turn goes on (ACTIVE)
    TURN_ENDED       -> slide and refill market rows with gaps (DRAW), then
    NEXT_TURN        -> the next seat's turn (ROLL), or the end after the last round
    SOLO_MOVE        -> solo: the passive move, one roll (ROLL), its writes (SOLO_PASSIVE), the round
                        counter (SOLO_REMOVE), refills, then SOLO_ROUND_END: the next round or the end
    game ends        -> seats pick the colours of completed wild cards (WILD), then OVER
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum

from game.goennen.actions import Row
from game.goennen.cards import BonusKind, Card, CardKind
from game.goennen.colours import COLOURS, Colour
from game.goennen.display import MAX_CARDS
from game.goennen.scoring import wild_cards_to_choose
from game.goennen.state import (
    MARKET_SLOTS,
    MAX_SEATS,
    NO_DICE,
    ROWS,
    After,
    DrawTarget,
    DrawTo,
    Phase,
    State,
    Step,
    row_index,
)
from game.goennen.writes import could_write

CHANCE_WRITES = 2  # chance (a): up to two single-field writes


class Event(StrEnum):
    """What a seat's action just finished; the rules hand it to `after`."""

    RETURNED = "returned"  # setup: a dealt card went back under its deck
    SETUP_PLACED = "setup-placed"  # setup: one kept card placed
    REROLLED = "rerolled"  # the active player chose dice to reroll
    BOUGHT = "bought"  # a market card bought, to be placed
    PLACED = "placed"  # the bought or taken card placed
    TURN_ENDED = "turn-ended"  # the active player is done
    CHANCE_WRITTEN = "chance-written"  # chance (a): a single-field write
    TAKE_CHOSEN = "take-chosen"  # chance (b): the rules queued the draw of a deck's top card
    WRITTEN = "written"  # a passive seat's (or the solo passive move's) write
    PASSED = "passed"  # a passive seat writes nothing (more)
    ROUND_COUNTED = "round-counted"  # solo: a slot-4 card left as the round counter
    WILD_CHOSEN = "wild-chosen"  # game end: a wild card's colour chosen


def after(event: Event, step: Step) -> State:
    """The state once `event` is done: `step` (the action's changes) and what is due next."""
    return TRANSITIONS[event](step)


def row_of(card: Card) -> Row:
    return Row.SCORING if card.kind == _CARDKIND_SCORING else Row.BONUS


def solo_writes_allowed(state: State) -> int:
    """Up to 3 / 2 / 1 dice after 0 / 1 / 2 rerolls in the active turn before."""
    return max(1, 3 - state.rerolls_last_turn)


def free_writes(state: State) -> int:
    """Writes the decider may make in this window without spending an extra-die mark."""
    return solo_writes_allowed(state) if state.phase is _PHASE_SOLO_PASSIVE else 1


# --- chance: the deal, draws and rolls -------------------------------------------------------------


def deal(state: State) -> State:
    """Queue the opening draws: the market first, then 2 scoring and 2 bonus cards per seat."""
    draws = [DrawTarget(_DRAWTO_MARKET, row, slot) for row in ROWS for slot in range(MARKET_SLOTS)]
    for seat in range(state.config.players):
        for row in (Row.SCORING, Row.SCORING, Row.BONUS, Row.BONUS):
            draws.append(DrawTarget(_DRAWTO_HAND, row, seat))
    return _settle(Step(state).set(draws=tuple(draws), then=_AFTER_SETUP))


def apply_draw(state: State, card_id: str) -> State:
    """Carry out the due draw with the card that came up."""
    target = state.draws[0]
    step = Step(state).set(draws=state.draws[1:])
    step.pile(target.row, state.pile(target.row).without(card_id))
    if target.to is _DRAWTO_MARKET:
        step.market_slot(target.row, target.index + 1, card_id)
    else:
        seat = state.seats[target.index]
        dealt = target.to is _DRAWTO_HAND
        step.seat(
            target.index, seat.with_hand((*seat.hand, card_id)) if dealt else seat.with_pending(card_id)
        )
    return _settle(step)


def apply_roll(state: State, faces: Iterable[tuple[Colour, int]]) -> State:
    """Carry out the due roll: `faces` gives each die of `state.to_roll` its face, in any order
    (the rules check they are those dice). Then the step named by `then` decides who is next."""
    dice = list(state.dice)
    for die, value in faces:
        dice[die.slot] = value
    # the rolled dice in colour order, as every roll is set up (COLOURS, or a Reroll's dice)
    step = Step(state).set(dice=tuple(dice), rerolled=state.to_roll, to_roll=())
    return TRANSITIONS[state.then](step)


def _settle(step: Step) -> State:
    """Draw the queued cards (a chance event each) or, when none is left, go on to `then`."""
    draws = step.draws
    while draws:
        if len(step.piles[row_index(draws[0].row)]) > 0:
            return step.set(draws=draws, phase=_PHASE_DRAW).done()
        draws = draws[1:]  # an empty deck leaves its slot empty
    return TRANSITIONS[step.set(draws=()).then](step)


# --- setup ----------------------------------------------------------------------------------------


def _next_setup_seat(step: Step) -> State:
    """The next seat to choose its opening cards, or the first turn when all have chosen."""
    for seat, holding in enumerate(step.seats):
        if len(holding.hand) == 4:
            return step.set(phase=_PHASE_SETUP_RETURN, decider=seat).clear_window().done()
    return _start_turn(step, step.before.config.start_player, step.before.round)


def _returned(step: Step) -> State:
    return step.set(phase=_PHASE_SETUP_PLACE).done()


def _setup_placed(step: Step) -> State:
    """The seat places its kept cards one by one; the next seat follows once all are placed."""
    return _next_setup_seat(step) if not step.seats[step.before.decider].hand else step.done()


# --- the active turn ------------------------------------------------------------------------------


def _start_turn(step: Step, seat: int, round_: int) -> State:
    """The turn of `seat` in round `round_` begins: all five dice to roll."""
    step.set(
        round=round_,
        active=seat,
        decider=seat,
        dice=NO_DICE,
        rolls=0,
        to_roll=COLOURS,
        rerolled=(),
        acted=False,
        bought=frozenset(),
        chance=None,
        passive_queue=(),
        phase=_PHASE_ROLL,
        then=_AFTER_TURN_ROLL,
    )
    return step.clear_window().done()


def _rerolled(step: Step) -> State:
    """The rules set the dice to roll (`to_roll`)."""
    return step.set(phase=_PHASE_ROLL, then=_AFTER_TURN_ROLL).done()


def _turn_rolled(step: Step) -> State:
    """After a reroll the passive seats write, in seat order after the active one; the first roll
    goes straight to the active player."""
    before = step.before
    rolls = before.rolls + 1
    step.set(rolls=rolls)
    waiting = _PASSIVE_ORDER[before.config.players][before.active] if rolls > 1 else before.passive_queue
    return _ask_passive_seats(step, waiting)


# by number of players and active seat: the other seats, in the order they write after a reroll
_PASSIVE_ORDER: dict[int, tuple[tuple[int, ...], ...]] = {
    players: tuple(tuple((active + k) % players for k in range(1, players)) for active in range(players))
    for players in range(1, MAX_SEATS + 1)
}


def _ask_passive_seats(step: Step, waiting: tuple[int, ...]) -> State:
    """Every passive seat once, in seat order: the first of `waiting` that could write one of the
    rerolled dice decides next, the seats after it still waiting; when none is left (or none
    could write), the active player."""
    seats, dice, rerolled = step.seats, step.dice, step.rerolled
    step.clear_window()
    while waiting:
        seat, waiting = waiting[0], waiting[1:]
        if could_write(seats[seat].display, dice, rerolled):
            return step.set(phase=_PHASE_PASSIVE, decider=seat, passive_queue=waiting).done()
    return step.set(phase=_PHASE_ACTIVE, decider=step.before.active, passive_queue=()).done()


def _bought(step: Step) -> State:
    return step.set(phase=_PHASE_PLACE).done()


def _placed(step: Step) -> State:
    """A bought card placed: the turn goes on. A card taken as a chance placed: the turn ends.
    A 9th card triggers the end: this round is finished, then one more full round."""
    before = step.before
    if len(step.seats[before.decider].display) >= MAX_CARDS and step.last_round is None:
        step.set(last_round=before.round + 1)
    if before.chance == "take":
        return _turn_ended(step)
    return step.set(phase=_PHASE_ACTIVE).done()


def _chance_written(step: Step) -> State:
    if step.writes >= CHANCE_WRITES:
        return _turn_ended(step)
    return step.set(chance="write", phase=_PHASE_CHANCE_WRITE).done()


def _take_chosen(step: Step) -> State:
    return _settle(step.set(chance="take", then=_AFTER_TAKEN))


def _taken(step: Step) -> State:
    """The card taken as a chance came up: the active player places or discards it."""
    return step.set(phase=_PHASE_PLACE, decider=step.before.active).done()


def _turn_ended(step: Step) -> State:
    """The active player is done: slide and refill the market, then the next turn (or the solo
    passive move)."""
    solo = step.before.config.solo
    step.set(
        rerolls_last_turn=max(0, step.before.rolls - 1),
        chance=None,
        then=_AFTER_SOLO_MOVE if solo else _AFTER_NEXT_TURN,
    )
    return _refill_market(step.clear_window())


def _refill_market(step: Step) -> State:
    """Rows with gaps slide towards slot 4; the empty slots are queued for refilling.

    The first card drawn for a row goes to the highest empty slot (it enters at slot 1 and slides
    along), so when a deck runs dry the remaining gap stays at slot 1.
    """
    draws = step.draws
    market = list(step.market)
    for index, row in enumerate(ROWS):
        if None not in market[index]:
            continue  # a full row: nothing slides
        cards = tuple(card for card in market[index] if card is not None)
        gaps = MARKET_SLOTS - len(cards)
        market[index] = (None,) * gaps + cards
        draws += _REFILL_DRAWS[row, gaps]
    return _settle(step.set(market=(market[0], market[1]), draws=draws))


# the draws that refill a row's gaps, the highest empty slot first
_REFILL_DRAWS: dict[tuple[Row, int], tuple[DrawTarget, ...]] = {
    (row, gaps): tuple(DrawTarget(DrawTo.MARKET, row, slot) for slot in range(gaps - 1, -1, -1))
    for row in ROWS
    for gaps in range(1, MARKET_SLOTS + 1)
}


def _next_turn(step: Step) -> State:
    """The next seat's turn, or the end of the game after the last round."""
    before = step.before
    seat = (before.active + 1) % before.config.players
    if seat != before.config.start_player:
        return _start_turn(step, seat, before.round)
    if step.last_round is not None and before.round >= step.last_round:
        return _finish(step)
    return _start_turn(step, seat, before.round + 1)


# --- writes outside the active player's own turn steps --------------------------------------------


def _written(step: Step) -> State:
    """A passive seat's write: its window stays open while it may and could write another die."""
    before = step.before
    display = step.seats[before.decider].display
    may_write_more = step.writes < free_writes(before) or display.marks_left(_BONUSKIND_EXTRA_DIE) > 0
    if may_write_more:
        pool = before.rerolled if before.phase is _PHASE_PASSIVE else COLOURS
        more_dice = [die for die in pool if die not in step.used]
        if more_dice and could_write(display, before.dice, more_dice):
            return step.done()
    return _window_closed(step)


def _window_closed(step: Step) -> State:
    """A passive seat is done: the next one, or the active player; solo: the round counter."""
    if step.before.phase is _PHASE_SOLO_PASSIVE:
        return step.set(phase=_PHASE_SOLO_REMOVE).clear_window().done()
    return _ask_passive_seats(step, step.before.passive_queue)


# --- solo -----------------------------------------------------------------------------------------


def _solo_move(step: Step) -> State:
    """The solo passive move begins: one roll of all five dice."""
    return step.set(
        phase=_PHASE_ROLL, to_roll=COLOURS, then=_AFTER_SOLO_ROLL, decider=step.before.active
    ).done()


def _solo_rolled(step: Step) -> State:
    return step.set(phase=_PHASE_SOLO_PASSIVE, decider=step.before.active).clear_window().done()


def _round_counted(step: Step) -> State:
    return _refill_market(step.set(then=_AFTER_SOLO_ROUND_END))


def _solo_round_ended(step: Step) -> State:
    before = step.before
    counter_full = before.round + 1 >= before.solo_rounds()
    last_round = step.last_round
    ninth_card_end = last_round is not None and before.round >= last_round
    if counter_full or ninth_card_end:
        return _finish(step)
    return _start_turn(step, before.active, before.round + 1)


# --- the end --------------------------------------------------------------------------------------


def _finish(step: Step) -> State:
    """The last round is played: completed wild cards get their colours, then the game is over."""
    step.set(dice=NO_DICE).clear_window()
    for seat, holding in enumerate(step.seats):
        if wild_cards_to_choose(holding.display):
            return step.set(phase=_PHASE_WILD, decider=seat).done()
    return step.set(phase=_PHASE_OVER, draws=()).done()


Transition = Callable[[Step], State]

TRANSITIONS: dict[Event | After, Transition] = {
    # after the queued chance events (the state's `then`)
    After.SETUP: _next_setup_seat,
    After.TURN_ROLL: _turn_rolled,
    After.SOLO_ROLL: _solo_rolled,
    After.NEXT_TURN: _next_turn,
    After.SOLO_MOVE: _solo_move,
    After.TAKEN: _taken,
    After.SOLO_ROUND_END: _solo_round_ended,
    # after a seat's action
    Event.RETURNED: _returned,
    Event.SETUP_PLACED: _setup_placed,
    Event.REROLLED: _rerolled,
    Event.BOUGHT: _bought,
    Event.PLACED: _placed,
    Event.TURN_ENDED: _turn_ended,
    Event.CHANCE_WRITTEN: _chance_written,
    Event.TAKE_CHOSEN: _take_chosen,
    Event.WRITTEN: _written,
    Event.PASSED: _window_closed,
    Event.ROUND_COUNTED: _round_counted,
    Event.WILD_CHOSEN: _finish,
}


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_AFTER_NEXT_TURN = After.NEXT_TURN
_AFTER_SETUP = After.SETUP
_AFTER_SOLO_MOVE = After.SOLO_MOVE
_AFTER_SOLO_ROLL = After.SOLO_ROLL
_AFTER_SOLO_ROUND_END = After.SOLO_ROUND_END
_AFTER_TAKEN = After.TAKEN
_AFTER_TURN_ROLL = After.TURN_ROLL
_BONUSKIND_EXTRA_DIE = BonusKind.EXTRA_DIE
_CARDKIND_SCORING = CardKind.SCORING
_DRAWTO_HAND = DrawTo.HAND
_DRAWTO_MARKET = DrawTo.MARKET
_PHASE_ACTIVE = Phase.ACTIVE
_PHASE_CHANCE_WRITE = Phase.CHANCE_WRITE
_PHASE_DRAW = Phase.DRAW
_PHASE_OVER = Phase.OVER
_PHASE_PASSIVE = Phase.PASSIVE
_PHASE_PLACE = Phase.PLACE
_PHASE_ROLL = Phase.ROLL
_PHASE_SETUP_PLACE = Phase.SETUP_PLACE
_PHASE_SETUP_RETURN = Phase.SETUP_RETURN
_PHASE_SOLO_PASSIVE = Phase.SOLO_PASSIVE
_PHASE_SOLO_REMOVE = Phase.SOLO_REMOVE
_PHASE_WILD = Phase.WILD
