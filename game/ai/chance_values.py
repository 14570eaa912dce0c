"""What each chance option after the third roll is worth, as the hard bot sees it.

The numbers the table shows on the chance buttons (scenes/table/odds_view.py): the expected points
each option adds to the deciding seat's display by the hard bot's valuation (game/ai/evaluate.py
with foresight), the same numbers the hard bot compares when it chooses (NormalBot.chance).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.actions import Row
from game.ai.hard import HardBot
from game.ai.normal import ACT_MARGIN
from game.ai.planning import chance_writes
from game.engine import view
from game.state import ROWS, State

CHANCE_SECONDS = 1.0  # the search of the best writes stops here at the latest


@dataclass(frozen=True, slots=True)
class ChanceValues:
    """Expected points gained by each chance option: `write` (chance a, the best one or two
    writes; None when no die fits any field), `take` per deck with cards left (chance b), and
    `end` (ending the turn: nothing gained, but the bot asks this margin of any other option)."""

    write: float | None
    take: dict[Row, float]
    end: float = ACT_MARGIN


def chance_values(state: State) -> ChanceValues:
    """The hard bot's values of the chance options for the deciding seat, from what it may see."""
    seen = view(state, state.decider)
    bot = HardBot()
    base = bot.ev.value(seen, seen.decider)
    writes = chance_writes(seen, bot.ev, time.perf_counter() + CHANCE_SECONDS)
    write = writes.value - base if writes.steps else None
    take = {row: bot.take_value(seen, row, base) for row in ROWS if len(seen.pile(row)) > 0}
    return ChanceValues(write, take)
