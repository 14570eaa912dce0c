"""One program per data folder: a second copy (another process with its own App) says the game is
already open and touches no file; a lock left by a killed copy is taken over; any lock file's
bytes are read without an exception."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenes.app import App
from scenes.menus.already_open import AlreadyOpenScene
from scenes.menus.title import TitleScene
from scenes.model import folder_lock
from scenes.model.folder_lock import LOCK_FILE, WAKE_FILE
from tests.scenes.conftest import click, settle, top

ROOT = Path(__file__).resolve().parents[2]

# A running copy of the game: a real App on the folder, alive until its stdin closes.
RUNNING_COPY = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from scenes.app import App

    app = App(data_dir=Path(sys.argv[1]))
    app.step(1 / 60)
    print("open" if app.elsewhere is None else "refused", flush=True)
    sys.stdin.read()
    """
)


@pytest.fixture
def running_copy(data_dir: Path) -> Iterator[subprocess.Popen[str]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen(
        [sys.executable, "-c", RUNNING_COPY, str(data_dir)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "open"
    yield child
    if child.poll() is None:
        child.kill()
    child.wait(30)


@pytest.fixture(autouse=True)
def nothing_held() -> Iterator[None]:
    folder_lock.release_all()
    yield
    folder_lock.release_all()


def test_a_second_copy_says_the_game_is_open_and_touches_nothing(
    data_dir: Path, running_copy: subprocess.Popen[str]
) -> None:
    leftover = data_dir / ".save.json.ab12cd.tmp"  # the running copy's write in progress
    leftover.write_text("{", encoding="utf-8")
    app = App(data_dir=data_dir)
    settle(app)
    scene = top(app)
    assert isinstance(scene, AlreadyOpenScene)
    assert scene.holder.pid == running_copy.pid
    assert str(running_copy.pid) in scene.message()
    app.change_settings(volume=3)
    assert leftover.exists() and not (data_dir / "settings.json").exists()
    click(app, scene.forward_button.rect.center)
    assert not app.running and (data_dir / WAKE_FILE).is_file()


def test_a_lock_left_by_a_killed_copy_is_taken_over(
    data_dir: Path, running_copy: subprocess.Popen[str]
) -> None:
    running_copy.send_signal(signal.SIGKILL)
    running_copy.wait(30)
    assert (data_dir / LOCK_FILE).is_file()  # a kill leaves the file behind, but not the lock
    app = App(data_dir=data_dir)
    settle(app)
    assert isinstance(top(app), TitleScene)
    assert app.folder_claim.held
    assert app.folder_claim.taken_over is not None and app.folder_claim.taken_over.pid == running_copy.pid
    assert (data_dir / LOCK_FILE).read_text(encoding="utf-8").split()[0] == str(os.getpid())


def test_two_apps_of_one_program_share_its_claim(data_dir: Path) -> None:
    first = App(data_dir=data_dir)
    second = App(data_dir=data_dir)  # the same process: one program, as a restart in a test
    assert first.folder_claim is second.folder_claim and second.elsewhere is None


def test_a_second_copy_asks_the_running_one_to_come_forward(data_dir: Path) -> None:
    claim = folder_lock.claim(data_dir)
    assert claim.held and not claim.wake_requested()
    assert folder_lock.ask_to_come_forward(data_dir)
    assert claim.wake_requested() and not claim.wake_requested()  # once per request


@pytest.mark.parametrize(
    "content", [b"", b"\x00\xff\xfe garbage", b"99999999999999999999999 host", "é 名前".encode()]
)
def test_any_bytes_in_a_lock_nobody_holds_are_taken_over(data_dir: Path, content: bytes) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / LOCK_FILE).write_bytes(content)
    claim = folder_lock.claim(data_dir)
    assert claim.held
    assert folder_lock.read_holder(data_dir / LOCK_FILE).pid == os.getpid()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_lock_that_is_no_plain_file_is_played_unlocked(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / LOCK_FILE)
    app = App(data_dir=data_dir)
    settle(app)
    assert isinstance(top(app), TitleScene) and not app.folder_claim.held
