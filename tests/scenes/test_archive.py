"""The archive (scenes/model/archive.py): games kept once with the record that replays them, the
schema migrated from every version, damaged and newer databases, the old finished/ files imported
once, abandoned games kept, and the screens' questions answered through indexes at 10,000 games."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from game import penk
from game.goennen.engine import result
from game.goennen.serialize import match_from_data
from scenes.model import archive as archive_module
from scenes.model import archive_schema
from scenes.model.archive import ARCHIVE_FILE, Archive, keep, keep_abandoned, store
from scenes.model.archive_entry import ABANDONED, FINISHED, RESIGNED, entry_of_record, entry_of_session
from scenes.model.archive_schema import SCHEMA_VERSION, migrate, version_of
from scenes.model.files import DAMAGED, NEWER
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.luck import RollLuck
from scenes.model.review import Judgement
from scenes.model.session import GameSession
from tools import archive_bench


@pytest.fixture(scope="module")
def finished() -> GameSession:
    """A whole 3-seat game, seat 0 human (easy bots played it)."""
    return archive_bench.played(3, seed=21)


def test_a_finished_game_is_kept_with_its_seats_scores_and_record(
    tmp_path: Path, finished: GameSession
) -> None:
    archive = Archive(tmp_path / ARCHIVE_FILE)
    assert archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00")) is None
    (row,) = archive.games()
    outcome = result(finished.state)
    assert (row.mode, row.outcome, row.players, row.seed) == ("multiplayer", FINISHED, 3, 21)
    assert [seat.score for seat in row.seats] == [score.total for score in outcome.scores]
    assert [seat.won for seat in row.seats] == [i in outcome.winners for i in range(3)]
    assert [(seat.kind, seat.level) for seat in row.seats] == [
        ("human", None),
        ("bot", "easy"),
        ("bot", "easy"),
    ]
    assert row.player_score == outcome.scores[0].total and row.player_won == (0 in outcome.winners)
    cards = archive.db.execute(
        "SELECT card_id, points FROM card_scores WHERE game_id = ? AND seat = 0", (row.id,)
    ).fetchall()
    assert cards == [(card.card_id, card.points) for card in outcome.scores[0].cards]
    # the record replays the game to the very same final scores
    record = archive.record_of(row.id)
    assert record is not None
    assert result(match_from_data(record).state) == outcome


def test_the_same_game_is_kept_once(tmp_path: Path, finished: GameSession) -> None:
    archive = Archive(tmp_path / ARCHIVE_FILE)
    for outcome in (FINISHED, RESIGNED):
        assert archive.record(entry_of_session(finished, outcome, "2026-11-26T08:00:00")) is None
    assert archive.count() == 1 and archive.games()[0].outcome == FINISHED


def test_keep_moves_the_game_from_its_slot_into_the_archive(tmp_path: Path) -> None:
    session = archive_bench.played(2, seed=5)
    session = GameSession(session.seats, session.match, tmp_path / "save.json", {"mode": "multiplayer"})
    session.save()
    assert keep(session, FINISHED) is None
    assert not (tmp_path / "save.json").exists() and store(tmp_path).count() == 1


def test_a_deleted_or_replaced_game_is_kept_as_abandoned(tmp_path: Path) -> None:
    seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bot", SeatKind.BOT, "easy"))
    session = GameSession.start(GameConfig(seats, 0), seed=3, save_path=tmp_path / "save.json")
    session.resolve_chance()
    assert keep_abandoned(tmp_path / "save.json") is None
    (row,) = store(tmp_path).games()
    assert row.outcome == ABANDONED and row.player_won is False


# --- the schema, version by version ------------------------------------------------------------------


def _tables(db: sqlite3.Connection) -> dict[str, list[tuple[object, ...]]]:
    names = [
        name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    ]
    return {name: sorted(db.execute(f"SELECT * FROM {name}").fetchall(), key=repr) for name in names}


def _write_as_of(old: int, fresh: Archive, path: Path) -> None:
    """The rows of `fresh` written into a new database of schema version `old`, cut to its columns."""
    aged = sqlite3.connect(path, isolation_level=None)
    migrate(aged, old)
    for table, rows in _tables(fresh.db).items():
        columns = [column for _, column, *_ in aged.execute(f"PRAGMA table_info({table})")]
        if not columns:  # the table is younger than `old`
            continue
        every = [column for _, column, *_ in fresh.db.execute(f"PRAGMA table_info({table})")]
        picked = [[row[every.index(column)] for column in columns] for row in rows]
        marks = ",".join("?" * len(columns))
        aged.executemany(f"INSERT INTO {table} ({','.join(columns)}) VALUES ({marks})", picked)
    aged.close()


@pytest.mark.parametrize("old", range(SCHEMA_VERSION))
def test_a_database_of_every_earlier_version_is_migrated(
    tmp_path: Path, finished: GameSession, old: int
) -> None:
    """A game written at version `old` (the rows a fresh archive writes, cut to that version's
    columns) comes out of the migrations exactly as a fresh archive of today keeps it."""
    fresh = Archive(tmp_path / "fresh.sqlite3")
    fresh.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00"))
    _write_as_of(old, fresh, tmp_path / ARCHIVE_FILE)
    migrated = Archive(tmp_path / ARCHIVE_FILE)
    assert migrated.problem is None and version_of(migrated.db) == SCHEMA_VERSION
    if old == 0:  # version 0 is an empty file: nothing to keep, today's tables made
        assert _tables(migrated.db) == {name: [] for name in _tables(fresh.db)}
        return
    assert _tables(migrated.db) == _tables(fresh.db)
    assert migrated.games() == fresh.games()


def test_a_failed_migration_step_leaves_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = sqlite3.connect(tmp_path / ARCHIVE_FILE, isolation_level=None)
    migrate(db, 1)

    def broken(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE games ADD COLUMN half_done INTEGER")
        raise sqlite3.OperationalError("the step fails half way")

    monkeypatch.setattr(archive_schema, "MIGRATIONS", (archive_schema.MIGRATIONS[0], broken))
    with pytest.raises(sqlite3.OperationalError):
        archive_schema.migrate(db, 2)
    assert version_of(db) == 1
    assert "half_done" not in [column for _, column, *_ in db.execute("PRAGMA table_info(games)")]


# --- damaged, newer, unwritable -------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["not a database", "truncated"])
def test_a_damaged_archive_is_set_aside_and_a_new_one_started(
    tmp_path: Path, finished: GameSession, damage: str
) -> None:
    path = tmp_path / ARCHIVE_FILE
    if damage == "not a database":
        path.write_bytes(b"These are not the bytes of an SQLite database.\n" * 200)
    else:
        Archive(path).record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00"))
        store_bytes = path.read_bytes()
        path.write_bytes(store_bytes[:100] + b"\xff" * 3000 + store_bytes[3100:])
    archive = Archive(path)
    assert archive.problem is not None and archive.problem.reason == DAMAGED
    assert archive.problem.kept_as is not None and (tmp_path / archive.problem.kept_as).exists()
    assert archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00")) is None
    assert Archive(path).count() == 1


def test_an_archive_missing_a_table_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / ARCHIVE_FILE
    Archive(path).db.execute("DROP TABLE seats")
    archive_module.close_all()
    archive = Archive(path)
    assert archive.problem is not None and archive.problem.reason == DAMAGED
    assert "tables missing: seats" in archive.problem.detail and not archive.in_memory


def test_a_data_folder_that_is_a_file_keeps_games_for_the_run_only(
    tmp_path: Path, finished: GameSession
) -> None:
    folder = tmp_path / "a-file"
    folder.write_text("not a folder", encoding="utf-8")
    archive = Archive(folder / ARCHIVE_FILE)
    assert archive.problem is not None and archive.problem.reason == "not_a_folder" and archive.in_memory
    assert archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00")) is None
    assert archive.count() == 1 and folder.read_text(encoding="utf-8") == "not a folder"


def test_an_archive_of_a_newer_version_is_left_untouched(tmp_path: Path, finished: GameSession) -> None:
    path = tmp_path / ARCHIVE_FILE
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    archive = Archive(path)
    assert archive.problem is not None and archive.problem.reason == NEWER
    assert archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00")) is None  # in memory
    assert path.read_bytes() == before


# --- the old finished/ folder ----------------------------------------------------------------------


def test_the_old_finished_files_are_imported_once(tmp_path: Path, finished: GameSession) -> None:
    folder = tmp_path / "finished"
    folder.mkdir()
    (folder / "20261120-193000.json").write_text(json.dumps(finished.to_data()), encoding="utf-8")
    resigned = archive_bench.played(2, seed=8)
    data = resigned.to_data()
    data["actions"] = data["actions"][:40]
    (folder / "20261121-101500.json").write_text(json.dumps(data), encoding="utf-8")
    (folder / "20261122-000000.json").write_text("{ damaged", encoding="utf-8")
    archive = store(tmp_path)
    rows = archive.games(order="oldest")
    assert [(row.played_at, row.outcome) for row in rows] == [
        ("2026-11-20T19:30:00", FINISHED),
        ("2026-11-21T10:15:00", RESIGNED),
    ]
    archive_module.close_all()
    (folder / "20261123-000000.json").write_text(json.dumps(finished.to_data()), encoding="utf-8")
    assert store(tmp_path).count() == 2  # read once: the folder is not read again
    assert (folder / "20261122-000000.json").exists()  # a refused file stays where it was


# --- speed ---------------------------------------------------------------------------------------------


def _statements(archive: Archive, ask: Callable[[], object]) -> list[str]:
    """The SELECT statements one of the screens' questions runs."""
    asked: list[str] = []
    archive.db.set_trace_callback(asked.append)
    try:
        ask()
    finally:
        archive.db.set_trace_callback(None)
    return [sql for sql in asked if sql.lstrip().upper().startswith("SELECT")]


def _vm_steps(archive: Archive, ask: Callable[[], object]) -> int:
    """SQLite's virtual-machine instructions for one question, in hundreds: a count of the work
    that does not depend on the machine's speed or load."""
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    archive.db.set_progress_handler(count, 100)
    try:
        ask()
    finally:
        archive.db.set_progress_handler(None, 100)
    return steps[0]


@pytest.fixture(scope="module")
def sample_archives(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Archive]:
    folder = tmp_path_factory.mktemp("sample")
    return {games: archive_bench.build(folder / f"{games}.sqlite3", games) for games in (2_000, 10_000)}


# Timings belong to the bench (python -m tools.archive_bench: every question within 50 ms at 10,000
# games); the tests check what makes them fast on any machine: how SQLite answers, and how the work
# grows with the archive.
SLOW_PLANS = re.compile(r"^SCAN \w+$|MATERIALIZE|CORRELATED|AUTOMATIC")


def test_every_question_of_the_screens_reads_through_an_index(sample_archives: dict[int, Archive]) -> None:
    archive = sample_archives[2_000]
    for name, ask in archive_bench.questions(archive).items():
        statements = _statements(archive, ask)
        assert statements, name
        for sql in statements:
            plan = [row[3] for row in archive.db.execute(f"EXPLAIN QUERY PLAN {sql}")]
            slow = [step for step in plan if SLOW_PLANS.search(step)]
            assert not slow, (name, sql, plan)


def test_a_page_of_the_list_costs_the_same_however_many_games_are_kept(
    sample_archives: dict[int, Archive],
) -> None:
    small, large = sample_archives[2_000], sample_archives[10_000]
    for name in ("list_newest", "list_solo_best", "record"):
        steps = [_vm_steps(archive, archive_bench.questions(archive)[name]) for archive in (small, large)]
        assert steps[1] <= 1.25 * steps[0] + 10, (name, steps)


def test_the_statistics_grow_no_faster_than_the_games(sample_archives: dict[int, Archive]) -> None:
    small, large = sample_archives[2_000], sample_archives[10_000]
    per_game = [
        100 * _vm_steps(archive, archive_bench.questions(archive)["statistics"]) / games
        for games, archive in ((2_000, small), (10_000, large))
    ]
    assert per_game[1] <= 1.1 * per_game[0], per_game
    assert per_game[1] < 150, per_game  # about 125 instructions a game: one pass over a few indexes


def test_a_penk_game_is_kept_by_its_envelope(tmp_path: Path) -> None:
    matches: list[penk.PenkMatch] = []
    penk.play_game([penk.make_bot("easy"), penk.make_bot("easy")], 7, on_start=matches.append)
    record = json.loads(penk.match_to_json(matches[0]))
    entry = entry_of_record(record, None, "2026-11-26T08:00:00", "penk.json")
    archive = Archive(tmp_path / ARCHIVE_FILE)
    assert archive.record(entry) is None
    (row,) = archive.games()
    outcome = penk.result(matches[0].state)
    assert (row.game, row.outcome) == ("penk", FINISHED)
    assert [seat.score for seat in row.seats] == [score.total for score in outcome.scores]
    assert archive.record_of(row.id) == record


def _penk_record(seed: int) -> dict[str, object]:
    matches: list[penk.PenkMatch] = []
    penk.play_game([penk.make_bot("easy"), penk.make_bot("easy")], seed, on_start=matches.append)
    record = json.loads(penk.match_to_json(matches[0]))
    assert isinstance(record, dict)
    return record


def test_games_kept_at_version_4_are_the_players_own_but_a_shared_penk_file(
    tmp_path: Path, finished: GameSession
) -> None:
    """Version 5 marks imported games. Of those imported before it, only a Penk! game kept the shared
    file whole (with its "archived" note); a first game's record was rebuilt by replaying it, so it
    cannot be told from one played here and stays counted as the player's own."""
    when = "2026-11-26T08:00:00"
    shared = dict(_penk_record(8), archived={"played_at": when, "outcome": FINISHED})
    fresh = Archive(tmp_path / "fresh.sqlite3")
    fresh.record(entry_of_session(finished, FINISHED, when), imported=True)
    fresh.record(entry_of_record(_penk_record(7), None, when, "mine.json"))
    fresh.record(entry_of_record(shared, None, when, "shared.json"), imported=True)
    _write_as_of(4, fresh, tmp_path / ARCHIVE_FILE)
    migrated = Archive(tmp_path / ARCHIVE_FILE)
    assert migrated.problem is None and version_of(migrated.db) == SCHEMA_VERSION
    origin = {(row.game, row.seed): row.imported for row in migrated.games()}
    assert origin == {("goennen-koennen", 21): False, ("penk", 7): False, ("penk", 8): True}
    assert [row.imported for row in fresh.games(order="oldest")] == [True, False, True]


def test_a_review_kept_at_version_3_comes_through_with_its_luck_absent(
    tmp_path: Path, finished: GameSession
) -> None:
    """Version 4 adds each roll's luck: a review kept before keeps its judgements, says its luck
    is not measured yet (None: the review screen then measures it alone), and takes it in later."""
    fresh = Archive(tmp_path / "fresh.sqlite3")
    fresh.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00"))
    (row,) = fresh.games()
    judgements = [Judgement(7, 0, 1, "end", "buy S1 YO", 0.1, 0.02, "bad")]
    lucks = [RollLuck(3, 0, 0, "roll Y1 O2 G3 B4 P5", 0.25, 0.05), RollLuck(9, 1, 0, "roll Y6", -0.5, 2.0)]
    fresh.keep_review(row.id, judgements, 40, lucks)
    aged = sqlite3.connect(tmp_path / ARCHIVE_FILE, isolation_level=None)
    migrate(aged, 3)
    for table, rows in _tables(fresh.db).items():
        columns = [column for _, column, *_ in aged.execute(f"PRAGMA table_info({table})")]
        if not columns:  # review_luck is younger than version 3
            continue
        every = [column for _, column, *_ in fresh.db.execute(f"PRAGMA table_info({table})")]
        picked = [[row[every.index(column)] for column in columns] for row in rows]
        marks = ",".join("?" * len(columns))
        aged.executemany(f"INSERT INTO {table} ({','.join(columns)}) VALUES ({marks})", picked)
    aged.close()
    migrated = Archive(tmp_path / ARCHIVE_FILE)
    assert migrated.problem is None and version_of(migrated.db) == SCHEMA_VERSION
    assert migrated.review_of(row.id) == judgements
    assert migrated.luck_of(row.id) is None and fresh.luck_of(row.id) is not None
    assert migrated.keep_luck(row.id, lucks) is None
    assert migrated.luck_of(row.id) == [lucks[0], replace(lucks[1], noise=1.0)]  # a noise is kept at most 1
    assert migrated.luck_of(row.id) == fresh.luck_of(row.id)
    assert migrated.review_of(row.id) == judgements
    # version 6: a review kept before keeps the bot it judged with, and says so
    assert migrated.review_adviser(row.id) == "hard" and fresh.review_adviser(row.id) == "expert"


def test_a_deleted_game_leaves_nothing_behind_and_the_others_stay(
    tmp_path: Path, finished: GameSession
) -> None:
    archive = Archive(tmp_path / ARCHIVE_FILE)
    archive.record_many(archive_bench.sample_entries(3))
    archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00"))
    doomed = next(row for row in archive.games() if row.played_at == "2026-11-26T08:00:00")
    archive.keep_review(doomed.id, [Judgement(7, 0, 1, "end", "end", 0.0, 0.0, "")], 40, [])
    before = _tables(archive.db)
    assert archive.delete(doomed.id) is None
    assert archive.count() == 3 and archive.game(doomed.id) is None and archive.record_of(doomed.id) is None
    assert archive.review_of(doomed.id) is None and archive.luck_of(doomed.id) is None
    after = _tables(archive.db)
    for table, rows in before.items():
        kept = [row for row in rows if doomed.id not in (row[0],)]  # every table's first column: the game
        assert after[table] == kept or table == "facts", table


def test_a_failed_delete_changes_nothing_and_says_why(tmp_path: Path, finished: GameSession) -> None:
    archive = Archive(tmp_path / ARCHIVE_FILE)
    archive.record(entry_of_session(finished, FINISHED, "2026-11-26T08:00:00"))
    (row,) = archive.games()
    archive.db.execute("PRAGMA query_only = ON")  # as a read-only folder refuses the write
    problem = archive.delete(row.id)
    assert problem is not None and archive.problem is problem
    archive.db.execute("PRAGMA query_only = OFF")
    assert archive.games() == [row]
