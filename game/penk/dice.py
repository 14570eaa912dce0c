"""Penk!'s dice: six dice with the faces 1 to 5 and a jolly, and the groups they form.

Dice are interchangeable, so a handful of dice is a sorted tuple of faces (the jolly, 6, sorts
last) and its text is the faces in a row: "1134J". A group of k dice all showing v (a jolly may
stand in for one of them) marks the cell in row k, column v of a sheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.kit.reasons import IllegalActionError

DICE = 6
JOLLY = 6  # the jolly face; the values are 1..5
VALUES = (1, 2, 3, 4, 5)
FACES = (*VALUES, JOLLY)
MAX_GROUP = 5


def face_text(face: int) -> str:
    return "J" if face == JOLLY else str(face)


def dice_text(dice: Iterable[int]) -> str:
    return "".join(face_text(face) for face in dice)


def read_dice(text: str) -> tuple[int, ...]:
    """Faces from their text ("11J4"), sorted; raises ValueError naming a wrong character."""
    faces = []
    for char in text.upper():
        if char == "J":
            faces.append(JOLLY)
        elif char in "12345":
            faces.append(int(char))
        else:
            raise ValueError(f"{char!r} is not a face of a Penk! die (1 to 5 or J)")
    return tuple(sorted(faces))


def contains(dice: tuple[int, ...], part: tuple[int, ...]) -> bool:
    """Whether `part` can be taken out of `dice` (as multisets)."""
    have = Counter(dice)
    have.subtract(part)
    return min(have.values(), default=0) >= 0


def without(dice: tuple[int, ...], part: tuple[int, ...]) -> tuple[int, ...]:
    """The dice left after taking `part` out (which must be contained)."""
    left = list(dice)
    for face in part:
        left.remove(face)
    return tuple(left)


def group_cell(group: tuple[int, ...]) -> tuple[int, int]:
    """The cell (row, column) a group of dice marks; IllegalActionError (a ValueError) saying why
    it is no group."""
    if not 1 <= len(group) <= MAX_GROUP:
        raise IllegalActionError("penk.group_size", most=MAX_GROUP, size=len(group))
    jollies = group.count(JOLLY)
    values = {face for face in group if face != JOLLY}
    if not values:
        raise IllegalActionError("penk.jolly_alone")
    if jollies > 1:
        raise IllegalActionError("penk.one_jolly")
    if len(values) > 1:
        raise IllegalActionError("penk.group_values")
    return len(group), values.pop()


def groups_for(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct group the dice can form (with and without a jolly), sorted."""
    counts = Counter(dice)
    jolly = counts[JOLLY] > 0
    groups = []
    for value in VALUES:
        have = counts[value]
        for size in range(1, min(have, MAX_GROUP) + 1):
            groups.append((value,) * size)
        if jolly:
            for size in range(2, min(have + 1, MAX_GROUP) + 1):
                groups.append((value,) * (size - 1) + (JOLLY,))
    return groups


def sub_multisets(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct part of the dice (the empty one and all of them too), sorted tuples."""
    parts: list[tuple[int, ...]] = [()]
    for face, count in sorted(Counter(dice).items()):
        parts = [part + (face,) * n for part in parts for n in range(count + 1)]
    return sorted(parts, key=lambda part: (len(part), part))
