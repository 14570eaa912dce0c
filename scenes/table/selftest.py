"""`python main.py --selftest [--game goennen-koennen|penk] [--data-dir DIR]`: four bots play a whole
game through the real table scenes (Penk!'s with --game penk) at instant speed without a window;
the final score screen must agree with the engine.

With DIR the settings and saves go there (else to a temporary folder). A folder that cannot be
written (read-only, full) does not fail the test: play goes on and the report says what could not
be saved, as the player would be told."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.games import game_info
from scenes.model.rulebooks import FIRST_GAME, RULEBOOKS

if TYPE_CHECKING:
    from scenes.model.session import GameSession

FRAME = 1 / 60
LIMIT_SECONDS = 50.0
THINKING_PAUSE = 0.001  # seconds the loop gives a thinking bot after each frame (see run)
SEATS = (
    SeatConfig("Ada", SeatKind.BOT, "easy"),
    SeatConfig("Bram", SeatKind.BOT, "normal"),
    SeatConfig("Cleo", SeatKind.BOT, "easy"),
    SeatConfig("Dirk", SeatKind.BOT, "normal"),
)


def run(
    seed: int = 1, limit: float = LIMIT_SECONDS, data_dir: Path | None = None, game: str = FIRST_GAME
) -> tuple[bool, str]:
    """Play `game` in `data_dir` (a temporary folder when None); returns (passed, what happened)."""
    if data_dir is not None:
        return _play(seed, limit, data_dir, game)
    with tempfile.TemporaryDirectory() as folder:
        return _play(seed, limit, Path(folder), game)


def _play(seed: int, limit: float, data_dir: Path, game: str) -> tuple[bool, str]:
    from scenes.app import App
    from scenes.model.session import GameSession
    from scenes.model.slots import new_game_slot
    from scenes.penk.opening import SCORING as PENK_SCORING
    from scenes.table.opening import open_table
    from scenes.table.scoring import ScoringScene

    started = time.perf_counter()
    app = App(data_dir=data_dir)
    if app.deck_problem is not None:  # no game without the deck: said in one line, not a traceback
        return False, f"no game can be dealt: {app.deck_problem}"
    app.change_settings(animation_speed="instant")
    rules = RULEBOOKS[game]
    slot = new_game_slot(game)
    session = GameSession.start(GameConfig(SEATS, 0), seed=seed, save_path=slot, rules=rules)
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
        if isinstance(scene, ScoringScene) or scene is not None and scene.name == PENK_SCORING:
            outcome: Any = rules.result(session.view)  # either game's result: each has scores
            if getattr(scene, "outcome", None) != outcome:
                return False, "the scoring screen disagrees with the engine's result"
            if slot.exists() and session.archive_problem is None:
                return False, "the finished game was not archived"
            totals = ", ".join(f"{session.name(s.seat)} {s.total}" for s in outcome.scores)
            seconds = time.perf_counter() - started
            return True, (
                f"a 4-bot game of {game_info(game).name}: {session.actions_played} actions "
                f"in {frames} frames, "
                f"{seconds:.1f} s: {totals}{_not_saved(session)}"
            )
    where = type(app.stack.top).__name__
    return False, f"no final score after {limit:.0f} s ({where}, phase {session.view.phase})"


def _not_saved(session: GameSession) -> str:
    """What could not be written, in the words the log uses (empty when everything was saved)."""
    failures = []
    if session.failed_saves:
        problem = session.save_problem
        why = f" ({problem.reason}: {problem.detail})" if problem else ", the last one was written"
        failures.append(f"{session.failed_saves} of {session.saves} saves could not be written{why}")
    if session.archive_problem is not None:
        failures.append(f"the finished game could not be archived ({session.archive_problem.reason})")
    return "; could not save: " + "; ".join(failures) if failures else ""
