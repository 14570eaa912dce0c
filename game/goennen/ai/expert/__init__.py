"""The expert bot: the hard bot's evaluation, with its close decisions searched over sampled futures.

    bot = ExpertBot(effort=1.0)   # effort multiplies the sampled futures (tools.strength)

The parts: `bot.py` (which decisions, which options, the choice), `rollout.py` (playing an option
to the end of the turn and the win chance there), `common_chance.py` (the same dice and cards for
every option). docs/bots.md, "Expert", has the design and what it measured.
"""

from game.goennen.ai.expert.bot import ExpertBot

__all__ = ["ExpertBot"]
