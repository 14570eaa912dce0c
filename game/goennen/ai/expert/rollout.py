"""Playing one candidate to the end of the turn in one sampled future, and scoring where it ends.

The search starts from the decider's view, never the real state: the view pools every card the
seat cannot see into its deck, unordered, so a draw in a rollout picks any unseen card with equal
chance (a determinization that never peeks). The candidate's steps are played first; from then on
every seat, the decider too, plays as the hard bot would, until the decider's active turn is over.
The end is scored by the hard evaluation turned into a chance of winning (`win_chance`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.goennen.actions import Action
from game.goennen.ai.base import DEFAULT_BUDGET, Bot, decide
from game.goennen.ai.evaluate import Evaluator, turns_left
from game.goennen.ai.expert.common_chance import CommonChance
from game.goennen.reasons import IllegalActionError
from game.goennen.rules import apply
from game.goennen.solo import level_info
from game.goennen.state import CHANCE_PHASES, Phase, State

# Phases in which the decider's active turn goes on (the others' passive writes after its rerolls
# are part of it: they are what a reroll hands to opponents).
_TURN_PHASES = frozenset(
    {Phase.ACTIVE, Phase.PLACE, Phase.CHANCE_WRITE, Phase.PASSIVE, Phase.ROLL, Phase.DRAW}
)
MAX_ROLLOUT_STEPS = 200  # far above any turn (a few dozen steps); a stall is a bug

# The spread of what is still to come, in points, for the win chance: a game's remaining luck grows
# with the turns left, roughly as their square root.
SPREAD_BASE = 2.0
SPREAD_PER_ROOT_TURN = 2.5
# The points a solo display gains per turn still to come, beyond what the evaluation sees in the
# cards held: the hard bot's solo level 7 goes from about 20 points after the setup to about 55.
SOLO_POINTS_PER_TURN = 4.0


def play_out(
    start: State,
    steps: Sequence[Action],
    future: CommonChance,
    policies: Sequence[Bot],
    policy_rng: random.Random,
) -> tuple[State, tuple[int, ...] | None]:
    """`steps` from `start`, then the policies (one per seat) until the decider's turn is over.
    Returns the state there and the dice after the first roll on the way (None: no roll)."""
    active, round_ = start.active, start.round
    state = start
    future.restart()
    planned = list(steps)
    first_roll: tuple[int, ...] | None = None
    for _ in range(MAX_ROLLOUT_STEPS):
        if turn_is_over(state, active, round_):
            return state, first_roll
        phase = state.phase
        if phase in CHANCE_PHASES:
            state = apply(state, future.outcome(state))
            if first_roll is None and phase is Phase.ROLL:
                first_roll = state.dice
            continue
        if planned:
            try:
                state = apply(state, planned.pop(0))
                continue
            except IllegalActionError:
                planned.clear()  # a step the sampled chance made impossible: the policy goes on
        state = apply(state, decide(policies[state.decider], state, policy_rng, DEFAULT_BUDGET))
    raise RuntimeError(f"a rollout does not end its turn (phase {state.phase})")


def turn_is_over(state: State, active: int, round_: int) -> bool:
    """Whether the active turn of seat `active` in round `round_` is over in `state` (where a
    rollout stops, and where tools.win_chance records the standing it calibrates on)."""
    phase = state.phase
    if state.is_over or state.active != active or state.round != round_ or phase not in _TURN_PHASES:
        return True
    return phase is Phase.DRAW and state.chance != "take"  # the market's refill: no display changes


def win_chance(state: State, me: int, ev: Evaluator) -> float:
    """How likely `me` is to win (solo: to reach the level's target), judged by the hard
    evaluation of every display: the lead over the best opponent (or the target) in expected end
    points, against the spread the turns left may still bring."""
    lead, spread = _lead(state, me, ev)
    return 1.0 / (1.0 + math.exp(-lead / spread))


def win_chance_slope(state: State, me: int, ev: Evaluator) -> float:
    """How much `win_chance` grows per point more for `me` there: what a point of dice luck is
    worth in the search's outcome (the luck it subtracts)."""
    lead, spread = _lead(state, me, ev)
    chance = 1.0 / (1.0 + math.exp(-lead / spread))
    return chance * (1.0 - chance) / spread


def standing(state: State, me: int, ev: Evaluator) -> tuple[float, float]:
    """Where `me` stands by the hard evaluation, and the turns left: solo, the expected end points
    of the display held (its patience reserve left out: a reason to wait, not points); with others,
    the lead in expected end points over the best opponent."""
    mine = ev.value(state, me)
    turns = turns_left(state, me)
    if state.config.solo:
        display = state.display(me)
        return mine - ev.reserve(ev.turns(state, me, display.full), len(display.cards)), turns
    return mine - max(ev.value(state, seat) for seat in range(state.config.players) if seat != me), turns


def _lead(state: State, me: int, ev: Evaluator) -> tuple[float, float]:
    points, turns = standing(state, me, ev)
    if state.config.solo:
        # The evaluation counts the cards held, not those still to be bought: the points of the
        # turns left are added at the hard bot's pace, or an early display would look hopelessly
        # short of every target.
        points += SOLO_POINTS_PER_TURN * (turns - 1)
        points -= float(level_info(state.config.solo_level or 1).target)
    return points, SPREAD_BASE + SPREAD_PER_ROOT_TURN * math.sqrt(turns)
