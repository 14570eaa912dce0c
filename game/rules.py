"""The rules: which actions are legal now, and carrying one out.

`legal_actions(state)` lists every legal action at the current decision (a seat's or chance's);
`apply(state, action)` checks the action and returns the new state, or raises IllegalActionError
with a reason a player understands. States are immutable, so a refused action changes nothing.
Each phase has one entry in the table at the bottom: (list legal actions, check-and-apply).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from game import flow
from game.actions import (
    Action,
    Adjust,
    Buy,
    Complete,
    Discard,
    Draw,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Roll,
    Row,
    Take,
    Wild,
    Write,
)
from game.cards import BonusKind, assignments
from game.colours import COLOURS, Colour
from game.display import Display, PlacedCard
from game.scoring import wild_cards_to_choose
from game.state import (
    CLEARED_WINDOW,
    MARKET_SLOTS,
    ROLLS_PER_TURN,
    ROWS,
    After,
    DrawTarget,
    DrawTo,
    Phase,
    Seat,
    State,
)
from game.writes import could_write, legal_writes, write_target

CHANCE_WRITES = 2

# Enum members the hot paths below use, read once: on Python 3.11 reading a member off its class
# (Phase.ROLL) goes through the hook of EnumType.__getattr__, some ten times a module global's cost.
_ROLL, _ACTIVE, _PASSIVE = Phase.ROLL, Phase.ACTIVE, Phase.PASSIVE
_CHANCE_WRITE, _SOLO_PASSIVE = Phase.CHANCE_WRITE, Phase.SOLO_PASSIVE
_PLACE, _SOLO_REMOVE = Phase.PLACE, Phase.SOLO_REMOVE
_TURN_ROLL = After.TURN_ROLL
_EXTRA_DIE, _DISCOUNT = BonusKind.EXTRA_DIE, BonusKind.DISCOUNT


class IllegalActionError(ValueError):
    """The action is not allowed now; the message says why, in a player's words."""


def price(slot: int) -> int:
    """Slots 1 and 2 cost 4 equal dice, slots 3 and 4 cost 3 (rules-decisions.md section 1)."""
    return 4 if slot <= 2 else 3


# --- the dice the decider may still use in its window ---------------------------------------------


def usable_dice(state: State) -> tuple[Colour, ...]:
    """Dice the decider may still use: passive seats only the rerolled ones."""
    phase = state.phase
    if phase is _PASSIVE:
        pool: tuple[Colour, ...] = state.rerolled
    elif phase is _ACTIVE or phase is _CHANCE_WRITE or phase is _SOLO_PASSIVE:
        pool = COLOURS
    else:
        return ()
    used = state.used
    return tuple([die for die in pool if die not in used]) if used else pool


def _refuse(reason: str) -> IllegalActionError:
    return IllegalActionError(reason)


# --- bonus changes to dice (plus/minus, recolour) -------------------------------------------------


def _modifier_actions(state: State) -> list[Action]:
    display = state.display(state.decider)
    actions: list[Action] = []
    plus_minus = display.marks_left(BonusKind.PLUS_MINUS) > 0
    recolour = display.marks_left(BonusKind.RECOLOUR) > 0
    for die in usable_dice(state):
        if plus_minus:
            if state.value(die) < 6:
                actions.append(Adjust(die, +1))
            if state.value(die) > 1:
                actions.append(Adjust(die, -1))
        if recolour and state.recolours[die.slot] is None:
            actions.extend(Recolour(die, colour) for colour in COLOURS if colour != die)
    return actions


def _apply_adjust(state: State, action: Adjust) -> State:
    die = action.die
    if die not in usable_dice(state):
        raise _refuse(f"the {die.word} die is not yours to use now")
    display = state.display(state.decider)
    if display.marks_left(BonusKind.PLUS_MINUS) < 1:
        raise _refuse("you have no plus/minus mark left")
    value = state.value(die) + action.delta
    if not 1 <= value <= 6:
        raise _refuse(f"a die counts 1 to 6; the {die.word} die cannot go to {value}")
    deltas = list(state.deltas)
    deltas[die.slot] += action.delta
    state = state.with_display(state.decider, display.spend_marks(BonusKind.PLUS_MINUS, 1))
    return state.evolve(deltas=tuple(deltas))


def _apply_recolour(state: State, action: Recolour) -> State:
    die = action.die
    if die not in usable_dice(state):
        raise _refuse(f"the {die.word} die is not yours to use now")
    display = state.display(state.decider)
    if display.marks_left(BonusKind.RECOLOUR) < 1:
        raise _refuse("you have no recolour mark left")
    if state.recolours[die.slot] is not None:
        raise _refuse(f"the {die.word} die already counts as {state.colour(die).word}")
    if action.colour == die:
        raise _refuse(f"the {die.word} die is already {die.word}")
    recolours = list(state.recolours)
    recolours[die.slot] = action.colour
    state = state.with_display(state.decider, display.spend_marks(BonusKind.RECOLOUR, 1))
    return state.evolve(recolours=tuple(recolours))


# a tuple, not `Adjust | Recolour`: that union is built anew at every isinstance
_BONUS_CHANGES = (Adjust, Recolour)


def _apply_bonus_change(state: State, action: Adjust | Recolour) -> State:
    """Plus/minus or recolour on a die the decider may still use (any phase that allows them)."""
    return _apply_adjust(state, action) if isinstance(action, Adjust) else _apply_recolour(state, action)


# --- setup ----------------------------------------------------------------------------------------


def _legal_setup_return(state: State) -> list[Action]:
    return [ReturnCard(card) for card in state.seats[state.decider].hand]


def _apply_setup_return(state: State, action: Action) -> State:
    if not isinstance(action, ReturnCard):
        raise _refuse("first put one of your four cards back under its deck")
    seat = state.seats[state.decider]
    if action.card not in seat.hand:
        raise _refuse(f"card {action.card} is not among your dealt cards")
    hand = tuple(card for card in seat.hand if card != action.card)
    row = flow.row_of(state.card(action.card))
    state = state.with_seat(state.decider, seat.with_hand(hand))
    state = state.with_pile(row, state.pile(row).under(action.card))
    return state.evolve(phase=Phase.SETUP_PLACE)


def _legal_setup_place(state: State) -> list[Action]:
    cells = state.display(state.decider).legal_cells()
    return [Place(card, r, c) for card in state.seats[state.decider].hand for r, c in cells]


def _check_cell(state: State, action: Place) -> None:
    if (action.row, action.col) not in state.display(state.decider).legal_cells():
        raise _refuse(
            f"a card cannot go to {action.row},{action.col}: it must touch a card by an edge or "
            "a corner, on a free cell, and the display must stay within 3 by 3"
        )


def _apply_setup_place(state: State, action: Action) -> State:
    if not isinstance(action, Place):
        raise _refuse("place your kept cards in your display")
    seat = state.seats[state.decider]
    if action.card not in seat.hand:
        raise _refuse(f"card {action.card} is not among your kept cards")
    _check_cell(state, action)
    display = seat.display.place(state.card(action.card), (action.row, action.col))
    hand = tuple(card for card in seat.hand if card != action.card)
    state = state.with_seat(state.decider, Seat(display, hand, seat.pending))
    return state if hand else flow.next_setup_seat(state)


# --- the active player ----------------------------------------------------------------------------


def _can_reroll(state: State) -> bool:
    return not state.acted and state.chance is None and state.rolls < ROLLS_PER_TURN


def _chance_open(state: State) -> bool:
    """Chance options: after the third roll, and only if nothing was completed or bought."""
    return state.rolls == ROLLS_PER_TURN and not state.acted and state.chance is None


# every non-empty set of dice, made once: rerolling is offered at most decisions
_ALL_REROLLS: tuple[Reroll, ...] = tuple(
    Reroll(dice) for size in range(1, len(COLOURS) + 1) for dice in combinations(COLOURS, size)
)


def _reroll_actions(state: State) -> list[Action]:
    return list(_ALL_REROLLS) if _can_reroll(state) else []


def _complete_actions(state: State) -> list[Action]:
    dice = [(die, state.value(die), state.colour(die)) for die in usable_dice(state)]
    actions: list[Action] = []
    for placed in state.display(state.decider):
        if placed.completed:
            continue
        empty = placed.card.task.empty_fields(placed.filled)
        for used in assignments(placed.card.task, placed.filled, dice):
            per_field: list[Colour | None] = [None] * len(placed.filled)
            for index, die in zip(empty, used, strict=True):
                per_field[index] = die
            actions.append(Complete(placed.id, tuple(per_field)))
    return actions


def _buy_actions(state: State) -> list[Action]:
    seat = state.seats[state.decider]
    if seat.display.full or seat.pending is not None:
        return []
    discounts = seat.display.marks_left(BonusKind.DISCOUNT)
    free = usable_dice(state)
    by_value: dict[int, list[Colour]] = {}
    for die in free:
        by_value.setdefault(state.value(die), []).append(die)
    actions: list[Action] = []
    for row in ROWS:
        for slot in range(1, MARKET_SLOTS + 1):
            if state.market_card(row, slot) is None:
                continue
            cost = price(slot)
            for discount in range(0, min(discounts, cost) + 1):
                size = cost - discount
                if size == 0:
                    actions.append(Buy(row, slot, (), discount))
                    continue
                for same in by_value.values():
                    actions.extend(Buy(row, slot, dice, discount) for dice in combinations(same, size))
    return actions


def _legal_active(state: State) -> list[Action]:
    actions: list[Action] = _reroll_actions(state)
    actions += _modifier_actions(state)
    actions += _complete_actions(state)
    actions += _buy_actions(state)
    if _chance_open(state):
        actions += legal_writes(state, usable_dice(state))
        actions += [Take(row) for row in ROWS if len(state.pile(row)) > 0]
    if state.acted or state.rolls == ROLLS_PER_TURN:
        actions.append(End())
    return actions


def _apply_active(state: State, action: Action) -> State:
    if isinstance(action, Reroll):
        if state.acted:
            raise _refuse("you already used dice this turn, so you cannot reroll")
        if state.rolls >= ROLLS_PER_TURN:
            raise _refuse("you have rolled three times; use the dice, take a chance or end the turn")
        if not action.dice:
            raise _refuse("choose at least one die to reroll")
        # evolve_with: a dictionary display, not keywords packed into one (a turn has some 2 rerolls)
        return state.evolve_with({"phase": _ROLL, "to_roll": action.dice, "then": _TURN_ROLL})
    # the other kinds in the order of how often a turn has them (each isinstance costs)
    if isinstance(action, End):
        if not (state.acted or state.rolls == ROLLS_PER_TURN):
            raise _refuse(
                "you may stop before the third roll only by completing or buying a card; otherwise reroll"
            )
        return flow.end_active_turn(state)
    if isinstance(action, Complete):
        return _apply_complete(state, action)
    if isinstance(action, Buy):
        return _apply_buy(state, action)
    if isinstance(action, _BONUS_CHANGES):
        return _apply_bonus_change(state, action)
    if isinstance(action, Write):
        if not _chance_open(state):
            raise _refuse(
                "you may write single fields only as a chance: after the third roll, "
                "before completing or buying anything"
            )
        state = state.evolve(chance="write", phase=Phase.CHANCE_WRITE)
        return _apply_chance_write(state, action)
    if isinstance(action, Take):
        if not _chance_open(state):
            raise _refuse(
                "you may take a card from a deck only as a chance: after the third roll, "
                "before completing or buying anything"
            )
        if len(state.pile(action.row)) == 0:
            raise _refuse("that deck is empty")
        draw = DrawTarget(DrawTo.TAKEN, action.row, state.active)
        return flow.settle(state.evolve(chance="take", draws=(draw,), then=After.TAKEN))
    raise _refuse(f"'{action}' is not possible in your turn now")


def _apply_complete(state: State, action: Complete) -> State:
    display = state.display(state.decider)
    placed = display.find(action.card)
    if placed is None:
        raise _refuse(f"card {action.card} is not in your display")
    if placed.completed:
        raise _refuse(f"card {action.card} is already complete")
    if len(action.dice) != len(placed.filled):
        raise _refuse(f"card {action.card} has {len(placed.filled)} fields")
    free = usable_dice(state)
    values = list(placed.filled)
    used: set[Colour] = set()
    task = placed.card.task
    for index, (current, die) in enumerate(zip(placed.filled, action.dice, strict=True)):
        if current is not None:
            if die is not None:
                raise _refuse(f"field {index + 1} of card {action.card} is already filled")
            continue
        if die is None:
            raise _refuse(
                f"you must fill every empty field of card {action.card} at once; field {index + 1} is empty"
            )
        if die not in free or die in used:
            raise _refuse(f"the {die.word} die is already used this turn")
        value = state.value(die)
        if not task.fields[index].accepts(value, state.colour(die)):
            raise _refuse(
                f"the {die.word} die ({value}) does not fit field {index + 1} "
                f"({task.fields[index].text()}) of card {action.card}"
            )
        used.add(die)
        values[index] = value
    # every field holds a value now (an empty one without a die was refused above): Task.satisfied
    # without its check that none is missing
    if not task.completable(values):
        raise _refuse(f"these dice do not fulfil the task of card {action.card} ({task.text()})")
    completed = PlacedCard(placed.card, placed.pos, tuple(values), placed.marks_used, placed.wild_colour)
    display = display.replace_card(completed)
    return state.with_display(state.decider, display, used=state.used | used, acted=True)


def _apply_buy(state: State, action: Buy) -> State:
    seat = state.seats[state.decider]
    card = state.market_card(action.row, action.slot)
    if card is None:
        raise _refuse(f"slot {action.slot} of the {_row_word(action.row)} row is empty")
    if seat.display.full:
        raise _refuse("your display already holds 9 cards")
    cost = price(action.slot)
    if action.discount > cost:
        raise _refuse(f"the card costs {cost} dice; a larger discount is no use")
    if action.discount > seat.display.marks_left(_DISCOUNT):
        raise _refuse("you do not have that many discount marks left")
    if len(action.dice) != cost - action.discount:
        raise _refuse(
            f"slot {action.slot} costs {cost} equal dice"
            + (f", {cost - action.discount} with your discount" if action.discount else "")
            + f"; you offered {len(action.dice)}"
        )
    free = usable_dice(state)
    for die in action.dice:
        if die not in free:
            raise _refuse(f"the {die.word} die is already used this turn")
    if len({state.value(d) for d in action.dice}) > 1:
        raise _refuse("the dice for a purchase must all show the same number")
    display = seat.display
    if action.discount:
        display = display.spend_marks(_DISCOUNT, action.discount)
    return state.with_seat(
        state.decider,
        Seat(display, seat.hand, card),
        market=state.market_with(action.row, action.slot, None),
        used=state.used | frozenset(action.dice),
        acted=True,
        bought=state.bought | {action.row},
        phase=_PLACE,
    )


def _row_word(row: Row) -> str:
    return "scoring" if row == Row.SCORING else "bonus"


def _legal_place(state: State) -> list[Action]:
    seat = state.seats[state.decider]
    assert seat.pending is not None
    actions: list[Action] = [Place(seat.pending, r, c) for r, c in seat.display.legal_cells()]
    if state.chance == "take":
        actions.append(Discard())
    return actions


def _apply_place(state: State, action: Action) -> State:
    seat = state.seats[state.decider]
    assert seat.pending is not None
    taken = state.chance == "take"
    if isinstance(action, Discard):
        if not taken:
            raise _refuse("a bought card must be placed")
        row = flow.row_of(state.card(seat.pending))
        state = state.with_seat(state.decider, seat.with_pending(None))
        state = state.with_pile(row, state.pile(row).under(seat.pending))
        return flow.end_active_turn(state)
    if not isinstance(action, Place):
        raise _refuse(f"place card {seat.pending} first")
    if action.card != seat.pending:
        raise _refuse(f"the card to place is {seat.pending}, not {action.card}")
    _check_cell(state, action)
    display = seat.display.place(state.card(action.card), (action.row, action.col))
    seat = Seat(display, seat.hand, None)
    if taken:
        state = flow.card_placed(state.with_seat(state.decider, seat), state.decider)
        return flow.end_active_turn(state)
    # a bought card: the turn goes on, in the same copy of the state as the placement
    return flow.card_placed(state.with_seat(state.decider, seat, phase=_ACTIVE), state.decider)


# --- single-field writes: chance (a), passive seats, the solo passive move ------------------------


def _check_write(state: State, action: Write) -> PlacedCard:
    """The card written to, if the write is allowed (IllegalActionError says why not)."""
    if action.die not in usable_dice(state):
        if state.phase == Phase.PASSIVE and action.die not in state.rerolled:
            raise _refuse(f"the {action.die.word} die was not rerolled; take one of the rerolled dice")
        raise _refuse(f"the {action.die.word} die is already used")
    placed, problem = write_target(state, action.die, action.card, action.field)
    if problem:
        raise _refuse(problem)
    assert placed is not None
    return placed


def _write(state: State, action: Write, placed: PlacedCard) -> State:
    display = _written(state, action, placed)
    return state.with_display(state.decider, display, used=state.used | {action.die}, writes=state.writes + 1)


def _written(state: State, action: Write, placed: PlacedCard) -> Display:
    """The decider's display with the checked write made on `placed` (_check_write's card)."""
    display = state.display(state.decider)
    return display.replace_card(placed.with_value(action.field, state.value(action.die)))


def _legal_chance_write(state: State) -> list[Action]:
    actions: list[Action] = []
    actions += _modifier_actions(state)
    actions += legal_writes(state, usable_dice(state))
    actions.append(End())
    return actions


def _apply_chance_write(state: State, action: Action) -> State:
    if isinstance(action, _BONUS_CHANGES):
        return _apply_bonus_change(state, action)
    if isinstance(action, End):
        return flow.end_active_turn(state)
    if not isinstance(action, Write):
        raise _refuse("write a die into a field, or end your turn")
    placed = _check_write(state, action)
    state = _write(state, action, placed)
    return flow.end_active_turn(state) if state.writes >= CHANCE_WRITES else state


def _extra_marks(state: State) -> int:
    return state.display(state.decider).marks_left(_EXTRA_DIE)


def _free_writes(state: State) -> int:
    """Writes allowed without the extra-die bonus in the current window."""
    return flow.solo_writes_allowed(state) if state.phase is _SOLO_PASSIVE else 1


def _may_write_more(state: State) -> bool:
    return state.writes < _free_writes(state) or _extra_marks(state) > 0


def _legal_passive(state: State) -> list[Action]:
    actions: list[Action] = []
    if _may_write_more(state):
        actions += _modifier_actions(state)
        actions += legal_writes(state, usable_dice(state))
    actions.append(Pass())
    return actions


def _apply_passive(state: State, action: Action) -> State:
    if isinstance(action, Pass):
        return _close_passive_window(state)
    free_writes = _free_writes(state)
    if state.writes >= free_writes and _extra_marks(state) < 1:  # not _may_write_more(state)
        raise _refuse("you have written all the dice you may; pass")
    if isinstance(action, _BONUS_CHANGES):
        return _apply_bonus_change(state, action)
    if not isinstance(action, Write):
        raise _refuse("write one of the dice into a field, or pass")
    placed = _check_write(state, action)
    # the write, and whether the window stays open, worked out before the one copy of the state
    display = _written(state, action, placed)
    if state.writes >= free_writes:  # beyond the free writes: an extra-die mark pays
        display = display.spend_marks(_EXTRA_DIE, 1)
    seat = state.seats[state.decider].with_display(display)
    used = state.used | {action.die}
    writes = state.writes + 1
    may_write_more = writes < free_writes or display.marks_left(_EXTRA_DIE) > 0
    if may_write_more:
        pool = state.rerolled if state.phase is _PASSIVE else COLOURS
        more_dice = [die for die in pool if die not in used]
        if more_dice and could_write(display, state.dice, more_dice):
            return state.with_seat(state.decider, seat, used=used, writes=writes)
    # the window closes (as _close_passive_window does, in the same copy)
    if state.phase is _SOLO_PASSIVE:
        return state.with_seat(state.decider, seat, phase=_SOLO_REMOVE, **CLEARED_WINDOW)
    return flow.next_passive(state, seat_changed=(state.decider, seat))


def _close_passive_window(state: State) -> State:
    if state.phase is _SOLO_PASSIVE:
        return state.evolve(phase=_SOLO_REMOVE).clear_window()
    return flow.next_passive(state)


# --- solo round counter, wild colours -------------------------------------------------------------


def _legal_solo_remove(state: State) -> list[Action]:
    rows = [row for row in ROWS if state.market_card(row, MARKET_SLOTS) is not None]
    return [Remove(row) for row in rows] if rows else [Remove(None)]


def _apply_solo_remove(state: State, action: Action) -> State:
    if not isinstance(action, Remove):
        raise _refuse("take the card in slot 4 of one market row out of the game")
    legal = _legal_solo_remove(state)
    if action not in legal:
        raise _refuse("slot 4 of that row is empty; take the card of the other row")
    return flow.solo_remove(state, action.row)


def _legal_wild(state: State) -> list[Action]:
    cards = wild_cards_to_choose(state.display(state.decider))
    return [Wild(p.id, colour) for p in cards for colour in COLOURS]


def _apply_wild(state: State, action: Action) -> State:
    if not isinstance(action, Wild):
        raise _refuse("choose the colour of your completed wild-colour card")
    display = state.display(state.decider)
    open_ids = {p.id for p in wild_cards_to_choose(display)}
    if action.card not in open_ids:
        raise _refuse(f"card {action.card} is not a completed wild-colour card without a colour")
    placed = display.find(action.card)
    assert placed is not None
    display = display.replace_card(placed.with_wild_colour(action.colour))
    state = state.with_display(state.decider, display)
    return flow.finish(state)


# --- chance ---------------------------------------------------------------------------------------


def _legal_chance(state: State) -> list[Action]:
    from game.chance import chance_outcomes

    return [action for action, _ in chance_outcomes(state)]


def _apply_chance(state: State, action: Action) -> State:
    if state.phase is _ROLL:
        if not isinstance(action, Roll):
            raise _refuse("the dice must be rolled now")
        faces = action.faces
        rolled = tuple([die for die, _ in faces])
        if rolled != state.to_roll and set(rolled) != set(state.to_roll):  # the same order: the same dice
            wanted = "".join(d.value for d in state.to_roll)
            raise _refuse(f"this roll throws the dice {wanted}, not {''.join(d.value for d in rolled)}")
        return flow.apply_roll(state, faces)
    if not isinstance(action, Draw):
        raise _refuse("a card must be drawn now")
    target = state.draws[0]
    if action.card not in state.pile(target.row).next_cards():
        raise _refuse(f"card {action.card} cannot come next from that deck")
    return flow.apply_draw(state, action.card)


def _legal_over(state: State) -> list[Action]:
    return []


def _apply_over(state: State, action: Action) -> State:
    raise _refuse("the game is over")


PhaseRules = tuple[Callable[[State], list[Action]], Callable[[State, Action], State]]

PHASES: dict[Phase, PhaseRules] = {
    Phase.DRAW: (_legal_chance, _apply_chance),
    Phase.ROLL: (_legal_chance, _apply_chance),
    Phase.SETUP_RETURN: (_legal_setup_return, _apply_setup_return),
    Phase.SETUP_PLACE: (_legal_setup_place, _apply_setup_place),
    Phase.ACTIVE: (_legal_active, _apply_active),
    Phase.PLACE: (_legal_place, _apply_place),
    Phase.CHANCE_WRITE: (_legal_chance_write, _apply_chance_write),
    Phase.PASSIVE: (_legal_passive, _apply_passive),
    Phase.SOLO_PASSIVE: (_legal_passive, _apply_passive),
    Phase.SOLO_REMOVE: (_legal_solo_remove, _apply_solo_remove),
    Phase.WILD: (_legal_wild, _apply_wild),
    Phase.OVER: (_legal_over, _apply_over),
}


def legal_actions(state: State) -> list[Action]:
    """Every legal action now (chance outcomes too, when chance is due)."""
    return PHASES[state.phase][0](state)


# The last successful apply. States are immutable and apply is a pure function, so the same action
# on the same state object always gives the same result: a bot's legality check (game/ai/base.py)
# and the match playing that action right after it then cost one apply, not two. One slot, replaced
# as a whole, so a bot thinking on another thread can at worst cause a miss.
_last_applied: tuple[State, Action, State] | None = None


def apply(state: State, action: Action) -> State:
    """Carry out `action`; raises IllegalActionError (state unchanged) when it is not allowed."""
    global _last_applied
    last = _last_applied
    if last is not None and last[0] is state and (last[1] is action or last[1] == action):
        return last[2]
    after = PHASES[state.phase][1](state, action)
    _last_applied = (state, action, after)
    return after
