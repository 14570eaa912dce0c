"""Notices that are seen and true: a title notice stays up at the "instant" speed, a folder with
the archive's name is called that (not a read-only folder), an archived game whose slot stayed is
not called unarchived, and a progress file holding only its version is named as damaged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenes.app import App
from scenes.core import file_notices
from scenes.menus.title import NOTICE_FADE_SECONDS, NOTICE_SECONDS, TitleScene
from scenes.model import archive as archive_module
from scenes.model import files
from scenes.model.archive import ARCHIVE_FILE, Archive
from scenes.model.archive_entry import FINISHED
from scenes.model.progress import FORMAT_VERSION, ProgressStore
from tests.scenes.conftest import FRAME, settle, top
from tools import archive_bench


def test_a_title_notice_is_drawn_at_the_instant_speed_and_leaves_after_its_time(app: App) -> None:
    app.change_settings(animation_speed="instant")
    app.notice = "The saved game could not be used."
    app.go("title", how="reset", fade=False)
    settle(app)
    for _ in range(30):
        app.step(FRAME)
    title = top(app)
    assert isinstance(title, TitleScene)
    assert app.notice is not None and title.notice_alpha == 255.0
    for _ in range(int((NOTICE_SECONDS + NOTICE_FADE_SECONDS) / FRAME) + 10):
        app.step(FRAME)
    assert app.notice is None


def test_a_folder_named_as_the_archive_is_called_that(tmp_path: Path) -> None:
    (tmp_path / ARCHIVE_FILE).mkdir()
    archive = Archive(tmp_path / ARCHIVE_FILE)
    assert archive.problem is not None and archive.problem.reason == files.FOLDER_IN_THE_WAY
    assert "A folder has the file's name" in file_notices.unreadable(file_notices.ARCHIVE, archive.problem)
    archive.close()


def test_an_archived_game_whose_slot_stayed_is_told_as_archived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = archive_bench.played(2, seed=8)
    session.save_path = tmp_path / "save.json"
    session.save()

    def read_only(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(files, "remove", read_only)
    try:
        problem = archive_module.keep(session, FINISHED, tmp_path)
        assert problem is not None and problem.archived
        assert archive_module.store(tmp_path).count() == 1
        notice = file_notices.after_archiving(problem, None)
        assert (
            notice is not None and "is in your played games" in notice and "could not be filed" not in notice
        )
    finally:
        archive_module.close_all()


def test_a_progress_file_holding_only_its_version_is_named(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": FORMAT_VERSION}), encoding="utf-8")
    store = ProgressStore(path)
    assert store.problem is not None and store.problem.reason == files.DAMAGED and store.problem.kept_as
    assert "progress.json" in file_notices.unreadable(file_notices.PROGRESS, store.problem)
