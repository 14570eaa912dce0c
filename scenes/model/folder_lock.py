"""One program per data folder: a lock file (`game.lock`, holding the pid) that the running copy
keeps locked by the operating system, as browsers and Minecraft keep theirs.

Two copies on one folder (a double-click on a slow start is enough) would overwrite each other's
progress and saves without a word. The lock is the operating system's (fcntl.flock, or msvcrt on
Windows), so it ends with the process however it ends: a lock left by a killed process is free
and the next start takes it over; the pid in the file only names the running copy for the notice.
A second copy asks the running one to come forward by touching `game.lock.wake`, which the
running copy looks at once a second (`wake_requested`).

A folder where no lock can be made (read-only, a file system without locks) is played unlocked:
there the game cannot write anyway, and play goes on. No pygame here.
"""

from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from scenes.model import files

LOCK_FILE = "game.lock"
WAKE_FILE = "game.lock.wake"
LOCKED_BYTE = 4096  # Windows locks a byte range: one past the text, so the pid stays readable
MAX_LOCK_TEXT = 200  # what is read of a lock file: a pid and a host name


@dataclass(frozen=True)
class Holder:
    """The copy of the game that holds a folder's lock, as its lock file names it."""

    pid: int | None  # None: the file names no readable pid (damaged, or being written)
    host: str


@dataclass
class Claim:
    """The outcome of claiming a data folder: `held` (this program has the folder), or `other`,
    the running copy that has it; neither: the folder cannot be locked and is played unlocked."""

    folder: Path
    held: bool
    other: Holder | None = None
    taken_over: Holder | None = None  # a killed copy's lock, now this program's
    handle: IO[bytes] | None = None
    wake_seen: float | None = None  # the wake file's time when last looked at (None: no file)

    @property
    def lock_path(self) -> Path:
        return self.folder / LOCK_FILE

    def wake_requested(self) -> bool:
        """Whether a second copy asked this one to come forward since the last look."""
        if not self.held:
            return False
        try:
            stamp = (self.folder / WAKE_FILE).stat().st_mtime
        except OSError:
            return False
        seen, self.wake_seen = self.wake_seen, stamp
        return stamp != seen

    def release(self) -> None:
        if self.handle is not None:
            try:
                self.handle.close()  # closing ends the operating system's lock
            except OSError:
                pass
            self.handle = None
            try:
                self.lock_path.unlink(missing_ok=True)
            except OSError:
                pass
        self.held = False


def _try_lock(handle: IO[bytes]) -> bool:
    """Lock the open file for this process without waiting; False: another process holds it.
    Raises OSError when this file system has no locks."""
    if sys.platform == "win32":
        import msvcrt

        handle.seek(LOCKED_BYTE)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def read_holder(path: Path) -> Holder:
    """Who the lock file says holds it; any bytes give an answer, never an exception."""
    try:
        with path.open("rb") as handle:
            words = handle.read(MAX_LOCK_TEXT).decode("utf-8", "replace").split()
    except OSError:
        words = []
    pid = int(words[0]) if words and words[0].isdigit() and len(words[0]) <= 10 else None
    host = files.shorten(words[1], 60) if len(words) > 1 else ""
    return Holder(pid, host)


_held: Claim | None = None  # one data folder at a time, like the open archive


def claim(folder: Path) -> Claim:
    """This program's claim on the data folder `folder` (taken now, or kept from before). A second
    App of the same process on the same folder shares it: one process is one program."""
    global _held
    if _held is not None and _held.folder == folder and _held.held:
        return _held
    if _held is not None:
        _held.release()
        _held = None
    found = _claim(folder)
    if found.held:
        _held = found
    return found


def _claim(folder: Path) -> Claim:
    path = folder / LOCK_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise OSError(f"{path.name} is not a plain file")
        handle = open(path, "a+b")  # noqa: SIM115 (kept open as long as the program runs)
    except OSError as error:
        files.LOG.warning("no lock in %s: %s; played unlocked", folder, files.shorten(str(error)))
        return Claim(folder, held=False)
    try:
        locked = _try_lock(handle)
    except OSError as error:
        handle.close()
        files.LOG.warning("no lock in %s: %s; played unlocked", folder, files.shorten(str(error)))
        return Claim(folder, held=False)
    if not locked:
        handle.close()
        return Claim(folder, held=False, other=read_holder(path))
    before = read_holder(path)
    taken_over = before if before.pid is not None and before.pid != os.getpid() else None
    if taken_over is not None:
        files.LOG.warning("took over the lock of %s left by process %s", folder, taken_over.pid)
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()} {socket.gethostname()}\n".encode())
        handle.flush()
    except OSError as error:  # the lock holds; only its note of who holds it is missing
        files.LOG.warning("could not write %s: %s", path, files.shorten(str(error)))
    found = Claim(folder, held=True, taken_over=taken_over, handle=handle)
    found.wake_requested()  # remember an earlier wake file's time, so only a later touch counts
    return found


def ask_to_come_forward(folder: Path) -> bool:
    """Ask the copy holding `folder` to bring its window forward; whether the request was made."""
    wake = folder / WAKE_FILE
    try:
        if wake.is_symlink():
            return False
        wake.touch()
        stamp = wake.stat().st_mtime
        os.utime(wake, (stamp + 1, stamp + 1))  # a new time even on coarse clocks
    except OSError:
        return False
    return True


def release_all() -> None:
    """Give up this program's lock (at quit, and in tests)."""
    global _held
    if _held is not None:
        _held.release()
        _held = None
