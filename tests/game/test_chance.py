"""Chance sampling draws exactly what the standard library would: saved games and seeded
simulations depend on the stream of faces, not only on their distribution."""

from __future__ import annotations

import random

from game.actions import Roll
from game.chance import sample_chance
from game.colours import COLOURS
from game.engine import new_game


def test_a_sampled_roll_is_randint_per_die_in_order() -> None:
    state = new_game(2)
    state = state.evolve(phase=state.phase.ROLL, to_roll=COLOURS)
    for seed in range(200):
        mine, theirs = random.Random(f"{seed}:7"), random.Random(f"{seed}:7")
        for _ in range(10):  # one generator, roll after roll: the stream stays in step
            expected = Roll(tuple((die, theirs.randint(1, 6)) for die in COLOURS))
            assert sample_chance(state, mine) == expected
