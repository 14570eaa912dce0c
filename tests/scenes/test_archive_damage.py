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
