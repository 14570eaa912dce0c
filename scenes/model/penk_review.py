"""The review of a finished Penk! game: the first game's review (scenes/model/review.py: the same
job on its own thread, the same thresholds and marks, the same luck of each roll, kept in the
archive alike) with Penk!'s judge and estimator. Each human decision is set against the expert
bot's (game.penk.advise, the Hint's adviser; a group it means to circle this turn anyway is its
choice in another order); where they differ, the win chance lost is the mean
of ROLLOUTS paired play-outs by easy bots with aligned dice (scenes/model/penk_playout.py). A roll's
luck is the player's win chance after the roll that came minus its mean over other rolls of the
same dice, each die showing each face equally often. No pygame here.
"""

from __future__ import annotations

import random

from game.penk import FACES, Roll, State, advise, apply, same_turn
from scenes.model import luck as luck_module
from scenes.model.luck import RollLuck
from scenes.model.penk_playout import AlignedDice, play_out
from scenes.model.playout import mean_and_error
from scenes.model.replay import Replay
from scenes.model.review import ROLLOUTS, Judgement, ReviewJob, mark_of


def roll_steps(replay: Replay) -> list[int]:
    """The steps of a Penk! game's rolls (the turns' first rolls and the rerolls)."""
    return [move.index for move in replay.moves if isinstance(move.action, Roll)]


def alternatives(state: State, seed: int, step: int, count: int) -> list[Roll]:
    """`count` rolls of the dice due in `state`, each die showing each face equally often (as
    nearly as `count` allows); the same for the same game and step."""
    rng = random.Random(f"penk-luck:{seed}:{step}")
    columns = []
    for _ in range(state.rolling):
        faces: list[int] = []
        while len(faces) < count:
            block = list(FACES)
            rng.shuffle(block)
            faces.extend(block)
        columns.append(faces[:count])
    return [Roll(tuple(sorted(column[k] for column in columns))) for k in range(count)]


class PenkReviewJob(ReviewJob):
    def __init__(
        self,
        replay: Replay,
        rollouts: int = ROLLOUTS,
        luck_rollouts: int = luck_module.ROLLOUTS,
        decisions: bool = True,
    ) -> None:
        super().__init__(replay, rollouts, luck_rollouts, decisions)
        self.rolls = roll_steps(replay)

    def judge(self, step: int) -> Judgement:
        replay = self.replay
        before: State = replay.states[step]
        move = replay.moves[step]
        seat = move.seat
        assert seat is not None
        suggested = advise(before).action
        if same_turn(before, move.action, suggested):  # the expert's own groups, another order
            suggested = move.action
        if suggested == move.action:
            return Judgement(step, seat, move.round, str(move.action), str(suggested), 0.0, 0.0, "")
        seed = replay.session.match.setup.seed
        mine, theirs = apply(before, move.action), apply(before, suggested)
        differences = []
        for number in range(self.rollouts):
            if self.cancelled:
                break
            dice = AlignedDice((seed * 1_000_003 + step * 1009 + number) % (1 << 62))
            differences.append(play_out(theirs, seat, dice) - play_out(mine, seat, dice))
        loss, noise = mean_and_error(differences)
        return Judgement(
            step, seat, move.round, str(move.action), str(suggested), loss, noise, mark_of(loss, noise)
        )

    def roll_luck(self, step: int, seat: int) -> RollLuck:
        replay = self.replay
        before: State = replay.states[step]
        move = replay.moves[step]
        seed = replay.session.match.setup.seed
        came: State = replay.states[step + 1]
        differences = []
        for number, other in enumerate(alternatives(before, seed, step, self.luck_rollouts)):
            dice = AlignedDice((seed * 1_000_033 + step * 7919 + number) % (1 << 62))
            differences.append(play_out(came, seat, dice) - play_out(apply(before, other), seat, dice))
        luck, noise = mean_and_error(differences)
        return RollLuck(step, before.active, move.round, str(move.action), luck, min(noise, 1.0))
