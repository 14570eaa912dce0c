"""Whether the player has finished a game yet. Until one is finished (a solo game in the progress
history, or any game in the archive of played games) the opening deal says at each step what to do."""

from __future__ import annotations

from pathlib import Path

from scenes.model.archive import has_archive
from scenes.model.progress import Progress


def first_game(progress: Progress, data_folder: Path) -> bool:
    """True while no game has been played to its end: no solo game in `progress`, and no archive of
    played games (nor old finished games waiting to be imported into it) in `data_folder`."""
    return not progress.history and not has_archive(data_folder)
