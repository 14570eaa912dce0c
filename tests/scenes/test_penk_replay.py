"""Penk! games in the replay (scenes/model/replay.py, scenes/history/penk_replay.py): an archived
Penk! game replays step by step to its final score exactly, on Penk!'s own views, and the archive
list opens it there; its review stays the first game's only and says so."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import penk
from scenes.app import App
from scenes.history.archive_list import ArchiveScene
from scenes.history.penk_replay import PenkReplayScene
from scenes.model import archive
from scenes.model.archive_entry import FINISHED, entry_of_record
from scenes.model.replay import Replay
from tests.scenes.conftest import click, press, settle, top


@pytest.fixture(scope="module")
def record() -> dict[str, object]:
    """A whole 3-seat Penk! game between easy bots, as the archive keeps it."""
    matches: list[penk.PenkMatch] = []
    penk.play_game([penk.make_bot("easy") for _ in range(3)], 11, on_start=matches.append)
    data: dict[str, object] = json.loads(penk.match_to_json(matches[0]))
    return data


def _archived(data_dir: Path, record: dict[str, object]) -> tuple[archive.Archive, int]:
    store = archive.store(data_dir)
    assert store.record(entry_of_record(record, None, "2026-11-26T09:00:00", "penk.json")) is None
    (row,) = store.games()
    return store, row.id


def test_an_archived_penk_game_replays_to_its_final_score_exactly(
    data_dir: Path, record: dict[str, object]
) -> None:
    store, game_id = _archived(data_dir, record)
    kept = store.record_of(game_id)
    assert kept is not None
    replay = Replay.of_record(kept, "penk")
    row = store.game(game_id)
    assert row is not None and (row.game, row.outcome) == ("penk", FINISHED) and not replay.is_first_game
    final = replay.state(replay.steps)
    assert final.is_over and final == replay.session.state
    assert [score.total for score in penk.current_scores(final)] == [seat.score for seat in row.seats]
    assert replay.state(0).round == 1 and replay.round_index(0) == 0  # Penk! counts rounds from 1
    assert replay.round_start(0) == 0 and replay.rounds == final.round
    for start in replay.turn_starts[1:]:
        before, after = replay.state(start - 1), replay.state(start)
        assert (before.round, before.active) != (after.round, after.active)


def test_the_penk_replay_steps_jumps_plays_and_logs(
    app: App, data_dir: Path, record: dict[str, object]
) -> None:
    app.change_settings(animation_speed="instant")
    store, game_id = _archived(data_dir, record)
    kept = store.record_of(game_id)
    assert kept is not None
    replay = Replay.of_record(kept, "penk")
    app.go("replay", replay, fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, PenkReplayScene) and scene.step == 0
    press(app, pygame.K_RIGHT)
    assert scene.step == 1 and scene.dice.faces.count(0) == 0  # the first roll is on the table
    assert scene.move_text(replay.moves[0]).startswith(replay.session.name(replay.state(0).active))
    press(app, pygame.K_PAGEDOWN)
    assert scene.step == replay.turn_starts[1]
    press(app, pygame.K_LEFT)
    assert scene.step == replay.turn_starts[1] - 1
    scene.go_to(scene._round_start(1))
    assert scene.step == replay.round_start(1) and replay.round_index(scene.step) == 1
    scene.go_to(scene._round_start(-1))
    assert scene.step == 0
    scene.toggle_play()
    for _ in range(replay.steps + 5):
        app.step(1 / 60)
    assert scene.step == replay.steps and not scene.playing
    assert penk.current_scores(scene.state) == penk.result(replay.session.state).scores
    assert sorted(face for face in scene.dice.faces if face) == sorted(scene.state.dice)
    app.draw()  # the final picture: the sheets, the log and the winner in words
    press(app, pygame.K_ESCAPE)
    settle(app)
    assert not isinstance(top(app), PenkReplayScene)


def test_the_archive_list_opens_a_penk_game_in_its_replay(
    app: App, data_dir: Path, record: dict[str, object]
) -> None:
    _archived(data_dir, record)
    app.go("archive", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ArchiveScene) and len(scene.rows) == 1
    review = next(w for w in scene.focus.widgets if getattr(w, "label", lambda: "")() == "Review")
    assert review.enabled  # a finished Penk! game with a human seat is reviewed too (issue 38)
    row_button = next(w for w in scene.focus.widgets if "·" in getattr(w, "label", lambda: "")())
    click(app, row_button.rect.center)
    settle(app)
    replay = top(app)
    assert isinstance(replay, PenkReplayScene) and replay.step == 0 and not scene.message


def test_the_penk_replay_plays_at_the_pace_the_speed_setting_gives(
    app: App, data_dir: Path, record: dict[str, object]
) -> None:
    """dt reaches a scene already scaled by the speed setting: the viewer must not scale it again."""
    app.change_settings(animation_speed="2x")
    store, game_id = _archived(data_dir, record)
    kept = store.record_of(game_id)
    assert kept is not None
    app.go("replay", Replay.of_record(kept, "penk"), fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, PenkReplayScene)
    scene.playing = True
    scene.clock = 0.0
    scene.update(0.1)
    assert scene.clock == pytest.approx(0.1)
