"""Playing whole games with bots in every seat (simulations, benchmarks, tests).

The match (game/match.py) owns the chance generator; each seat's bot gets its own generator
derived from the game's seed and the seat, so a game is the same whenever it is played with the
same seed, bots and seats, and one bot's randomness never shifts another's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.base import DEFAULT_BUDGET, Bot, decide
from game.engine import Outcome, result
from game.match import Match
from game.state import Phase

MAX_ACTIONS = 50_000  # far above any real game (a few hundred actions); a stall is a bug


@dataclass(slots=True)
class GameRecord:
    """One finished bot game: the outcome, its length and each decision's time in seconds."""

    outcome: Outcome
    turns: int
    decisions: list[tuple[int, float]] = field(default_factory=list)  # (seat, seconds)


def play_game(
    bots: Sequence[Bot],
    seed: int,
    *,
    solo_level: int | None = None,
    start_player: int = 0,
    budget: float = DEFAULT_BUDGET,
    timed: bool = False,
    watch: Callable[[Match, int, object], None] | None = None,
) -> GameRecord:
    """Play one game to the end, seat i played by bots[i]; `watch(match, seat, action)` is called
    before each seat action is played (tests use it to check every decision)."""
    players = len(bots)
    match = Match.new(players, seed, start_player=start_player, solo_level=solo_level)
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
    decisions: list[tuple[int, float]] = []
    turns: set[tuple[int, int]] = set()  # (round, active seat) of every active turn seen
    while True:
        match.advance()
        state = match.state
        if state.is_over:
            break
        if len(match.actions) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} does not end: the bots stall (phase {state.phase})")
        seat = state.decider
        if state.phase == Phase.ACTIVE:
            turns.add((state.round, state.active))
        start = time.perf_counter() if timed else 0.0
        action = decide(bots[seat], state, rngs[seat], budget)
        if timed:
            decisions.append((seat, time.perf_counter() - start))
        if watch is not None:
            watch(match, seat, action)
        match.play(action)
    return GameRecord(result(match.state), len(turns), decisions)
