"""The first game's chance events: the outcomes of a due roll or card draw, and sampling one.

The engine holds no random generator. Whoever drives a game (game/goennen/match.py, the bots' simulations,
the tests) passes one in; the outcome becomes an ordinary action (`roll ...`, `draw ...`) that is
recorded, so a game replays identically from its action list. The sources a match draws the bits
from (the seed's ChanceStream, the system's, a secret key's) are every game's: game/kit/chance.py,
re-exported here.
"""

from __future__ import annotations

from itertools import product

from game.goennen.actions import Action, Draw, Roll
from game.goennen.state import Phase, State
from game.kit.chance import (
    KEY_BYTES,
    ChanceSource,
    ChanceStream,
    KeyedBits,
    KeyedChance,
    RandomBits,
    SeededChance,
    SystemChance,
)

__all__ = [
    "KEY_BYTES",
    "ChanceSource",
    "ChanceStream",
    "KeyedBits",
    "KeyedChance",
    "RandomBits",
    "SeededChance",
    "SystemChance",
    "chance_outcomes",
    "sample_chance",
]


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    """Every outcome of the due chance event with its probability (all equally likely)."""
    if state.phase == _PHASE_ROLL:
        dice = state.to_roll
        faces = list(product(range(1, 7), repeat=len(dice)))
        weight = 1.0 / len(faces)
        return [(Roll(tuple(zip(dice, values, strict=True))), weight) for values in faces]
    if state.phase == _PHASE_DRAW:
        cards = state.pile(state.draws[0].row).next_cards()
        return [(Draw(card), 1.0 / len(cards)) for card in cards]
    return []


def sample_chance(state: State, rng: RandomBits) -> Action:
    """One outcome of the due chance event, drawn with `rng` (cheap: no list of 7,776 rolls)."""
    if state.phase is _PHASE_ROLL:
        # each die from three bits, drawn again while they show 6 or 7 (so each face is equally
        # likely): with a random.Random the very faces randint(1, 6) gives, without its layers of
        # calls (tests/game/test_chance.py), and every game rolls thousands of dice
        bits = rng.getrandbits
        faces = []
        for die in state.to_roll:
            value = bits(3)
            while value >= 6:
                value = bits(3)
            faces.append((die, value + 1))
        return Roll(tuple(faces))
    if state.phase is _PHASE_DRAW:
        cards = state.pile(state.draws[0].row).next_cards()
        return Draw(cards[rng.randrange(len(cards))])
    raise ValueError(f"no chance event is due in phase {state.phase}")


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_PHASE_DRAW = Phase.DRAW
_PHASE_ROLL = Phase.ROLL
