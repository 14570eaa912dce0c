"""The guided first game as a session: the table's GameSession, started from the tutorial's
prepared position (scenes/model/tutorial.py) and saved in its own slot (`save-tutorial.json`), so
it can be left and resumed at the same lesson and never replaces another unfinished game. No
pygame here.

The save holds the seed and the actions since the prepared position (the table's save format
starts from a new game, which this is not); a tutorial played to its end removes its save.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from game.goennen.ai import decide, make_bot
from game.goennen.engine import Action, IllegalActionError, parse
from game.goennen.match import Match
from game.goennen.serialize import SaveError
from scenes.model import tutorial
from scenes.model.files import FileProblem, shorten, write_json, write_reason, write_text
from scenes.model.first_game import first_game
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.progress import PROGRESS_FILE, Progress
from scenes.model.session import BOT_BUDGET, GameSession, log_entry
from scenes.model.text import printable
from scenes.model.userdata import data_dir

TUTORIAL_FILE = "save-tutorial.json"
ANSWERED_FILE = "tutorial-offered"  # the first start's offer was answered (learn or skip): not again
FORMAT = "goennen-koennen-tutorial"
VERSION = 1


def tutorial_slot(folder: Path | None = None) -> Path:
    """The tutorial's own slot (not listed by Continue, never touched by New game)."""
    return (folder or data_dir()) / TUTORIAL_FILE


def should_offer(folder: Path | None = None) -> bool:
    """Whether the title offers the guided game: a first start (first_game, told by which files
    exist, so starting never reads, nor sets aside, a damaged progress file: no progress file and
    no archive of played games), the offer not answered before, and no tutorial under way (Learn to
    play resumes that one)."""
    folder = folder or data_dir()
    answered = (folder / ANSWERED_FILE).exists() or tutorial_slot(folder).exists()
    return not answered and not (folder / PROGRESS_FILE).exists() and first_game(Progress(), folder)


def answer_offer(folder: Path | None = None) -> FileProblem | None:
    """The offer was answered: the title does not ask again."""
    return write_text((folder or data_dir()) / ANSWERED_FILE, "answered\n")


def bot_answer(match: Match) -> Action:
    """The easy bot's decision as the session makes it at the table (the same seeded numbers), for
    tools that check the script without a session."""
    seat = match.state.decider
    rng = random.Random(f"bot:{match.setup.seed}:{seat}:{len(match.actions)}")
    return decide(make_bot(tutorial.BOT_LEVEL), match.state, rng, BOT_BUDGET)


class TutorialSession(GameSession):
    """A GameSession of the tutorial: the lesson due is `lessons_done` (the learner's decisions so
    far); undo is off, since each lesson waits for one action."""

    def __init__(self, names: tuple[str, str], match: Match, save_path: Path | None) -> None:
        seats = (
            SeatConfig(names[0], SeatKind.HUMAN),
            SeatConfig(names[1], SeatKind.BOT, tutorial.BOT_LEVEL),
        )
        super().__init__(seats, match, save_path, {"mode": tutorial.MODE})
        self.lessons_done = tutorial.lessons_done(match)

    @classmethod
    def begin(cls, names: tuple[str, str], save_path: Path | None) -> TutorialSession:
        """A new tutorial from its first lesson (saved at once, as a table game is)."""
        session = cls(names, tutorial.new_match(), save_path)
        session.save()
        return session

    @classmethod
    def from_data(cls, data: Any, path: Path) -> TutorialSession:
        """The tutorial saved at `path`; SaveError when it cannot be used (another seed, an action
        the position does not allow)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(f"{path.name} is not a saved tutorial")
        if data.get("version") != VERSION or data.get("seed") != tutorial.SEED:
            raise SaveError(f"{path.name} was saved by another version of the tutorial")
        names = data.get("names")
        texts = data.get("actions")
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise SaveError(f"{path.name} is damaged: key 'names'")
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise SaveError(f"{path.name} is damaged: key 'actions'")
        try:
            match = tutorial.replay(parse(text) for text in texts)
        except (IllegalActionError, ValueError) as error:
            raise SaveError(f"{path.name} is damaged: {error}") from None
        # names typed elsewhere or by hand: printable only (the renderer refuses a NUL)
        learner, bot = (printable(name) for name in names)
        session = cls((learner or "Player 1", bot or "Player 2"), match, path)
        replayed = tutorial.new_match()
        for action in match.actions:  # the log as it was, for the table's log view
            before = replayed.state
            replayed.play_known(action)
            session.log.append(log_entry(before, action, replayed.state))
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
        """As a table game's save; once the game is over the tutorial is done and its save goes."""
        if self.save_path is None:
            return None
        if self.over:
            try:
                self.save_path.unlink(missing_ok=True)
            except OSError as error:  # a read-only folder: the done tutorial stays, play goes on
                self.save_problem = FileProblem(self.save_path.name, write_reason(error), shorten(str(error)))
                return self.save_problem
            return None
        self.save_problem = write_json(self.save_path, self.to_data())
        self.saves += 1
        self.failed_saves += self.save_problem is not None
        return self.save_problem

    def play(self, action: Action) -> Any:
        learner = self.decider == tutorial.PLAYER
        state = super().play(action)
        if learner:
            self.lessons_done += 1
        return state

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def lesson(self) -> tutorial.Lesson | None:
        """The lesson due now (None once the script is done)."""
        return tutorial.lesson_at(self.lessons_done)
