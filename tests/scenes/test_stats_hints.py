"""Issue 33 item 3: the statistics mark a best score reached only in a game with hints (the
archive keeps each game's hints, schema version 6; older games get theirs from the kept record)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.goennen.engine import current_scores
from scenes.model.archive import Archive
from scenes.model.archive_entry import FINISHED, entry_of_session
from scenes.model.archive_schema import SCHEMA_VERSION, migrate, version_of
from scenes.model.archive_stats import statistics
from scenes.model.hints import HINTS
from tools import archive_bench


def _scores() -> list[tuple[int, object]]:
    sessions = [archive_bench.played(2, seed) for seed in (3, 4, 5, 6)]
    return sorted(((current_scores(s.state)[0].total, s) for s in sessions), key=lambda pair: pair[0])


def test_a_best_score_reached_with_hints_is_marked(tmp_path: Path) -> None:
    (low, clean), (high, hinted) = _scores()[0], _scores()[-1]
    assert high > low
    hinted.context[HINTS] = 3  # type: ignore[attr-defined]
    store = Archive(tmp_path / "archive.sqlite3")
    store.record(entry_of_session(clean, FINISHED, "2026-12-01T10:00:00"))  # type: ignore[arg-type]
    assert not statistics(store.db).best_with_hints
    store.record(entry_of_session(hinted, FINISHED, "2026-12-01T11:00:00"))  # type: ignore[arg-type]
    stats = statistics(store.db)
    assert stats.best_score == high and stats.best_with_hints


def test_the_hints_of_a_game_kept_before_version_6_come_from_its_record(tmp_path: Path) -> None:
    (_, hinted) = _scores()[-1]
    hinted.context[HINTS] = 2  # type: ignore[attr-defined]
    path = tmp_path / "archive.sqlite3"
    fresh = Archive(path)
    fresh.record(entry_of_session(hinted, FINISHED, "2026-12-01T11:00:00"))  # type: ignore[arg-type]
    fresh.db.execute("UPDATE games SET hints = 0")  # as version 5 kept it: no such column's value
    fresh.db.close()
    aged = sqlite3.connect(path, isolation_level=None)
    aged.execute("PRAGMA user_version = 5")
    aged.execute("ALTER TABLE games DROP COLUMN hints")
    aged.execute("ALTER TABLE reviews DROP COLUMN adviser")
    aged.execute("DROP INDEX games_tally")  # as version 5 kept it: without the later column
    aged.execute("CREATE INDEX games_tally ON games (game, imported, mode, players, player_won)")
    aged.execute("ALTER TABLE games DROP COLUMN bot_levels")
    migrate(aged)
    assert version_of(aged) == SCHEMA_VERSION
    assert aged.execute("SELECT hints FROM games").fetchall() == [(2,)]
