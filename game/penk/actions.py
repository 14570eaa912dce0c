"""Penk!'s actions: small value objects whose text form round-trips (`parse(str(a)) == a`).

Dice are interchangeable and named by their faces (1 to 5, J the jolly), sorted:

    roll 1134J5 -> roll 11345J   chance: the faces of the dice just rolled (sorted)
    reroll 11J                   reroll two 1s and the jolly, keep the others
    circle 44J                   circle the cell of a group: three dice showing 4 (row 3, column 4)
    end                          circle no more this turn
    cross 3                      a failed roll: cross out the clear cells of column 3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.kit.action_text import ActionSyntaxError, ActionText
from game.penk.dice import dice_text, group_cell, read_dice
from game.penk.sheet import SIZE


class PenkAction(ActionText):
    __slots__ = ()
    DOOR = "penk"


@dataclass(frozen=True, slots=True, repr=False)
class Roll(PenkAction):
    """Chance: the faces of the dice just rolled, sorted."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"roll {dice_text(self.faces)}"


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(PenkAction):
    """Roll these dice again (sorted faces); the others are kept."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"reroll {dice_text(self.faces)}"


@dataclass(frozen=True, slots=True, repr=False)
class Circle(PenkAction):
    """Circle the cell of one group of dice (sorted faces): row = the dice, column = their value."""

    group: tuple[int, ...]

    @property
    def cell(self) -> tuple[int, int]:
        """(row, column); ValueError saying why when the dice form no group."""
        return group_cell(self.group)

    def __str__(self) -> str:
        return f"circle {dice_text(self.group)}"


@dataclass(frozen=True, slots=True, repr=False)
class End(PenkAction):
    """Circle no more this turn (after at least one circle)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class Cross(PenkAction):
    """A failed roll: cross out every clear cell of this column (1..5)."""

    column: int

    def __str__(self) -> str:
        return f"cross {self.column}"


Action = Roll | Reroll | Circle | End | Cross


def parse(text: str) -> Action:
    """Read an action from its text form; raises ActionSyntaxError saying what is wrong."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, args = words[0].lower(), words[1:]
    reader = _READERS.get(verb)
    if reader is None:
        raise ActionSyntaxError(f"unknown Penk! action {verb!r} in {text!r}")
    try:
        return reader(args)
    except ValueError as error:
        raise ActionSyntaxError(f"cannot read {text!r}: {error}") from None


def _one(args: list[str]) -> str:
    if len(args) != 1:
        raise ValueError(f"expected one word after the verb, got {len(args)}")
    return args[0]


def _faces(args: list[str]) -> tuple[int, ...]:
    faces = read_dice(_one(args))
    if not faces:
        raise ValueError("no dice named")
    return faces


def _cross(args: list[str]) -> Cross:
    word = _one(args)
    if word not in {str(column) for column in range(1, SIZE + 1)}:
        raise ValueError(f"a column is 1 to {SIZE}, not {word!r}")
    return Cross(int(word))


def _end(args: list[str]) -> End:
    if args:
        raise ValueError("'end' takes nothing after it")
    return End()


_READERS: dict[str, Callable[[list[str]], Action]] = {
    "roll": lambda args: Roll(_faces(args)),
    "reroll": lambda args: Reroll(_faces(args)),
    "circle": lambda args: Circle(_faces(args)),  # whether the dice form a group is a rule
    "end": _end,
    "cross": _cross,
}
