"""Sharing a game: any archived game written to a file a friend can import, and such files read
into the archive.

An exported file is the game's save (game.goennen.serialize's versioned envelope, with seats and context)
plus an "archived" object saying when it was played and how it ended. Exports go to `exports/` in
the data folder, named by the game's date and number (never by anything a file said). Import reads
every `*.json` in `imports/`: each is read through the guarded reader and replayed like a save
(scenes/model/files.py, archive_entry.py); a refused file is set aside as `<name>.broken-<time>`,
one of a newer version left untouched, an accepted one moved to `imports/done/`.
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from game.goennen.serialize import VERSION as SAVE_VERSION
from scenes.model import files
from scenes.model.archive import Archive
from scenes.model.archive_entry import OUTCOMES, ArchiveEntry, entry_of_record
from scenes.model.files import FileProblem

EXPORTS = "exports"
IMPORTS = "imports"
DONE = "done"
ARCHIVED_KEY = "archived"


@dataclass
class ImportReport:
    added: int = 0
    already: int = 0  # games the archive held before
    refused: list[FileProblem] = field(default_factory=list)  # set aside, or left for a newer version
    failed: FileProblem | None = None  # the archive could not take them


def export_game(archive: Archive, game_id: int, folder: Path) -> tuple[Path | None, FileProblem | None]:
    """Write archived game `game_id` into `folder/exports/`; the file's path, or why not."""
    row = archive.game(game_id)
    record = archive.record_of(game_id)
    if row is None or record is None:
        return None, FileProblem(f"{game_id}", files.DAMAGED, "no such game, or its record is damaged")
    data = dict(record)
    data[ARCHIVED_KEY] = {"played_at": row.played_at, "outcome": row.outcome}
    stamp = _stamp(row.played_at)
    target = folder / EXPORTS / f"game-{stamp}-{row.id}.json"
    problem = files.write_json(target, data)
    return (None, problem) if problem is not None else (target, None)


def _stamp(played_at: str) -> str:
    try:
        return datetime.fromisoformat(played_at).strftime("%Y%m%d-%H%M%S")
    except ValueError:
        return "undated"


def read_shared(data: Any, source: str) -> ArchiveEntry:
    """A shared file's contents as an archive entry; raises (SaveError and the like) to refuse it."""
    archived = data.get(ARCHIVED_KEY) if isinstance(data, dict) else None
    played_at, outcome = datetime.now().isoformat(timespec="seconds"), None
    if isinstance(archived, dict):
        when = archived.get("played_at")
        if isinstance(when, str) and _is_time(when):
            played_at = when
        if archived.get("outcome") in OUTCOMES:
            outcome = archived["outcome"]
    return entry_of_record(data, outcome, played_at, source)


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return len(text) <= 32


def import_games(archive: Archive, folder: Path) -> ImportReport:
    """Every shared game waiting in `folder/imports/` into the archive, marked as imported (a
    friend's game: listed and replayed, in no statistic). A game the archive already holds stays
    as it was kept (the player's own export read back stays their own)."""
    report = ImportReport()
    inbox = folder / IMPORTS
    if files.leads_out(inbox / DONE, folder):  # imports/ linked elsewhere: those are not our files
        report.failed = FileProblem(IMPORTS, files.LINK_OUT, "a link leads out of the data folder")
        return report
    try:
        # a file that is itself a link is someone else's: neither read nor renamed
        paths = sorted(path for path in inbox.glob("*.json") if path.is_file() and not path.is_symlink())
    except OSError:
        return report
    for path in paths:
        loaded = files.load_file(path, partial(read_shared, source=path.name), SAVE_VERSION)
        if loaded.value is None:
            if loaded.problem is not None:
                report.refused.append(loaded.problem)
            continue
        before = archive.count()
        problem = archive.record(loaded.value, imported=True)
        if problem is not None:
            report.failed = problem
            return report
        if archive.count() > before:
            report.added += 1
        else:
            report.already += 1
        _file_away(path, inbox / DONE)
    return report


def _file_away(path: Path, done: Path) -> None:
    """An imported file leaves the inbox (so the next import does not read it again)."""
    try:
        done.mkdir(parents=True, exist_ok=True)
        target = done / path.name
        counter = 1
        while target.exists():
            counter += 1
            target = done / f"{path.stem}-{counter}{path.suffix}"
        path.replace(target)
    except OSError as error:
        files.LOG.warning("could not move the imported %s: %s", path, files.shorten(str(error)))
