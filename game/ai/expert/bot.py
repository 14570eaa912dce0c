"""The expert bot: the hard bot's choices, searched over sampled futures where they are close.

At each roll of its turn the hard bot scores its options on one scale, expected points: acting
with the dice as they are, every reroll set (the exact keep maths on what each roll is worth), and
after the third roll ending, chance (a) and chance (b). When the best few lie within `CLOSE` points
of each other, the expert plays each of them to the end of the turn in the same sampled futures
(common random numbers, `CommonChance`), with the hard bot deciding every later step for every
seat, and takes the one with the best mean chance of winning (`rollout.win_chance`). It leaves the
hard bot's choice only when the other's lead is larger than its standard error over the paired
futures. Every other decision, and every clear one, is the hard bot's: the search costs time only
where the evaluation cannot tell (docs/bots.md, "Expert").
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.actions import Action, End, Reroll, Take
from game.ai.base import DEFAULT_BUDGET
from game.ai.expert.common_chance import CommonChance
from game.ai.expert.rollout import play_out, win_chance
from game.ai.hard import HardBot
from game.ai.normal import ACT_MARGIN
from game.ai.planning import best_acts, chance_writes, mask_dice
from game.state import ROWS, State

CLOSE = 1.0  # points: options this near the best are searched
CANDIDATES = 4  # at most this many options searched per decision
FUTURES = 12  # sampled futures per candidate at effort 1 and the default budget
MAX_FUTURES = 96
SEARCH_STOP = 2.5  # seconds: an emergency brake only, far above the budget (effort is counted)

Option = tuple[float, list[Action]]  # the hard bot's score in points, and the steps


class ExpertBot(HardBot):
    """See the module docstring. `effort` multiplies the sampled futures (the strength tool plays
    efforts 1, 2 and 4); the per-decision budget in seconds scales them as it scales the others'
    node limits."""

    name = "expert"

    def __init__(self, effort: float = 1.0) -> None:
        super().__init__()
        self.effort = effort
        self.futures = FUTURES
        self.searches = 0  # decisions searched, and rollouts played: for tools and tests
        self.rollouts = 0
        self.switches = 0  # searched decisions where another option than the hard bot's won
        self._policies: list[HardBot] = []
        self._rng = random.Random(0)

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        scale = min(8.0, budget / DEFAULT_BUDGET) * self.effort
        self.futures = max(2, min(MAX_FUTURES, round(FUTURES * scale)))
        self._rng = rng
        return super().__call__(view, legal, rng, budget)

    def active(self, view: State, deadline: float) -> list[Action]:
        chosen = super().active(view, deadline)
        if view.acted:
            return chosen
        options = self._options(view, deadline)
        close = _close(options, chosen)
        if len(close) < 2:
            return chosen
        return self._search(view, close)

    # --- the options, scored as the hard bot scores them ---------------------------------------

    def _options(self, view: State, deadline: float) -> list[Option]:
        me = view.decider
        base = self.ev.value(view, me)
        plan = best_acts(view, self.ev, deadline, self.modifiers, self.node_limit)
        options: list[Option] = []
        if plan.steps:
            options.append((plan.value - base, [*plan.steps, End()]))
        rolls_left = 3 - view.rolls
        if rolls_left > 0:
            scored = self.reroll_options(view, base, rolls_left)
            if scored is not None:
                for mask, worth in scored[1]:
                    options.append((worth, [Reroll(mask_dice(mask))]))
            return options
        options.append((ACT_MARGIN, [End()]))
        writes = chance_writes(view, self.ev, deadline)
        if writes.steps:
            options.append((writes.value - base, writes.steps))
        for row in ROWS:
            if len(view.pile(row)) > 0:
                options.append((self.take_value(view, row, base), [Take(row)]))
        return options

    # --- the search ----------------------------------------------------------------------------

    def _search(self, view: State, candidates: list[list[Action]]) -> list[Action]:
        """The candidate with the best mean win chance over the same sampled futures; the first
        (the hard bot's) unless another leads it by more than the lead's standard error."""
        me = view.decider
        policies = self._policies_for(view)
        seeds = [self._rng.getrandbits(64) for _ in range(self.futures)]
        # an unhurried bot (make_bot's, for pinned games) has no clock stop at all
        stop = time.perf_counter() + (SEARCH_STOP if math.isfinite(self.emergency_stop) else math.inf)
        chances: list[list[float]] = [[] for _ in candidates]
        self.searches += 1
        for seed in seeds:
            future = CommonChance(seed)
            for index, steps in enumerate(candidates):
                end = play_out(view, steps, future, policies, self._rng)
                chances[index].append(win_chance(end, me, self.ev))
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
        for policy in self._policies:
            policy.emergency_stop = self.emergency_stop
        return self._policies


def _close(options: list[Option], chosen: list[Action]) -> list[list[Action]]:
    """The hard bot's choice first, then the best other options within CLOSE points of the best."""
    if not options:
        return [chosen]
    top = max(score for score, _ in options)
    ranked = sorted(options, key=lambda option: -option[0])  # stable: equal scores keep their order
    close = [chosen]
    for score, steps in ranked:
        if len(close) >= CANDIDATES or score < top - CLOSE:
            break
        if steps != chosen:
            close.append(steps)
    return close


def _leads(challenger: list[float], holder: list[float]) -> bool:
    """Whether `challenger` beats `holder` by more than the standard error of the paired mean lead."""
    count = len(challenger)
    if count < 2:
        return False
    diffs = [a - b for a, b in zip(challenger, holder, strict=True)]
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean > math.sqrt(variance / count)
