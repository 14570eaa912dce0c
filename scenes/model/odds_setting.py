"""Whether the table shows the odds: the "Show odds" setting read against the player's games.

"First games" (the default) means: until the player has finished FIRST_GAMES games of the first
game (Gönnen Können) that the archive of played games holds as finished, not watched (a game played
to its end by at least one human seat) and played here (a friend's imported game is not the
player's experience). After that the odds go away unless the player switched them
on; "on" and "off" are the player's own choice (settings screen, or the O key at the table).
"""

from __future__ import annotations

from pathlib import Path

from game.goennen.serialize import FIRST_GAME as FIRST_GAME_KEY  # the archive names games as saves do
from scenes.model.archive import has_archive, store

FIRST_GAMES = 10


def finished_games(folder: Path, game: str = FIRST_GAME_KEY) -> int:
    """Games of `game` (by default the first game; Penk!'s table counts its own) finished by a
    human here, in the archive of `folder` (0 without one)."""
    if not has_archive(folder):
        return 0
    question = (
        "SELECT COUNT(*) FROM games"
        " WHERE game = ? AND imported = 0 AND outcome = 'finished' AND mode != 'watch'"
    )
    # an archive that cannot answer (busy, damaged) counts no game: the odds then show
    found = store(folder).read(lambda db: db.execute(question, (game,)).fetchone()[0], 0)
    return found if type(found) is int else 0


def odds_shown(mode: str, finished: int) -> bool:
    """The odds are shown for the setting `mode` after `finished` finished games."""
    if mode == "first_games":
        return finished < FIRST_GAMES
    return mode == "on"


def toggled(shown: bool) -> str:
    """The setting after the O key: the opposite of what is shown now, as the player's own choice."""
    return "off" if shown else "on"
