"""The review of an archived Penk! game (scenes/model/penk_review.py, scenes/history/penk_review.py):
every human decision judged against the expert's, recounted from the archive's rows; the same
thresholds and marks as the first game's; each roll's luck; the screen showing a kept review."""

from __future__ import annotations

from pathlib import Path

import game.penk as penk
from scenes.app import App
from scenes.history.penk_replay import PenkReplayScene
from scenes.history.review import ReviewScene
from scenes.model import archive
from scenes.model.archive_entry import FINISHED, entry_of_session
from scenes.model.luck import summary
from scenes.model.penk_review import PenkReviewJob, alternatives, roll_steps
from scenes.model.replay import Replay
from scenes.model.review import mark_of
from tests.scenes.conftest import click, settle, top
from tools.penk_help_shots import finished_penk_game


def test_the_decisions_are_recounted_from_the_archive_rows(app: App, data_dir: Path) -> None:
    session = finished_penk_game()
    store = archive.store(data_dir)
    store.record(entry_of_session(session, FINISHED, "2026-12-02T06:00:00"))
    (row,) = store.games()
    record = store.record_of(row.id)
    replay = Replay.of_record(record, f"#{row.id}")
    job = PenkReviewJob(replay, rollouts=6, luck_rollouts=4)
    job.run()
    assert job.error is None and job.judged == len(job.decisions)
    store.keep_review(row.id, job.judgements, job.rollouts, job.lucks)
    kept = store.review_of(row.id)
    assert kept is not None
    # recounted from the archived record: every one of Anna's decisions, the expert's choice at each
    again = Replay.of_record(store.record_of(row.id), "again")
    anna = [move for move in again.moves if move.seat == 0]
    assert [j.step for j in kept] == [move.index for move in anna]
    for judgement, move in zip(kept, anna, strict=True):
        assert judgement.played == str(move.action)
        before = again.states[move.index]
        expert = penk.advise(before).action
        same = penk.same_turn(before, move.action, expert)
        assert judgement.suggested == str(move.action if same else expert)
        if judgement.played == judgement.suggested:
            assert (judgement.loss, judgement.mark) == (0.0, "")
        assert judgement.mark == mark_of(judgement.loss, judgement.noise)
    assert any(j.played != j.suggested for j in kept)
    # each roll's luck, in game order, summed for Anna
    lucks = store.luck_of(row.id)
    assert lucks is not None and [luck.step for luck in lucks] == roll_steps(again)
    luck = summary(again, lucks)
    assert luck.seat == 0 and luck.result in (0.0, 0.5, 1.0)
    # the screen shows the kept review, worst first; a row opens the Penk! replay there
    app.go("review", row.id, again, fade=False)
    app.step(1 / 60)
    scene = top(app)
    assert isinstance(scene, ReviewScene) and scene.job is None and scene.judgements == kept
    worst = scene.differing()[0]
    click(app, scene.focus.widgets[0].rect.center)
    settle(app)
    shown = top(app)
    assert isinstance(shown, PenkReplayScene) and shown.step == worst.step and shown.note is not None
    assert "Anna" in shown.note()


def test_the_other_rolls_show_every_face_equally_often() -> None:
    state = penk.new_game(2)
    rolls = alternatives(state, 7, 0, 24)
    assert len(rolls) == 24 and all(len(roll.faces) == 6 for roll in rolls)
    faces = [face for roll in rolls for face in roll.faces]
    assert all(faces.count(face) == 24 for face in penk.FACES)
