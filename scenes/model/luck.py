"""Each roll's luck in a finished game, as GNU Backgammon measures it, and the luck-adjusted result.

A roll's luck is the player's win chance (solo: chance of reaching the target) after the roll that
came, minus its expectation over the rolls that could have come, both from the player's seat (the
first human seat). Every roll counts: the player's own, the other seats' (a good roll for them is
bad luck for the player), the turn's first roll and the rerolls, since all of them change what the
player can write.

The win chances are estimated by the review's estimator (scenes/model/playout.py): games played out
by easy bots. Per roll, ROLLOUTS pairs of play-outs: one from the roll that came, one from another
roll of the same dice, both with the same chance seed, so the difference measures the roll rather
than what came after it. The other rolls are a fixed sample, the same for the same game and step,
in which each die shows each face equally often (a shuffled column of faces per die). Two things
keep a pair's play-outs together (`AlignedChance`): their later dice are tied to where they fall
in the game (round, active seat, roll of the turn) rather than to the number of actions played, and
the bots' own random choices to where the decision falls. luck = the mean of the pair differences,
`noise` its standard error. A play-out is one binary result, so a roll's luck is known only to about
a tenth of a win (docs/performance.md): marks are given only beyond two standard errors, and the
totals carry their own.

The sum of the player's luck over the game is the share of the result the dice gave; the result
minus it is the luck-adjusted result: what the game would have given with average dice. No pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from game.goennen.ai import decide, make_bot
from game.goennen.engine import COLOURS, Action, Draw, Phase, Roll, State, apply_known, sample_chance
from scenes.model.penk_playout import win_share as penk_win_share
from scenes.model.playout import ROLLOUT_BUDGET, mean_and_error, win_share
from scenes.model.replay import Replay

ROLLOUTS = 24  # pairs of play-outs per roll: the roll that came against one other roll, one seed
LUCKY, VERY_LUCKY = 0.05, 0.15  # win chance a roll gave (or took: unlucky) for a mark
LUCK_MARKS = ("very-lucky", "lucky", "unlucky", "very-unlucky")
PHASES = list(Phase)


@dataclass(frozen=True)
class RollLuck:
    step: int  # the roll's index in the game (the replay shows the table before it)
    seat: int  # who rolled: the active player
    round: int
    roll: str  # the roll's text form
    luck: float  # win chance the roll gave the player's seat (negative: took)
    noise: float  # the standard error of `luck`

    @property
    def mark(self) -> str:
        return luck_mark(self.luck, self.noise)


def luck_mark(luck: float, noise: float) -> str:
    """very-lucky / lucky / unlucky / very-unlucky by fixed thresholds, "" when small or too noisy
    to tell (within two standard errors of nothing)."""
    size = abs(luck)
    if size < LUCKY or size < 2 * noise:
        return ""
    strength = "very-" if size >= VERY_LUCKY else ""
    return f"{strength}lucky" if luck > 0 else f"{strength}unlucky"


def viewpoint(replay: Replay) -> int:
    """The seat whose luck is measured: the first human seat (seat 0 when none)."""
    humans = replay.session.humans
    return min(humans) if humans else 0


def alternatives(state: State, seed: int, step: int, count: int) -> list[Roll]:
    """`count` rolls of the dice due in `state`, each die showing each face equally often (as
    nearly as `count` allows); the same for the same game and step."""
    rng = random.Random(f"luck:{seed}:{step}")
    columns = []
    for _ in state.to_roll:
        faces: list[int] = []
        while len(faces) < count:
            block = list(range(1, 7))
            rng.shuffle(block)
            faces.extend(block)
        columns.append(faces[:count])
    dice = state.to_roll
    return [Roll(tuple(zip(dice, (column[k] for column in columns), strict=True))) for k in range(count)]


def roll_luck(replay: Replay, step: int, seat: int, rollouts: int = ROLLOUTS) -> RollLuck:
    """The luck of the roll at action `step` for `seat`."""
    before = replay.states[step]
    move = replay.moves[step]
    assert isinstance(move.action, Roll)
    seed = replay.session.match.setup.seed
    came = replay.states[step + 1]
    others = alternatives(before, seed, step, rollouts)
    differences = []
    for number, other in enumerate(others):
        chance = AlignedChance((seed * 1_000_033 + step * 7919 + number) % (1 << 62))
        differences.append(play_out(came, seat, chance) - play_out(apply_known(before, other), seat, chance))
    luck, noise = mean_and_error(differences)
    return RollLuck(step, before.active, move.round, str(move.action), luck, min(noise, 1.0))


class AlignedChance:
    """The chance of one play-out seed, each outcome drawn from its place in the game: a die by the
    round, the active seat, the roll of the turn and its colour; a card by its deck and how many
    cards are left in it. Positions played out with the same AlignedChance meet the same dice."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._faces: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._draws: dict[tuple[str, int], float] = {}

    def decision_key(self, state: State) -> int:
        """A bot's random choices, tied to the decision's place in the game as the dice are."""
        place = (
            self.seed,
            state.round,
            state.decider,
            state.active,
            state.rolls,
            state.writes,
            len(state.used),
        )
        return hash((place, PHASES.index(state.phase)))

    def outcome(self, state: State) -> Action:
        if state.phase is Phase.ROLL:
            key = (state.round, state.active, state.rolls, state.config.players)
            faces = self._faces.get(key)
            if faces is None:
                rng = random.Random(f"{self.seed}:{key}")
                faces = self._faces[key] = tuple(rng.randint(1, 6) for _ in COLOURS)
            return Roll(tuple((die, faces[COLOURS.index(die)]) for die in state.to_roll))
        if state.phase is Phase.DRAW:
            row = state.draws[0].row
            cards = state.pile(row).next_cards()
            draw_key = (str(row), len(cards))
            share = self._draws.get(draw_key)
            if share is None:
                share = self._draws[draw_key] = random.Random(f"{self.seed}:{draw_key}").random()
            return Draw(cards[int(share * len(cards))])
        return sample_chance(state, random.Random(self.seed))


def play_out(state: State, seat: int, chance: AlignedChance) -> float:
    """Play `state` to its end with easy bots on every seat (the review's estimator) and `chance`."""
    bots = [make_bot("easy") for _ in range(state.config.players)]
    rng = random.Random()
    while not state.is_over:
        if state.is_chance:
            state = apply_known(state, chance.outcome(state))
        else:
            rng.seed(chance.decision_key(state))
            state = apply_known(state, decide(bots[state.decider], state, rng, ROLLOUT_BUDGET))
    return win_share(state, seat)


def roll_steps(replay: Replay) -> list[int]:
    """The steps of the game's rolls (the turns' first rolls and the rerolls)."""
    return [move.index for move in replay.moves if isinstance(move.action, Roll)]


def measure(
    replay: Replay, rollouts: int = ROLLOUTS, stop: Callable[[], bool] = lambda: False
) -> list[RollLuck]:
    """Every roll's luck for the player's seat, in game order (fewer if `stop` says so)."""
    seat = viewpoint(replay)
    found = []
    for step in roll_steps(replay):
        if stop():
            break
        found.append(roll_luck(replay, step, seat, rollouts))
    return found


@dataclass(frozen=True)
class LuckSummary:
    seat: int  # the player's seat: every number is its win chance
    result: float  # what the game gave it: 1 won, 0 lost, a share in a tie (solo: the target)
    by_seat: dict[int, float]  # the luck of each seat's rolls, for the player
    total: float
    noise: float  # the standard error of `total`

    @property
    def adjusted(self) -> float:
        """The result minus the luck: what the game would have given with average dice."""
        return self.result - self.total


def summary(replay: Replay, lucks: list[RollLuck]) -> LuckSummary:
    seat = viewpoint(replay)
    final = replay.states[-1]
    players = final.config.players if replay.is_first_game else final.players  # Penk!'s state
    by_seat = {index: 0.0 for index in range(players)}
    for luck in lucks:
        by_seat[luck.seat] = by_seat.get(luck.seat, 0.0) + luck.luck
    share = win_share if replay.is_first_game else penk_win_share
    result = share(final, seat) if final.is_over else 0.0
    noise = math.sqrt(sum(luck.noise**2 for luck in lucks))
    return LuckSummary(seat, result, by_seat, sum(by_seat.values()), noise)
