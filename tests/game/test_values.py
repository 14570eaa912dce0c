"""The engine's values and actions that set their fields in their own __init__ (frozen.slot_setters,
cheaper than the generated one) take and set exactly what the generated __init__ would."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from game.actions import Buy, Complete, Draw, Place, Reroll, Roll, Row, Write
from game.colours import COLOURS
from game.display import Display, PlacedCard
from game.state import Pile, Seat

OWN_INIT = [PlacedCard, Display, Pile, Seat, Roll, Draw, Place, Complete, Write]
SORTING_DICE = [Reroll, Buy]  # their own __init__ also puts the dice in colour order


@pytest.mark.parametrize("cls", OWN_INIT + SORTING_DICE)
def test_the_parameters_are_the_fields_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls).parameters.values())
    init_fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in init_fields]
    for param, f in zip(params, init_fields, strict=True):
        assert param.default is (inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)


@pytest.mark.parametrize("cls", OWN_INIT)
def test_every_field_is_set_and_stays_frozen(cls: type) -> None:
    init_fields = [f for f in dataclasses.fields(cls) if f.init]
    given = [object() for _ in init_fields]
    value = cls(*given)
    for f, arg in zip(init_fields, given, strict=True):
        assert getattr(value, f.name) is arg
    for f in dataclasses.fields(cls):
        if not f.init:
            assert getattr(value, f.name) is f.default
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, init_fields[0].name, None)
    assert value == cls(*given)


def test_rerolls_and_purchases_name_their_dice_in_colour_order() -> None:
    backwards = tuple(reversed(COLOURS[:3]))
    assert Reroll(backwards).dice == COLOURS[:3]
    assert Buy(Row.BONUS, 3, backwards, 1) == Buy(Row.BONUS, 3, COLOURS[:3], 1)
    assert Buy(Row.BONUS, 3, backwards, 1).dice == COLOURS[:3]


def test_a_placed_card_with_one_field_changed_is_what_dataclasses_replace_gives() -> None:
    card = PlacedCard(object(), (0, 1), (3, None), 1, None)  # type: ignore[arg-type]
    assert card.with_marks_used(2) == dataclasses.replace(card, marks_used=2)
    assert card.with_wild_colour(COLOURS[2]) == dataclasses.replace(card, wild_colour=COLOURS[2])
