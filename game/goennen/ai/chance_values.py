"""What each option after the third roll is worth, as the adviser sees it (game/goennen/ai/adviser.py).

The numbers the table shows on the chance buttons (scenes/table/odds_view.py): the expected points
each option adds to the deciding seat's display, the very numbers the adviser compares when the
Hint is asked, so the button marked best is the option the Hint recommends.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.goennen.actions import Row
from game.goennen.ai.adviser import final_options
from game.goennen.ai.normal import ACT_MARGIN
from game.goennen.state import State


@dataclass(frozen=True, slots=True)
class ChanceValues:
    """Expected points gained by each chance option: `write` (chance a, the best one or two
    writes; None when no die fits any field), `take` per deck with cards left (chance b), and
    `end` (ending the turn: nothing gained, but the adviser asks this margin of any other option);
    `act`: the best completions and purchases the dice allow (None: none), and `best`, the key of
    the option the adviser chooses ("write", "take_s", "take_b", "end" or "act")."""

    write: float | None
    take: dict[Row, float]
    end: float = ACT_MARGIN
    act: float | None = None
    best: str = "end"


def chance_values(state: State) -> ChanceValues:
    """The adviser's values of the options for the deciding seat, from what it may see."""
    options = final_options(state)
    gains = {option.key: option.gain for option in options}
    take = {row: gains[key] for row, key in ((Row.SCORING, "take_s"), (Row.BONUS, "take_b")) if key in gains}
    best = max(options, key=lambda option: option.gain).key
    return ChanceValues(gains.get("write"), take, gains["end"], gains.get("act"), best)
