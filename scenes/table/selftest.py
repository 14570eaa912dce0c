"""`python main.py --selftest`: four bots play a whole game through the real table scenes at
instant speed without a window; the scoring screen must agree with the engine."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from game.engine import result
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind

FRAME = 1 / 60
LIMIT_SECONDS = 50.0
THINKING_PAUSE = 0.001  # seconds the loop gives a thinking bot after each frame (see run)
SEATS = (
    SeatConfig("Ada", SeatKind.BOT, "easy"),
    SeatConfig("Bram", SeatKind.BOT, "normal"),
    SeatConfig("Cleo", SeatKind.BOT, "easy"),
    SeatConfig("Dirk", SeatKind.BOT, "normal"),
)


def run(seed: int = 1, limit: float = LIMIT_SECONDS) -> tuple[bool, str]:
    """Play the game; returns (passed, what happened)."""
    from scenes.app import App
    from scenes.model.session import GameSession
    from scenes.model.userdata import save_path
    from scenes.table.opening import open_table
    from scenes.table.scoring import ScoringScene

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        app = App(data_dir=Path(folder))
        app.change_settings(animation_speed="instant")
        session = GameSession.start(GameConfig(SEATS, 0), seed=seed, save_path=save_path())
        open_table(app, session)
        frames = 0
        while time.perf_counter() - started < limit:
            app.step(FRAME)
            frames += 1
            if session.thinking:
                # The window's frame loop sleeps out each frame, and the bot thread thinks then. At
                # instant speed frames come back to back: without this pause the drawing holds the
                # interpreter for most of each switch interval and a bot's move takes 5-10 times as
                # long (a 350-action game took 30-45 s instead of about 8).
                time.sleep(THINKING_PAUSE)
            scene = app.stack.top
            if isinstance(scene, ScoringScene) and app.stack.top is scene:
                outcome = result(session.state)
                if scene.outcome != outcome:
                    return False, "the scoring screen disagrees with the engine's result"
                if save_path().exists():
                    return False, "the finished game was not archived"
                totals = ", ".join(f"{session.name(s.seat)} {s.total}" for s in outcome.scores)
                seconds = time.perf_counter() - started
                return True, (
                    f"a 4-bot game of {len(session.match.actions)} actions in {frames} frames, "
                    f"{seconds:.1f} s: {totals}"
                )
        where = type(app.stack.top).__name__
        return False, f"no final score after {limit:.0f} s ({where}, phase {session.state.phase})"
