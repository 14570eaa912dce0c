"""A fatal error at start (or later) shows a message box and leaves a log, instead of vanishing.

A bundled game is started by a double click: there is no console, so an uncaught exception would
close the program without a word. `run_guarded(main)` catches it, writes the traceback to
`<user data folder>/logs/crash-<time>.log` and tells the player in the most native box available:
pygame's own (SDL), else the system's (MessageBoxW, osascript, zenity, xmessage), and always stderr
when there is one. Headless runs (dummy or offscreen video driver, tests, CI) get stderr only.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

TITLE = "Gönnen Können"
LOG_FOLDER = "logs"
KEEP_LOGS = 10  # older crash logs are removed so the folder cannot grow without bound
NO_DIALOG_ENV = "GOENNEN_NO_DIALOG"  # set (to anything) to never open a box, e.g. in scripts
HEADLESS_DRIVERS = ("dummy", "offscreen")
BOX_TIMEOUT_S = 600  # an external dialog nobody answers must not keep the process forever


def run_guarded(main: Callable[[], int]) -> int:
    """Run `main`; on an uncaught exception log it, tell the player, and return exit code 1."""
    try:
        return main()
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as error:  # the point is to catch whatever escaped
        report_fatal(error)
        return 1


def report_fatal(error: BaseException) -> Path | None:
    """Write the crash log and show the message; returns the log's path (None if none could be written)."""
    details = "".join(traceback.format_exception(error))
    log = write_crash_log(details)
    message = fatal_message(error, log)
    _to_stderr(f"{message}\n\n{details}")
    if dialogs_wanted():
        show_message_box(TITLE, message)
    return log


def fatal_message(error: BaseException, log: Path | None) -> str:
    summary = f"{type(error).__name__}: {error}".strip()
    if len(summary) > 300:
        summary = summary[:297] + "..."
    where = f"The details are in this file:\n{log}" if log else "No log file could be written."
    return (
        "Gönnen Können stopped because of an unexpected error.\n\n"
        f"{summary}\n\n{where}\n\nYour saved game and settings are kept."
    )


def crash_report(details: str) -> str:
    """The log's text: what ran where, then the traceback."""
    frozen = "bundle" if getattr(sys, "frozen", False) else "source"
    lines = [
        f"time: {datetime.now().isoformat(timespec='seconds')}",
        f"program: {sys.executable} ({frozen})",
        f"arguments: {sys.argv[1:]}",
        f"python: {sys.version.split()[0]} on {platform.platform()}",
        f"video driver: {os.environ.get('SDL_VIDEODRIVER', '(default)')}",
        "",
        details,
    ]
    return "\n".join(lines)


def write_crash_log(details: str, folder: Path | None = None) -> Path | None:
    """Write a new crash log; the user data folder first, the temp folder if that is not writable."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    text = crash_report(details)
    fallback = Path(tempfile.gettempdir()) / "goennen-koennen"
    candidates = [folder] if folder else [*_user_log_folder(), fallback]
    for candidate in candidates:
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            path = candidate / f"crash-{stamp}-{os.getpid()}.log"
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        _prune(candidate)
        return path
    return None


def _user_log_folder() -> list[Path]:
    # Imported only now: scenes.model.userdata pulls in the engine, and a broken engine import is exactly
    # the kind of crash this module must still be able to report.
    try:
        from scenes.model.userdata import data_dir

        logs = data_dir() / LOG_FOLDER
        if logs.is_symlink() and not logs.resolve().is_relative_to(data_dir().resolve()):
            return []  # logs/ linked out of the data folder: neither written nor pruned there
        return [logs]
    except Exception:  # whatever broke, the temp folder still takes the log
        return []


def _prune(folder: Path) -> None:
    logs = sorted(folder.glob("crash-*.log"), key=lambda path: path.stat().st_mtime, reverse=True)
    for old in logs[KEEP_LOGS:]:
        try:
            old.unlink()
        except OSError:
            pass


def dialogs_wanted() -> bool:
    if os.environ.get(NO_DIALOG_ENV):
        return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in HEADLESS_DRIVERS:
        return False
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def show_message_box(title: str, message: str) -> str | None:
    """Show `message` in the first box that works; returns which one ('pygame', 'windows', ...)."""
    for name, show in (
        ("pygame", _pygame_box),
        ("windows", _windows_box),
        ("macos", _macos_box),
        ("zenity", _zenity_box),
        ("xmessage", _xmessage_box),
    ):
        try:
            if show(title, message):
                return name
        except Exception:  # a broken box must not hide the next one
            continue
    return None


def _pygame_box(title: str, message: str) -> bool:
    import pygame  # may itself be what is broken, hence imported here

    if not hasattr(pygame.display, "message_box"):  # pygame-ce 2.5 and later
        return False
    pygame.display.message_box(title, message, message_type="error")
    return True


def _windows_box(title: str, message: str) -> bool:
    if sys.platform != "win32":
        return False
    import ctypes

    mb_iconerror, mb_topmost = 0x10, 0x40000
    ctypes.windll.user32.MessageBoxW(None, message, title, mb_iconerror | mb_topmost)
    return True


def _macos_box(title: str, message: str) -> bool:
    if sys.platform != "darwin" or not shutil.which("osascript"):
        return False
    # The texts go in as arguments, never pasted into the script, so quotes in them are harmless.
    script = "on run argv\ndisplay alert (item 1 of argv) message (item 2 of argv) as critical\nend run"
    subprocess.run(["osascript", "-e", script, title, message], check=False, timeout=BOX_TIMEOUT_S)
    return True


def _zenity_box(title: str, message: str) -> bool:
    zenity = shutil.which("zenity")
    if not zenity:
        return False
    command = [zenity, "--error", "--no-markup", f"--title={title}", f"--text={message}"]
    subprocess.run(command, check=False, timeout=BOX_TIMEOUT_S, stderr=subprocess.DEVNULL)
    return True


def _xmessage_box(title: str, message: str) -> bool:
    xmessage = shutil.which("xmessage")
    if not xmessage:
        return False
    command = [xmessage, "-center", "-title", title, "-buttons", "OK:0", message]
    subprocess.run(command, check=False, timeout=BOX_TIMEOUT_S, stderr=subprocess.DEVNULL)
    return True


def _to_stderr(text: str) -> None:
    # A windowed build on Windows has no stderr at all (sys.stderr is None).
    if sys.stderr is None:
        return
    try:
        print(text, file=sys.stderr)
    except (OSError, ValueError, UnicodeError):
        pass
