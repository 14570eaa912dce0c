"""Penk!'s chance: the dice being rolled, as every outcome with its probability or one sample.

Dice are interchangeable, so an outcome is the sorted faces: rolling n dice has C(n + 5, 5)
outcomes (462 for all six) with multinomial probabilities, rather than 6^n ordered ones.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from game.kit.chance import RandomBits
from game.penk.actions import Roll
from game.penk.dice import FACES
from game.penk.state import Phase, State


@cache
def roll_outcomes(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted result of rolling `dice` dice with its probability."""
    outcomes = []
    for faces in combinations_with_replacement(FACES, dice):
        ways = factorial(dice) // prod(factorial(n) for n in Counter(faces).values())
        outcomes.append((faces, ways / len(FACES) ** dice))
    return tuple(outcomes)


def chance_outcomes(state: State) -> list[tuple[Roll, float]]:
    """Every outcome of the due roll with its probability (empty when no chance is due)."""
    if state.phase is not Phase.ROLL:
        return []
    return [(Roll(faces), chance) for faces, chance in roll_outcomes(state.rolling)]


def sample_chance(state: State, rng: RandomBits) -> Roll:
    """One outcome of the due roll, each die drawn with `rng` (the caller's generator)."""
    if state.phase is not Phase.ROLL:
        raise ValueError(f"no chance event is due in phase {state.phase}")
    return Roll(tuple(sorted(FACES[rng.randrange(len(FACES))] for _ in range(state.rolling))))
