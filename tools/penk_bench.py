"""Penk!'s part of `python -m tools.bench --game penk`: decision latencies of each bot level in
two-seat self-play, and with --frames the Penk! table's frame times (a dice roll with four sheets
on screen, and the longest frame while a hard bot thinks on its worker thread).

The report has the first game's keys; the first game's odds display and keep share have no Penk!
counterpart on the screens yet, so they are null rather than a number measuring something else."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import game.penk as penk
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind

BUDGETS: tuple[tuple[tuple[str, ...], str, float], ...] = (
    *((("latency_ms", level, "p95"), "at_most", 50.0) for level in penk.LEVELS),  # issue 23
    *((("latency_ms", level, "max"), "at_most", 1000.0) for level in penk.LEVELS),
)
FRAME = 1 / 60


def latency(level: str, decisions: int, seed: int) -> dict[str, float]:
    """Decision times of `level` in 2-seat self-play, until `decisions` were timed."""
    times: list[float] = []
    game = 0
    while len(times) < decisions:
        record = penk.play_game([penk.make_bot(level), penk.make_bot(level)], seed + game)
        times.extend(seconds for _, seconds in record.decisions)
        game += 1
    times.sort()
    return {
        "decisions": len(times),
        "p50": round(1000 * times[len(times) // 2], 2),
        "p95": round(1000 * times[int(len(times) * 0.95)], 2),
        "max": round(1000 * times[-1], 2),
    }


def player_visible(quick: bool, seed: int) -> dict[str, Any]:
    decisions = 60 if quick else 2000
    return {
        "game": "penk",
        "budget_s": penk.DEFAULT_BUDGET,
        "latency_ms": {level: latency(level, decisions, seed) for level in penk.LEVELS},
        "odds_full_display_ms": None,
        "keep_share": None,
        "keep_positions": 0,
    }


def bench_frames(
    frames: int,
    make_timer: Callable[[], Any],
    percentiles: Callable[[list[float], list[float]], dict[str, float]],
) -> dict[str, object]:
    """The Penk! table: a dice roll with four sheets on screen, and the longest frame while a hard
    bot decides (budgets as the first game's: p95 <= 4 ms, no frame over 50 ms)."""
    from scenes.app import App
    from scenes.penk.opening import start_session
    from scenes.penk.table import PenkTableScene

    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data))
        seats = tuple(SeatConfig(name, SeatKind.HUMAN) for name in ("Anna", "Bea", "Cleo", "Dirk"))
        session = start_session(GameConfig(seats, 0), seed=4)
        app.go("table", session, how="reset", fade=False)
        for _ in range(120):
            app.step(FRAME)
        scene = app.stack.top
        while scene is not None and not isinstance(scene, PenkTableScene):  # the pass screen
            app.stack.pop_now()
            scene = app.stack.top
        assert isinstance(scene, PenkTableScene)
        timer = make_timer()
        seed = 0
        while len(timer.wall) < frames:
            seed += 1
            scene.dice.faces = [0] * len(scene.dice.faces)
            scene.dice.throw(session.state.dice, scene.tweens, seed)
            while scene.dice.rolling and len(timer.wall) < frames:
                timer.time(lambda: app.step(FRAME))
        results["penk_dice_roll"] = percentiles(timer.wall, timer.cpu)
        bots = tuple(SeatConfig(name, SeatKind.BOT, "hard") for name in ("Ada", "Bram"))
        session = start_session(GameConfig(bots, 0), seed=5)
        app.change_settings(animation_speed="instant")
        app.go("table", session, how="reset", fade=False)
        results["penk_bot_thinking_max_ms"] = _while_thinking(app, session, min(frames, 240))
    return results


def _while_thinking(app: Any, session: Any, frames: int) -> float:
    """The longest frame while a bot decides on its worker thread, frames at 60 fps (as the first
    game's table_bot_thinking_max_ms, tools/table_bench.py)."""
    longest = 0.0
    thinking_frames = 0
    started = time.perf_counter()
    while thinking_frames < frames and not session.over and time.perf_counter() - started < 20:
        begin = time.perf_counter()
        app.step(FRAME)
        spent = (time.perf_counter() - begin) * 1000
        if session.thinking:
            thinking_frames += 1
            longest = max(longest, spent)
        time.sleep(max(0.0, FRAME - spent / 1000))
    app.change_settings(animation_speed="1x")
    return round(longest, 3)
