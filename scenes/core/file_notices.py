"""The player's words for a file that could not be written or read (scenes/model/files.py says why).

Each sentence names what was affected and why in words a player understands; the technical
details went to the log.
"""

from __future__ import annotations

from scenes.core.i18n import t
from scenes.model.files import NEWER, FileProblem

# what a file holds, as the notices name it (files.not_saved.<what>, files.unreadable.<what>)
GAME = "game"
SETTINGS = "settings"
PROGRESS = "progress"
ARCHIVE = "archive"


def reason(problem: FileProblem) -> str:
    return t(f"files.reason.{problem.reason}")


def not_saved(what: str, problem: FileProblem) -> str:
    """A write failed: what was not saved, why, and that play goes on."""
    return t(f"files.not_saved.{what}", reason=reason(problem))


def shipped_damaged(files: list[str]) -> str:
    """Some of the game's own files are damaged (scenes/core/shipped.py): which, and that it goes on."""
    return t("files.shipped_damaged", files=", ".join(files))


def unreadable(what: str, problem: FileProblem) -> str:
    """A file was refused: which, why, and where it is now (kept aside, or left untouched)."""
    if problem.reason == NEWER:
        return t("files.newer", file=problem.file)
    if problem.restored:
        return t(f"files.restored.{what}", file=problem.file, kept=problem.kept_as)
    where = t("files.kept_as", kept=problem.kept_as) if problem.kept_as else t("files.left_in_place")
    return f"{t(f'files.unreadable.{what}', file=problem.file, reason=reason(problem))} {where}"


def after_archiving(archive_problem: FileProblem | None, news: FileProblem | None) -> str | None:
    """The notice after a game went to the archive: it could not be kept (`archive_problem`), or
    the archive itself had to be set aside or left for a newer version (`news`); None: all well."""
    if archive_problem is not None and archive_problem.reason == NEWER:  # kept for that version
        return unreadable(ARCHIVE, archive_problem)
    if archive_problem is not None and archive_problem.archived:
        return t("files.slot_left", file=archive_problem.file, reason=reason(archive_problem))
    if archive_problem is not None:
        return not_saved(ARCHIVE, archive_problem)
    if news is not None:
        return unreadable(ARCHIVE, news)
    return None
