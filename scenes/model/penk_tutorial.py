"""The guided first game of Penk!: a short game against the easy bot from a prepared position,
and the script of what the learner is asked to do at each of their decisions (the lesson's text
key and the one action it expects). No pygame here.

The game starts late: the learner's sheet (seat 0, with the "!") has column 1 full and row 1
waiting for its fifth circle, so the first turn circles a pair, a group with the jolly and then
the single 5 that completes row 1, a Penk! that crosses out the bot's clear cells of row 1. In the
second turn the first roll circles nothing, the learner rerolls all six dice, the roll fails
again and crossing out column 5 gives the sheet its
second full column: the round is the last, the bot plays its turn and the sheets are scored.
The dice come from the match's seeded chance stream and the easy bot decides with the session's
seeded random numbers, so the scripted actions meet the same dice every time;
`python -m tools.penk_tutorial_seed` searched the seed and checks the script
(tests/scenes/test_penk_tutorial.py pins it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.penk import Action, PenkMatch, PenkSetup, State, parse, position_from_data

SEED = 46  # found by tools/penk_tutorial_seed.py
PLAYER = 0  # the learner's seat; the easy bot sits at seat 1
BOT = 1
BOT_LEVEL = "easy"
MODE = "penk-tutorial"  # the session's context["mode"]

POSITION: dict[str, Any] = {
    "game": "penk",
    "players": 2,
    "first": PLAYER,
    "round": 7,
    "phase": "roll",
    "seats": [
        {"sheet": "oooo. oo..x x.xox x.... x...x"},
        {"sheet": "o.o.. .o..o ...o. ..... ....."},
    ],
}


@dataclass(frozen=True)
class Lesson:
    """One of the learner's decisions: what the bubble says (`penk.tutorial.lesson.<key>`) and
    the one action that carries the game on (in the engine's text form)."""

    key: str
    action: str

    @property
    def expected(self) -> Action:
        return parse(self.action)


# Found and checked by tools/penk_tutorial_seed.py for SEED; in the order the learner meets them.
SCRIPT: tuple[Lesson, ...] = (
    Lesson("pick", "circle 33"),
    Lesson("jolly", "circle 4J"),
    Lesson("penk", "circle 5"),
    Lesson("reroll", "reroll 112345"),
    Lesson("failed", "cross 5"),
)

LESSON_KEYS = ("pick", "jolly", "penk", "reroll", "failed")


def setup() -> PenkSetup:
    return PenkSetup(players=2, seed=SEED, first=PLAYER)


def start_state() -> State:
    """The prepared position the guided game begins at."""
    return position_from_data(POSITION, "the Penk! tutorial")


def new_match(seed: int = SEED) -> PenkMatch:
    return PenkMatch(PenkSetup(players=2, seed=seed, first=PLAYER), start_state())


def replay(actions: Iterable[Action]) -> PenkMatch:
    """The guided game's match after `actions` (a resumed tutorial); IllegalActionError if one is
    not legal at its point, ValueError if a roll is not the seed's own (the lessons expect the
    seed's dice: a save with other dice could leave a lesson whose move is not allowed)."""
    match = new_match()
    for action in actions:
        if match.state.is_chance:
            rolled = match.resolve_chance()
            if rolled != action:
                raise ValueError(f"the roll {action} is not the guided game's {rolled}")
        else:
            match.play(action)
    return match


def lessons_done(match: PenkMatch) -> int:
    """How many of the script's decisions the learner has made: the lesson due is the next one."""
    count = 0
    replayed = new_match(match.setup.seed)
    for action in match.actions:
        if not replayed.state.is_chance and replayed.state.active == PLAYER:
            count += 1
        replayed.play(action)
    return count


def lesson_at(index: int, script: Sequence[Lesson] = SCRIPT) -> Lesson | None:
    return script[index] if 0 <= index < len(script) else None
