"""Online games in the archive and "Check this game" (issue 37): a game played to its end at a real
keyed table (game/online/room.py) and archived from its "over" message passes the check; the same
save with one roll edited fails at that roll, with a different key at the commitment; a damaged or
hostile message is refused with a clear reason and archives nothing. The screens are driven with
posted events."""

from __future__ import annotations

import copy
import json
import random
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes.app import App
from scenes.history.check_game import CheckScene
from scenes.history.replay_controls import ReplayBase
from scenes.history.words import row_words
from scenes.model import archive
from scenes.model.archive_share import IMPORTS, export_game, import_games
from scenes.model.archive_stats import statistics
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.online_games import (
    CHANCE,
    COMMITMENT,
    DAMAGED,
    NO_KEY,
    NOT_ONLINE,
    ONLINE,
    ONLINE_HOST,
    START,
    UNFINISHED,
    OnlineResult,
    archive_online,
    check_online,
)
from tests.scenes.conftest import press, settle, top
from tools import archive_bench
from tools.check_shots import edited_roll, online_over

FIRST, PENK = "goennen-koennen", "penk"


@pytest.fixture(scope="module")
def tables() -> dict[str, tuple[dict[str, Any], str, tuple[SeatConfig, ...]]]:
    return {game: online_over(game) for game in (FIRST, PENK)}


def _result(tables: dict[str, Any], game: str = FIRST, **changes: Any) -> OnlineResult:
    over, commit, seats = tables[game]
    result = OnlineResult(game, copy.deepcopy(over["save"]), over["key"], commit, seats, 0, False)
    return replace(result, **changes)


def _only_record(folder: Path) -> dict[str, Any]:
    store = archive.store(folder)
    (row,) = store.games()
    record = store.record_of(row.id)
    assert record is not None
    return record


# --- archiving ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [FIRST, PENK])
def test_an_archived_online_game_passes_the_check(tables: dict[str, Any], data_dir: Path, game: str) -> None:
    over = tables[game][0]
    assert archive_online(_result(tables, game), data_dir) is None
    store = archive.store(data_dir)
    (row,) = store.games()
    assert (row.game, row.mode, row.outcome) == (game, ONLINE, "finished")
    assert [seat.name for seat in row.seats] == ["Anna", "Bot 2", "Bot 3"]
    assert row.player_score == row.seats[0].score  # this player's seat alone, not every person's
    record = _only_record(data_dir)
    assert record["setup"]["seed"] == 0 and record["actions"] == over["save"]["actions"]
    assert record["context"]["online"] == {
        "key": over["key"],
        "commit": over["commit"],
        "seat": 0,
        "host_mode": False,
        "ended": "finished",
    }
    assert check_online(record).ok
    # the same game again changes nothing; the statistics count it under its own mode
    assert archive_online(_result(tables, game), data_dir) is None and store.count() == 1
    assert ONLINE in [tally.key for tally in statistics(store.db, game).by_mode]


def test_one_roll_edited_fails_at_that_step_with_both_outcomes(
    tables: dict[str, Any], data_dir: Path
) -> None:
    save = tables[FIRST][0]["save"]
    for after in range(40, len(save["actions"]), 5):  # the first edit whose game the rules still accept
        edited, index = edited_roll(save, after)
        if archive_online(_result(tables, save=edited), data_dir) is None:
            break
    report = check_online(_only_record(data_dir))
    assert (report.found, report.step) == (CHANCE, index)
    assert str(report.logged) == edited["actions"][index] and str(report.expected) == save["actions"][index]


def test_a_penk_roll_edited_fails_at_that_step(tables: dict[str, Any], data_dir: Path) -> None:
    assert archive_online(_result(tables, PENK), data_dir) is None
    record = _only_record(data_dir)
    index = next(i for i, text in enumerate(record["actions"]) if text.startswith("roll ") and i > 10)
    faces = record["actions"][index].split()[1]
    record["actions"][index] = "roll " + ("2" if faces[0] == "1" else "1") + faces[1:]
    report = check_online(record)
    assert (report.found, report.step) == (CHANCE, index)


def test_a_different_key_fails_at_the_commitment(tables: dict[str, Any], data_dir: Path) -> None:
    other = random.Random(99).randbytes(32).hex()
    assert archive_online(_result(tables, key=other), data_dir) is None  # kept: it is the evidence
    assert check_online(_only_record(data_dir)).found == COMMITMENT


def test_a_host_mode_game_and_a_watched_one_are_marked(tables: dict[str, Any], data_dir: Path) -> None:
    assert archive_online(_result(tables, host_mode=True), data_dir) is None
    assert archive_online(_result(tables, PENK, seat=None), data_dir) is None
    store = archive.store(data_dir)
    rows = {row.game: row for row in store.games()}
    assert rows[FIRST].mode == ONLINE_HOST and "Online among friends" in row_words(rows[FIRST])
    assert rows[PENK].mode == ONLINE and rows[PENK].player_score is None  # watched: no side of its own
    assert check_online(store.record_of(rows[FIRST].id)).host_mode


def test_the_list_says_who_held_the_key_of_a_game_among_friends(
    tables: dict[str, Any], app: App, data_dir: Path
) -> None:
    assert archive_online(_result(tables, host_mode=True), data_dir) is None
    app.go("archive", fade=False)
    settle(app)
    row = top(app).focus.focused  # type: ignore[attr-defined]  # the first row has the focus
    assert "Online among friends" in row.label()
    assert "the host's computer held the key to the dice" in row.tooltip()


def _bad_results(tables: dict[str, Any]) -> list[tuple[str, Any]]:
    save = tables[FIRST][0]["save"]
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    return [
        ("no game", replace(_result(tables), game="chess")),
        ("not a record", _result(tables, save=["roll"])),
        ("another game", _result(tables, save=tables[PENK][0]["save"])),
        ("a seed", _result(tables, save={**save, "setup": {**save["setup"], "seed": 12345}})),
        ("a key of letters", _result(tables, key="zz" * 32)),
        ("a short key", _result(tables, key="ab")),
        ("a commitment of bytes", _result(tables, commit="\x00" * 64)),
        ("too few seats", _result(tables, seats=tables[FIRST][2][:2])),
        (
            "a bot of no level",
            _result(tables, seats=(*tables[FIRST][2][:2], SeatConfig("X", SeatKind.BOT, "god"))),
        ),
        ("seats of text", _result(tables, seats=("Anna", "Bo", "Cy"))),
        ("a seat of no kind", _result(tables, seats=(SeatConfig(5, ["x"]), *tables[FIRST][2][1:]))),  # type: ignore[arg-type]
        ("a seat off the table", _result(tables, seat=7)),
        ("a bot's seat", _result(tables, seat=1)),
        ("an ending of control characters", _result(tables, ended="\x1b[2J")),
        ("a game cut short", _result(tables, save={**save, "actions": save["actions"][:-30]})),
        (
            "a forged action",
            _result(tables, save={**save, "actions": [*save["actions"][:50], "write Z9 99"]}),
        ),
        ("a nested save", _result(tables, save={**save, "junk": deep})),
        ("host mode in words", _result(tables, host_mode="yes")),
        ("not a result", None),
    ]


def test_a_damaged_or_hostile_message_is_refused_with_a_clear_reason(
    tables: dict[str, Any], data_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for what, result in _bad_results(tables):
        problem = archive_online(result, data_dir)
        assert problem is not None, what
        assert problem.reason == "damaged" and len(problem.detail) > 10, what
        assert problem.detail.isprintable(), what
    assert archive.store(data_dir).count() == 0
    assert "an online game was not archived" in caplog.text


def test_a_damaged_record_never_stops_the_check(tables: dict[str, Any], data_dir: Path) -> None:
    assert archive_online(_result(tables), data_dir) is None
    record = _only_record(data_dir)
    online = record["context"]["online"]
    assert check_online({**record, "context": {}}).found == NOT_ONLINE
    assert check_online({**record, "context": {"online": {**online, "key": None}}}).found == NO_KEY
    assert check_online({**record, "context": {"online": {**online, "commit": 5}}}).found == COMMITMENT
    assert check_online({**record, "setup": "x"}).found == DAMAGED
    assert check_online({**record, "game": ["penk"]}).found == DAMAGED
    rng = random.Random(3)
    text = json.dumps(record)
    for _ in range(60):  # bytes changed anywhere: a report, never an exception
        at = rng.randrange(len(text))
        try:
            broken = json.loads(text[:at] + rng.choice('0"x]}') + text[at + 1 :])
        except ValueError:
            continue
        assert check_online(broken).found


# --- the screens --------------------------------------------------------------------------------


def _open_check(app: App) -> CheckScene:
    app.go("archive", fade=False)
    settle(app)
    press(app, pygame.K_RETURN)  # the first row: its replay
    assert isinstance(top(app), ReplayBase)
    press(app, pygame.K_c)
    scene = top(app)
    assert isinstance(scene, CheckScene)
    scene.job.wait(10.0)
    settle(app)
    return scene


@pytest.mark.parametrize("game", [FIRST, PENK])
def test_check_this_game_on_the_archived_game_says_every_roll_follows(
    tables: dict[str, Any], app: App, data_dir: Path, game: str
) -> None:
    assert archive_online(_result(tables, game), data_dir) is None
    scene = _open_check(app)
    assert scene.message().startswith(
        "Every roll of this game follows from the key the table committed to at the start"
    )
    app.draw()
    press(app, pygame.K_ESCAPE)  # closes the check; the replay stays
    assert isinstance(top(app), ReplayBase)


def test_check_this_game_names_the_edited_roll_and_the_host(
    tables: dict[str, Any], app: App, data_dir: Path
) -> None:
    save = tables[FIRST][0]["save"]
    for after in range(40, len(save["actions"]), 5):
        edited, index = edited_roll(save, after)
        if archive_online(_result(tables, save=edited, host_mode=True), data_dir) is None:
            break
    scene = _open_check(app)
    message = scene.message()
    assert message.startswith(f"Action {index + 1} (") and "The key gives: a roll of" in message
    assert "the host's computer held the key during the game" in message
    app.draw()


def test_the_check_button_is_there_for_online_games_only(
    tables: dict[str, Any], app: App, data_dir: Path
) -> None:
    archive.store(data_dir).record_many(archive_bench.sample_entries(1))
    app.go("archive", fade=False)
    settle(app)
    press(app, pygame.K_RETURN)
    replay = top(app)
    assert isinstance(replay, ReplayBase)
    assert all("Check" not in str(getattr(w, "label", lambda: "")()) for w in replay.focus.widgets)
    press(app, pygame.K_c)  # nothing to check
    assert top(app) is replay


def test_a_shared_online_game_is_checked_on_the_friend_s_computer(
    tables: dict[str, Any], data_dir: Path, tmp_path: Path
) -> None:
    assert archive_online(_result(tables, PENK), data_dir) is None
    store = archive.store(data_dir)
    (row,) = store.games()
    exported, problem = export_game(store, row.id, data_dir)
    assert exported is not None, problem
    friend = tmp_path / "friend"
    (friend / IMPORTS).mkdir(parents=True)
    shutil.copy(exported, friend / IMPORTS / exported.name)
    theirs = archive.store(friend)
    assert import_games(theirs, friend).added == 1
    (kept,) = theirs.games()
    assert kept.mode == ONLINE and kept.imported
    assert check_online(theirs.record_of(kept.id)).ok


def test_a_game_that_ended_early_is_checked_as_far_as_it_went(tables: dict[str, Any], data_dir: Path) -> None:
    save = tables[FIRST][0]["save"]
    cut = {**save, "actions": save["actions"][:120]}
    assert archive_online(_result(tables, save=cut, ended="resigned"), data_dir) is None
    (row,) = archive.store(data_dir).games()
    assert row.outcome == "resigned"
    report = check_online(_only_record(data_dir))
    assert (report.found, report.step) == (UNFINISHED, 120)


def test_a_start_player_the_key_did_not_draw_is_named(
    tables: dict[str, Any], app: App, data_dir: Path
) -> None:
    save = tables[PENK][0]["save"]
    moved = {**save, "setup": {**save["setup"], "first": (save["setup"]["first"] + 1) % 3}}
    assert archive_online(_result(tables, PENK, save=moved), data_dir) is None  # the rules replay it
    report = check_online(_only_record(data_dir))
    assert (report.found, report.step) == (START, 0)
    scene = _open_check(app)
    names = ["Anna", "Bot 2", "Bot 3"]
    assert scene.message().startswith(
        f"The start player does not follow from the key: the log says {names[report.logged]} began,"
        f" the key gives {names[report.expected]}."
    )
