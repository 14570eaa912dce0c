"""The table of rolls the easy bot and the search read a roll's index from is the odds' own index."""

from __future__ import annotations

import itertools

from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.rolls import ROLL_OF_DICE


def test_the_table_of_rolls_is_the_place_value_index_of_every_roll() -> None:
    assert len(ROLL_OF_DICE) == odds.ROLLS
    for dice in itertools.product(range(1, 7), repeat=5):
        place_value = sum((value - 1) * 6 ** (4 - die) for die, value in enumerate(dice))
        assert ROLL_OF_DICE[dice] == place_value == odds.roll_index(dice)
