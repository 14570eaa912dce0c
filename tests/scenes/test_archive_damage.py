"""No archive error reaches a screen: a damaged archive (byte flips over many seeds, a schema
without a column), one locked by another process, and hand-edited rows (text in a number column, a
NUL in a name, a 5,000-digit seed) are each told on the screen and play goes on."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenes.app import App
from scenes.history.archive_list import ArchiveScene
from scenes.history.statistics import StatisticsScene
from scenes.model import archive as archive_module
from scenes.model.archive import ARCHIVE_FILE, Archive
from scenes.model.archive_stats import statistics
from scenes.model.odds_setting import finished_games
from tests.scenes.conftest import settle, top
from tools import archive_bench

GAMES = 40


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sample") / ARCHIVE_FILE
    archive = archive_bench.build(path, GAMES)
    archive.close()
    return path


@pytest.fixture(autouse=True)
def fresh_archives() -> Iterator[None]:
    archive_module.close_all()
    yield
    archive_module.close_all()


def every_question(archive: Archive) -> None:
    """What the screens and the tables ask of an archive; none of it may raise."""
    rows = archive.games(limit=60)
    for order in ("newest", "oldest", "best"):
        archive.games(order=order, limit=10, offset=3)
    archive.count(), archive.count("solo"), archive.count(imported=True)
    for row in rows[:5]:
        archive.game(row.id)
        archive.record_of(row.id)
        archive.review_of(row.id)
        archive.luck_of(row.id)
    archive.read(statistics, None)


def test_byte_flips_over_many_seeds_never_raise(tmp_path: Path, sample: Path) -> None:
    size = sample.stat().st_size
    told = 0
    for seed in range(120):
        rng = random.Random(seed)
        path = tmp_path / f"flipped-{seed}" / ARCHIVE_FILE
        path.parent.mkdir()
        data = bytearray(sample.read_bytes())
        for _ in range(rng.choice((1, 4, 40, 400))):
            at = rng.randrange(size) if rng.random() < 0.7 else rng.randrange(min(size, 4096))
            data[at] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        archive = Archive(path)
        try:
            every_question(archive)
            told += archive.opening_problem is not None or archive.read_problem is not None
            assert finished_games(path.parent) >= 0
        finally:
            archive_module.close_all()
            archive.close()
    assert told > 30  # most flips are found: the test meets damage, not luck


def test_a_damaged_archive_shows_its_screens_with_a_notice(data_dir: Path, sample: Path) -> None:
    data_dir.mkdir(parents=True)
    data = bytearray(sample.read_bytes())
    rng = random.Random(3)
    for _ in range(300):
        at = rng.randrange(4096, len(data))
        data[at] ^= 0xFF
    (data_dir / ARCHIVE_FILE).write_bytes(bytes(data))
    app = App(data_dir=data_dir)
    settle(app)
    for route, kind in (("archive", ArchiveScene), ("statistics", StatisticsScene)):
        app.go(route, fade=False)
        settle(app)
        assert isinstance(top(app), kind)
        app.draw()
        app.go_back(fade=False)
        settle(app)


def test_a_schema_without_a_column_is_told_not_raised(tmp_path: Path, sample: Path) -> None:
    path = tmp_path / ARCHIVE_FILE
    shutil.copy(sample, path)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE seats RENAME COLUMN score TO points")
    archive = Archive(path)
    every_question(archive)
    assert archive.games() == [] and archive.read_problem is not None
    assert archive.read_problem.reason == "damaged"


def test_hand_edited_rows_are_left_out_with_a_notice(data_dir: Path, sample: Path) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / ARCHIVE_FILE
    shutil.copy(sample, path)
    with sqlite3.connect(path) as db:
        ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY played_at DESC, id DESC LIMIT 3")]
        db.execute("UPDATE games SET rounds = 'many' WHERE id = ?", (ids[0],))
        db.execute("UPDATE seats SET name = ? WHERE game_id = ?", ("Ann\x00e", ids[1]))
        db.execute("UPDATE games SET seed = ? WHERE id = ?", ("7" * 5000, ids[2]))
    archive = archive_module.store(data_dir)
    rows = archive.games(limit=60)
    assert len(rows) == GAMES - 3 and not {row.id for row in rows} & set(ids)
    assert archive.skipped == 3
    app = App(data_dir=data_dir)
    settle(app)
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene)
    assert "3" in scene.message and "by hand" in scene.message
    app.draw()


# Another program holds the archive's write lock until its stdin closes.
LOCKER = textwrap.dedent(
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.read()
    """
)


def test_an_archive_locked_by_another_process_never_blocks_a_frame(data_dir: Path, sample: Path) -> None:
    data_dir.mkdir(parents=True)
    path = data_dir / ARCHIVE_FILE
    shutil.copy(sample, path)
    app = App(data_dir=data_dir)
    settle(app)
    archive_module.store(data_dir)  # open before the other program takes the lock
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        for route in ("archive", "statistics"):
            started = time.perf_counter()
            app.go(route, fade=False)
            settle(app)
            app.draw()
            assert time.perf_counter() - started < 1.0  # SQLite's default waits 5 s per question
            scene = top(app)
            shown = scene.message if isinstance(scene, ArchiveScene) else getattr(scene, "trouble", None)
            assert shown is not None and "busy" in shown
            frames = []
            for _ in range(30):
                begun = time.perf_counter()
                app.step(1 / 60)
                app.draw()
                frames.append(time.perf_counter() - begun)
            assert max(frames) < 0.2, max(frames)
            app.go_back(fade=False)
            settle(app)
    finally:
        locker.kill()
        locker.wait(30)
    assert os.path.exists(path)


def _lock(path: Path) -> subprocess.Popen[str]:
    """Another process takes the archive's exclusive lock and holds it until killed."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
    return locker


def test_every_read_of_a_locked_archive_answers_at_once(
    data_dir: Path, sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screens' reads never wait for another program's lock, not even the first (SQLite's
    busy wait was 50 ms once): each answers within a few milliseconds and the screen says busy."""
    data_dir.mkdir(parents=True)
    path = data_dir / ARCHIVE_FILE
    shutil.copy(sample, path)
    app = App(data_dir=data_dir)
    settle(app)
    archive = archive_module.store(data_dir)
    took: list[float] = []
    asked = Archive.read

    def timed(self: Archive, question: object, default: object) -> object:
        begun = time.perf_counter()
        try:
            return asked(self, question, default)  # type: ignore[arg-type]
        finally:
            took.append(time.perf_counter() - begun)

    monkeypatch.setattr(Archive, "read", timed)
    locker = _lock(path)
    try:
        for route in ("archive", "statistics"):
            app.go(route, fade=False)
            settle(app)
            scene = top(app)
            shown = scene.message if isinstance(scene, ArchiveScene) else getattr(scene, "trouble", None)
            assert shown is not None and "busy" in shown
            app.go_back(fade=False)
            settle(app)
        archive._busy_until = 0.0  # past the pause: SQLite is asked again, and answers busy at once
        assert archive.count() == 0 and archive.busy
    finally:
        locker.kill()
        locker.wait(30)
    assert took and max(took) < 0.02, max(took)
    archive._busy_until = 0.0
    assert archive.count() == GAMES and not archive.busy  # free again, past the pause: every game


def test_an_archive_locked_at_the_start_is_opened_off_the_frames_once_free(
    data_dir: Path, sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Locked before the game starts: the opening (on a worker thread) says busy at once, a game
    replaced meanwhile is kept beside its slot rather than lost, and once the other program lets go
    the archive is opened again off the frame loop and the list shows every game."""
    monkeypatch.setattr(archive_module, "BUSY_PAUSE", 0.3)
    data_dir.mkdir(parents=True)
    path = data_dir / ARCHIVE_FILE
    shutil.copy(sample, path)
    locker = _lock(path)
    try:
        app = App(data_dir=data_dir)  # opens the archive on a worker thread
        settle(app)
        archive = archive_module.store(data_dir)
        assert archive.locked and archive.busy
        app.go("archive", fade=False)
        settle(app)
        scene = top(app)
        assert isinstance(scene, ArchiveScene) and "busy" in scene.message and scene.unanswered
        # a saved game replaced while the archive is locked is not lost
        from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
        from scenes.model.session import GameSession
        from scenes.model.slots import make_room, slot_path

        slot = slot_path("solo", 2, data_dir)
        assert slot is not None
        me = GameConfig((SeatConfig("Me", SeatKind.HUMAN),))
        GameSession.start(me, seed=2, solo_level=2, save_path=slot, context={"mode": "solo"})
        kept = make_room(slot)
        assert kept is not None and kept.exists() and ".unarchived-" in kept.name and not slot.exists()
        app.go_back(fade=False)
        settle(app)
    finally:
        locker.kill()
        locker.wait(30)
    time.sleep(0.35)
    archive.count()  # past the pause: a read starts the opening again, on its worker thread
    deadline = time.monotonic() + 10
    while archive.locked and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not archive.locked
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene) and not scene.unanswered and scene.total == GAMES
    app.draw()
