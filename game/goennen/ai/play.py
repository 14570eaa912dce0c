"""Playing whole games with bots in every seat (simulations, benchmarks, tests).

The match (game/goennen/match.py) owns the chance generator; each seat's bot gets its own generator
derived from the game's seed and the seat, so a game is the same whenever it is played with the
same seed, bots and seats, and one bot's randomness never shifts another's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.goennen.ai.base import DEFAULT_BUDGET, Bot, decide
from game.goennen.deck import Deck
from game.goennen.engine import Action, Outcome, result
from game.goennen.match import Match
from game.goennen.state import Phase

MAX_ACTIONS = 50_000  # far above any real game (a few hundred actions); a stall is a bug


@dataclass(slots=True)
class GameRecord:
    """One finished bot game: the outcome, its length, each decision's time in seconds, and every
    action played (seat actions and chance outcomes, in order)."""

    outcome: Outcome
    turns: int
    decisions: list[tuple[int, float]] = field(default_factory=list)  # (seat, seconds)
    actions: tuple[Action, ...] = ()


def play_game(
    bots: Sequence[Bot],
    seed: int,
    *,
    solo_level: int | None = None,
    start_player: int = 0,
    budget: float = DEFAULT_BUDGET,
    timed: bool = False,
    watch: Callable[[Match, int, object], None] | None = None,
    deck: Deck | None = None,
) -> GameRecord:
    """Play one game to the end, seat i played by bots[i]; `watch(match, seat, action)` is called
    before each seat action is played (tests use it to check every decision); `deck` replaces the
    standard deck (the same-games test plays a frozen copy)."""
    players = len(bots)
    match = Match.new(players, seed, start_player=start_player, solo_level=solo_level, deck=deck)
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
    decisions: list[tuple[int, float]] = []
    turns: set[tuple[int, int]] = set()  # (round, active seat) of every active turn seen
    actions = match.actions
    while True:
        match.advance()
        state = match.state
        phase = state.phase
        if phase is Phase.OVER:
            break
        if len(actions) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} does not end: the bots stall (phase {phase})")
        seat = state.decider
        if phase is Phase.ACTIVE:
            turns.add((state.round, state.active))
        if timed:
            start = time.perf_counter()
            action = decide(bots[seat], state, rngs[seat], budget)
            decisions.append((seat, time.perf_counter() - start))
        else:
            action = decide(bots[seat], state, rngs[seat], budget)
        if watch is not None:
            watch(match, seat, action)
        match.play_known(action)  # decide() returns an action the bot confirmed against the rules
    return GameRecord(result(match.state), len(turns), decisions, tuple(actions))
