"""The Penk! game state: an immutable value, so a refused action changes nothing and keeping an
old state is an undo.

A turn runs: ROLL (chance: the dice in `rolling`), CHOOSE (reroll, circle, or cross out a column
after a failed roll), CIRCLE (more groups, or end), then the next seat's ROLL; OVER at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from game.penk.dice import DICE
from game.penk.sheet import Sheet

MIN_SEATS, MAX_SEATS = 2, 4
ROLLS_PER_TURN = 3  # the roll and up to two rerolls
GROUPS_PER_TURN = 3


class Phase(StrEnum):
    ROLL = "roll"  # chance: `rolling` dice are rolled and join the kept `dice`
    CHOOSE = "choose"  # the active seat rerolls, circles a first group, or crosses out a column
    CIRCLE = "circle"  # the active seat has circled: more groups from the unused dice, or end
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    players: int
    first: int  # the seat that marked the "!": the game ends before its turn comes again
    sheets: tuple[Sheet, ...]
    active: int
    phase: Phase = Phase.ROLL
    round: int = 1
    rolls: int = 0  # rolls made this turn (the first roll counts)
    rolling: int = DICE  # in ROLL: how many dice are being rolled
    dice: tuple[int, ...] = ()  # the dice on the table (in ROLL: the kept ones), sorted
    used: tuple[int, ...] = ()  # the dice already grouped this turn, sorted
    groups: int = 0  # groups circled this turn
    ending: bool = False  # a seat has 2 columns without a clear cell: this is the last round

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def is_chance(self) -> bool:
        return self.phase is Phase.ROLL

    @property
    def sheet(self) -> Sheet:
        """The active seat's sheet."""
        return self.sheets[self.active]

    def evolve(self, **changes: Any) -> State:
        return replace(self, **changes)
