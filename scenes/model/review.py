"""A review of a finished game, after GNU Backgammon's analysis: for each of the human's decisions,
what the hard bot would have chosen, and the chance of winning (solo: of reaching the target) lost
against it.

The chance is estimated by rollouts: from the position after the human's action and after the
bot's, the rest of the game is played out ROLLOUTS times by easy bots on every seat, each pair of
rollouts with the same dice (the same chance seed), so the difference measures the choice rather
than the luck. The loss is the mean of the paired differences, its noise their standard error; a
decision is marked by fixed thresholds (doubtful, bad, blunder), and "unclear" when the loss is
above the first threshold but within two standard errors of nothing. Easy bots are quick (a whole
2-seat game in about 15 ms), so a game's review fits in seconds; they also play worse than the
player may, which the estimate inherits: it is a guide, not a verdict.

`ReviewJob` runs it on a thread of its own (never the frame's), reports its progress, and can be
cancelled. No pygame here.
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass, replace

from game.ai import decide, make_bot
from game.engine import Action, State, apply, level_info, result
from game.match import Match
from scenes.model.replay import Replay

ROLLOUTS = 40  # pairs of rollouts per decision where the bot would have chosen otherwise
REVIEW_BUDGET = 0.05  # seconds of the hard bot's node budget per decision
ROLLOUT_BUDGET = 0.005  # the easy bots' budget in the rollouts (they decide without searching)
DOUBTFUL, BAD, BLUNDER = 0.04, 0.08, 0.16  # win chance lost, as fractions
MARKS = ("doubtful", "bad", "blunder", "unclear")


@dataclass(frozen=True)
class Judgement:
    step: int  # the action's index in the game (the replay shows the table before it)
    seat: int
    round: int
    played: str  # the action's text form
    suggested: str  # the hard bot's choice
    loss: float  # win chance lost against the bot's choice (negative: the player chose better)
    noise: float  # the standard error of `loss`
    mark: str  # "" or one of MARKS


def mark_of(loss: float, noise: float) -> str:
    if loss < DOUBTFUL:
        return ""
    if loss < 2 * noise:
        return "unclear"
    if loss >= BLUNDER:
        return "blunder"
    return "bad" if loss >= BAD else "doubtful"


def win_share(state: State, seat: int) -> float:
    """What the finished game gave `seat`: 1 for a win (shared in a tie), solo 1 for the target."""
    outcome = result(state)
    if state.config.solo_level is not None:
        return 1.0 if outcome.scores[0].total >= level_info(state.config.solo_level).target else 0.0
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def hard_choice(state: State, seed: int, step: int) -> Action:
    """The hard bot's choice at action `step` of the game of `seed` (the same for the same game)."""
    return decide(
        make_bot("hard", unhurried=True), state, random.Random(f"review:{seed}:{step}"), REVIEW_BUDGET
    )


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


class ReviewJob:
    """The review of one game's human decisions, computed on a worker thread."""

    def __init__(self, replay: Replay, rollouts: int = ROLLOUTS) -> None:
        self.replay = replay
        self.rollouts = rollouts
        self.humans = set(replay.session.humans)
        self.decisions = [move for move in replay.moves if move.seat in self.humans]
        self.judged = 0  # decisions looked at so far
        self.judgements: list[Judgement] = []
        self.error: BaseException | None = None
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def progress(self) -> float:
        return self.judged / max(1, len(self.decisions))

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def start(self) -> ReviewJob:
        self._thread = threading.Thread(target=self.run, name="review", daemon=True)
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def run(self) -> None:
        try:
            for move in self.decisions:
                if self._cancel.is_set():
                    return
                self.judgements.append(self.judge(move.index))
                self.judged += 1
        except BaseException as error:  # reported to the screen, which shows the review failed
            self.error = error
        finally:
            self._done.set()

    def judge(self, step: int) -> Judgement:
        replay = self.replay
        before = replay.states[step]
        move = replay.moves[step]
        seat = move.seat
        assert seat is not None
        seed = replay.session.match.setup.seed
        suggested = hard_choice(before, seed, step)
        if suggested == move.action:
            return Judgement(step, seat, move.round, str(move.action), str(suggested), 0.0, 0.0, "")
        mine, theirs = apply(before, move.action), apply(before, suggested)
        differences = []
        for number in range(self.rollouts):
            if self._cancel.is_set():
                break
            rollout_seed = (seed * 1_000_003 + step * 1009 + number) % (1 << 62)
            differences.append(
                rollout(replay, theirs, seat, rollout_seed) - rollout(replay, mine, seat, rollout_seed)
            )
        loss, noise = _mean_and_error(differences)
        mark = mark_of(loss, noise)
        return Judgement(step, seat, move.round, str(move.action), str(suggested), loss, noise, mark)

    def worst_first(self) -> list[Judgement]:
        return sorted(self.judgements, key=lambda judgement: (-judgement.loss, judgement.step))


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))
