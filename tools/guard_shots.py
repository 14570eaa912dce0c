"""Screenshots of the guards of issue 34 (registered in tools/screenshots.py):

- already-open: a second copy of the game started on a data folder another copy holds
- archive-busy: the played games while another program holds the archive's lock
- archive-skipped: the played games with two hand-edited rows left out
"""

from __future__ import annotations

import sqlite3

import pygame

from scenes.app import App
from scenes.model import archive
from scenes.model.folder_lock import Holder
from scenes.model.userdata import data_dir
from tools import archive_bench
from tools.history_shots import settled


def shot_already_open(app: App) -> pygame.Surface:
    app.stack.reset_now(app.scene("already-open", Holder(48213, "desk")))
    return settled(app)


def _sample_archive(games: int = 12) -> archive.Archive:
    archive.close_all()
    built = archive_bench.build(data_dir() / archive.ARCHIVE_FILE, games)
    built.close()
    return archive.store(data_dir())


def shot_archive_busy(app: App) -> pygame.Surface:
    _sample_archive()
    other = sqlite3.connect(data_dir() / archive.ARCHIVE_FILE, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program writing, as a sync tool or a backup would
    try:
        app.go("archive", fade=False)
        return settled(app).copy()
    finally:
        other.execute("ROLLBACK")
        other.close()
        archive.close_all()


def shot_archive_skipped(app: App) -> pygame.Surface:
    store = _sample_archive()
    rows = store.games(limit=2)
    store.db.execute("UPDATE games SET rounds = 'many' WHERE id = ?", (rows[0].id,))
    store.db.execute("UPDATE seats SET name = ? WHERE game_id = ?", ("Ann\x00a", rows[1].id))
    app.go("archive", fade=False)
    picture = settled(app).copy()
    archive.close_all()
    return picture


SHOTS = {
    "already-open": shot_already_open,
    "archive-busy": shot_archive_busy,
    "archive-skipped": shot_archive_skipped,
}
