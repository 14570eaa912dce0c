"""The rules: which actions are legal now, and what an action does.

Per phase, three functions: the legal actions, the check of one action (IllegalActionError with a
reason a player understands), and carrying it out. `apply` checks and carries out; `apply_known`
only carries out, for an action already known to be legal (taken from `legal_actions`, or built
by a search from the rules' own lists), as python-chess's `push` beside `push_uci`. Carrying out
collects the action's own changes in a `Step`; when the action moves the game on, the turn flow
(game/goennen/flow.py) decides what is due next. States are immutable, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from game.goennen import flow
from game.goennen.actions import (
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
from game.goennen.cards import BonusKind, assignments
from game.goennen.colours import COLOURS, Colour
from game.goennen.display import PlacedCard
from game.goennen.flow import Event
from game.goennen.reasons import IllegalActionError
from game.goennen.scoring import wild_cards_to_choose
from game.goennen.state import (
    MARKET_SLOTS,
    ROLLS_PER_TURN,
    ROWS,
    DrawTarget,
    DrawTo,
    Phase,
    Seat,
    State,
    Step,
)
from game.goennen.writes import legal_writes, write_target


def price(slot: int) -> int:
    """Slots 1 and 2 cost 4 equal dice, slots 3 and 4 cost 3 (rules-decisions.md section 1)."""
    return 4 if slot <= 2 else 3


def usable_dice(state: State) -> tuple[Colour, ...]:
    """Dice the decider may still use: passive seats only the rerolled ones."""
    phase = state.phase
    if phase is _PHASE_PASSIVE:
        pool: tuple[Colour, ...] = state.rerolled
    elif phase is _PHASE_ACTIVE or phase is _PHASE_CHANCE_WRITE or phase is _PHASE_SOLO_PASSIVE:
        pool = COLOURS
    else:
        return ()
    used = state.used
    return tuple(die for die in pool if die not in used) if used else pool


# --- bonus changes to dice (plus/minus, recolour), in every phase that uses dice -------------------


def _legal_bonus_changes(state: State) -> list[Action]:
    display = state.display(state.decider)
    actions: list[Action] = []
    plus_minus = display.marks_left(_BONUSKIND_PLUS_MINUS) > 0
    recolour = display.marks_left(_BONUSKIND_RECOLOUR) > 0
    for die in usable_dice(state):
        if plus_minus:
            if state.value(die) < 6:
                actions.append(Adjust(die, +1))
            if state.value(die) > 1:
                actions.append(Adjust(die, -1))
        if recolour and state.recolours[die.slot] is None:
            actions.extend(Recolour(die, colour) for colour in COLOURS if colour != die)
    return actions


def _check_bonus_change(state: State, action: Adjust | Recolour) -> None:
    die = action.die
    if die not in usable_dice(state):
        raise IllegalActionError("die_not_yours", die=die.word)
    display = state.display(state.decider)
    if isinstance(action, Adjust):
        if display.marks_left(_BONUSKIND_PLUS_MINUS) < 1:
            raise IllegalActionError("no_plus_minus_mark")
        value = state.value(die) + action.delta
        if not 1 <= value <= 6:
            raise IllegalActionError("die_range", die=die.word, value=value)
        return
    if display.marks_left(_BONUSKIND_RECOLOUR) < 1:
        raise IllegalActionError("no_recolour_mark")
    if state.recolours[die.slot] is not None:
        raise IllegalActionError("already_recoloured", die=die.word, colour=state.colour(die).word)
    if action.colour == die:
        raise IllegalActionError("recolour_same", die=die.word)


def _change_die(state: State, action: Adjust | Recolour) -> State:
    """One bonus mark crossed off; the die counts one higher or lower, or as another colour."""
    display = state.display(state.decider)
    step = Step(state)
    if isinstance(action, Adjust):
        deltas = list(state.deltas)
        deltas[action.die.slot] += action.delta
        step.set(deltas=tuple(deltas))
        step.display(state.decider, display.spend_marks(_BONUSKIND_PLUS_MINUS, 1))
    else:
        recolours = list(state.recolours)
        recolours[action.die.slot] = action.colour
        step.set(recolours=tuple(recolours))
        step.display(state.decider, display.spend_marks(_BONUSKIND_RECOLOUR, 1))
    return step.done()


_BONUS_CHANGES = (Adjust, Recolour)


# --- setup: return one of four dealt cards, place the other three ---------------------------------


def _legal_setup_return(state: State) -> list[Action]:
    return [ReturnCard(card) for card in state.seats[state.decider].hand]


def _check_setup_return(state: State, action: Action) -> None:
    if not isinstance(action, ReturnCard):
        raise IllegalActionError("return_first")
    if action.card not in state.seats[state.decider].hand:
        raise IllegalActionError("not_dealt", card=action.card)


def _setup_return(state: State, action: Action) -> State:
    assert isinstance(action, ReturnCard)
    seat = state.seats[state.decider]
    row = flow.row_of(state.card(action.card))
    step = Step(state).seat(state.decider, seat.with_hand(tuple(c for c in seat.hand if c != action.card)))
    step.pile(row, state.pile(row).under(action.card))
    return flow.after(_EVENT_RETURNED, step)


def _legal_setup_place(state: State) -> list[Action]:
    cells = state.display(state.decider).legal_cells()
    return [Place(card, r, c) for card in state.seats[state.decider].hand for r, c in cells]


def _check_cell(state: State, action: Place) -> None:
    if (action.row, action.col) not in state.display(state.decider).legal_cells():
        raise IllegalActionError("cell", row=action.row, col=action.col)


def _check_setup_place(state: State, action: Action) -> None:
    if not isinstance(action, Place):
        raise IllegalActionError("place_kept")
    if action.card not in state.seats[state.decider].hand:
        raise IllegalActionError("not_kept", card=action.card)
    _check_cell(state, action)


def _setup_place(state: State, action: Action) -> State:
    assert isinstance(action, Place)
    seat = state.seats[state.decider]
    display = seat.display.place(state.card(action.card), (action.row, action.col))
    hand = tuple(card for card in seat.hand if card != action.card)
    return flow.after(_EVENT_SETUP_PLACED, Step(state).seat(state.decider, Seat(display, hand, seat.pending)))


# --- the active player: reroll, bonus changes, complete, buy, a chance, end -----------------------


def _can_reroll(state: State) -> bool:
    return not state.acted and state.chance is None and state.rolls < ROLLS_PER_TURN


def _chance_open(state: State) -> bool:
    """Chance options: after the third roll, and only if nothing was completed or bought."""
    return state.rolls == ROLLS_PER_TURN and not state.acted and state.chance is None


def _may_end(state: State) -> bool:
    return state.acted or state.rolls == ROLLS_PER_TURN


# every non-empty set of dice, made once: rerolling is offered at most decisions
_ALL_REROLLS: tuple[Reroll, ...] = tuple(
    Reroll(dice) for size in range(1, len(COLOURS) + 1) for dice in combinations(COLOURS, size)
)


def _legal_completions(state: State) -> list[Action]:
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


def _legal_purchases(state: State) -> list[Action]:
    seat = state.seats[state.decider]
    if seat.display.full or seat.pending is not None:
        return []
    discounts = seat.display.marks_left(_BONUSKIND_DISCOUNT)
    by_value: dict[int, list[Colour]] = {}
    for die in usable_dice(state):
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
    actions: list[Action] = list(_ALL_REROLLS) if _can_reroll(state) else []
    actions += _legal_bonus_changes(state)
    actions += _legal_completions(state)
    actions += _legal_purchases(state)
    if _chance_open(state):
        actions += legal_writes(state, usable_dice(state))
        actions += [Take(row) for row in ROWS if len(state.pile(row)) > 0]
    if _may_end(state):
        actions.append(End())
    return actions


def _check_active(state: State, action: Action) -> None:
    if isinstance(action, Reroll):
        if state.acted:
            raise IllegalActionError("reroll_after_use")
        if state.rolls >= ROLLS_PER_TURN:
            raise IllegalActionError("rolled_three")
        if not action.dice:
            raise IllegalActionError("reroll_none")
    elif isinstance(action, End):
        if not _may_end(state):
            raise IllegalActionError("end_early")
    elif isinstance(action, Complete):
        _check_complete(state, action)
    elif isinstance(action, Buy):
        _check_buy(state, action)
    elif isinstance(action, _BONUS_CHANGES):
        _check_bonus_change(state, action)
    elif isinstance(action, Write):
        if not _chance_open(state):
            raise IllegalActionError("write_not_chance")
        _check_write(state, action)
    elif isinstance(action, Take):
        if not _chance_open(state):
            raise IllegalActionError("take_not_chance")
        if len(state.pile(action.row)) == 0:
            raise IllegalActionError("deck_empty")
    else:
        raise IllegalActionError("not_now", action=str(action))


def _active(state: State, action: Action) -> State:
    if isinstance(action, Reroll):
        return flow.after(_EVENT_REROLLED, Step(state).set(to_roll=action.dice))
    if isinstance(action, End):
        return flow.after(_EVENT_TURN_ENDED, Step(state))
    if isinstance(action, Complete):
        return _complete(state, action)
    if isinstance(action, Buy):
        return _buy(state, action)
    if isinstance(action, _BONUS_CHANGES):
        return _change_die(state, action)
    if isinstance(action, Write):
        return flow.after(_EVENT_CHANCE_WRITTEN, _write(state, action))
    assert isinstance(action, Take)
    draw = DrawTarget(_DRAWTO_TAKEN, action.row, state.active)
    return flow.after(_EVENT_TAKE_CHOSEN, Step(state).set(draws=(draw,)))


def _check_complete(state: State, action: Complete) -> None:
    placed = state.display(state.decider).find(action.card)
    if placed is None:
        raise IllegalActionError("not_in_display", card=action.card)
    if placed.completed:
        raise IllegalActionError("card_complete", card=action.card)
    if len(action.dice) != len(placed.filled):
        raise IllegalActionError("field_count", card=action.card, fields=len(placed.filled))
    free = usable_dice(state)
    values = list(placed.filled)
    used: set[Colour] = set()
    task = placed.card.task
    for index, (current, die) in enumerate(zip(placed.filled, action.dice, strict=True)):
        if current is not None:
            if die is not None:
                raise IllegalActionError("field_filled", field=index + 1, card=action.card)
            continue
        if die is None:
            raise IllegalActionError("fill_all", card=action.card, field=index + 1)
        if die not in free or die in used:
            raise IllegalActionError("die_used", die=die.word)
        value = state.value(die)
        if not task.fields[index].accepts(value, state.colour(die)):
            raise IllegalActionError(
                "die_does_not_fit",
                die=die.word,
                value=value,
                field=index + 1,
                field_text=task.fields[index].text(),
                card=action.card,
            )
        used.add(die)
        values[index] = value
    if not task.completable(values):
        raise IllegalActionError("task_unfulfilled", card=action.card, task_text=task.text())


def _complete(state: State, action: Complete) -> State:
    """Every empty field of the card gets its die's value; the player has acted this turn."""
    display = state.display(state.decider)
    placed = display.find(action.card)
    assert placed is not None
    values = tuple(
        current if die is None else state.value(die)
        for current, die in zip(placed.filled, action.dice, strict=True)
    )
    completed = PlacedCard(placed.card, placed.pos, values, placed.marks_used, placed.wild_colour)
    used = state.used | {die for die in action.dice if die is not None}
    step = Step(state).display(state.decider, display.replace_card(completed))
    return step.set(used=used, acted=True).done()


def _check_buy(state: State, action: Buy) -> None:
    display = state.display(state.decider)
    if state.market_card(action.row, action.slot) is None:
        raise IllegalActionError("slot_empty", slot=action.slot, market_row=_row_word(action.row))
    if display.full:
        raise IllegalActionError("display_full")
    cost = price(action.slot)
    if action.discount > cost:
        raise IllegalActionError("discount_too_large", cost=cost)
    if action.discount > display.marks_left(_BONUSKIND_DISCOUNT):
        raise IllegalActionError("discount_marks")
    if len(action.dice) != cost - action.discount:
        if action.discount:
            raise IllegalActionError(
                "buy_cost_discounted",
                slot=action.slot,
                cost=cost,
                payable=cost - action.discount,
                offered=len(action.dice),
            )
        raise IllegalActionError("buy_cost", slot=action.slot, cost=cost, offered=len(action.dice))
    free = usable_dice(state)
    for die in action.dice:
        if die not in free:
            raise IllegalActionError("die_used", die=die.word)
    if len({state.value(d) for d in action.dice}) > 1:
        raise IllegalActionError("buy_equal")


def _buy(state: State, action: Buy) -> State:
    """The card leaves the market, waiting to be placed; the dice are used, discount marks spent."""
    seat = state.seats[state.decider]
    display = seat.display
    if action.discount:
        display = display.spend_marks(_BONUSKIND_DISCOUNT, action.discount)
    step = Step(state).seat(
        state.decider, Seat(display, seat.hand, state.market_card(action.row, action.slot))
    )
    step.market_slot(action.row, action.slot, None)
    step.set(used=state.used | frozenset(action.dice), acted=True, bought=state.bought | {action.row})
    return flow.after(_EVENT_BOUGHT, step)


def _row_word(row: Row) -> str:
    return "scoring" if row == Row.SCORING else "bonus"


# --- placing a bought card, or a card taken as a chance (which may be discarded instead) ----------


def _legal_place(state: State) -> list[Action]:
    seat = state.seats[state.decider]
    assert seat.pending is not None
    actions: list[Action] = [Place(seat.pending, r, c) for r, c in seat.display.legal_cells()]
    if state.chance == "take":
        actions.append(Discard())
    return actions


def _check_place(state: State, action: Action) -> None:
    pending = state.seats[state.decider].pending
    if isinstance(action, Discard):
        if state.chance != "take":
            raise IllegalActionError("must_place_bought")
        return
    if not isinstance(action, Place):
        raise IllegalActionError("place_first", card=str(pending))
    if action.card != pending:
        raise IllegalActionError("place_other", card=str(pending), offered_card=action.card)
    _check_cell(state, action)


def _place(state: State, action: Action) -> State:
    seat = state.seats[state.decider]
    pending = seat.pending
    assert pending is not None
    step = Step(state)
    if isinstance(action, Discard):
        row = flow.row_of(state.card(pending))
        step.seat(state.decider, seat.with_pending(None)).pile(row, state.pile(row).under(pending))
        return flow.after(_EVENT_TURN_ENDED, step)
    assert isinstance(action, Place)
    display = seat.display.place(state.card(pending), (action.row, action.col))
    return flow.after(_EVENT_PLACED, step.seat(state.decider, Seat(display, seat.hand, None)))


# --- single-field writes: chance (a), passive seats, the solo passive move ------------------------


def _check_write(state: State, action: Write) -> None:
    if action.die not in usable_dice(state):
        if state.phase == _PHASE_PASSIVE and action.die not in state.rerolled:
            raise IllegalActionError("not_rerolled", die=action.die.word)
        raise IllegalActionError("die_already_used", die=action.die.word)
    problem = write_target(state, action.die, action.card, action.field)[1]
    if problem is not None:
        raise problem


def _write(state: State, action: Write) -> Step:
    """The die's value written into the field: the step, for the turn flow to go on from."""
    display = state.display(state.decider)
    placed = display.find(action.card)
    assert placed is not None
    display = display.replace_card(placed.with_value(action.field, state.value(action.die)))
    step = Step(state).display(state.decider, display)
    return step.set(used=state.used | {action.die}, writes=state.writes + 1)


def _legal_chance_write(state: State) -> list[Action]:
    actions: list[Action] = []
    actions += _legal_bonus_changes(state)
    actions += legal_writes(state, usable_dice(state))
    actions.append(End())
    return actions


def _check_chance_write(state: State, action: Action) -> None:
    if isinstance(action, _BONUS_CHANGES):
        _check_bonus_change(state, action)
    elif isinstance(action, Write):
        _check_write(state, action)
    elif not isinstance(action, End):
        raise IllegalActionError("write_or_end")


def _chance_write(state: State, action: Action) -> State:
    if isinstance(action, _BONUS_CHANGES):
        return _change_die(state, action)
    if isinstance(action, End):
        return flow.after(_EVENT_TURN_ENDED, Step(state))
    assert isinstance(action, Write)
    return flow.after(_EVENT_CHANCE_WRITTEN, _write(state, action))


def _may_write_more(state: State) -> bool:
    """Writes left in this window: the free ones, or more with an extra-die mark."""
    extra_marks = state.display(state.decider).marks_left(_BONUSKIND_EXTRA_DIE)
    return state.writes < flow.free_writes(state) or extra_marks > 0


def _legal_passive(state: State) -> list[Action]:
    actions: list[Action] = []
    if _may_write_more(state):
        actions += _legal_bonus_changes(state)
        actions += legal_writes(state, usable_dice(state))
    actions.append(Pass())
    return actions


def _check_passive(state: State, action: Action) -> None:
    if isinstance(action, Pass):
        return
    if not _may_write_more(state):
        raise IllegalActionError("written_all")
    if isinstance(action, _BONUS_CHANGES):
        _check_bonus_change(state, action)
    elif isinstance(action, Write):
        _check_write(state, action)
    else:
        raise IllegalActionError("write_or_pass")


def _passive(state: State, action: Action) -> State:
    if isinstance(action, Pass):
        return flow.after(_EVENT_PASSED, Step(state))
    if isinstance(action, _BONUS_CHANGES):
        return _change_die(state, action)
    assert isinstance(action, Write)
    step = _write(state, action)
    if state.writes >= flow.free_writes(state):  # beyond the free writes: an extra-die mark pays
        step.display(state.decider, step.seats[state.decider].display.spend_marks(_BONUSKIND_EXTRA_DIE, 1))
    return flow.after(_EVENT_WRITTEN, step)


# --- solo round counter, wild colours -------------------------------------------------------------


def _legal_solo_remove(state: State) -> list[Action]:
    rows = [row for row in ROWS if state.market_card(row, MARKET_SLOTS) is not None]
    return [Remove(row) for row in rows] if rows else [Remove(None)]


def _check_solo_remove(state: State, action: Action) -> None:
    if not isinstance(action, Remove):
        raise IllegalActionError("remove_slot_4")
    if action not in _legal_solo_remove(state):
        raise IllegalActionError("remove_empty")


def _solo_remove(state: State, action: Action) -> State:
    """The slot-4 card of the row leaves the game as the round counter (none when both are empty)."""
    assert isinstance(action, Remove)
    step = Step(state)
    if action.row is not None:
        card = state.market_card(action.row, MARKET_SLOTS)
        assert card is not None
        step.market_slot(action.row, MARKET_SLOTS, None).set(removed=(*state.removed, card))
    return flow.after(_EVENT_ROUND_COUNTED, step)


def _legal_wild(state: State) -> list[Action]:
    cards = wild_cards_to_choose(state.display(state.decider))
    return [Wild(p.id, colour) for p in cards for colour in COLOURS]


def _check_wild(state: State, action: Action) -> None:
    if not isinstance(action, Wild):
        raise IllegalActionError("choose_wild")
    if action.card not in {p.id for p in wild_cards_to_choose(state.display(state.decider))}:
        raise IllegalActionError("not_wild", card=action.card)


def _wild(state: State, action: Action) -> State:
    assert isinstance(action, Wild)
    display = state.display(state.decider)
    placed = display.find(action.card)
    assert placed is not None
    step = Step(state).display(state.decider, display.replace_card(placed.with_wild_colour(action.colour)))
    return flow.after(_EVENT_WILD_CHOSEN, step)


# --- chance ---------------------------------------------------------------------------------------


def _legal_chance(state: State) -> list[Action]:
    from game.goennen.chance import chance_outcomes

    return [action for action, _ in chance_outcomes(state)]


def _check_roll(state: State, action: Action) -> None:
    if not isinstance(action, Roll):
        raise IllegalActionError("roll_now")
    rolled = tuple(die for die, _ in action.faces)
    if rolled != state.to_roll and set(rolled) != set(state.to_roll):  # any order of the same dice
        wanted = "".join(d.value for d in state.to_roll)
        raise IllegalActionError("roll_other_dice", wanted=wanted, rolled="".join(d.value for d in rolled))


def _roll(state: State, action: Action) -> State:
    assert isinstance(action, Roll)
    return flow.apply_roll(state, action.faces)


def _check_draw(state: State, action: Action) -> None:
    if not isinstance(action, Draw):
        raise IllegalActionError("draw_now")
    if action.card not in state.pile(state.draws[0].row).next_cards():
        raise IllegalActionError("draw_other", card=action.card)


def _draw(state: State, action: Action) -> State:
    assert isinstance(action, Draw)
    return flow.apply_draw(state, action.card)


def _legal_over(state: State) -> list[Action]:
    return []


def _check_over(state: State, action: Action) -> None:
    raise IllegalActionError("game_over")


def _over(state: State, action: Action) -> State:
    raise IllegalActionError("game_over")


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """What is legal in a phase, the check of one action, and what a checked action does."""

    legal: Callable[[State], list[Action]]
    check: Callable[[State, Action], None]
    carry_out: Callable[[State, Action], State]


PHASES: dict[Phase, PhaseRules] = {
    Phase.DRAW: PhaseRules(_legal_chance, _check_draw, _draw),
    Phase.ROLL: PhaseRules(_legal_chance, _check_roll, _roll),
    Phase.SETUP_RETURN: PhaseRules(_legal_setup_return, _check_setup_return, _setup_return),
    Phase.SETUP_PLACE: PhaseRules(_legal_setup_place, _check_setup_place, _setup_place),
    Phase.ACTIVE: PhaseRules(_legal_active, _check_active, _active),
    Phase.PLACE: PhaseRules(_legal_place, _check_place, _place),
    Phase.CHANCE_WRITE: PhaseRules(_legal_chance_write, _check_chance_write, _chance_write),
    Phase.PASSIVE: PhaseRules(_legal_passive, _check_passive, _passive),
    Phase.SOLO_PASSIVE: PhaseRules(_legal_passive, _check_passive, _passive),
    Phase.SOLO_REMOVE: PhaseRules(_legal_solo_remove, _check_solo_remove, _solo_remove),
    Phase.WILD: PhaseRules(_legal_wild, _check_wild, _wild),
    Phase.OVER: PhaseRules(_legal_over, _check_over, _over),
}


def legal_actions(state: State) -> list[Action]:
    """Every legal action now (chance outcomes too, when chance is due)."""
    return PHASES[state.phase].legal(state)


def check(state: State, action: Action) -> None:
    """Raise IllegalActionError, saying why, when `action` is not legal now."""
    PHASES[state.phase].check(state, action)


def is_legal(state: State, action: Action) -> bool:
    """Whether `action` is legal now (its check, without carrying it out)."""
    try:
        PHASES[state.phase].check(state, action)
    except IllegalActionError:
        return False
    return True


def refusal(state: State, action: Action) -> IllegalActionError | None:
    """Why `action` is refused now (the error with its reason key and parameters), or None when it
    is legal: the same check as `apply`, for a screen that asks "why not?" before trying."""
    try:
        PHASES[state.phase].check(state, action)
    except IllegalActionError as error:
        return error
    return None


def apply(state: State, action: Action) -> State:
    """Carry out `action`; raises IllegalActionError (state unchanged) when it is not allowed."""
    rules = PHASES[state.phase]
    rules.check(state, action)
    return rules.carry_out(state, action)


def apply_known(state: State, action: Action) -> State:
    """Carry out an action known to be legal here, without checking it again: one listed by
    `legal_actions(state)`, or built by a search from the rules' own lists. An illegal action
    gives a wrong state or an AssertionError, never a refusal: use `apply` for anything else."""
    return PHASES[state.phase].carry_out(state, action)


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_BONUSKIND_DISCOUNT = BonusKind.DISCOUNT
_BONUSKIND_EXTRA_DIE = BonusKind.EXTRA_DIE
_BONUSKIND_PLUS_MINUS = BonusKind.PLUS_MINUS
_BONUSKIND_RECOLOUR = BonusKind.RECOLOUR
_DRAWTO_TAKEN = DrawTo.TAKEN
_EVENT_BOUGHT = Event.BOUGHT
_EVENT_CHANCE_WRITTEN = Event.CHANCE_WRITTEN
_EVENT_PASSED = Event.PASSED
_EVENT_PLACED = Event.PLACED
_EVENT_REROLLED = Event.REROLLED
_EVENT_RETURNED = Event.RETURNED
_EVENT_ROUND_COUNTED = Event.ROUND_COUNTED
_EVENT_SETUP_PLACED = Event.SETUP_PLACED
_EVENT_TAKE_CHOSEN = Event.TAKE_CHOSEN
_EVENT_TURN_ENDED = Event.TURN_ENDED
_EVENT_WILD_CHOSEN = Event.WILD_CHOSEN
_EVENT_WRITTEN = Event.WRITTEN
_PHASE_ACTIVE = Phase.ACTIVE
_PHASE_CHANCE_WRITE = Phase.CHANCE_WRITE
_PHASE_PASSIVE = Phase.PASSIVE
_PHASE_SOLO_PASSIVE = Phase.SOLO_PASSIVE
