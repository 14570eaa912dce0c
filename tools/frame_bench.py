"""How long it takes to build a frame, headless: the title scene, a dice roll, the first game's
table (tools/table_bench.py) and Penk!'s (tools/penk_bench.py).

    python -m tools.frame_bench [--frames N]

Prints JSON with p50/p95 milliseconds per case (wall clock and this thread's CPU time); the
budget is p95 <= 4 ms, and no frame over 50 ms while a bot thinks (table_bot_thinking_max_ms). A frame here is
App.step (intents, update, draw into the 1280x720 surface); presenting it on screen is the GPU's
work under SDL's SCALED mode and is not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BUDGET_MS = 4.0
THINKING_BUDGET_MS = 50.0  # no frame longer than this while a bot thinks on its thread
FRAME = 1 / 60


def _percentiles(wall: list[float], cpu: list[float]) -> dict[str, float]:
    """Wall-clock and CPU-time percentiles: on a busy machine the wall time also counts the time
    other processes held the core, the CPU time only this frame's own work."""
    wall_cut = statistics.quantiles(sorted(wall), n=100, method="inclusive")
    cpu_cut = statistics.quantiles(sorted(cpu), n=100, method="inclusive")
    return {
        "p50_ms": round(wall_cut[49], 3),
        "p95_ms": round(wall_cut[94], 3),
        "cpu_p50_ms": round(cpu_cut[49], 3),
        "cpu_p95_ms": round(cpu_cut[94], 3),
        "frames": len(wall),
    }


class _Timer:
    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, step: Callable[[], object]) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        step()
        self.cpu.append((time.thread_time() - cpu) * 1000)
        self.wall.append((time.perf_counter() - wall) * 1000)


def bench_frames(frames: int = 300) -> dict[str, object]:
    """Time `frames` frames of each case; returns {case: {p50_ms, p95_ms, frames}, budget_ms}."""
    from scenes.app import App
    from scenes.menus.title import TitleScene

    results: dict[str, object] = {"budget_ms": BUDGET_MS}
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data))
        for _ in range(240):  # let the opening throw land; then time the title at rest
            app.step(FRAME)
        title = app.stack.top
        assert isinstance(title, TitleScene)
        timer = _Timer()
        for _ in range(frames):
            app.request_draw()  # force the draw a still title would skip, to time the full frame
            timer.time(lambda: app.step(FRAME))
        results["title"] = _percentiles(timer.wall, timer.cpu)

        timer = _Timer()
        while len(timer.wall) < frames:
            title.throw()
            while title.dice.rolling and len(timer.wall) < frames:
                timer.time(lambda: app.step(FRAME))
        results["dice_roll"] = _percentiles(timer.wall, timer.cpu)
        from tools.table_bench import bench_table

        results.update(bench_table(app, frames, _Timer, _percentiles))
    from tools.penk_bench import bench_frames as bench_penk

    results.update(bench_penk(frames, _Timer, _percentiles))
    timed = (
        "title",
        "dice_roll",
        "table_dice_roll",
        "table_market_slide",
        "table_bot_dice",
        "table_log_open",
        "table_log_scroll",
        "penk_dice_roll",
    )
    cases = [case for case in (results[name] for name in timed) if isinstance(case, dict)]
    thinking = [results.get(name) for name in ("table_bot_thinking_max_ms", "penk_bot_thinking_max_ms")]
    calm = all(not isinstance(most, float) or most <= THINKING_BUDGET_MS for most in thinking)
    results["within_budget"] = calm and all(case["p95_ms"] <= BUDGET_MS for case in cases)
    results["within_budget_cpu"] = all(case["cpu_p95_ms"] <= BUDGET_MS for case in cases)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Frame build times of the title and a dice roll.")
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args(argv)
    print(json.dumps(bench_frames(args.frames), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
