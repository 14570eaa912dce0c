"""Start-up checks for a built game: `--smoke N` (start, draw N frames, exit) and the start clock.

`main.py --smoke 1` is "start to first frame": it opens the real window (or the dummy one), draws
the title once and exits 0, printing how long that took from the process start. The bundle test and
`python -m tools.build_exe --measure` run it; no settings or saves are written. Afterwards it reads
the player's progress and saved game as the solo card and Continue would, so `--smoke N --data-dir
DIR` checks that whatever is in DIR starts the game (a refused file is set aside and named).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.core.stack import Host

FRAME = 1 / 60
MARKER = "first frame drawn after"  # tools.build_exe --measure looks for this line

_LAUNCHER_STARTED = time.perf_counter()  # imported first thing by main.py


def seconds_since_process_start() -> tuple[float, str]:
    """Seconds since the process was created where the system says so (Linux), else since launch.

    The second item names the clock, so a number is never mistaken for the other kind.
    """
    if sys.platform.startswith("linux"):
        try:
            # Field 22 of /proc/self/stat is the start time in clock ticks after boot; the comm field
            # (2) may hold spaces, so count from its closing parenthesis.
            stat = Path("/proc/self/stat").read_text()
            start_ticks = int(stat[stat.rindex(")") + 2 :].split()[19])
            uptime = float(Path("/proc/uptime").read_text().split()[0])
            return uptime - start_ticks / os.sysconf("SC_CLK_TCK"), "process start"
        except (OSError, ValueError, IndexError):
            pass
    return time.perf_counter() - _LAUNCHER_STARTED, "launcher start"


def smoke(frames: int, data_dir: Path | None = None) -> int:
    """Open the window, step `frames` frames of the title screen, report the first frame's time."""
    from scenes.app import App

    app = App(window=True, data_dir=data_dir)
    first: tuple[float, str] | None = None
    for _ in range(max(1, frames)):
        if app.step(FRAME) and first is None:
            first = seconds_since_process_start()
            _say(f"{MARKER} {first[0]:.3f} s ({first[1]})")
    drawn = app.frames_drawn
    if app.deck_problem is not None:  # the player's files need the deck; the build is broken
        _say(f"smoke: the deck is damaged ({app.deck_problem}); the reinstall screen is shown")
        return 1
    for line in _read_player_files(app):
        _say(line)
    app.close()
    if first is None:
        _say(f"smoke: no frame was drawn in {frames} frames")
        return 1
    _say(f"smoke: {frames} frames stepped, {drawn} drawn")
    return 0


def _read_player_files(app: Host) -> list[str]:
    """Read progress.json and save.json through the game's own loaders; a line per refused file,
    after one per damaged shipped file."""
    from scenes.core.shipped import damaged_files
    from scenes.model.progress import store
    from scenes.model.session import GameSession
    from scenes.model.userdata import save_path

    problems = [app.settings_problem, store(app).problem, GameSession.load(save_path()).problem]
    damaged = [
        f"smoke: shipped file {name} is damaged (see the log); a default stands in"
        for name in damaged_files()
    ]
    return damaged + [
        f"smoke: {problem.file} refused ({problem.reason}: {problem.detail}); "
        + (f"kept as {problem.kept_as}" if problem.kept_as else "left untouched")
        for problem in problems
        if problem is not None
    ]


def _say(text: str) -> None:
    if sys.stdout is not None:  # a windowed Windows build has no stdout
        print(text, flush=True)
