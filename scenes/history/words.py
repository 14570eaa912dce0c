"""Archived games in words, for the archive list and the replay's heading (no plural forms: the
counts stand in front of a noun that does not change, "Games: 3")."""

from __future__ import annotations

from datetime import datetime

from scenes.core.i18n import t
from scenes.model.archive import Archive, GameRow

MAX_NAMES_SHOWN = 4


def archive_trouble(archive: Archive) -> str | None:
    """What the screen says when the archive could not answer its last reads: busy (another
    program holds it), damaged, or some rows left out as hand-edited; None when all is well."""
    if archive.busy:
        return t("archive.busy")
    if archive.read_problem is not None:
        return t("archive.unreadable")
    if archive.skipped:
        return t("archive.skipped", count=archive.skipped)
    return None


def when_words(played_at: str) -> str:
    """The date and time a game ended, as the list shows it (the stored text if it is not a date)."""
    try:
        return datetime.fromisoformat(played_at).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return played_at[:16]


def mode_words(mode: str, solo_level: int | None = None) -> str:
    """Multiplayer, a solo level, a campaign level, or a watched bot game."""
    if mode in ("solo", "campaign", "watch") and solo_level is not None:
        return t(f"archive.mode.{mode}.level", level=solo_level)
    return t(f"archive.mode.{mode}")


def outcome_words(outcome: str) -> str:
    return t(f"archive.outcome.{outcome}")


def scores_words(row: GameRow) -> str:
    """Who played and their scores, the winners marked: "Anna 48 *, Bruno 41"."""
    parts = []
    for seat in row.seats[:MAX_NAMES_SHOWN]:
        mark = " *" if seat.won else ""
        parts.append(f"{seat.name} {seat.score}{mark}")
    return ", ".join(parts)


def row_words(row: GameRow) -> str:
    """A game of the list in one line; a friend's imported game says so (it is in no statistic)."""
    words = t(
        "archive.row",
        when=when_words(row.played_at),
        mode=mode_words(row.mode, row.solo_level),
        scores=scores_words(row),
        outcome=outcome_words(row.outcome),
    )
    return t("archive.row.imported", row=words) if row.imported else words
