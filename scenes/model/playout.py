"""Playing a position out to the end: the estimator the review (scenes/model/review.py) and each
roll's luck (scenes/model/luck.py) share. Easy bots on every seat, chance drawn from a given seed, so
two positions played out with the same seed meet the same later dice and cards. No pygame here.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from game.goennen.ai import decide, make_bot
from game.goennen.engine import State, level_info, result
from game.goennen.match import Match
from scenes.model.replay import Replay

ROLLOUT_BUDGET = 0.005  # the easy bots' budget in the rollouts (they decide without searching)


def win_share(state: State, seat: int) -> float:
    """What the finished game gave `seat`: 1 for a win (shared in a tie), solo 1 for the target."""
    outcome = result(state)
    if state.config.solo_level is not None:
        return 1.0 if outcome.scores[0].total >= level_info(state.config.solo_level).target else 0.0
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def rollout(replay: Replay, state: State, seat: int, seed: int) -> float:
    """Play `state` to its end with easy bots on every seat and chance drawn from `seed`."""
    setup = replace(replay.session.match.setup, seed=seed)
    match = Match(setup, state)
    bots = {index: make_bot("easy") for index in range(state.config.players)}
    rng = random.Random(seed)
    while not match.is_over:
        if match.state.is_chance:
            match.resolve_chance()
        else:
            decider = match.state.decider
            match.play_known(decide(bots[decider], match.state, rng, ROLLOUT_BUDGET))
    return win_share(match.state, seat)


def mean_and_error(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))
