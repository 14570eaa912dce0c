"""A result is durable before it is shown: a process killed on a solo or campaign game's final
score has booked the win, the best score and the campaign points, archived the game and emptied
its slot; Restart archives the game it replaces."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.goennen.solo import CampaignState
from scenes.model import archive
from scenes.model.progress import Progress, load_progress, save_progress

ROOT = Path(__file__).resolve().parents[2]
WON_GAME = Path(__file__).parent / "data" / "solo-level1-won.json"

# The child plays the stored level 1 game (a win) to its final score, then kills itself at once:
# no Continue, no quit, no atexit, as a power cut or a closed window at that moment would.
CHILD = textwrap.dedent(
    """
    import json, os, signal, sys
    from pathlib import Path
    from game.goennen.actions import parse
    from scenes.app import App
    from scenes.solo import play
    from scenes.table.scoring import ScoringScene

    mode, recorded = sys.argv[1], json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    app = App(data_dir=Path(sys.argv[3]))
    app.change_settings(animation_speed="instant")
    session = play.start_level(app, 1, mode, seed=recorded["setup"]["seed"])
    for _ in range(30):
        app.step(1 / 60)
    for text in recorded["actions"][len(session.match.actions):]:
        if session.over:
            break
        if session.turn.kind == "chance":
            session.resolve_chance()
        else:
            session.play(parse(text))
    for _ in range(3600):
        app.step(1 / 60)
        if isinstance(app.stack.top, ScoringScene) and not app.stack.has_pending:
            print("final score shown", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
    sys.exit("the final score never showed")
    """
)


def _killed_on_the_final_score(mode: str, folder: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOENNEN_DATA_DIR=str(folder))
    child = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(WON_GAME), str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr[-2000:]
    assert "final score shown" in child.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs a kill signal")
def test_a_kill_on_a_solo_final_score_keeps_the_win_and_the_best_score(tmp_path: Path) -> None:
    folder = tmp_path / "userdata"
    _killed_on_the_final_score("solo", folder)
    progress = load_progress(folder / "progress.json").progress
    assert progress.won_levels == {1} and 1 in progress.best
    assert [(game.level, game.won, game.mode) for game in progress.history] == [(1, True, "solo")]
    assert not (folder / "save-solo-1.json").exists()  # out of its slot only once booked
    kept = archive.Archive(folder / archive.ARCHIVE_FILE)
    try:
        assert [(row.mode, row.outcome) for row in kept.games()] == [("solo", "finished")]
    finally:
        kept.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs a kill signal")
def test_a_kill_on_a_campaign_final_score_keeps_the_points_and_the_level_is_not_dealt_again(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "userdata"
    folder.mkdir()
    campaign = Progress(
        won_levels=frozenset(range(1, 8)), campaign=CampaignState(level=1, points=0, history=())
    )
    save_progress(campaign, folder / "progress.json")
    _killed_on_the_final_score("campaign", folder)
    progress = load_progress(folder / "progress.json").progress
    assert progress.campaign is not None
    assert progress.campaign.level == 2 and progress.campaign.points > 0  # level 1's surplus is booked
    assert not (folder / "save-campaign.json").exists()
    kept = archive.Archive(folder / archive.ARCHIVE_FILE)
    try:
        assert [(row.mode, row.outcome) for row in kept.games()] == [("campaign", "finished")]
    finally:
        kept.close()


def test_a_booking_that_cannot_be_written_keeps_the_game_in_its_slot(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the final score: the game stays in its slot, so the next start books it."""
    from scenes.app import App
    from scenes.model import progress as progress_module
    from scenes.model.files import FileProblem
    from scenes.model.session import GameSession
    from scenes.solo import play

    recorded = json.loads(WON_GAME.read_text(encoding="utf-8"))
    app = App(data_dir=data_dir)
    session = GameSession.from_data(recorded, data_dir / "save-solo-1.json")
    session.save()
    monkeypatch.setattr(
        progress_module, "save_progress", lambda *_: FileProblem("progress.json", "disk_full")
    )
    play.book_and_keep(app, session)
    assert (data_dir / "save-solo-1.json").is_file()
    assert not (data_dir / archive.ARCHIVE_FILE).exists() or archive.store(data_dir).count() == 0


def test_restart_archives_the_game_it_replaces(data_dir: Path) -> None:
    from scenes.app import App
    from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
    from scenes.model.session import GameSession
    from scenes.table.base import TableBase
    from tests.scenes.conftest import settle, top

    app = App(data_dir=data_dir)
    settle(app)
    seats = (SeatConfig("Ann", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.BOT, "easy"))
    session = GameSession.start(GameConfig(seats), seed=11, save_path=data_dir / "save.json")
    app.go("table", session, how="reset", fade=False)
    settle(app)
    table = top(app)
    assert isinstance(table, TableBase)
    table._restart_now()
    settle(app)
    rows = archive.store(data_dir).games()
    assert [(row.outcome, row.seed) for row in rows] == [("abandoned", 11)]
    assert (data_dir / "save.json").is_file()  # the new game took the slot
