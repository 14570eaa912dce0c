"""Bots for every seat a human does not take: four levels, easy, normal, hard and expert.

    bot = make_bot("hard")
    action = decide(bot, state, rng, budget=0.25)   # shows the bot only its seat's view

A bot keeps plans across the steps of one decision, so make one bot per seat.
`advise(state)` is a hint for a human: the hard bot's choice with the numbers behind it (advice.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.goennen.ai.advice import Advice, Why, advise, explain
from game.goennen.ai.adviser import ADVISER
from game.goennen.ai.base import DEFAULT_BUDGET, Bot, LegalActions, decide
from game.goennen.ai.chance_values import ChanceValues, chance_values
from game.goennen.ai.easy import EasyBot
from game.goennen.ai.evaluate import DEFAULT_PARAMS, EvalParams
from game.goennen.ai.expert import ExpertBot
from game.goennen.ai.expert.standings import Standing, turn_end_standings
from game.goennen.ai.expert.tuned import params_for
from game.goennen.ai.hard import HardBot
from game.goennen.ai.normal import NormalBot

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(
    level: str, *, unhurried: bool = False, effort: float = 1.0, params: EvalParams | None = None
) -> Bot:
    """A fresh bot of a level; raises ValueError naming the levels for an unknown one.

    An unhurried bot has no clock stop (only its node limits), so a seeded game replays move for
    move however loaded the machine is: for tests that pin whole games, never for a player.
    `effort` multiplies the expert's sampled futures (tools.strength); only the expert searches.
    `params`: the normal or hard bot valuing with other evaluation numbers (tools.tune_expert)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (expected one of: {', '.join(LEVELS)})") from None
    if params is not None:
        if level not in ("normal", "hard"):
            raise ValueError(f"only the normal and hard bots take evaluation numbers, not {level!r}")
        bot: Bot = HardBot(params) if level == "hard" else NormalBot(params)
    else:
        bot = factory()
    if unhurried and isinstance(bot, NormalBot):
        bot.emergency_stop = math.inf
    if isinstance(bot, ExpertBot):
        bot.effort = effort
    elif effort != 1.0:
        raise ValueError(f"only the expert bot takes an effort, not {level!r}")
    return bot


__all__ = [
    "ADVISER",
    "DEFAULT_BUDGET",
    "DEFAULT_PARAMS",
    "LEVELS",
    "Advice",
    "Bot",
    "ChanceValues",
    "EvalParams",
    "LegalActions",
    "Standing",
    "Why",
    "advise",
    "chance_values",
    "decide",
    "explain",
    "make_bot",
    "params_for",
    "turn_end_standings",
]
