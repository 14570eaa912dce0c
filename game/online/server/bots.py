"""The table server's bots, thinking off its loop: on a thread of the process (each seat's bot kept
for the whole game, so that its plans and its generator go on from one decision to the next) or
in a process pool (a worker keeps one bot per game and level), within BOT_TIMEOUT, after which the
quickest bot decides. A move computed while the table moved on is dropped (`bot_move`). Which
process computes a decision, and when, is node.py's (the lease)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from game.kit.rulebook import Decider
from game.online.room import STAND_IN, Room
from game.registry import GAMES

LOG = logging.getLogger("table-server")
BOT_BUDGET = 0.25  # seconds a bot may think per decision
BOT_TIMEOUT = 3.0  # seconds a bot may take before the quickest bot decides instead


class Thinkers:
    """The bots of one server process: on threads here (pool None) or in `pool`."""

    def __init__(
        self,
        pool: concurrent.futures.Executor | None,
        entropy: Callable[[int], bytes],
        budget: float = BOT_BUDGET,
    ) -> None:
        self.pool = pool
        self.entropy = entropy  # the bots' randomness (tests pin it)
        self.budget = budget
        self._bots: dict[tuple[str, int], tuple[Decider[Any, Any], random.Random]] = {}  # by table, seat

    async def decide(self, room: Room, seat: int) -> str:
        """The bot's move for `seat` (its own level, or the stand-in's), off the loop, within
        BOT_TIMEOUT; after that the quickest bot decides."""
        assert room.table is not None
        state = room.table.decision_state(seat)
        level = room.table.seats[seat].level or STAND_IN
        thinking: Awaitable[Any]
        if self.pool is None:
            decide, rng = self._bot(room, seat)
            thinking = asyncio.to_thread(decide, state, rng, self.budget)
            rng_for_fallback = rng
        else:  # a process of its own: a long search holds no lock of this interpreter
            seed = int.from_bytes(self.entropy(8), "big")
            thinking = asyncio.get_running_loop().run_in_executor(
                self.pool, think, room.rules.key, level, state, seed, self.budget
            )
            rng_for_fallback = random.Random(seed)
        try:
            action = await asyncio.wait_for(thinking, BOT_TIMEOUT)
        except TimeoutError:  # a position that makes a bot think long: the quickest decides
            LOG.warning("a bot took over %s s at table %s", BOT_TIMEOUT, room.table_id)
            action = room.rules.bot("easy")(state, rng_for_fallback, self.budget)
        return str(action)

    def _bot(self, room: Room, seat: int) -> tuple[Decider[Any, Any], random.Random]:
        assert room.table is not None
        level = room.table.seats[seat].level or STAND_IN
        key = (room.table_id, seat)
        if key not in self._bots:
            self._bots[key] = (room.rules.bot(level), random.Random(self.entropy(8)))
        return self._bots[key]

    def forget(self, table_id: str, seats: int) -> None:
        """The table's bots go with the table from this process's memory."""
        for seat in range(seats):
            self._bots.pop((table_id, seat), None)


def bot_move(room: Room, *, seat: int, acted: int, state: Any, text: str, now: float) -> bool:
    """Play a bot's move on `room` unless the seat's position moved on while it thought."""
    table = room.table
    if table is None or seat not in table.bots_due() or table.acted(seat) != acted:
        return False
    mine = table.decision_state(seat)
    if mine is not state and mine != state:
        return False
    room.play_bot(seat, text, now)
    return True


_THINKERS: dict[tuple[str, str], Decider[Any, Any]] = {}  # a pool worker's bots, by game and level


def think(game: str, level: str, state: Any, seed: int, budget: float) -> str:
    """A bot's move in a pool worker (a process of its own): its canonical text."""
    decide = _THINKERS.get((game, level))
    if decide is None:
        decide = _THINKERS[game, level] = GAMES[game].bot(level)
    return str(decide(state, random.Random(seed), budget))
