"""The expert bot: the hard bot's choices, searched over sampled futures where they are close.

At each roll of its turn the hard bot scores its options on one scale, expected points: acting
with the dice as they are, every reroll set (the exact keep maths on what each roll is worth), and
after the third roll ending, chance (a) and chance (b). When the best few lie within `CLOSE` points
of each other, the expert plays each of them to the end of the turn in the same sampled futures
(common random numbers, `CommonChance`), with the hard bot deciding every later step for every
seat, and scores each end as a chance of winning (`rollout.win_chance`), less the luck of the roll
a reroll led to (its worth less the exact mean over all its outcomes). It leaves the hard bot's
choice only for a clear lead (`LEAD_ERRORS`). Every other decision, and every clear one, is the
hard bot's: the search costs time only where the evaluation cannot tell (docs/bots.md, "Expert").
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from game.goennen.actions import Action, End, Reroll, Take
from game.goennen.ai.base import DEFAULT_BUDGET
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.expert.common_chance import CommonChance
from game.goennen.ai.expert.rollout import play_out, win_chance, win_chance_slope
from game.goennen.ai.expert.tuned import params_for
from game.goennen.ai.hard import HardBot
from game.goennen.ai.kernels import odds
from game.goennen.ai.normal import ACT_MARGIN
from game.goennen.ai.planning import best_acts, chance_writes, mask_dice
from game.goennen.state import ROWS, State

CLOSE = 1.0  # points: options this near the best are searched
CANDIDATES = 4  # at most this many options searched per decision
FUTURES = 24  # sampled futures per candidate at effort 1 and the default budget
MAX_FUTURES = 192
LEAD_ERRORS = 2.0  # standard errors by which another option must lead the hard bot's
SEARCH_STOP = 2.5  # seconds: an emergency brake only, far above the budget (effort is counted)

# An option: the hard bot's score in points, the steps, and for a reroll the mean worth of the
# roll it leads to (the luck of a sampled roll is its worth less this mean).
Option = tuple[float, list[Action], float | None]
Candidate = tuple[list[Action], float | None]  # an option searched: its steps and mean roll worth


class ExpertBot(HardBot):
    """See the module docstring. `effort` multiplies the sampled futures (the strength tool plays
    efforts 1, 2 and 4); the per-decision budget in seconds scales them as it scales the others'
    node limits."""

    name = "expert"

    def __init__(self, effort: float = 1.0) -> None:
        super().__init__(params_for(solo=False))
        # its own evaluation numbers, one set for games with others and one for solo (tuned.py)
        self._evaluators = {False: self.ev, True: Evaluator(self.foresight, params_for(solo=True))}
        self.effort = effort
        self.futures = FUTURES
        self.searches = 0  # decisions searched, and rollouts played: for tools and tests
        self.rollouts = 0
        self.switches = 0  # searched decisions where another option than the hard bot's won
        self._policies: list[HardBot] = []
        self._rng = random.Random(0)
        self._roll_worth: NDArray[np.float64] | None = None  # this decision's worth of each roll

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        scale = min(8.0, budget / DEFAULT_BUDGET) * self.effort
        self.futures = max(2, min(MAX_FUTURES, round(FUTURES * scale)))
        self._rng = rng
        self.ev = self._evaluators[view.config.solo]
        return super().__call__(view, legal, rng, budget)

    def active(self, view: State, deadline: float) -> list[Action]:
        chosen = super().active(view, deadline)
        if view.acted:
            return chosen
        close = _close(self._options(view, deadline), chosen)
        if len(close) < 2:
            return chosen
        return self._search(view, close)[0]

    # --- the options, scored as the hard bot scores them ---------------------------------------

    def _options(self, view: State, deadline: float) -> list[Option]:
        me = view.decider
        base = self.ev.value(view, me)
        plan = best_acts(view, self.ev, deadline, self.modifiers, self.node_limit)
        options: list[Option] = []
        self._roll_worth = None
        if plan.steps:
            options.append((plan.value - base, [*plan.steps, End()], None))
        rolls_left = 3 - view.rolls
        if rolls_left > 0:
            scored = self.reroll_options(view, base, rolls_left)
            if scored is not None:
                self._roll_worth = scored.values
                # the mean worth of the roll each reroll set leads to, stopping there: exact, over
                # every outcome of the rerolled dice (the programme with this reroll only)
                means = odds.reroll_values(scored.values, view.dice, 1)
                for (mask, worth), mean in zip(scored.scored, means, strict=True):
                    options.append((worth, [Reroll(mask_dice(mask))], mean))
            return options
        options.append((ACT_MARGIN, [End()], None))
        writes = chance_writes(view, self.ev, deadline)
        if writes.steps:
            options.append((writes.value - base, writes.steps, None))
        for row in ROWS:
            if len(view.pile(row)) > 0:
                options.append((self.take_value(view, row, base), [Take(row)], None))
        return options

    # --- the search ----------------------------------------------------------------------------

    def _search(self, view: State, candidates: list[Candidate]) -> Candidate:
        """The candidate with the best mean win chance over the same sampled futures, each roll's
        luck subtracted; the first (the hard bot's) unless another leads it clearly (`_leads`)."""
        me = view.decider
        policies = self._policies_for(view)
        seeds = [self._rng.getrandbits(64) for _ in range(self.futures)]
        # an unhurried bot (make_bot's, for pinned games) has no clock stop at all
        stop = time.perf_counter() + (SEARCH_STOP if math.isfinite(self.emergency_stop) else math.inf)
        slope = win_chance_slope(view, me, self.ev)
        worth = self._roll_worth
        chances: list[list[float]] = [[] for _ in candidates]
        self.searches += 1
        for seed in seeds:
            future = CommonChance(seed)
            for index, (steps, mean) in enumerate(candidates):
                end, roll = play_out(view, steps, future, policies, self._rng)
                chance = win_chance(end, me, self.ev)
                if mean is not None and roll is not None and worth is not None:
                    # a control variate: the roll's worth less its exact mean has mean zero, and
                    # much of a reroll's spread of outcomes is the roll's own luck
                    chance -= slope * (float(worth[odds.roll_index(roll)]) - mean)
                chances[index].append(chance)
                self.rollouts += 1
            if time.perf_counter() > stop:
                break  # emergency only: every candidate has played the same futures so far
        best = 0
        for index in range(1, len(candidates)):
            if _leads(chances[index], chances[best]):
                best = index
        if best != 0:
            self.switches += 1
        return candidates[best]

    def _policies_for(self, view: State) -> list[HardBot]:
        """A hard bot per seat plays the futures, all valuing with this bot's evaluator (whose
        memory of displays they share: the futures meet the same displays again and again)."""
        if len(self._policies) != view.config.players:
            self._policies = [HardBot() for _ in range(view.config.players)]
        for policy in self._policies:
            policy.ev = self.ev
            policy.emergency_stop = self.emergency_stop
        return self._policies


def _close(options: list[Option], chosen: list[Action]) -> list[Candidate]:
    """The hard bot's choice first, then the best other options within CLOSE points of the best."""
    mean_of_chosen = next((mean for _, steps, mean in options if steps == chosen), None)
    close: list[Candidate] = [(chosen, mean_of_chosen)]
    if not options:
        return close
    top = max(score for score, _, _ in options)
    ranked = sorted(options, key=lambda option: -option[0])  # stable: equal scores keep their order
    for score, steps, mean in ranked:
        if len(close) >= CANDIDATES or score < top - CLOSE:
            break
        if steps != chosen:
            close.append((steps, mean))
    return close


def _leads(challenger: list[float], holder: list[float]) -> bool:
    """Whether `challenger` beats `holder` by more than LEAD_ERRORS standard errors of the paired
    mean lead: several challengers are tried, and a lead by chance alone must rarely pass."""
    count = len(challenger)
    if count < 2:
        return False
    diffs = [a - b for a, b in zip(challenger, holder, strict=True)]
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean > LEAD_ERRORS * math.sqrt(variance / count)
