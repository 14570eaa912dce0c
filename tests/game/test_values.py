"""The engine's small values: actions name their dice in colour order, and a placed card changed in
one field is the card with that field replaced."""

from __future__ import annotations

import dataclasses

from game.goennen.actions import Buy, Reroll, Row
from game.goennen.colours import COLOURS
from game.goennen.display import PlacedCard


def test_rerolls_and_purchases_name_their_dice_in_colour_order() -> None:
    backwards = tuple(reversed(COLOURS[:3]))
    assert Reroll(backwards).dice == COLOURS[:3]
    assert Buy(Row.BONUS, 3, backwards, 1) == Buy(Row.BONUS, 3, COLOURS[:3], 1)
    assert Buy(Row.BONUS, 3, backwards, 1).dice == COLOURS[:3]


def test_a_placed_card_with_one_field_changed_is_what_dataclasses_replace_gives() -> None:
    card = PlacedCard(object(), (0, 1), (3, None), 1, None)  # type: ignore[arg-type]
    assert card.with_marks_used(2) == dataclasses.replace(card, marks_used=2)
    assert card.with_wild_colour(COLOURS[2]) == dataclasses.replace(card, wild_colour=COLOURS[2])
    assert card.with_value(1, 5) == dataclasses.replace(card, filled=(3, 5))
