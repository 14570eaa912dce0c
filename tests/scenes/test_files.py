"""Nothing a player does is lost (issue 19, items 3 to 6): failed writes never stop play, any bytes
in any file the game reads never crash it, text is checked at the edge, leftovers are removed and the
archive is bounded. Write faults are injected as OSErrors (root ignores permission bits), except where
a real one is possible without privileges (a folder where the file should be, a file as the folder)."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.goennen.deck import DeckError, load_deck
from game.goennen.serialize import VERSION as SAVE_VERSION
from scenes.app import App
from scenes.core import file_notices, i18n
from scenes.core.layout import LayoutError, read_layout
from scenes.core.widgets import TextField
from scenes.menus.continue_list import ContinueScene
from scenes.menus.title import TitleScene
from scenes.model import archive, files
from scenes.model.archive_entry import FINISHED
from scenes.model.files import FileProblem, Loaded, load_file, nesting_depth, parse_json
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.progress import FORMAT_VERSION as PROGRESS_VERSION
from scenes.model.progress import ProgressStore, load_progress
from scenes.model.session import GameSession
from scenes.model.settings import FORMAT_VERSION as SETTINGS_VERSION
from scenes.model.settings import load_settings
from scenes.model.userdata import ENV_OVERRIDE, save_path
from scenes.table.base import TableBase
from scenes.table.opening import open_table
from tests.scenes.conftest import FRAME, click, press, settle, top

HUMAN_AND_BOT = GameConfig((SeatConfig("Ada", SeatKind.HUMAN), SeatConfig("Bram", SeatKind.BOT, "easy")), 0)
FOUR_BOTS = GameConfig(tuple(SeatConfig(f"Bot {i}", SeatKind.BOT, "easy") for i in range(4)), 0)


def step(app: App, frames: int) -> None:
    for _ in range(frames):
        app.step(FRAME)


def advance(session: GameSession) -> None:
    """One action of a bots-only game: a bot's decision or the chance event due."""
    if session.bot_to_decide:
        session.bot_decision_now()
    else:
        session.resolve_chance()


def valid_save(folder: Path) -> bytes:
    """The bytes of a real save a few actions into a game."""
    session = GameSession.start(FOUR_BOTS, seed=3, save_path=folder / "made.json")
    for _ in range(6):
        advance(session)
    return (folder / "made.json").read_bytes()


# --- the corpus: bytes that once crashed a loader, and the like ------------------------------------

DEEP = b"[" * 200_000 + b"]" * 200_000
HOSTILE: dict[str, bytes] = {
    "empty": b"",
    "not json": b"{ not json",
    "nul bytes": b"\x00" * 64,
    "nul inside": b'{"version": 1,\x00 "volume": 3}',
    "not utf-8": b"\xff\xfe{\x00\x81",
    "a list": b"[1, 2, 3]",
    "a string": b'"settings"',
    "null": b"null",
    "infinity": b'{"version": 1, "volume": Infinity}',
    "nan": b'{"version": 1, "volume": NaN}',
    "1e308 in version 0": b'{"volume": 1e308}',
    "1e400": b'{"version": 1, "volume": 1e400}',
    "5000 digits": b'{"version": 1, "volume": ' + b"9" * 5000 + b"}",
    "5000-digit version": b'{"version": ' + b"1" * 5000 + b"}",
    "nested 200,000 deep": DEEP,
    "nested inside an object": b'{"version": 1, "history": ' + DEEP + b"}",
    "too big": b'{"version": 1, "pad": "' + b"x" * (files.MAX_FILE_BYTES + 10) + b'"}',
    "wrong types": b'{"version": 1, "volume": "loud", "ticks": 5, "format": 7}',
    "negative version": b'{"version": -1}',
    "bool version": b'{"version": true}',
}


# a version 0 settings file held the volume as a fraction: 1e308 is clamped to full volume
LOADS_CORRECTLY = {("settings", "1e308 in version 0")}


def loaders(folder: Path) -> dict[str, tuple[str, Callable[[Path], Loaded[Any]]]]:
    """Each file the game reads from the data folder: its name and its loader as a Loaded."""
    return {
        "settings": ("settings.json", lambda path: _as_loaded(load_settings(path))),
        "progress": ("progress.json", lambda path: _as_loaded(load_progress(path))),
        "save": ("save.json", GameSession.load),
    }


def _as_loaded(result: Any) -> Loaded[Any]:
    value = getattr(result, "settings", None) or getattr(result, "progress", None)
    return Loaded(None if result.problem else value, result.problem)


@pytest.mark.parametrize("kind", ["settings", "progress", "save"])
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_any_bytes_are_refused_with_a_reason_and_set_aside(tmp_path: Path, kind: str, case: str) -> None:
    name, load = loaders(tmp_path)[kind]
    path = tmp_path / name
    path.write_bytes(HOSTILE[case])
    loaded = load(path)
    if (kind, case) in LOADS_CORRECTLY:
        assert loaded.problem is None and path.read_bytes() == HOSTILE[case]
        return
    assert loaded.value is None and loaded.problem is not None
    problem = loaded.problem
    assert problem.file == name and problem.reason in ("damaged", "too_big")
    assert problem.kept_as is not None and not path.exists()
    assert (tmp_path / problem.kept_as).read_bytes() == HOSTILE[case]  # nothing lost
    assert len(problem.detail) < files.DETAIL_CHARACTERS + 40  # shortened for the log


def save_with(folder: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(valid_save(folder))
    change(data)
    path = folder / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_damaged_saves_name_what_is_wrong_and_never_paste_a_megabyte(tmp_path: Path) -> None:
    path = save_with(tmp_path, lambda data: data["actions"].append("x" * 1_000_000))
    loaded = GameSession.load(path)
    assert loaded.problem is not None and loaded.problem.reason == "damaged"
    assert "action 7" in loaded.problem.detail and len(loaded.problem.detail) < 400


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["setup"].update(seed=int("7" * 301)),
        lambda data: data.update(
            context={"mode": {"deeper": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}
        ),
        lambda data: data["seats"].__setitem__(0, {"name": "Ada", "kind": "robot"}),
        lambda data: data.update(seats="everyone"),
        lambda data: data["setup"].update(players=10**20),
    ],
    ids=["301-digit seed", "deep context", "unknown seat kind", "seats not a list", "absurd players"],
)
def test_absurd_saves_are_set_aside(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    loaded = GameSession.load(save_with(tmp_path, change))
    assert loaded.value is None and loaded.problem is not None and loaded.problem.kept_as


def test_names_from_a_save_keep_printable_characters_and_the_fields_length(tmp_path: Path) -> None:
    def names(data: dict[str, Any]) -> None:
        data["seats"][0]["name"] = "A\x00d\na\u200b"
        data["seats"][1]["name"] = "Z" * 10_000
        data["seats"][2]["name"] = "\x00\x01"

    session = GameSession.load(save_with(tmp_path, names)).value
    assert session is not None
    assert [session.name(seat) for seat in range(3)] == ["Ada", "Z" * 16, "Player 3"]


def test_typed_text_keeps_printable_characters_and_the_fields_length() -> None:
    typed: list[str] = []
    field = TextField(pygame.Rect(0, 0, 200, 40), "", typed.append, limit=16)
    field.type("\x00An\x1bna\u202e😀")
    assert field.value == "Anna😀"
    field.type("x" * 40)
    assert len(field.value) == 16
    field.type("more")
    assert len(field.value) == 16 and len(typed) == 2


def test_a_byte_order_mark_from_a_text_editor_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"version": 1, "volume": 4}).encode())
    assert load_settings(path).settings.volume == 4 and load_settings(path).problem is None


def test_nesting_is_measured_without_recursion_and_strings_do_not_count() -> None:
    assert nesting_depth('{"a": [1, {"b": "[[[[{{{"}]}') == 3
    assert nesting_depth("[" * 200_000) == 200_000
    with pytest.raises(files.DamagedFile):
        parse_json("[" * 40 + "]" * 40)


# --- a newer version's file is kept for it -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "newest"),
    [("settings.json", SETTINGS_VERSION), ("progress.json", PROGRESS_VERSION), ("save.json", SAVE_VERSION)],
)
def test_a_file_from_a_newer_version_is_left_untouched(tmp_path: Path, name: str, newest: int) -> None:
    path = tmp_path / name
    text = json.dumps({"format": "goennen-koennen-save", "version": newest + 1, "future": True})
    path.write_text(text, encoding="utf-8")
    loaded = load_file(path, lambda data: data, newest)
    assert loaded.problem == FileProblem(name, "newer", loaded.problem.detail if loaded.problem else "")
    assert path.read_text(encoding="utf-8") == text and list(tmp_path.iterdir()) == [path]


def test_the_app_and_the_progress_never_write_over_a_newer_file(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    newer_settings = json.dumps({"version": SETTINGS_VERSION + 1, "language": "de", "volume": 3})
    newer_progress = json.dumps({"version": PROGRESS_VERSION + 1})
    (data_dir / "settings.json").write_text(newer_settings, encoding="utf-8")
    (data_dir / "progress.json").write_text(newer_progress, encoding="utf-8")
    app = App(data_dir=data_dir)
    assert app.notice == i18n.t("files.newer", file="settings.json")
    app.change_settings(volume=5)
    assert app.settings.volume == 5  # applies until quitting ...
    assert (data_dir / "settings.json").read_text(encoding="utf-8") == newer_settings  # ... not saved
    store = ProgressStore(data_dir / "progress.json")
    assert store.problem is not None and store.problem.reason == "newer" and not store.writable
    store.update(store.progress)
    assert (data_dir / "progress.json").read_text(encoding="utf-8") == newer_progress


# --- a read-only folder: a refused file cannot be moved aside ---------------------------------------


@pytest.fixture
def rename_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path, target: Any) -> Path:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "rename", refuse)


@pytest.mark.usefixtures("rename_fails")
def test_a_damaged_file_in_a_read_only_folder_is_left_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(HOSTILE["5000 digits"])
    store = ProgressStore(path)
    assert store.problem is not None and store.problem.kept_as is None and not store.writable
    store.update(store.progress)
    assert path.read_bytes() == HOSTILE["5000 digits"]
    i18n.set_language("en")
    notice = file_notices.unreadable(file_notices.PROGRESS, store.problem)
    assert "?" not in notice and i18n.t("files.left_in_place") in notice


@pytest.mark.usefixtures("rename_fails")
def test_continue_with_a_damaged_save_in_a_read_only_folder_goes_back_to_the_title(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    save_path().write_bytes(DEEP)
    app = App(data_dir=data_dir)
    settle(app)
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["continue"].rect.center)
    step(app, 60)
    assert isinstance(top(app), ContinueScene)  # the list of saves, the damaged one first
    press(app, pygame.K_RETURN)
    step(app, 60)
    assert isinstance(top(app), TitleScene)
    assert app.notice is not None and "save.json" in app.notice and "?" not in app.notice
    assert save_path().read_bytes() == DEEP


# --- failed writes ----------------------------------------------------------------------------------

FAULTS = {
    "disk_full": OSError(errno.ENOSPC, "No space left on device"),
    "read_only": OSError(errno.EROFS, "Read-only file system"),
    "folder_in_the_way": IsADirectoryError(errno.EISDIR, "Is a directory"),
    "not_a_folder": NotADirectoryError(errno.ENOTDIR, "Not a directory"),
    "other": OSError(errno.EIO, "Input/output error"),
}


class Faults:
    """Injects an OSError into the one atomic writer every file write goes through."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.error: OSError | None = None
        real = files.write_atomic

        def write(path: Path, text: str) -> None:
            if self.error is not None:
                raise self.error
            real(path, text)

        monkeypatch.setattr(files, "write_atomic", write)


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Faults:
    return Faults(monkeypatch)


@pytest.mark.parametrize("reason", sorted(FAULTS))
def test_a_failed_save_keeps_the_last_good_file_and_the_next_action_tries_again(
    tmp_path: Path, faults: Faults, reason: str
) -> None:
    session = GameSession.start(FOUR_BOTS, seed=5, save_path=tmp_path / "save.json")
    advance(session)
    good = (tmp_path / "save.json").read_bytes()
    faults.error = FAULTS[reason]
    advance(session)  # play goes on
    assert session.save_problem is not None and session.save_problem.reason == reason
    assert (tmp_path / "save.json").read_bytes() == good
    faults.error = None
    advance(session)
    assert session.save_problem is None
    resumed = GameSession.resume(tmp_path / "save.json")
    assert resumed.match.actions == session.match.actions


def test_real_faults_a_folder_as_the_save_and_a_file_as_the_data_folder(tmp_path: Path) -> None:
    (tmp_path / "save.json").mkdir()
    session = GameSession.start(FOUR_BOTS, seed=5, save_path=tmp_path / "save.json")
    assert session.save_problem is not None and session.save_problem.reason == "folder_in_the_way"
    (tmp_path / "plain-file").write_text("not a folder", encoding="utf-8")
    problem = files.write_text(tmp_path / "plain-file" / "settings.json", "{}")
    assert problem is not None and problem.reason == "not_a_folder"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["plain-file", "save.json"]  # no temp file


def test_the_table_tells_the_player_and_plays_on(app: App, data_dir: Path, faults: Faults) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(FOUR_BOTS, seed=9, save_path=save_path())
    open_table(app, session)
    faults.error = FAULTS["disk_full"]
    before = len(session.match.actions)
    step(app, 40)
    assert len(session.match.actions) > before  # the bots played on
    table = top(app)
    assert isinstance(table, TableBase)
    assert table.notice == i18n.t("files.not_saved.game", reason=i18n.t("files.reason.disk_full"))
    table.draw(app.screen)


def test_settings_and_progress_that_cannot_be_saved_are_told(
    app: App, data_dir: Path, faults: Faults
) -> None:
    faults.error = FAULTS["read_only"]
    app.change_settings(volume=2)
    assert app.settings.volume == 2
    assert app.notice == i18n.t("files.not_saved.settings", reason=i18n.t("files.reason.read_only"))
    store = ProgressStore(data_dir / "progress.json")
    store.update(store.progress)
    assert store.save_error is not None and store.save_error.reason == "read_only"
    faults.error = None
    store.update(store.progress)
    assert store.save_error is None and (data_dir / "progress.json").exists()


def test_an_archive_that_fails_keeps_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.start(FOUR_BOTS, seed=5, save_path=tmp_path / "save.json")

    def refuse(self: archive.Archive, *arguments: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")  # SQLite's words for ENOSPC

    monkeypatch.setattr(archive.Archive, "_insert", refuse)
    assert archive.keep(session, FINISHED) is not None
    assert session.archive_problem is not None and session.archive_problem.reason == "disk_full"
    assert (tmp_path / "save.json").exists()


# --- leftovers and the archive ---------------------------------------------------------------------


def test_leftovers_of_killed_writes_are_removed_at_start(data_dir: Path) -> None:
    (data_dir / "finished").mkdir(parents=True)
    leftovers = [data_dir / ".save.json.k3j_x1.tmp", data_dir / "finished" / ".settings.json.abc.tmp"]
    kept = [data_dir / "save.json.broken-20260101-000000", data_dir / "notes.tmp", data_dir / "progress.json"]
    for path in leftovers + kept:
        path.write_text("x", encoding="utf-8")
    App(data_dir=data_dir)
    assert not any(path.exists() for path in leftovers)
    assert all(path.exists() for path in kept)


def test_a_301_digit_seed_never_reaches_a_file_name(tmp_path: Path) -> None:
    session = GameSession.start(FOUR_BOTS, seed=int("7" * 301), save_path=tmp_path / "save.json")
    assert archive.keep(session, FINISHED) is None and session.archive_problem is None
    assert sorted(path.name for path in tmp_path.iterdir()) == ["archive.sqlite3"]


# --- the notices in every language --------------------------------------------------------------------


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_notice_reads_as_a_sentence_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    reasons = ["disk_full", "read_only", "folder_in_the_way", "not_a_folder", "folder_missing", "other"]
    texts = [
        file_notices.not_saved(what, FileProblem("x.json", reason))
        for what in (file_notices.GAME, file_notices.SETTINGS, file_notices.PROGRESS, file_notices.ARCHIVE)
        for reason in reasons
    ]
    for what in (file_notices.GAME, file_notices.SETTINGS, file_notices.PROGRESS):
        for reason in ("damaged", "too_big", "unreadable"):
            texts.append(
                file_notices.unreadable(what, FileProblem("save.json", reason, "", "save.json.broken-1"))
            )
            texts.append(file_notices.unreadable(what, FileProblem("save.json", reason)))
    texts.append(file_notices.unreadable(file_notices.GAME, FileProblem("save.json", "newer")))
    for text in texts:
        assert "{" not in text and "?" not in text and "files." not in text, text
    assert len(set(texts)) == len(texts)
    if lang != "en":
        i18n.set_language("en")
        assert texts[0] != file_notices.not_saved(file_notices.GAME, FileProblem("x.json", "disk_full"))


# --- the shipped files -------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(set(HOSTILE) - {"too big"}))
def test_a_damaged_deck_or_layout_is_named_not_a_crash(tmp_path: Path, case: str) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_bytes(HOSTILE[case].replace(b"{", b"version = ").replace(b":", b"="))
    with pytest.raises(DeckError, match="deck.toml"):
        load_deck(deck)
    tmx = tmp_path / "title.tmx"
    tmx.write_bytes(HOSTILE[case])
    with pytest.raises(LayoutError, match="title.tmx"):
        read_layout("title", path=str(tmx))
    tmx.write_bytes(b"<?xml version='1.0' encoding='UwTF-8'?><map/>")
    with pytest.raises(LayoutError, match="title.tmx"):
        read_layout("title", path=str(tmx))


# --- the checks of "How we will know", as the player's command runs them ----------------------------


def run_main(*arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    environment.pop(ENV_OVERRIDE, None)
    return subprocess.run(
        [sys.executable, "main.py", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
    )


def test_smoke_starts_with_hostile_files_and_sets_them_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_bytes(HOSTILE["infinity"])
    (tmp_path / "progress.json").write_bytes(HOSTILE["5000 digits"])
    (tmp_path / "save.json").write_bytes(DEEP)
    (tmp_path / ".save.json.x1y2z3.tmp").write_bytes(b"{")
    finished = run_main("--smoke", "3", "--data-dir", str(tmp_path))
    assert finished.returncode == 0, finished.stderr
    for name in ("settings.json", "progress.json", "save.json"):
        assert f"smoke: {name} refused (damaged" in finished.stdout
    assert sorted(path.name.split(".broken-")[0] for path in tmp_path.iterdir()) == [
        "logs",
        "progress.json",
        "save.json",
        "settings.json",
    ]
    assert "nested 200,000 levels deep" in (tmp_path / "logs" / files.LOG_FILE).read_text(encoding="utf-8")


def test_selftest_plays_on_when_the_data_folder_cannot_be_written(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("the data folder is a file", encoding="utf-8")
    finished = run_main("--selftest", "--data-dir", str(not_a_folder))
    assert finished.returncode == 0, finished.stderr
    assert "selftest passed" in finished.stdout and "could not be written (not_a_folder" in finished.stdout


def test_the_details_go_to_a_bounded_log_in_the_data_folder(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "save.json").write_bytes(b'{"actions": ["' + b"x" * 1_000_000 + b'"')
    App(data_dir=data_dir)
    assert GameSession.load(data_dir / "save.json").problem is not None
    for handler in files.LOG.handlers:
        handler.flush()
    log = (data_dir / "logs" / files.LOG_FILE).read_text(encoding="utf-8")
    assert "save.json could not be used (not valid JSON" in log and len(log) < 1_000
