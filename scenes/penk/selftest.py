"""`python main.py --selftest --game penk`: four bots play a whole Penk! game through the real
scenes at instant speed without a window; the final score screen must agree with the engine."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from game.penk import result
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.penk.opening import SCORING

FRAME = 1 / 60
LIMIT_SECONDS = 90.0
THINKING_PAUSE = 0.001  # as in scenes/table/selftest.py: let the bot thread think between frames
SEATS = (
    SeatConfig("Ada", SeatKind.BOT, "easy"),
    SeatConfig("Bram", SeatKind.BOT, "normal"),
    SeatConfig("Cleo", SeatKind.BOT, "hard"),
    SeatConfig("Dirk", SeatKind.BOT, "normal"),
)


def run(seed: int = 1, limit: float = LIMIT_SECONDS, data_dir: Path | None = None) -> tuple[bool, str]:
    """Play the game in `data_dir` (a temporary folder when None); returns (passed, what happened)."""
    if data_dir is not None:
        return _play(seed, limit, data_dir)
    with tempfile.TemporaryDirectory() as folder:
        return _play(seed, limit, Path(folder))


def _play(seed: int, limit: float, data_dir: Path) -> tuple[bool, str]:
    from scenes.app import App
    from scenes.model.slots import penk_slot
    from scenes.penk.opening import start_session

    started = time.perf_counter()
    app = App(data_dir=data_dir)
    app.change_settings(animation_speed="instant")
    session = start_session(GameConfig(SEATS, 0), seed=seed)
    app.go("table", session, how="replace")
    frames = 0
    while time.perf_counter() - started < limit:
        app.step(FRAME)
        frames += 1
        if session.thinking:
            time.sleep(THINKING_PAUSE)
        scene = app.stack.top
        if scene is not None and scene.name == SCORING:
            outcome = result(session.state)
            if getattr(scene, "outcome", None) != outcome:
                return False, "the final score screen disagrees with the engine's result"
            if penk_slot().exists() and session.archive_problem is None:
                return False, "the finished game was not archived"
            totals = ", ".join(f"{session.name(s.seat)} {s.total}" for s in outcome.scores)
            seconds = time.perf_counter() - started
            return True, (
                f"a 4-bot Penk! game of {len(session.match.actions)} actions in {frames} frames, "
                f"{seconds:.1f} s: {totals}"
            )
    where = type(app.stack.top).__name__
    return False, f"no final score after {limit:.0f} s ({where}, phase {session.state.phase})"
