"""A review of a finished game, after GNU Backgammon's analysis: for each of the human's decisions,
what the adviser would have chosen (the bot behind the Hint, game/goennen/ai/adviser.py, so a game played
by following every hint is never marked), and the chance of winning (solo: of reaching the target)
lost against it.

The chance is estimated by rollouts: from the position after the human's action and after the
bot's, the rest of the game is played out ROLLOUTS times by easy bots on every seat, each pair of
rollouts with the same dice (the same chance seed), so the difference measures the choice rather
than the luck. The loss is the mean of the paired differences, its noise their standard error; a
decision is marked by fixed thresholds (doubtful, bad, blunder), and "unclear" when the loss is
above the first threshold but within two standard errors of nothing. Easy bots are quick (a whole
2-seat game in about 15 ms), so a game's review fits in seconds; they also play worse than the
player may, which the estimate inherits: it is a guide, not a verdict.

The job also measures each roll's luck for the player (scenes/model/luck.py). `ReviewJob` runs it
on a thread of its own (never the frame's), reports its progress, and can be cancelled; a review
kept before luck was measured has its luck computed alone (`decisions=False`). No pygame here.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from game.goennen.ai import ADVISER, advise
from game.goennen.engine import Action, State, apply
from scenes.model import luck as luck_module
from scenes.model.luck import RollLuck
from scenes.model.playout import mean_and_error, rollout
from scenes.model.replay import Replay

ROLLOUTS = 40  # pairs of rollouts per decision where the bot would have chosen otherwise
REVIEW_BOT = ADVISER  # the bot a review judges with, kept with it (older reviews name "hard")
DOUBTFUL, BAD, BLUNDER = 0.04, 0.08, 0.16  # win chance lost, as fractions
MARKS = ("doubtful", "bad", "blunder", "unclear")


@dataclass(frozen=True)
class Judgement:
    step: int  # the action's index in the game (the replay shows the table before it)
    seat: int
    round: int
    played: str  # the action's text form
    suggested: str  # the adviser's choice
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


def adviser_choice(state: State) -> Action:
    """What the Hint would advise at this decision (the same for the same position)."""
    return advise(state).action


class ReviewJob:
    """The review of one game's human decisions and of its rolls' luck, computed on a worker thread."""

    def __init__(
        self,
        replay: Replay,
        rollouts: int = ROLLOUTS,
        luck_rollouts: int = luck_module.ROLLOUTS,
        decisions: bool = True,
    ) -> None:
        self.replay = replay
        self.rollouts = rollouts
        self.luck_rollouts = luck_rollouts
        self.humans = set(replay.session.humans)
        self.judging = decisions  # False: only the rolls' luck (a review kept before it was measured)
        self.decisions = [move for move in replay.moves if move.seat in self.humans] if decisions else []
        self.judged = 0  # decisions looked at so far
        self.judgements: list[Judgement] = []
        self.rolls = luck_module.roll_steps(replay)
        self.lucks: list[RollLuck] = []  # the rolls measured so far, in game order
        self.error: BaseException | None = None
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def progress(self) -> float:
        return (self.judged + len(self.lucks)) / max(1, len(self.decisions) + len(self.rolls))

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
            seat = luck_module.viewpoint(self.replay)
            for step in self.rolls:
                if self._cancel.is_set():
                    return
                self.lucks.append(self.roll_luck(step, seat))
        except BaseException as error:  # reported to the screen, which shows the review failed
            self.error = error
        finally:
            self._done.set()

    def roll_luck(self, step: int, seat: int) -> RollLuck:
        """The luck of the roll at `step` for `seat` (Penk!'s review gives its own)."""
        return luck_module.roll_luck(self.replay, step, seat, self.luck_rollouts)

    def judge(self, step: int) -> Judgement:
        replay = self.replay
        before = replay.states[step]
        move = replay.moves[step]
        seat = move.seat
        assert seat is not None
        seed = replay.session.match.setup.seed
        suggested = adviser_choice(before)
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
        loss, noise = mean_and_error(differences)
        mark = mark_of(loss, noise)
        return Judgement(step, seat, move.round, str(move.action), str(suggested), loss, noise, mark)

    def worst_first(self) -> list[Judgement]:
        return sorted(self.judgements, key=lambda judgement: (-judgement.loss, judgement.step))
