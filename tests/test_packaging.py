"""The downloadable build's parts that need no PyInstaller run: icon files, crash guard, launcher
flags, the upload zip, and that the modules the bundle leaves out are never imported by the game."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from scenes import crash
from tools import build_exe

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"


def _run_python(code: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _headless_env(data_dir: Path) -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        GOENNEN_DATA_DIR=str(data_dir),
        PYTHONPATH=str(ROOT),
    )


# -- icon -----------------------------------------------------------------------------------------
def test_icon_files_hold_png_images_at_the_promised_sizes() -> None:
    assert (ICONS / "icon.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ico = (ICONS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    sides = []
    for index in range(count):
        side, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * index : 22 + 16 * index])
        assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)
        sides.append(side or 256)
    assert sides == [16, 24, 32, 48, 64, 128, 256]
    icns = (ICONS / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)


def test_make_icon_writes_the_three_files(tmp_path: Path) -> None:
    from tools import make_icon

    written = make_icon.write_icons(tmp_path)
    assert sorted(path.name for path in written) == ["icon.icns", "icon.ico", "icon.png"]
    assert all(path.stat().st_size > 1000 for path in written)


# -- crash guard ----------------------------------------------------------------------------------
def test_a_crash_writes_a_log_in_the_user_data_folder_and_returns_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    boxes: list[str] = []
    monkeypatch.setattr(crash, "show_message_box", lambda title, message: boxes.append(message))

    def broken() -> int:
        raise ValueError("the layout is missing")

    assert crash.run_guarded(broken) == 1
    logs = list((tmp_path / "data" / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "ValueError: the layout is missing" in text and "Traceback" in text and "python:" in text
    err = capsys.readouterr().err
    assert "the layout is missing" in err and str(logs[0]) in err
    assert boxes == []  # dummy video driver: headless, so no box


def test_the_guard_shows_a_box_when_there_is_a_display(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv(crash.NO_DIALOG_ENV, raising=False)
    monkeypatch.setenv("DISPLAY", ":99")
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(crash, "show_message_box", lambda title, message: boxes.append((title, message)))
    assert crash.run_guarded(lambda: 1 // 0) == 1
    assert len(boxes) == 1 and "ZeroDivisionError" in boxes[0][1] and "crash-" in boxes[0][1]


def test_exit_and_interrupt_pass_through_the_guard() -> None:
    def leave() -> int:
        raise SystemExit(3)

    with pytest.raises(SystemExit):
        crash.run_guarded(leave)
    assert crash.run_guarded(lambda: 0) == 0


def test_message_boxes_fall_through_to_the_next_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def failing(title: str, message: str) -> bool:
        calls.append("pygame")
        raise RuntimeError("no SDL")

    def unavailable(title: str, message: str) -> bool:
        calls.append("unavailable")
        return False

    def shown(title: str, message: str) -> bool:
        calls.append("zenity")
        return True

    monkeypatch.setattr(crash, "_pygame_box", failing)
    monkeypatch.setattr(crash, "_windows_box", unavailable)
    monkeypatch.setattr(crash, "_macos_box", unavailable)
    monkeypatch.setattr(crash, "_zenity_box", shown)
    assert crash.show_message_box("t", "m") == "zenity"
    assert calls == ["pygame", "unavailable", "unavailable", "zenity"]


def test_old_crash_logs_are_pruned(tmp_path: Path) -> None:
    for index in range(crash.KEEP_LOGS + 3):
        path = tmp_path / f"crash-2000010{index:02d}-000000-1.log"
        path.write_text("old")
        os.utime(path, (1000 + index, 1000 + index))
    crash.write_crash_log("new", folder=tmp_path)
    assert len(list(tmp_path.glob("crash-*.log"))) == crash.KEEP_LOGS


def test_a_log_goes_to_the_temp_folder_when_the_data_folder_is_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(blocker))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    log = crash.write_crash_log("details")
    assert log is not None and log.parent == tmp_path / "tmp" / "goennen-koennen"


# -- launcher -------------------------------------------------------------------------------------
def test_a_fatal_error_at_start_is_logged_by_the_launcher(tmp_path: Path) -> None:
    result = _run_python(
        """
        import sys
        import main, scenes.app

        class Broken:
            def __init__(self, *args, **kwargs):
                raise RuntimeError("cannot read the deck")

        scenes.app.App = Broken
        sys.exit(main.run_guarded(main.main))
        """,
        _headless_env(tmp_path),
    )
    assert result.returncode == 1, result.stderr
    assert "cannot read the deck" in result.stderr
    assert len(list((tmp_path / "logs").glob("crash-*.log"))) == 1


def test_no_display_is_a_one_line_message_not_a_crash(tmp_path: Path) -> None:
    if sys.platform in ("win32", "darwin"):
        pytest.skip("these systems always have a display")
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    env = {key: value for key, value in _headless_env(tmp_path).items() if key not in hidden}
    result = subprocess.run(
        [sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "cannot open its window" in result.stderr
    assert not (tmp_path / "logs").exists()


def test_smoke_flag_draws_frames_and_reports_the_first_one(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "main.py", "--smoke", "3"],
        cwd=ROOT,
        env=_headless_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    first = [line for line in result.stdout.splitlines() if line.startswith(build_exe.FIRST_FRAME_MARKER)]
    assert len(first) == 1 and float(first[0].split()[4]) > 0
    assert not tmp_path.exists() or not any(tmp_path.iterdir())  # a smoke run writes nothing


# -- build tool -----------------------------------------------------------------------------------
def test_zip_keeps_symbolic_links_as_links(tmp_path: Path) -> None:
    folder = tmp_path / build_exe.NAME
    (folder / "_internal" / "libs").mkdir(parents=True)
    (folder / "_internal" / "libs" / "libbig.so").write_bytes(b"x" * 10_000)
    (folder / build_exe.NAME).write_text("program")
    if sys.platform != "win32":
        os.symlink("libs/libbig.so", folder / "_internal" / "libbig.so")
    archive = build_exe.make_zip(build_exe.Bundle(folder, folder / build_exe.NAME), tmp_path)
    with zipfile.ZipFile(archive) as opened:
        infos = {info.filename: info for info in opened.infolist()}
        assert f"{build_exe.NAME}/{build_exe.NAME}" in infos
        if sys.platform != "win32":
            link = infos[f"{build_exe.NAME}/_internal/libbig.so"]
            assert (link.external_attr >> 16) & 0o170000 == 0o120000
            assert opened.read(link) == b"libs/libbig.so"


def test_pyinstaller_arguments_ship_assets_and_exclude_dev_tools(tmp_path: Path) -> None:
    args = build_exe.pyinstaller_args(tmp_path / "dist", tmp_path / "work")
    assert "--onedir" in args and "--onefile" not in args and "--noupx" in args
    assert f"{ROOT / 'assets'}{os.pathsep}assets" in args
    excluded = {args[i + 1] for i, arg in enumerate(args) if arg == "--exclude-module"}
    assert {"pytest", "hypothesis", "mypy", "ruff", "setuptools", "pip", "tkinter"} <= excluded
    assert "numpy" not in excluded


def test_the_game_never_imports_a_module_the_bundle_leaves_out(tmp_path: Path) -> None:
    """Start the app, draw frames, import every game and scenes module: nothing excluded shows up."""
    result = _run_python(
        """
        import json, pkgutil, sys, importlib
        before = set(sys.modules)  # the interpreter's own start (site, .pth hooks) is not the game
        import main
        assert main.main(["--smoke", "5"]) == 0
        import game, scenes
        for package in (game, scenes):
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                importlib.import_module(info.name)
        print(json.dumps(sorted(set(sys.modules) - before)))
        """,
        _headless_env(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.splitlines()[-1])
    fallbacks = {"_hashlib"}  # hashlib loads it when it is there and does without it in the bundle
    used = [
        name
        for name in loaded
        for excluded in build_exe.EXCLUDED_MODULES
        if (name == excluded or name.startswith(excluded + ".")) and name not in fallbacks
    ]
    assert used == [], f"the bundle leaves out modules the game imports: {used}"
