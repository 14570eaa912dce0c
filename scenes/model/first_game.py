"""Whether the player has finished a game yet. Until one is finished (a solo game in the progress
history, or a table game filed away in the finished-games folder) the opening deal says at each
step what to do."""

from __future__ import annotations

from pathlib import Path

from scenes.model.progress import Progress


def first_game(progress: Progress, finished: Path) -> bool:
    """True while no game has been played to its end: no solo game in `progress`, no finished
    table game in the folder `finished` (scenes.model.session.FINISHED_FOLDER)."""
    if progress.history:
        return False
    try:
        return not any(finished.glob("*.json"))
    except OSError:  # an unreadable folder: better one explanation too many than none
        return True
