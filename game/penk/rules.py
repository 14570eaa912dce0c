"""Penk!'s rules: the legal actions at a decision, and applying one.

`apply` either returns the next state or raises IllegalActionError with a reason a player
understands; the state it was given is a value and never changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.kit.reasons import IllegalActionError
from game.penk.actions import Action, Circle, Cross, End, Reroll, Roll
from game.penk.dice import DICE, FACES, contains, group_cell, groups_for, sub_multisets, without
from game.penk.sheet import COLUMN_MASKS, SIZE, Sheet, completed_lines
from game.penk.state import GROUPS_PER_TURN, ROLLS_PER_TURN, Phase, State


def free_dice(state: State) -> tuple[int, ...]:
    """The dice on the table not yet used by a group this turn."""
    return without(state.dice, state.used) if state.used else state.dice


def circles(state: State) -> list[Circle]:
    """Every group the active seat may circle now (its cell clear), each as an action."""
    sheet = state.sheet
    found = []
    for group in groups_for(free_dice(state)):
        if sheet.is_clear(*group_cell(group)):
            found.append(Circle(group))
    return found


def can_circle(dice: tuple[int, ...], sheet: Sheet) -> bool:
    """Whether some group of these dice marks a clear cell (else the roll has failed)."""
    return any(sheet.is_clear(*group_cell(group)) for group in groups_for(dice))


def crossable_columns(sheet: Sheet) -> list[int]:
    clear = sheet.clear
    return [column for column in range(1, SIZE + 1) if clear & COLUMN_MASKS[column - 1]]


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the deciding seat (empty in ROLL, which is chance, and at the end)."""
    if state.phase is Phase.CHOOSE:
        actions: list[Action] = []
        if state.rolls < ROLLS_PER_TURN:
            actions.extend(Reroll(part) for part in sub_multisets(state.dice) if part)
        found = circles(state)
        if found:
            actions.extend(found)
        else:
            actions.extend(Cross(column) for column in crossable_columns(state.sheet))
        return actions
    if state.phase is Phase.CIRCLE:
        return [*circles(state), End()]
    return []


def apply(state: State, action: Action) -> State:
    """The state after `action`; IllegalActionError (and no change) if it is not allowed now."""
    if isinstance(action, Roll):
        return _roll(state, action)
    if state.phase is Phase.OVER:
        raise IllegalActionError("game_over")
    if state.phase is Phase.ROLL:
        raise IllegalActionError("penk.roll_first")
    step = _STEPS.get(type(action))
    if step is None:
        raise IllegalActionError("penk.not_penk_action", action=repr(action))
    return step(state, action)


def refusal(state: State, action: Action) -> IllegalActionError | None:
    """Why `action` is refused now, or None when it is legal: the very check `apply` makes, so a
    screen's "why not?" never states a rule of its own."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error
    return None


def _end(state: State, action: End) -> State:
    if state.phase is not Phase.CIRCLE:
        raise IllegalActionError("penk.circle_first")
    return next_turn(state)


def _roll(state: State, action: Roll) -> State:
    if state.phase is not Phase.ROLL:
        raise IllegalActionError("penk.no_roll")
    if len(action.faces) != state.rolling:
        raise IllegalActionError("penk.roll_count", rolling=state.rolling, faces=len(action.faces))
    if any(face not in FACES for face in action.faces):
        raise IllegalActionError("penk.faces")
    dice = tuple(sorted(state.dice + action.faces))
    return state.evolve(phase=Phase.CHOOSE, rolls=state.rolls + 1, rolling=0, dice=dice)


def _reroll(state: State, action: Reroll) -> State:
    if state.phase is not Phase.CHOOSE:
        raise IllegalActionError("penk.reroll_after_circle")
    if state.rolls >= ROLLS_PER_TURN:
        raise IllegalActionError("penk.rolled_three")
    if not action.faces:
        raise IllegalActionError("penk.reroll_none")
    if not contains(state.dice, action.faces):
        raise IllegalActionError("penk.reroll_on_table")
    kept = without(state.dice, action.faces)
    return state.evolve(phase=Phase.ROLL, rolling=len(action.faces), dice=kept)


def _circle(state: State, action: Circle) -> State:
    row, column = group_cell(action.group)  # IllegalActionError when the dice form no group
    if not contains(free_dice(state), action.group):
        raise IllegalActionError("penk.dice_not_free")
    sheet = state.sheet
    if not sheet.is_clear(row, column):
        raise IllegalActionError("penk.cell_not_clear", row=row, column=column)
    marked = sheet.circle(row, column)
    blocked = completed_lines(sheet, marked)
    sheets = tuple(
        marked if seat == state.active else other.cross_out(blocked) if blocked else other
        for seat, other in enumerate(state.sheets)
    )
    after = state.evolve(
        phase=Phase.CIRCLE,
        sheets=sheets,
        used=tuple(sorted(state.used + action.group)),
        groups=state.groups + 1,
        ending=state.ending or _ends(sheets),
    )
    if after.groups >= GROUPS_PER_TURN or not can_circle(free_dice(after), marked):
        return next_turn(after)
    return after


def _cross(state: State, action: Cross) -> State:
    if state.phase is not Phase.CHOOSE:
        raise IllegalActionError("penk.not_failed")
    if can_circle(state.dice, state.sheet):
        raise IllegalActionError("penk.must_circle")
    if not 1 <= action.column <= SIZE:
        raise IllegalActionError("penk.column_range", size=SIZE)
    mask = COLUMN_MASKS[action.column - 1]
    if not state.sheet.clear & mask:
        raise IllegalActionError("penk.column_full", column=action.column)
    sheets = tuple(
        sheet.cross_out(mask) if seat == state.active else sheet for seat, sheet in enumerate(state.sheets)
    )
    return next_turn(state.evolve(sheets=sheets, ending=state.ending or _ends(sheets)))


_STEPS: dict[type, Callable[[State, Any], State]] = {
    Reroll: _reroll,
    Circle: _circle,
    Cross: _cross,
    End: _end,
}


def _ends(sheets: tuple[Sheet, ...]) -> bool:
    """Whether some sheet has 2 columns without a clear cell: the round then is the last."""
    return any(sheet.full_columns() >= 2 for sheet in sheets)


def next_turn(state: State) -> State:
    """The next seat's turn, or the end once the last round reaches the first player again.

    A seat whose sheet has no clear cell left has nothing to do and its turn is passed over (its
    columns are all full, so the round is already the last).
    """
    active, round_number = state.active, state.round
    ending = state.ending or _ends(state.sheets)
    while True:
        active = (active + 1) % state.players
        if active == state.first:
            if ending:
                return state.evolve(phase=Phase.OVER, rolls=0, rolling=0, dice=(), used=(), groups=0)
            round_number += 1
        if state.sheets[active].has_clear_cell():
            break
    return state.evolve(
        active=active, round=round_number, phase=Phase.ROLL, rolls=0, rolling=DICE, dice=(), used=(), groups=0
    )
