"""Frame build times at the Penk! table for tools/frame_bench.py (and so `tools.bench --frames`,
also with --game penk): a dice roll with four sheets on screen, and the longest frame while a hard
bot thinks on its worker thread."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from tools.table_bench import longest_thinking_frame

FRAME = 1 / 60


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
        results["penk_bot_thinking_max_ms"] = longest_thinking_frame(app, session, min(frames, 240))
    return results
