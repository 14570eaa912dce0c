"""Penk!'s guided first game as a session: the table's GameSession started from the guided game's
prepared position (scenes/model/penk_tutorial.py) and saved in its own slot
(`save-penk-tutorial.json`), so it can be left and resumed at the same lesson and never replaces
another unfinished game: the first game's TutorialSession (scenes/model/tutorial_session.py) in
Penk!'s terms. No pygame here.

The save holds the seed and the actions since the prepared position; a guided game played to its
end removes its save (so the archive does not keep it as a game played).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.goennen.serialize import SaveError
from game.penk import IllegalActionError, PenkMatch, parse
from scenes.model import penk_tutorial
from scenes.model.files import DamagedFile, FileProblem, read_json, write_json, write_text
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.rulebooks import PENK_RULES
from scenes.model.session import GameSession
from scenes.model.userdata import data_dir

TUTORIAL_FILE = "save-penk-tutorial.json"
OFFERED_FILE = "penk-tutorial-offered"  # New game offered it when Penk! was first chosen: not again
FORMAT = "penk-tutorial"
VERSION = 1


def tutorial_slot(folder: Path | None = None) -> Path:
    """The guided game's own slot (not listed by Continue, never touched by New game)."""
    return (folder or data_dir()) / TUTORIAL_FILE


def should_offer(folder: Path | None = None) -> bool:
    """Whether New game offers the guided game as Penk! is chosen: the first time only."""
    folder = folder or data_dir()
    return not (folder / OFFERED_FILE).exists() and not tutorial_slot(folder).exists()


def offered(folder: Path | None = None) -> FileProblem | None:
    """The offer was made: New game does not make it again (a failed write asks once more)."""
    return write_text((folder or data_dir()) / OFFERED_FILE, "offered\n")


class PenkTutorialSession(GameSession):
    """A GameSession of the guided game: the lesson due is `lessons_done` (the learner's decisions
    so far); undo is off, since each lesson waits for one action."""

    def __init__(self, names: tuple[str, str], match: PenkMatch, save_path: Path | None) -> None:
        seats = (
            SeatConfig(names[0], SeatKind.HUMAN),
            SeatConfig(names[1], SeatKind.BOT, penk_tutorial.BOT_LEVEL),
        )
        super().__init__(seats, match, save_path, {"mode": penk_tutorial.MODE}, PENK_RULES)
        self.lessons_done = penk_tutorial.lessons_done(match)

    @classmethod
    def begin(cls, names: tuple[str, str], save_path: Path | None) -> PenkTutorialSession:
        session = cls(names, penk_tutorial.new_match(), save_path)
        session.save()
        return session

    @classmethod
    def resume_from(cls, path: Path) -> PenkTutorialSession:
        """The guided game saved at `path`; SaveError when it cannot be used (damaged, another
        version's seed, an action the position does not allow)."""
        try:
            data = read_json(path)
        except (DamagedFile, OSError) as error:  # any bytes at all: a SaveError, never a crash
            raise SaveError(f"{path.name} is damaged: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(f"{path.name} is not a saved Penk! tutorial")
        if data.get("version") != VERSION or data.get("seed") != penk_tutorial.SEED:
            raise SaveError(f"{path.name} was saved by another version of the tutorial")
        names, texts = data.get("names"), data.get("actions")
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise SaveError(f"{path.name} is damaged: key 'names'")
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise SaveError(f"{path.name} is damaged: key 'actions'")
        try:
            match = penk_tutorial.replay(parse(text) for text in texts)
        except (IllegalActionError, ValueError) as error:
            raise SaveError(f"{path.name} is damaged: {error}") from None
        session = cls((names[0], names[1]), match, path)
        replayed = penk_tutorial.new_match()
        for action in match.actions:  # the log as it was, for the table's log
            before = replayed.state
            replayed.play(action)
            session.log.append(session.log_entry(before, action, replayed.state))
        return session

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.match.setup.seed,
            "names": [seat.name for seat in self.seats],
            "actions": [str(action) for action in self.match.actions],
        }

    def save(self) -> FileProblem | None:
        """As a table game's save; once the game is over the guided game is done and its save goes."""
        if self.save_path is None:
            return None
        if self.over:
            self.save_path.unlink(missing_ok=True)
            return None
        self.save_problem = write_json(self.save_path, self.to_data())
        self.saves += 1
        self.failed_saves += self.save_problem is not None
        return self.save_problem

    def play(self, action: Any) -> Any:
        learner = self.state.active == penk_tutorial.PLAYER
        state = super().play(action)
        if learner:
            self.lessons_done += 1
        return state

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def lesson(self) -> penk_tutorial.Lesson | None:
        return penk_tutorial.lesson_at(self.lessons_done)
