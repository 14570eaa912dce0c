"""The one door to the player's files: every write and every JSON read of the data folder goes through here.

A write never raises: `write_text` returns None, or a `FileProblem` saying in a word why it failed
(disk full, folder read-only, a folder where the file should be, ...). The screens turn that word
into a notice in the player's language and play on; the next write tries again, and the last good
file stays, since writes are atomic (game.goennen.serialize.write_atomic).

A read never raises either: `load_file` gives the file's contents checked by the caller's reader,
or defaults with a `FileProblem`. Whatever the bytes (too big, not UTF-8, NUL bytes, Infinity, a
5,000-digit number, nesting 200,000 deep), the guarded JSON reader refuses them with a reason; a
refused file is set aside (renamed, never deleted) so the next start is clean. A file from a newer
version of the game is left untouched for that version. Technical details go to the log, shortened.

No pygame here; scenes/core/file_notices.py words the problems.
"""

from __future__ import annotations

import errno
import json
import logging
import logging.handlers
import math
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.goennen.serialize import NotAPlainFile, read_plain, write_atomic
from scenes.model.userdata import data_dir

LOG = logging.getLogger("goennen.files")
MAX_FILE_BYTES = 4_000_000  # far above any real save (a long game is some 20 kB)
MAX_DEPTH = 32  # our files nest five deep; deeper is damage (and would exhaust the stack)
MAX_DIGITS = 30  # longer numbers are damage (Python refuses ints past 4,300 digits with a ValueError)
DETAIL_CHARACTERS = 300  # how much of a technical message the log keeps
LOG_FILE = "files.log"  # in the data folder's logs/, beside the crash logs
LOG_BYTES = 200_000  # the log and one older copy, so it cannot grow without bound
TEMP_LEFTOVER = re.compile(r"^\..+\.[^.]+\.tmp$")  # write_atomic's temp names: .save.json.ab12cd.tmp
PREVIOUS = ".previous"  # progress and slots keep the generation before the last write beside them

T = TypeVar("T")

# Why a write or read failed, as a word the notices translate (files.reason.<word>).
DISK_FULL = "disk_full"
READ_ONLY = "read_only"
FOLDER_IN_THE_WAY = "folder_in_the_way"
NOT_A_FOLDER = "not_a_folder"
FOLDER_MISSING = "folder_missing"
DAMAGED = "damaged"
TOO_BIG = "too_big"
NEWER = "newer"
UNREADABLE = "unreadable"
LINK_OUT = "link_out"  # a link leads out of the data folder: the game writes nothing there
OTHER = "other"

_WRITE_REASONS = {
    errno.ENOSPC: DISK_FULL,
    errno.EDQUOT: DISK_FULL,
    errno.EFBIG: DISK_FULL,
    errno.EROFS: READ_ONLY,
    errno.EACCES: READ_ONLY,
    errno.EPERM: READ_ONLY,
    errno.EISDIR: FOLDER_IN_THE_WAY,
    errno.ENOTDIR: NOT_A_FOLDER,
    errno.EEXIST: NOT_A_FOLDER,  # mkdir where a file has the folder's name
    errno.ENOENT: FOLDER_MISSING,
}


@dataclass(frozen=True)
class FileProblem:
    """What went wrong with one file: `reason` is one of the words above, `detail` is for the log."""

    file: str  # the file's own name, never a whole path from elsewhere
    reason: str
    detail: str = ""
    kept_as: str | None = None  # the name a refused file was set aside as; None: left where it is
    restored: bool = False  # the previous generation (`<name>.previous`) took the refused file's place
    archived: bool = False  # the game is in the archive all the same; only its slot file stayed


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A file's checked contents, or None with the problem (None and no problem: no file yet)."""

    value: T | None
    problem: FileProblem | None = None


class DamagedFile(ValueError):
    """The guarded reader's refusal; the message says what is wrong."""


def shorten(text: str, limit: int = DETAIL_CHARACTERS) -> str:
    """A technical message cut to `limit` characters (a 1 MB action is never logged whole)."""
    text = text.replace("\n", " ")
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


# --- links ----------------------------------------------------------------------------------------


def leads_out(path: Path, root: Path | None = None) -> bool:
    """Whether writing or renaming `path`, a file in the data folder `root` (the user data folder
    unless told), would go through a link to somewhere outside it: its folder (imports/ linked
    elsewhere) or the file itself resolves outside. A path outside the data folder to begin with
    is the caller's own choice (tests, tools): False."""
    root = root if root is not None else data_dir()
    try:
        absolute, top = Path(os.path.abspath(path)), Path(os.path.abspath(root))
        if not absolute.is_relative_to(top):
            return False
        base = top.resolve()
        places = [absolute.parent.resolve()] + ([absolute.resolve()] if absolute.is_symlink() else [])
    except (OSError, RuntimeError, ValueError):  # a link loop, a name the system refuses
        return True
    return not all(place.is_relative_to(base) for place in places)


def _link_out(path: Path) -> FileProblem:
    LOG.warning("not written: %s leads out of the data folder through a link", path)
    return FileProblem(path.name, LINK_OUT, "a link leads out of the data folder")


# --- writing --------------------------------------------------------------------------------------


def write_reason(error: OSError) -> str:
    if isinstance(error, IsADirectoryError):
        return FOLDER_IN_THE_WAY
    return _WRITE_REASONS.get(error.errno or 0, OTHER)


def previous_of(path: Path) -> Path:
    """Where the generation before the last write of `path` is kept (progress and slots)."""
    return path.with_name(path.name + PREVIOUS)


def _keep_previous(path: Path) -> None:
    """Keep the file about to be replaced as `<name>.previous` (a hard link, else a copy), so a
    damaged write can be undone; a previous of some other, removed file is dropped."""
    previous = previous_of(path)
    if not path.is_file() or path.is_symlink():
        previous.unlink(missing_ok=True)
        return
    temp = path.with_name(f".{previous.name}.{os.urandom(3).hex()}.tmp")  # a leftover remove_leftovers knows
    try:
        try:
            os.link(path, temp)
        except OSError:  # a file system without hard links
            shutil.copyfile(path, temp)
        os.replace(temp, previous)
    except OSError as error:
        temp.unlink(missing_ok=True)
        LOG.warning("could not keep the previous %s: %s", path.name, shorten(str(error)))


def remove(path: Path) -> None:
    """Remove a file and its previous generation; raises OSError when the file itself stays."""
    path.unlink(missing_ok=True)
    try:
        previous_of(path).unlink(missing_ok=True)
    except OSError as error:
        LOG.warning("could not remove the previous %s: %s", path.name, shorten(str(error)))


def write_text(path: Path, text: str, keep_previous: bool = False) -> FileProblem | None:
    """Write `path` atomically (creating its folder); None when written, else why not.
    `keep_previous`: the file it replaces stays as `<name>.previous` (progress and slots)."""
    if leads_out(path):
        return _link_out(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if keep_previous:
            _keep_previous(path)
        write_atomic(path, text)
    except OSError as error:
        problem = FileProblem(path.name, write_reason(error), shorten(str(error)))
        LOG.warning("could not write %s: %s (%s)", path, problem.reason, problem.detail)
        return problem
    return None


def write_json(path: Path, data: Any, indent: int = 1, keep_previous: bool = False) -> FileProblem | None:
    return write_text(path, json.dumps(data, indent=indent, ensure_ascii=False) + "\n", keep_previous)


# --- reading --------------------------------------------------------------------------------------


def _refuse_constant(name: str) -> Any:
    raise DamagedFile(f"{name} is not a number a file of this game may hold")


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise DamagedFile(f"a number with {digits:,} digits")
    return int(text)


def _decimal(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise DamagedFile(f"a number written with {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise DamagedFile(f"the number {shorten(text, 40)} is too large")
    return value


# a JSON string (skipped whole, so brackets inside it do not count) or a bracket
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]+|\\.)*"|[\[\]{}]')


def nesting_depth(text: str) -> int:
    """How deep JSON text nests, counted without recursion (brackets inside strings do not count)."""
    depth = deepest = 0
    for token in _STRING_OR_BRACKET.findall(text):
        if token in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}"):
            depth -= 1
    return deepest


def parse_json(text: str) -> Any:
    """JSON as this game's files hold it; anything else raises DamagedFile saying what."""
    # text cannot nest deeper than it has opening brackets: most files need no counting
    if text.count("[") + text.count("{") > MAX_DEPTH and (depth := nesting_depth(text)) > MAX_DEPTH:
        raise DamagedFile(f"nested {depth:,} levels deep")
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, parse_int=_whole_number, parse_float=_decimal
        )
    except json.JSONDecodeError as error:
        raise DamagedFile(f"not valid JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:  # kept as a last guard: nesting_depth refuses deep files first
        raise DamagedFile("nested too deep") from None


def read_json(path: Path, limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON in `path`; raises DamagedFile (what is wrong) or OSError (cannot be read). Only a
    plain file is read: a named pipe or a device would wait, or give bytes, forever."""
    raw = read_bytes(path, limit + 1)
    if len(raw) > limit:
        raise DamagedFile(f"larger than {limit:,} bytes")
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark from a text editor is harmless
    except UnicodeDecodeError as error:
        raise DamagedFile(f"not UTF-8 text (byte {error.start})") from None
    return parse_json(text)


def read_bytes(path: Path, limit: int) -> bytes:
    """At most `limit` bytes of the plain file `path`; raises DamagedFile for anything else (a
    named pipe, a device such as /dev/zero, a socket) and OSError when it cannot be opened."""
    try:
        return read_plain(path, limit)
    except NotAPlainFile:
        raise DamagedFile("not a plain file (a pipe or a device)") from None


def set_aside(path: Path, now: datetime | None = None, why: str = "broken") -> Path | None:
    """Rename a refused file to `<name>.<why>-<time>` (never delete); None when it cannot be moved.
    `why` is "broken", or "newer" for a newer version's file moved out of a new game's way."""
    if leads_out(path):  # renaming there would rename someone else's file
        LOG.warning("not set aside: %s leads out of the data folder through a link", path)
        return None
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    counter = 1
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.{why}-{stamp}-{counter}")
        counter += 1
    try:
        path.rename(target)
    except OSError as error:
        LOG.warning("could not set %s aside: %s", path, shorten(str(error)))
        return None
    return target


def newer_version(data: Any, newest: int) -> bool:
    """Whether `data` says it was written by a later format than `newest` (kept for that version)."""
    version = data.get("version") if isinstance(data, dict) else None
    return type(version) is int and version > newest


# What a reader may raise on data it refuses: its own errors are ValueErrors (SaveError,
# ProgressError); the rest are Python's on values of the wrong kind or size.
REFUSALS = (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError)


def load_file(path: Path, read: Callable[[Any], T], newest: int, limit: int = MAX_FILE_BYTES) -> Loaded[T]:
    """Read `path` through the guarded reader and `read` (which checks the data and raises one of
    REFUSALS when it refuses it). No file: Loaded(None). A refused file is set aside, one from a
    version newer than `newest` is left untouched; either way the caller goes on with defaults."""
    if not (path.exists() or path.is_symlink()):
        return Loaded(None)
    try:
        data = read_json(path, limit)
    except IsADirectoryError:
        return _refused(path, "a folder has the file's name")
    except OSError as error:
        LOG.warning("could not read %s: %s", path, shorten(str(error)))
        return Loaded(None, FileProblem(path.name, UNREADABLE, shorten(str(error))))
    except DamagedFile as error:
        reason = TOO_BIG if str(error).startswith("larger") else DAMAGED
        return _refused(path, str(error), reason, read=read, newest=newest)
    if newer_version(data, newest):
        detail = f"format {data['version']}; this version reads up to {newest}"
        LOG.warning("%s comes from a newer version of the game (%s): left untouched", path, detail)
        return Loaded(None, FileProblem(path.name, NEWER, detail))
    try:
        return Loaded(read(data))
    except REFUSALS as error:
        return _refused(path, str(error) or type(error).__name__, read=read, newest=newest)


def _refused(
    path: Path,
    detail: str,
    reason: str = DAMAGED,
    read: Callable[[Any], T] | None = None,
    newest: int = 0,
) -> Loaded[Any]:
    """Set the refused file aside; when its previous generation reads well, put that in its place."""
    aside = set_aside(path)
    LOG.warning(
        "%s could not be used (%s); %s",
        path,
        shorten(detail),
        f"kept as {aside.name}" if aside else "it could not be moved and is left where it is",
    )
    problem = FileProblem(path.name, reason, shorten(detail), aside.name if aside else None)
    if aside is not None and read is not None:
        value = _restore_previous(path, read, newest)
        if value is not None:
            return Loaded(
                value, FileProblem(problem.file, reason, problem.detail, problem.kept_as, restored=True)
            )
    return Loaded(None, problem)


def _restore_previous(path: Path, read: Callable[[Any], T], newest: int) -> T | None:
    """The previous generation of the refused `path`, read and checked like it and copied into its
    place; None when there is none or it is refused too (it is then left as it is)."""
    previous = previous_of(path)
    try:
        if previous.is_symlink() or not previous.is_file():
            return None
        data = read_json(previous)
        if newer_version(data, newest):
            return None
        value = read(data)
        shutil.copyfile(previous, path)
    except (OSError, DamagedFile, *REFUSALS) as error:
        LOG.warning("the previous %s could not be used either: %s", path.name, shorten(str(error)))
        return None
    LOG.warning("%s restored from its previous generation", path)
    return value


# --- the log ---------------------------------------------------------------------------------------


class _FolderOnFirstWrite(logging.handlers.RotatingFileHandler):
    """The log file and its folder appear with the first problem, not at every start."""

    def _open(self) -> Any:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def handleError(self, record: logging.LogRecord) -> None:
        pass  # a folder that cannot take the log: the problem itself is already with the player


def log_to(folder: Path) -> Path:
    """Send the file problems' details to `folder/logs/files.log` (bounded, made on first use); no
    log file when logs/ is a link out of the data folder."""
    target = folder / "logs" / LOG_FILE
    out = leads_out(target, folder)
    for handler in list(LOG.handlers):
        if isinstance(handler, logging.FileHandler):
            if Path(handler.baseFilename) == target.absolute() and not out:
                return target
            LOG.removeHandler(handler)
            handler.close()
    LOG.setLevel(logging.WARNING)
    if out:
        return target
    handler = _FolderOnFirstWrite(target, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    LOG.addHandler(handler)
    return target


# --- leftovers and the archive --------------------------------------------------------------------


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove temp files that killed writes left in `folder` and its `finished/` (at start)."""
    removed: list[Path] = []
    for place in (folder, folder / "finished"):
        if leads_out(place / "leftover", folder):
            continue
        try:
            candidates = [entry for entry in place.iterdir() if TEMP_LEFTOVER.match(entry.name)]
        except OSError:
            continue  # no folder yet, or not one we may read
        for entry in candidates:
            try:
                if entry.is_file():
                    entry.unlink()
                    removed.append(entry)
            except OSError as error:
                LOG.warning("could not remove the leftover %s: %s", entry, shorten(str(error)))
    return removed
