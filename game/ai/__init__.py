"""Bots for every seat a human does not take: four levels, easy, normal, hard and expert.

    bot = make_bot("hard")
    action = decide(bot, state, rng, budget=0.25)   # shows the bot only its seat's view

A bot keeps plans across the steps of one decision, so make one bot per seat.
`advise(state)` is a hint for a human: the hard bot's choice with the numbers behind it (advice.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.ai.advice import ADVISER, Advice, Why, advise
from game.ai.base import DEFAULT_BUDGET, Bot, LegalActions, decide
from game.ai.chance_values import ChanceValues, chance_values
from game.ai.easy import EasyBot
from game.ai.expert import ExpertBot
from game.ai.expert.standings import Standing, turn_end_standings
from game.ai.hard import HardBot
from game.ai.normal import NormalBot

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(level: str, *, unhurried: bool = False, effort: float = 1.0) -> Bot:
    """A fresh bot of a level; raises ValueError naming the levels for an unknown one.

    An unhurried bot has no clock stop (only its node limits), so a seeded game replays move for
    move however loaded the machine is: for tests that pin whole games, never for a player.
    `effort` multiplies the expert's sampled futures (tools.strength); only the expert searches."""
    try:
        bot = LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (expected one of: {', '.join(LEVELS)})") from None
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
    "LEVELS",
    "Advice",
    "Bot",
    "ChanceValues",
    "LegalActions",
    "Standing",
    "Why",
    "advise",
    "chance_values",
    "decide",
    "make_bot",
    "turn_end_standings",
]
