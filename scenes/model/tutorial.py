"""The guided first game: a short game against the easy bot from a prepared position, and the
script of what the player is asked to do at each of their decisions (the lesson's text key and the
one action it expects). No pygame here.

The game starts late in a game of two: the player's display holds eight cards, so the purchase in
the first turn is the ninth card and the end comes after one more round (rules-decisions.md 5).
Everything else follows from the seed: the dice come from the match's seeded chance stream and the
easy bot decides with the session's seeded random numbers, so the scripted actions meet the same
dice and the same answers every time. `python -m tools.tutorial_seed` searched the seed and checks
the script; `tests/scenes/test_tutorial_model.py` pins it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.goennen.engine import Action, State, parse
from game.goennen.match import Match, Setup
from game.goennen.position import position_from_data

SEED = 22  # seed 14's second reroll lesson met two cards the dice completed (issue 33)
PLAYER = 0  # the learner's seat; the easy bot sits at seat 1
BOT = 1
BOT_LEVEL = "easy"
MODE = "tutorial"  # the session's context["mode"]: the table serves the tutorial's scenes

# The prepared position (the scenario format of docs/scenarios.md): the learner's turn begins, the
# dice are about to be rolled. Cards with open fields take the dice of the lessons: S11 waits for
# two 5s, the plus/minus card B03 is completed with all three marks left, S18, S29 and B05 take
# single dice (passive and chance). The one free cell is (2, 2).
POSITION: dict[str, Any] = {
    "players": 2,
    "start": PLAYER,
    "round": 8,
    "phase": "roll",
    "rolls": 0,
    "market": {"scoring": "S01 S02 S03 S04", "bonus": "B01 B02 B04 B06"},
    "seats": [
        {
            "cards": [
                {"id": "S11", "at": "0,0", "filled": "2 2 . ."},
                {"id": "S20", "at": "0,1", "filled": "done"},
                {"id": "S25", "at": "0,2", "filled": "done"},
                {"id": "B03", "at": "1,0", "filled": "done", "marks": 0},
                {"id": "S18", "at": "1,1", "filled": "6 5 . . . . ."},
                {"id": "S28", "at": "1,2", "filled": "done"},
                {"id": "S29", "at": "2,0", "filled": "5 . . . . ."},
                {"id": "B05", "at": "2,1", "filled": "6 . . ."},
            ]
        },
        {
            "cards": [
                {"id": "S07", "at": "0,0"},
                {"id": "S21", "at": "0,1", "filled": "done"},
                {"id": "B07", "at": "0,2", "filled": "done", "marks": 1},
                {"id": "S14", "at": "1,0", "filled": "done"},
                {"id": "S26", "at": "1,1"},
                {"id": "B18", "at": "1,2"},
            ]
        },
    ],
}


@dataclass(frozen=True)
class Lesson:
    """One of the learner's decisions: what the bubble says (`tutorial.lesson.<key>`) and the one
    action that carries the game on (in the engine's text form)."""

    key: str
    action: str

    @property
    def expected(self) -> Action:
        return parse(self.action)


# Found and checked by tools/tutorial_seed.py for SEED; in the order the learner meets them.
SCRIPT: tuple[Lesson, ...] = (
    Lesson("keep", "reroll YOBP"),
    Lesson("complete", "complete S11 ..YG"),
    Lesson("bonus", "minus P"),
    Lesson("buy", "buy S3 OBP"),
    Lesson("place", "place S03 2,2"),
    Lesson("end_turn", "end"),
    Lesson("passive", "write B S29 6"),
    Lesson("pass", "pass"),
    Lesson("reroll_all", "reroll YOGBP"),
    Lesson("reroll_again", "reroll YOGBP"),
    Lesson("chance", "write P S29 5"),
    Lesson("chance_end", "end"),
)

# What some lessons' words claim about the dice, so a test can hold the words to the odds badges
# (tests/scenes/test_tutorial.py): "Still nothing to complete" / "The ringed card can be completed now"
SAYS_NOTHING_TO_COMPLETE = frozenset({"reroll_again"})
SAYS_COMPLETE_NOW = frozenset({"complete"})

# The lessons' texts, in the order they are met (tests check each exists in every language)
LESSON_KEYS = (
    "keep",
    "complete",
    "bonus",
    "buy",
    "place",
    "end_turn",
    "passive",
    "pass",
    "reroll_all",
    "reroll_again",
    "chance",
    "chance_end",
)


def setup() -> Setup:
    return Setup(players=2, seed=SEED, start_player=PLAYER)


def start_state() -> State:
    """The prepared position the tutorial begins at."""
    return position_from_data(POSITION, "the tutorial")


def new_match() -> Match:
    return Match(setup(), start_state())


def replay(actions: Iterable[Action]) -> Match:
    """The tutorial's match after `actions` (a resumed tutorial); IllegalActionError if one is not
    legal at its point."""
    return new_match().play_all(actions)


def lessons_done(match: Match, humans: Sequence[int] = (PLAYER,)) -> int:
    """How many of the script's decisions the learner has made: the lesson due is the next one."""
    count = 0
    replayed = Match(match.setup, start_state())
    for action in match.actions:
        if not replayed.state.is_chance and replayed.state.decider in humans:
            count += 1
        replayed.play_known(action)
    return count


def lesson_at(index: int, script: Sequence[Lesson] = SCRIPT) -> Lesson | None:
    return script[index] if 0 <= index < len(script) else None
