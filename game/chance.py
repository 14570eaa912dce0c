"""Chance events: the outcomes of a due roll or card draw, and sampling one with a seeded generator.

The engine holds no random generator. Whoever drives a game (game/match.py, the bots' simulations,
the tests) passes one in; the outcome becomes an ordinary action (`roll ...`, `draw ...`) that is
recorded, so a game replays identically from its action list.
"""

from __future__ import annotations

import random
from itertools import product

from game.actions import Action, Draw, Roll
from game.state import Phase, State


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    """Every outcome of the due chance event with its probability (all equally likely)."""
    if state.phase == Phase.ROLL:
        dice = state.to_roll
        faces = list(product(range(1, 7), repeat=len(dice)))
        weight = 1.0 / len(faces)
        return [(Roll(tuple(zip(dice, values, strict=True))), weight) for values in faces]
    if state.phase == Phase.DRAW:
        cards = state.pile(state.draws[0].row).next_cards()
        return [(Draw(card), 1.0 / len(cards)) for card in cards]
    return []


# read once: on Python 3.11 reading a member off its class (Phase.ROLL) goes through the hook of
# EnumType.__getattr__, some ten times a module global's cost, and every chance event asks
_ROLL, _DRAW = Phase.ROLL, Phase.DRAW


def sample_chance(state: State, rng: random.Random) -> Action:
    """One outcome of the due chance event, drawn with `rng` (cheap: no list of 7,776 rolls)."""
    if state.phase is _ROLL:
        # rng.randint(1, 6) drawn the way random draws it (three bits, again while 6 or 7) without
        # its layers of calls: the same faces from the same generator (tests/game/test_chance.py)
        # at a third of the cost, and every game rolls thousands of dice
        bits = rng.getrandbits
        faces = []
        for die in state.to_roll:
            value = bits(3)
            while value >= 6:
                value = bits(3)
            faces.append((die, value + 1))
        return Roll(tuple(faces))
    if state.phase is _DRAW:
        cards = state.pile(state.draws[0].row).next_cards()
        return Draw(cards[rng.randrange(len(cards))])
    raise ValueError(f"no chance event is due in phase {state.phase}")
