"""The hard bot's sheet evaluation (game/penk/evaluate.py)."""

from __future__ import annotations

import random

from game.penk import new_game
from game.penk.evaluate import outlook
from game.penk.sheet import Sheet


def test_a_failed_roll_is_never_worth_more_than_nothing() -> None:
    # crossing a column out must not hand the crossed cells' chances to the others as a gain
    rng = random.Random(4)
    for _ in range(40):
        circled = rng.getrandbits(25) & rng.getrandbits(25)
        sheet = Sheet(circled, rng.getrandbits(25) & rng.getrandbits(25) & rng.getrandbits(25) & ~circled)
        state = new_game(2).evolve(sheets=(sheet, Sheet()))
        look = outlook(state, 0)
        assert look.fail <= 1e-9
    assert outlook(new_game(2), 0).fail < 0  # a fresh sheet loses a whole column's chances
