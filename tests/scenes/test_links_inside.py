"""Links stay inside the data folder: with imports/, exports/, logs/ or the archive linked to a
folder of the player's own, the game renames, writes and prunes nothing there."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenes.model import archive as archive_module
from scenes.model import files
from scenes.model.archive import ARCHIVE_FILE, Archive
from scenes.model.archive_share import EXPORTS, IMPORTS, export_game, import_games
from tools import archive_bench

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """The player's own folder outside the data folder, with files of their own."""
    folder = tmp_path / "my-documents"
    folder.mkdir()
    (folder / "taxes.json").write_text('{"not": "a game"}', encoding="utf-8")
    (folder / "broken.json").write_bytes(b"\x00\xff")
    return folder


@pytest.fixture
def folder(data_dir: Path) -> Iterator[Path]:
    data_dir.mkdir(parents=True)
    archive_module.close_all()
    yield data_dir
    archive_module.close_all()
    files.log_to(data_dir)


def _untouched(elsewhere: Path) -> None:
    assert sorted(path.name for path in elsewhere.iterdir()) == ["broken.json", "taxes.json"]


def test_import_through_a_linked_folder_renames_nothing(folder: Path, elsewhere: Path) -> None:
    (folder / IMPORTS).symlink_to(elsewhere, target_is_directory=True)
    report = import_games(archive_module.store(folder), folder)
    assert report.failed is not None and report.failed.reason == files.LINK_OUT
    _untouched(elsewhere)


def test_a_linked_file_in_imports_is_left_alone(folder: Path, elsewhere: Path) -> None:
    (folder / IMPORTS).mkdir()
    (folder / IMPORTS / "taxes.json").symlink_to(elsewhere / "taxes.json")
    report = import_games(archive_module.store(folder), folder)
    assert report.failed is None and report.refused == [] and report.added == 0
    assert (folder / IMPORTS / "taxes.json").is_symlink()
    _untouched(elsewhere)


def test_export_through_a_linked_folder_writes_nothing_there(folder: Path, elsewhere: Path) -> None:
    archive = archive_module.store(folder)
    archive.record_many(archive_bench.sample_entries(2))
    (folder / EXPORTS).symlink_to(elsewhere, target_is_directory=True)
    target, problem = export_game(archive, archive.games()[0].id, folder)
    assert target is None and problem is not None and problem.reason == files.LINK_OUT
    _untouched(elsewhere)


def test_a_linked_archive_is_not_written_through(folder: Path, elsewhere: Path) -> None:
    (folder / ARCHIVE_FILE).symlink_to(elsewhere / "taxes.json")
    archive = Archive(folder / ARCHIVE_FILE)
    assert archive.in_memory and archive.problem is not None and archive.problem.reason == files.LINK_OUT
    archive.record_many(archive_bench.sample_entries(1))
    archive.close()
    assert (elsewhere / "taxes.json").read_text(encoding="utf-8") == '{"not": "a game"}'


def test_logs_through_a_linked_folder_write_nothing_there(folder: Path, elsewhere: Path) -> None:
    (folder / "logs").symlink_to(elsewhere, target_is_directory=True)
    files.log_to(folder)
    files.LOG.warning("a problem worth logging")
    for handler in files.LOG.handlers:
        handler.flush()
    assert not any(isinstance(handler, logging.FileHandler) for handler in files.LOG.handlers)
    _untouched(elsewhere)


def test_a_save_into_a_linked_folder_is_refused_and_said(folder: Path, elsewhere: Path) -> None:
    (folder / "finished").symlink_to(elsewhere, target_is_directory=True)
    problem = files.write_text(folder / "finished" / "game.json", "{}")
    assert problem is not None and problem.reason == files.LINK_OUT
    assert files.set_aside(folder / "finished" / "broken.json") is None
    _untouched(elsewhere)
