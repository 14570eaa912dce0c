"""Where each seat stood at the end of its turns in a hard-bot game, and how the game ended: the
samples the expert's win chance is calibrated on (tools.win_chance, `calibration.py`).

The end of a turn is where a rollout of the expert's search stops (`rollout.turn_is_over`), and the
standing is what it scores there (`rollout.standing`), so the calibration sees what the search sees;
the games are the hard bot's, the policy the rollouts play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.goennen.ai.base import DEFAULT_BUDGET, decide
from game.goennen.ai.expert.rollout import standing, turn_is_over
from game.goennen.ai.hard import HardBot
from game.goennen.engine import result
from game.goennen.match import Match
from game.goennen.solo import level_info
from game.goennen.state import CHANCE_PHASES, Phase

MAX_ACTIONS = 50_000  # as game.goennen.ai.play: far above any real game (a few hundred actions)


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat at the end of one of its active turns."""

    turns: float  # the turns left there, as the evaluation counts them
    points: float  # solo: the display's expected end points; with others: the lead over the best
    won: float  # the game's outcome for the seat: 1, 0, or a shared win's share
    target: int  # solo: the level's target; 0 with others


def turn_end_standings(players: int, seed: int, solo_level: int | None = None) -> list[Standing]:
    """Play the hard-bot game `game.goennen.ai.play.play_game` plays on `seed` (seat 0 starts) and return
    every seat's standing at the end of each of its active turns, with the game's outcome."""
    bots = [HardBot() for _ in range(players)]
    match = Match.new(players, seed, start_player=0, solo_level=solo_level)
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
    turn: tuple[int, int] | None = None  # (active seat, round) of the turn under way
    seen: list[tuple[int, float, float]] = []  # (seat, turns left, points)
    while True:
        state = match.state
        if turn is not None and turn_is_over(state, *turn):
            points, turns = standing(state, turn[0], bots[turn[0]].ev)
            seen.append((turn[0], turns, points))
            turn = None
        if state.is_over:
            break
        if len(match.actions) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} does not end: the bots stall (phase {state.phase})")
        if state.phase in CHANCE_PHASES:
            match.resolve_chance()  # one at a time: a turn may end between two chance events
            continue
        if state.phase is Phase.ACTIVE and turn is None:
            turn = (state.active, state.round)
        seat = state.decider
        match.play_known(decide(bots[seat], state, rngs[seat], DEFAULT_BUDGET))
    outcome = result(match.state)
    target = level_info(solo_level).target if solo_level is not None else 0
    standings = []
    for seat, turns, points in seen:
        if outcome.solo_won is not None:
            won = 1.0 if outcome.solo_won else 0.0
        else:
            won = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        standings.append(Standing(turns, points, won, target))
    return standings
