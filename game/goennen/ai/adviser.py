"""The adviser: the bot behind every piece of advice a player sees (the Hint, the chance buttons'
values and best mark, the review). It is the hard bot valuing with the expert's evaluation numbers
(game/goennen/ai/expert/tuned.py), with one difference: after the third roll it weighs a completion or
purchase against the chance options on the same scale, where the hard bot acts whenever acting is
worth its margin. So the option the adviser chooses is always the one whose number is highest.

Why not the hard bot itself: the seeded games pin the hard bot's moves; the adviser may differ.
"""

from __future__ import annotations

import math

from game.goennen.actions import Action, End
from game.goennen.ai.evaluate import DEFAULT_PARAMS, Evaluator
from game.goennen.ai.expert.tuned import params_for
from game.goennen.ai.hard import HardBot
from game.goennen.ai.normal import ChanceOption
from game.goennen.ai.planning import best_acts
from game.goennen.engine import view as seat_view
from game.goennen.state import State

ADVISER = "expert"  # whose evaluation numbers the adviser plays (the name a review keeps)


class Adviser(HardBot):
    """See the module docstring."""

    name = "adviser"

    def active(self, view: State, deadline: float) -> list[Action]:
        if view.rolls < 3 or view.acted:
            return super().active(view, deadline)
        best = max(self.final_options(view, deadline), key=lambda option: option.gain)
        return list(best.steps)

    def final_options(self, view: State, deadline: float) -> list[ChanceOption]:
        """After the third roll with nothing done yet: ending, the chance options, and (when the
        dice allow one) the best completions and purchases ("act"), each with its gain. A tie goes
        to the earlier: ending before acting (acting must beat the margin ending is given), acting
        before a chance."""
        base = self.ev.value(view, view.decider)
        options = self.chance_options(view, base, deadline)
        plan = best_acts(view, self.ev, deadline, self.modifiers, self.node_limit)
        if plan.steps:
            options.insert(1, ChanceOption("act", plan.value - base, (*plan.steps, End())))
        return options


def adviser(solo: bool) -> Adviser:
    """A fresh adviser for a game (solo or not), deciding by node limits only: the same advice for
    the same position on any machine."""
    bot = Adviser(params_for(solo))
    bot.emergency_stop = math.inf
    return bot


def explainer(level: str, solo: bool) -> Adviser:
    """A bot that values as the bot of `level` does, to say why that bot moved as it did: the
    normal bot's evaluation without foresight nor bonus marks (the easy bot has no numbers of its
    own: it is told with the normal bot's), the hard bot's, or the expert's numbers."""
    params = params_for(solo) if level == "expert" else DEFAULT_PARAMS
    bot = Adviser(params)
    if level in ("easy", "normal"):
        bot.ev = Evaluator(False, params)
        bot.modifiers = False
    bot.emergency_stop = math.inf
    return bot


def final_options(state: State) -> list[ChanceOption]:
    """The adviser's options after the third roll for the seat deciding in `state`, from its view."""
    seen = seat_view(state, state.decider)
    return adviser(seen.config.solo).final_options(seen, math.inf)
