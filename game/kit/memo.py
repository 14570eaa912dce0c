"""How a full memory of worked-out results makes room: the oldest half goes.

Every memory in game/ (the tasks' own in game/goennen/cards.py, the bots' and kernels' caches)
remembers results of pure computations, so what it forgets is worked out again, never differently. Forgetting
everything when full made the process saw-tooth between empty and full caches, and a limit high
enough not to cost speed was reached only after hundreds of games, so the process kept growing
all evening. Forgetting the oldest half keeps what the games of the last while asked for, costs
nothing per look-up (a dictionary remembers the order of insertion) and little per entry (each
entry is forgotten once).
"""

from __future__ import annotations

from itertools import islice
from typing import Any


def forget_oldest_half(entries: dict[Any, Any], limit: int) -> None:
    """When `entries` holds `limit` or more, forget the oldest (first inserted) until `limit // 2`
    are left, making room for the next one."""
    excess = len(entries) - limit // 2
    if len(entries) >= limit and excess > 0:
        for key in list(islice(entries, excess)):
            del entries[key]
