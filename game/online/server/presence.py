"""Which server processes live. Each process beats in the store (`beat`, a key with a time to
live) and every record of a line (join, arrive, leave) names the process holding it; when a
process stops beating (killed, its machine gone), another process that serves the same table
counts that process's lines gone, so the seats wait their grace and get a stand-in, timers run,
and a join whose welcome died with it frees its seat (Room.node_gone)."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.online.server.store import Store

NODE_TTL = 8.0  # seconds a process counts as living after its last beat
BEAT_EVERY = 1.0  # seconds between two beats: several beats per time to live
LOOK_EVERY = 2.0  # seconds between two looks at the processes holding a table's lines


class Presence:
    """This process's beat, and its looks at the others'; the cadence by the monotonic clock
    (the server's own clock is an input that tests move by hours)."""

    def __init__(self, store: Store, node: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.node = node
        self.clock = clock
        self._beaten = float("-inf")
        self._looked = float("-inf")
        self._dead: set[str] = set()  # processes seen dead: never alive again (a new one has a new name)
        self._living: set[str] = set()  # processes seen living in this look (one question each)

    async def beat(self, *, now: bool = False) -> None:
        """Beat when the last beat is BEAT_EVERY old (or at once: before serving)."""
        moment = self.clock()
        if now or moment - self._beaten >= BEAT_EVERY:
            self._beaten = moment
            await self.store.beat(self.node, NODE_TTL)

    def looking(self) -> bool:
        """Whether this tick looks at the other processes (every LOOK_EVERY seconds)."""
        moment = self.clock()
        if moment - self._looked < LOOK_EVERY:
            return False
        self._looked = moment
        self._living.clear()
        return True

    async def dead(self, nodes: set[str]) -> set[str]:
        """Of `nodes`, those that stopped beating ("" and this process never count)."""
        found = set()
        for node in sorted(nodes - {"", self.node} - self._living):
            if node in self._dead or not await self.store.alive(node):
                self._dead.add(node)
                found.add(node)
            else:
                self._living.add(node)
        return found
