"""Playing a Penk! position out to the end: the estimator of a Penk! game's review and its rolls'
luck (scenes/model/penk_review.py), the first game's (scenes/model/playout.py) in Penk!'s terms.

Easy bots on every seat. `AlignedDice` draws each roll from where it falls in the game (round,
active seat, roll of the turn, dice rolled) and each bot's random choice from where its decision
falls, so two positions played out with the same seed meet the same later dice: the difference of
their results measures the choice (or the roll), not the luck after it. No pygame here.
"""

from __future__ import annotations

import random

from game.penk import FACES, Roll, State, apply, decide, make_bot, result


def win_share(state: State, seat: int) -> float:
    """What the finished game gave `seat`: 1 for a win, shared in a shared victory."""
    winners = result(state).winners
    return 1.0 / len(winners) if seat in winners else 0.0


class AlignedDice:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._faces: dict[tuple[int, ...], tuple[int, ...]] = {}

    def place(self, state: State) -> tuple[int, ...]:
        return (state.round, state.active, state.rolls, state.rolling, state.groups)

    def roll(self, state: State) -> Roll:
        key = self.place(state)
        faces = self._faces.get(key)
        if faces is None:
            rng = random.Random(f"{self.seed}:{key}")
            faces = self._faces[key] = tuple(sorted(rng.choice(FACES) for _ in range(state.rolling)))
        return Roll(faces)

    def decision_key(self, state: State) -> str:
        return f"{self.seed}:{self.place(state)}:{state.phase}"


def play_out(state: State, seat: int, dice: AlignedDice) -> float:
    """Play `state` to its end with easy bots on every seat and `dice`; what it gave `seat`."""
    bots = [make_bot("easy") for _ in range(state.players)]
    rng = random.Random()
    while not state.is_over:
        if state.is_chance:
            state = apply(state, dice.roll(state))
        else:
            rng.seed(dice.decision_key(state))
            state = apply(state, decide(bots[state.active], state, rng))
    return win_share(state, seat)
