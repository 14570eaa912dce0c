"""Tweens and timers owned by a scene, driven by dt (never by a clock), with named easings.

`Tweens.update(dt)` advances them; `skip()` completes them all at once (the "instant" animation
setting and the player's skip use it); tests call update with the dt they want.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def _out_bounce(x: float) -> float:
    n, d = 7.5625, 2.75
    if x < 1 / d:
        return n * x * x
    if x < 2 / d:
        x -= 1.5 / d
        return n * x * x + 0.75
    if x < 2.5 / d:
        x -= 2.25 / d
        return n * x * x + 0.9375
    x -= 2.625 / d
    return n * x * x + 0.984375


def _out_back(x: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (x - 1) ** 3 + c1 * (x - 1) ** 2


def _out_elastic(x: float) -> float:
    if x in (0.0, 1.0):
        return x
    return 2 ** (-10 * x) * math.sin((x * 10 - 0.75) * (2 * math.pi / 3)) + 1


EASINGS: dict[str, Easing] = {
    "linear": lambda x: x,
    "in_quad": lambda x: x * x,
    "out_quad": lambda x: 1 - (1 - x) ** 2,
    "in_out_quad": lambda x: 2 * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 2 / 2,
    "out_cubic": lambda x: 1 - (1 - x) ** 3,
    "in_out_cubic": lambda x: 4 * x**3 if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2,
    "out_back": _out_back,
    "out_bounce": _out_bounce,
    "out_elastic": _out_elastic,
}


@dataclass
class Tween:
    """Calls `apply(eased progress)` every update for `duration` seconds, then `on_done()`."""

    duration: float
    apply: Callable[[float], None]
    easing: str = "out_cubic"
    on_done: Callable[[], None] | None = None
    delay: float = 0.0
    elapsed: float = field(default=0.0, init=False)
    finished: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        if self.easing not in EASINGS:
            raise ValueError(f"unknown easing {self.easing!r} (known: {', '.join(EASINGS)})")

    def advance(self, dt: float) -> None:
        if self.finished:
            return
        self.elapsed += dt
        active = self.elapsed - self.delay
        if active < 0:
            return
        progress = 1.0 if self.duration <= 0 else min(1.0, active / self.duration)
        self.apply(EASINGS[self.easing](progress))
        if progress >= 1.0:
            self.finish()

    def finish(self) -> None:
        if self.finished:
            return
        self.apply(1.0)
        self.finished = True
        if self.on_done is not None:
            self.on_done()


class Tweens:
    """A scene's running tweens and timers."""

    def __init__(self) -> None:
        self._running: list[Tween] = []

    @property
    def active(self) -> bool:
        return bool(self._running)

    def __len__(self) -> int:
        return len(self._running)

    def add(self, tween: Tween) -> Tween:
        self._running.append(tween)
        return tween

    def animate(
        self,
        target: Any,
        duration: float,
        easing: str = "out_cubic",
        on_done: Callable[[], None] | None = None,
        delay: float = 0.0,
        **ends: float,
    ) -> Tween:
        """Move numeric attributes of `target` from their current values to `ends` (pgzero style)."""
        starts = {name: float(getattr(target, name)) for name in ends}

        def apply(eased: float) -> None:
            for name, end in ends.items():
                setattr(target, name, starts[name] + (end - starts[name]) * eased)

        return self.add(Tween(duration, apply, easing, on_done, delay))

    def after(self, delay: float, callback: Callable[[], None]) -> Tween:
        """A timer: call `callback` once `delay` seconds have passed."""
        return self.add(Tween(0.0, lambda _eased: None, "linear", callback, delay))

    def update(self, dt: float) -> None:
        for tween in list(self._running):
            tween.advance(dt)
        self._running = [tween for tween in self._running if not tween.finished]

    def skip(self) -> None:
        """Complete every tween and timer now, including ones their callbacks start."""
        for _ in range(100):  # a callback chain longer than this is a bug, not an animation
            if not self._running:
                return
            running, self._running = self._running, []
            for tween in running:
                tween.finish()
        self._running.clear()

    def cancel(self) -> None:
        self._running.clear()
