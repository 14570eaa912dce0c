"""The odds at the table, timed (tools.bench's "odds_at_table"): how long after the dice land or a
die is kept the badges are drawn, and what a frame costs with the odds on.

Human turns of seeded 4-seat games (the human's first roll, two dice kept one after the other,
the reroll, its landing, again to the third roll and the chance options), headless, frames paced
at 60 per second as a window's are, so the odds worker gets the time a real table leaves it.
Budgets: the numbers within 100 ms of a roll or a keep change (p95), frames within the frame
budget (tools/frame_bench.py, p95 <= 4 ms).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from game.goennen.engine import Phase
from scenes.app import App
from scenes.table.turn import TurnScene
from scenes.table.turn_options import Step

FRAME = 1 / 60
SHOWN_BUDGET_MS = 100.0
LIMIT_SECONDS = 10.0  # a number not shown by then counts as this long (and misses the budget)


class _Frames:
    """Every frame's wall and CPU milliseconds; frames come at 60 per second."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def step(self) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        self.app.step(FRAME)
        spent = time.perf_counter() - wall
        self.cpu.append((time.thread_time() - cpu) * 1000)
        self.wall.append(spent * 1000)
        time.sleep(max(0.0, FRAME - spent))


def _until_shown(frames: _Frames, scene: TurnScene, work: list[float], complete: bool = False) -> float:
    """Milliseconds from now until a frame draws the badges of what is on screen (`complete`: also
    the chance options, which come last); the worker's CPU milliseconds on them go to `work`."""
    started = time.perf_counter()
    while time.perf_counter() - started < LIMIT_SECONDS:
        frames.step()
        shown = scene.odds.last
        if shown is not None and (shown.done if complete else shown.badges or shown.done):
            work.append(shown.cpu_seconds * 1000)
            return (time.perf_counter() - started) * 1000
    return LIMIT_SECONDS * 1000


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    p95 = statistics.quantiles(ordered, n=100, method="inclusive")[94] if len(ordered) > 1 else ordered[0]
    return {
        "count": len(ordered),
        "p50": round(statistics.median(ordered), 2),
        "p95": round(p95, 2),
        "max": round(ordered[-1], 2),
    }


def _percentiles(values: list[float]) -> dict[str, float]:
    cut = statistics.quantiles(sorted(values), n=100, method="inclusive")
    return {"p50_ms": round(cut[49], 3), "p95_ms": round(cut[94], 3), "max_ms": round(max(values), 3)}


def _turn(app: App, seed: int) -> TurnScene | None:
    from scenes.table.opening import open_table
    from tools.table_shots import session_at

    session = session_at(
        lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == 1 and s.round >= 1, seed
    )
    if session.over:
        return None
    open_table(app, session, how="reset")
    for _ in range(90):  # the fade and the dice landing: not timed
        app.step(FRAME)
    scene = app.stack.top
    return scene if isinstance(scene, TurnScene) else None


def _reroll(frames: _Frames, scene: TurnScene) -> None:
    """Reroll the dice not kept and run frames until they lie still and the human decides again."""
    rolls = scene.session.state.rolls
    scene.choose(Step("reroll"))
    end = time.perf_counter() + LIMIT_SECONDS
    session = scene.session
    while time.perf_counter() < end and (
        session.state.rolls == rolls or scene.tray.rolling or not session.human_to_decide
    ):
        frames.step()


def measure(quick: bool = False) -> dict[str, Any]:
    """Roll-to-odds and keep-to-odds milliseconds, the chance options', and the frames meanwhile."""
    rolled: list[float] = []
    kept: list[float] = []
    options: list[float] = []
    work: dict[str, list[float]] = {"roll": [], "keep": [], "options": []}
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data))
        app.change_settings(odds="on")
        frames = _Frames(app)
        for seed in range(1, 2 if quick else 13):
            scene = _turn(app, seed)
            if scene is None:
                continue
            rolled.append(_until_shown(frames, scene, work["roll"]))
            while scene.session.state.rolls < 3 and scene.session.state.phase == Phase.ACTIVE:
                for colour in scene.tray.in_tray()[:2]:
                    scene.choose(Step("toggle", colour=colour))
                    kept.append(_until_shown(frames, scene, work["keep"]))
                reroll = scene.controls.buttons.get("reroll")
                if reroll is None or not reroll.enabled:
                    break
                _reroll(frames, scene)
                if scene.session.state.phase != Phase.ACTIVE or scene.session.state.decider != 0:
                    break
                rolled.append(_until_shown(frames, scene, work["roll"]))
            state = scene.session.state
            if state.phase == Phase.ACTIVE and state.rolls == 3 and not state.acted and state.decider == 0:
                options.append(_until_shown(frames, scene, work["options"], complete=True))
        app.change_settings(odds="first_games")
    return {
        "frames": _percentiles(frames.wall),
        "frames_cpu": _percentiles(frames.cpu),
        "roll_to_shown_ms": _summary(rolled),
        "keep_to_shown_ms": _summary(kept),
        "chance_options_ms": _summary(options),
        "worker_cpu_ms": {name: _summary(values) for name, values in work.items()},
        "budget_ms": SHOWN_BUDGET_MS,
    }
