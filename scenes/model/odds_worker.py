"""The odds at the table worked out off the frame thread (no pygame); the numbers themselves are
odds_numbers.py.

`OddsWorker` runs `badges` on one long-lived daemon thread. The screen asks with an `OddsRequest`
every frame; a request like the last one costs nothing, a new one drops the old (a stale request is
abandoned between cards). Only badges of the latest request are shown. The chances of one position
are remembered while only the kept dice change, so a keep or release is a look-up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from scenes.model.odds_numbers import (
    Badge,
    Goal,
    OddsRequest,
    Positions,
    badges,
    chance_open,
    goal_badge,
)


@dataclass(frozen=True)
class Shown:
    """The badges of one request so far, how long after the request they were ready (`seconds`)
    and the worker's own CPU time on them (`cpu_seconds`: the rest was waiting for a core)."""

    request: Any  # the game's request: an OddsRequest, or Penk!'s (scenes/model/penk_odds.py)
    badges: tuple[Any, ...]
    seconds: float
    done: bool
    cpu_seconds: float = 0.0
    goals: tuple[Goal, ...] = ()  # the active player's goals, all of them once done


def relabelled(shown: Shown | None, request: OddsRequest) -> Shown | None:
    """The badges of `request` read from `shown`'s goals, when only the kept dice differ (a keep
    or release: a look-up, done on the frame's thread); None when the worker must work (also
    while the chance options, which come after the goals, are still being valued)."""
    if shown is None or not shown.goals or not shown.done and chance_open(request.state):
        return None
    before = shown.request
    same_choice = (before.seat, before.selected) == (request.seat, request.selected)
    if before.state is not request.state or not same_choice:
        return None
    found = [goal_badge(goal, request.kept) for goal in shown.goals]
    found += [badge for badge in shown.badges if badge.kind == "chance"]
    return Shown(request, tuple(found), 0.0, True, 0.0, shown.goals)


Work = Callable[[Any, Callable[[], bool]], Iterator[list[Any]]]  # (request, still wanted) -> batches


class OddsWorker:
    """One daemon thread working out the latest request; `shown` reads its answer. `work` gives
    the numbers of a request in batches (by default the first game's badges; Penk!'s table gives
    its own, scenes/model/penk_odds.py)."""

    def __init__(self, work: Work | None = None) -> None:
        self._lock = threading.Condition()
        self._asked: Any = None  # the game's request, or None
        self._asked_at = 0.0
        self._generation = 0
        self._shown: Shown | None = None
        self._positions = Positions()  # used on the worker's thread only
        self._work: Work = work or (lambda request, wanted: badges(request, self._positions, wanted))
        self._thread: threading.Thread | None = None
        self.failure: Exception | None = None  # the last error of a computation (tests look)

    def ask(self, request: Any) -> None:
        """What the screen shows now (None: nothing to work out); a repeated request is free."""
        with self._lock:
            if request is None and self._asked is None or request is not None and request.same(self._asked):
                return
            self._asked = request
            self._asked_at = time.perf_counter()
            self._generation += 1
            if request is not None:
                self._start()
                self._lock.notify()

    @property
    def asked(self) -> Any:
        return self._asked

    def shown(self) -> Shown | None:
        """The answer to the latest request (maybe partial), or None while there is none yet."""
        with self._lock:
            shown = self._shown
            if shown is None or self._asked is None or shown.request is not self._asked:
                return None
            return shown

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="odds-worker", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._asked is None or (
                    self._shown is not None and self._shown.request is self._asked and self._shown.done
                ):
                    self._lock.wait()
                request, generation, asked_at = self._asked, self._generation, self._asked_at

            def wanted(generation: int = generation) -> bool:
                return self._generation == generation

            found: list[Any] = []
            began = time.thread_time()
            try:
                for batch in self._work(request, wanted):
                    found += batch
                    self._publish(request, generation, found, (asked_at, began), False, self._goals(request))
            except Exception as error:  # a number that cannot be worked out is not shown; play goes on
                self.failure = error
                found = []
            self._publish(request, generation, found, (asked_at, began), True, self._goals(request))

    def _goals(self, request: OddsRequest) -> tuple[Goal, ...]:
        positions = self._positions
        return tuple(positions.goals) if positions.state is request.state and positions.complete else ()

    def _publish(
        self,
        request: OddsRequest,
        generation: int,
        found: list[Badge],
        started: tuple[float, float],
        done: bool,
        goals: tuple[Goal, ...] = (),
    ) -> None:
        with self._lock:
            if generation == self._generation:
                seconds = time.perf_counter() - started[0]
                cpu = time.thread_time() - started[1]
                self._shown = Shown(request, tuple(found), seconds, done, cpu, goals)


_worker: OddsWorker | None = None
_worker_lock = threading.Lock()


def shared_worker() -> OddsWorker:
    """The one worker of the program (its thread starts on the first request)."""
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = OddsWorker()
        return _worker
