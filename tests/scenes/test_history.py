"""The history: the replay model, sharing a game (export -> import, validated like a save), the
archive, replay and statistics screens, deleting a game after a confirmation, and the self-test's
game found in the archive."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.goennen.engine import current_scores, result
from scenes.app import App
from scenes.core.confirm import ConfirmScene
from scenes.history.archive_list import ArchiveScene
from scenes.history.replay import ReplayScene
from scenes.history.statistics import StatisticsScene
from scenes.history.words import row_words
from scenes.model import archive
from scenes.model.archive import ARCHIVE_FILE, Archive, keep
from scenes.model.archive_entry import FINISHED, entry_of_session
from scenes.model.archive_share import DONE, IMPORTS, export_game, import_games
from scenes.model.archive_stats import statistics
from scenes.model.files import NEWER
from scenes.model.odds_setting import finished_games
from scenes.model.replay import Replay
from scenes.model.session import GameSession
from scenes.table import selftest
from tests.scenes.conftest import click, press, settle, top
from tools import archive_bench


@pytest.fixture(scope="module")
def game() -> GameSession:
    return archive_bench.played(2, seed=12)


# --- the replay model -------------------------------------------------------------------------------


def test_the_replay_shows_every_step_and_finds_turns_and_rounds(game: GameSession) -> None:
    replay = Replay(game)
    assert replay.steps == len(game.match.actions)
    assert replay.state(replay.steps) == game.state and replay.state(0).round == 0
    assert [move.action for move in replay.played(replay.steps)] == game.match.actions
    starts = replay.turn_starts
    assert starts[0] == 0 and starts == sorted(set(starts)) and len(starts) > replay.rounds
    for start in starts[1:]:
        before, after = replay.state(start - 1), replay.state(start)
        assert (before.round, before.active) != (after.round, after.active)
    middle = starts[5] + 1
    assert replay.previous_turn(middle) == starts[5] and replay.previous_turn(starts[5]) == starts[4]
    assert replay.next_turn(middle) == starts[6]
    for round_index in range(replay.rounds):
        start = replay.round_start(round_index)
        assert replay.state(start).round == round_index
        assert start == 0 or replay.state(start - 1).round < round_index


# --- sharing ---------------------------------------------------------------------------------------


def test_an_exported_game_imports_into_another_archive(tmp_path: Path, game: GameSession) -> None:
    mine = Archive(tmp_path / "mine" / ARCHIVE_FILE)
    mine.record(entry_of_session(game, FINISHED, "2026-11-26T08:15:00"))
    (row,) = mine.games()
    path, problem = export_game(mine, row.id, tmp_path / "mine")
    assert problem is None and path is not None and path.parent.name == "exports"
    friend = tmp_path / "friend"
    (friend / IMPORTS).mkdir(parents=True)
    (friend / IMPORTS / path.name).write_bytes(path.read_bytes())
    theirs = Archive(friend / ARCHIVE_FILE)
    report = import_games(theirs, friend)
    assert (report.added, report.already, report.refused) == (1, 0, [])
    (imported,) = theirs.games()
    assert (imported.played_at, imported.outcome, imported.seats) == (row.played_at, row.outcome, row.seats)
    assert theirs.record_of(imported.id) == mine.record_of(row.id)
    assert (friend / IMPORTS / DONE / path.name).exists() and not (friend / IMPORTS / path.name).exists()
    (friend / IMPORTS / "again.json").write_bytes(path.read_bytes())
    assert import_games(theirs, friend).already == 1


def test_an_imported_file_is_validated_like_a_save(tmp_path: Path, game: GameSession) -> None:
    inbox = tmp_path / IMPORTS
    inbox.mkdir()
    data = game.to_data()
    tampered = dict(data, actions=[*data["actions"][:30], "reroll YOGBP", *data["actions"][31:]])
    (inbox / "tampered.json").write_text(json.dumps(tampered), encoding="utf-8")
    (inbox / "not-json.json").write_text("{ no", encoding="utf-8")
    (inbox / "newer.json").write_text(json.dumps(dict(data, version=99)), encoding="utf-8")
    report = import_games(Archive(tmp_path / ARCHIVE_FILE), tmp_path)
    assert report.added == 0
    assert sorted(problem.reason for problem in report.refused) == ["damaged", "damaged", NEWER]
    assert (inbox / "newer.json").exists()  # kept for the newer version
    assert sorted(path.name.split(".broken-")[0] for path in inbox.iterdir()) == [
        "newer.json",
        "not-json.json",
        "tampered.json",
    ]


def test_a_friends_game_is_listed_marked_and_counted_nowhere(
    app: App, data_dir: Path, game: GameSession, tmp_path: Path
) -> None:
    """Issue 22: an imported game replays and is listed with its mark, but the statistics and the
    odds' first-games count stay the player's; a game played here and kept counts as before."""
    own = archive_bench.played(3, seed=4)
    own = GameSession(own.seats, own.match, data_dir / "save.json", {"mode": "multiplayer"})
    assert keep(own, FINISHED, data_dir) is None
    store = archive.store(data_dir)
    before = statistics(store.db)
    assert before.games == 1 and finished_games(data_dir) == 1
    theirs = Archive(tmp_path / "friend" / ARCHIVE_FILE)
    theirs.record(entry_of_session(game, FINISHED, "2026-11-26T08:15:00"))
    shared, _ = export_game(theirs, theirs.games()[0].id, tmp_path / "friend")
    (mine,) = store.games()
    my_export, _ = export_game(store, mine.id, data_dir)  # the player's own game, read back
    assert shared is not None and my_export is not None
    (data_dir / IMPORTS).mkdir()
    for path in (shared, my_export):
        (data_dir / IMPORTS / path.name).write_bytes(path.read_bytes())
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene)
    click(app, scene.actions["import"].rect.center)
    assert scene.message.startswith("Imported: 1. Already in the archive: 1.")
    assert [(row.seed, row.imported) for row in scene.rows] == [(4, False), (12, True)]  # newest first
    labels = [w.label() for w in scene.focus.widgets if "·" in getattr(w, "label", lambda: "")()]
    assert [label.endswith(" · imported") for label in labels] == [False, True]
    assert statistics(store.db) == before and finished_games(data_dir) == 1
    origin = next(w for w in scene.focus.widgets if getattr(w, "label", lambda: "")() == "Own + imported")
    click(app, origin.rect.center)
    assert origin.label() == "Own only" and [row.seed for row in scene.rows] == [4]
    click(app, origin.rect.center)
    assert origin.label() == "Imported only" and [row.seed for row in scene.rows] == [12]
    record = store.record_of(scene.rows[0].id)
    assert record is not None and Replay.of_record(record, "friend").steps == len(game.match.actions)
    again = archive_bench.played(2, seed=9)
    again = GameSession(again.seats, again.match, data_dir / "save.json", {"mode": "multiplayer"})
    assert keep(again, FINISHED, data_dir) is None
    assert statistics(store.db).games == 2 and finished_games(data_dir) == 2


# --- the screens ----------------------------------------------------------------------------------------


def _filled(data_dir: Path, game: GameSession) -> Archive:
    store = archive.store(data_dir)
    store.record(entry_of_session(game, FINISHED, "2026-11-26T08:15:00"))
    store.record_many(archive_bench.sample_entries(30))
    return store


def test_the_title_leads_to_the_archive_and_a_row_to_its_replay(
    app: App, data_dir: Path, game: GameSession
) -> None:
    assert "archive" not in top(app).buttons  # type: ignore[attr-defined]  # nothing played yet
    _filled(data_dir, game)
    app.go("title", how="reset", fade=False)
    settle(app)
    title = top(app)
    click(app, title.buttons["archive"].rect.center)  # type: ignore[attr-defined]
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene) and len(scene.rows) == scene.rows_per_page
    press(app, pygame.K_PAGEDOWN)
    assert scene.page == 1
    click(app, scene.actions["page.next"].rect.center)
    assert scene.page == 2
    click(app, scene.focus.widgets[2].rect.center)  # the Solo filter
    assert scene.rows and {row.mode for row in scene.rows} == {"solo"}
    first = scene.rows[0]
    row_button = next(w for w in scene.focus.widgets if "·" in getattr(w, "label", lambda: "")())
    click(app, row_button.rect.center)
    settle(app)
    replay = top(app)
    assert isinstance(replay, ReplayScene) and replay.step == 0
    record = archive.store(data_dir).record_of(first.id)
    assert record is not None and replay.replay.steps == len(record["actions"])


def test_the_replay_steps_turns_rounds_and_plays_to_the_final_scores(app: App, game: GameSession) -> None:
    app.change_settings(animation_speed="instant")
    replay = Replay(game)
    app.go("replay", replay, fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ReplayScene)
    press(app, pygame.K_RIGHT)
    assert scene.step == 1
    press(app, pygame.K_PAGEDOWN)
    assert scene.step == replay.turn_starts[1]
    press(app, pygame.K_LEFT)
    assert scene.step == replay.turn_starts[1] - 1
    scene.go_to(scene._round_start(1))
    assert scene.state.round == 1 and scene.step == replay.round_start(1)
    scene.toggle_play()
    for _ in range(replay.steps + 5):
        app.step(1 / 60)
    assert scene.step == replay.steps and not scene.playing
    assert current_scores(scene.state) == result(game.state).scores
    assert scene.log.records  # the log beside it
    press(app, pygame.K_ESCAPE)
    settle(app)
    assert not isinstance(top(app), ReplayScene)


def test_the_statistics_screen_shows_the_archive(app: App, data_dir: Path, game: GameSession) -> None:
    _filled(data_dir, game)
    app.go("statistics", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, StatisticsScene) and scene.stats.games == 31


def test_a_damaged_archive_is_told_on_the_archive_screen(app: App, data_dir: Path) -> None:
    archive.close_all()
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / ARCHIVE_FILE).write_bytes(b"not a database at all" * 100)
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene)
    assert "archive.sqlite3" in scene.message and "kept as archive.sqlite3.broken-" in scene.message


# --- the self-test's game ---------------------------------------------------------------------------------


def test_the_selftest_game_is_archived_and_replays_to_its_final_scores(tmp_path: Path) -> None:
    passed, report = selftest.run(seed=3, data_dir=tmp_path)
    assert passed, report
    archive.close_all()
    store = Archive(tmp_path / ARCHIVE_FILE)
    (row,) = store.games()
    assert row.outcome == FINISHED and row.players == 4
    record = store.record_of(row.id)
    assert record is not None
    replay = Replay.of_record(record, "selftest")
    final = current_scores(replay.state(replay.steps))
    assert [score.total for score in final] == [seat.score for seat in row.seats]
    assert final == result(replay.session.state).scores


def test_a_game_is_deleted_from_the_list_only_after_a_confirmation_naming_it(
    app: App, data_dir: Path, game: GameSession
) -> None:
    store = archive.store(data_dir)
    store.record(entry_of_session(game, FINISHED, "2026-11-26T08:15:00"))
    store.record_many(archive_bench.sample_entries(2))
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene) and len(scene.rows) == 3
    doomed = scene.rows[0]
    deletes = [w for w in scene.focus.widgets if getattr(w, "label", lambda: "")() == "Delete"]
    assert len(deletes) == 3
    click(app, deletes[0].rect.center)
    settle(app)
    dialog = top(app)
    assert isinstance(dialog, ConfirmScene) and row_words(doomed) in dialog.confirmation.question()
    press(app, pygame.K_ESCAPE)  # the safe choice: nothing is lost
    settle(app)
    assert top(app) is scene and store.count() == 3
    click(app, deletes[0].rect.center)
    settle(app)
    dialog = top(app)
    assert isinstance(dialog, ConfirmScene)
    click(app, dialog.confirm_button.rect.center)
    settle(app)
    assert top(app) is scene and store.count() == 2 and store.game(doomed.id) is None
    assert [row.id for row in scene.rows] == [row.id for row in store.games()]
    assert scene.message == f"Deleted: {row_words(doomed)}"
