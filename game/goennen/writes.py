"""Single-field writes: passive players, chance (a) and the solo passive move.

A die may go into one empty field if the field takes its (effective) value and colour and the card
stays completable: the written values break no `<`, `=`, printed number or colour, and the sum
target can still be reached (rules-decisions.md section 4). Writing the last field completes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.goennen.actions import Write
from game.goennen.cards import BonusKind, die_bits
from game.goennen.colours import Colour
from game.goennen.display import Display, PlacedCard
from game.goennen.reasons import IllegalActionError
from game.goennen.state import State


def write_problem(state: State, die: Colour, card_id: str, field: int) -> str | None:
    """Why the decider may not write `die` into field `field` of `card_id` (in English), or None."""
    problem = write_target(state, die, card_id, field)[1]
    return None if problem is None else str(problem)


def write_target(
    state: State, die: Colour, card_id: str, field: int
) -> tuple[PlacedCard | None, IllegalActionError | None]:
    """The card written to (the rules carry out the write on it) and the refusal, if the write is not
    allowed."""
    placed = state.display(state.decider).find(card_id)
    if placed is None:
        return None, IllegalActionError("not_in_display", card=card_id)
    return placed, _field_problem(placed, field, state.value(die), state.colour(die))


def _field_problem(placed: PlacedCard, field: int, value: int, colour: Colour) -> IllegalActionError | None:
    card_id = placed.card.id
    if not 0 <= field < len(placed.filled):
        return IllegalActionError("no_field", card=card_id, field=field + 1)
    if placed.filled[field] is not None:
        return IllegalActionError("field_filled", field=field + 1, card=card_id)
    task_field = placed.card.task.fields[field]
    if task_field.number is not None and value != task_field.number:
        return IllegalActionError(
            "field_number", field=field + 1, card=card_id, number=task_field.number, value=value
        )
    if task_field.colour is not None and colour != task_field.colour:
        colour_word = task_field.colour.word
        return IllegalActionError("field_colour", field=field + 1, card=card_id, colour=colour_word)
    trial = list(placed.filled)
    trial[field] = value
    if not placed.card.task.completable(trial):
        return IllegalActionError("field_impossible", value=value, field=field + 1, card=card_id)
    return None


def legal_writes(state: State, dice: Iterable[Colour]) -> list[Write]:
    """Every single-field write the decider may make now with one of `dice`."""
    writes: list[Write] = []
    display = state.display(state.decider)
    for die in dice:
        value, colour = state.value(die), state.colour(die)
        for placed in display:
            for index in _writable_fields(placed, value, colour):
                writes.append(Write(die, placed.id, index))
    return writes


def _writable_fields(placed: PlacedCard, value: int, colour: Colour) -> tuple[int, ...]:
    return placed.card.task.fields_taking(placed.filled, value, colour)


def can_write(state: State, seat: int, dice: Iterable[Colour]) -> bool:
    """Whether `seat` could write any of `dice` at all, using its own bonus marks if needed.

    Used to skip passive seats that have nothing to do, so nobody is asked in vain.
    """
    return could_write(state.display(seat), state.dice, dice)


def could_write(display: Display, faces: tuple[int, ...], dice: Iterable[Colour]) -> bool:
    """`can_write` for a display and the dice's faces (by colour), before they are in a state: the
    turn flow asks it after every reroll, while it builds the state that follows the roll.

    It works on bits: the open cards' fields together take the dice in the union of their masks
    (Display.dice_taken), and each die may count as a range of values (plus/minus) and as its own
    colour or, with a recolour mark, as a colour some field of the card demands.
    """
    open_cards = display.open_cards()
    if not open_cards:
        return False
    spread = display.marks_left(_BONUSKIND_PLUS_MINUS)
    plain = 0  # every die as its own colour
    any_value = 0  # the values some die may count as (bit v: the value v)
    for die in dice:
        slot = die.slot
        face = faces[slot]
        if spread:  # bits max(1, face - spread) to min(6, face + spread)
            bits = (2 << min(6, face + spread)) - (1 << max(1, face - spread))
        else:  # most displays: each die counts as it shows
            bits = 1 << face
        any_value |= bits
        plain |= bits << (8 * slot)  # die_bits(bits, die), without its call
    if display.marks_left(_BONUSKIND_RECOLOUR) < 1:
        return bool(display.dice_taken() & plain)
    for placed, _, masks in open_cards:
        # a recolour may turn any die into a colour the card demands, with any value it may count as
        wanted = plain
        for task_field in placed.card.task.fields:
            if task_field.colour is not None:
                wanted |= die_bits(any_value, task_field.colour)
        for mask in masks:
            if mask & wanted:
                return True
    return False


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_BONUSKIND_PLUS_MINUS = BonusKind.PLUS_MINUS
_BONUSKIND_RECOLOUR = BonusKind.RECOLOUR
