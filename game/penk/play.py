"""Playing whole Penk! games with bots in every seat (simulations, benchmarks, tests).

As in the first game (game/goennen/ai/play.py), the match owns chance and each seat's bot gets its own
generator derived from the seed and the seat, so a game replays whenever it is played again.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.penk.actions import Action
from game.penk.bots import Bot
from game.penk.engine import Outcome, result, view
from game.penk.match import PenkMatch
from game.penk.rules import legal_actions
from game.penk.state import Phase, State

DEFAULT_BUDGET = 0.05  # seconds a bot may take for one decision
MAX_ACTIONS = 10_000  # far above any real game (a few hundred actions); a stall is a bug


def decide(bot: Bot, state: State, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
    """Ask `bot` for the decision due in `state`, showing it only the deciding seat's view."""
    seen = view(state, state.active)
    return bot(seen, legal_actions(seen), rng, budget)


@dataclass(frozen=True, slots=True)
class PenkRecord:
    """One finished bot game: the outcome, the turns of all seats together, and for each seat
    action the seat and the seconds its bot took to decide."""

    outcome: Outcome
    turns: int
    decisions: tuple[tuple[int, float], ...]


def play_game(
    bots: Sequence[Bot],
    seed: int,
    *,
    first: int = 0,
    budget: float = DEFAULT_BUDGET,
    watch: Callable[[PenkMatch, int, Action], None] | None = None,
    on_start: Callable[[PenkMatch], None] | None = None,
) -> PenkRecord:
    """Play one game to the end, seat i played by bots[i]; `watch(match, seat, action)` sees each
    seat action before it is played, `on_start(match)` the match before the first roll."""
    match = PenkMatch.new(len(bots), seed, first=first)
    if on_start is not None:
        on_start(match)
    rngs = [random.Random(f"penk-bot:{seed}:{seat}") for seat in range(len(bots))]
    decisions: list[tuple[int, float]] = []
    turns = 0
    while True:
        match.advance()
        if match.is_over:
            break
        if len(match.actions) > MAX_ACTIONS:
            raise RuntimeError(f"Penk! game {seed} does not end: the bots stall")
        seat = match.state.active
        if match.state.rolls == 1 and match.state.phase is Phase.CHOOSE:
            turns += 1  # a turn's first decision
        start = time.perf_counter()
        action = decide(bots[seat], match.state, rngs[seat], budget)
        decisions.append((seat, time.perf_counter() - start))
        if watch is not None:
            watch(match, seat, action)
        match.play(action)
    return PenkRecord(result(match.state), turns, tuple(decisions))
