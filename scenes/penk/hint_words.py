"""A Penk! hint in words: what to do (the hinted action as an instruction) and why (one clause from
the expert's numbers, game.penk.Why), in the player's language, told when drawn.

    "Circle the three 4s in row 3, column 4: 3 points now, and row 3 needs one more circle to
     score."

The sentence's frame, the decimal points and the percent are the first game's
(scenes/table/hint_words.py), so both games' hints read alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.penk import JOLLY, Action, Advice, Circle, Cross, End, Reroll, State, Why, without
from scenes.core.i18n import t
from scenes.table.hint_words import percent, points

COUNT_WORDS = 5  # penk.hint.count.2 .. .5: "two" to "five"


def listed(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" in the player's language."""
    if len(parts) <= 1:
        return "".join(parts)
    return t("hint.and", first=", ".join(parts[:-1]), last=parts[-1])


def dice_words(faces: Sequence[int]) -> str:
    """Dice by their values: "the three 4s", "the 5", "the two 4s and the jolly"."""
    counts = Counter(face for face in faces if face != JOLLY)
    parts = []
    for value, count in sorted(counts.items()):
        if count == 1:
            parts.append(t("penk.hint.die", value=value))
        else:
            word = t(f"penk.hint.count.{min(count, COUNT_WORDS)}")
            parts.append(t("penk.hint.dice", value=value, count_word=word))
    jollies = faces.count(JOLLY)
    if jollies:
        parts.append(t("penk.hint.jolly", count=jollies))
    return listed(parts)


def line_words(line: tuple[str, int]) -> str:
    kind, number = line
    return t("penk.hint.row" if kind == "row" else "penk.hint.column", number=number)


def instruction(action: Action, state: State) -> str:
    """The action as an instruction ("Circle the three 4s in row 3, column 4")."""
    if isinstance(action, Reroll):
        kept = without(state.dice, action.faces)
        if not kept:
            return t("penk.hint.do.reroll_all", count=len(action.faces))
        return t("penk.hint.do.keep", kept=dice_words(kept), count=len(action.faces))
    if isinstance(action, Circle):
        row, column = action.cell
        return t("penk.hint.do.circle", dice=dice_words(action.group), row=row, column=column)
    if isinstance(action, Cross):
        return t("penk.hint.do.cross", column=action.column)
    if isinstance(action, End):
        return t("penk.hint.do.end")
    return ""


def reason(why: Why) -> str:
    """Why, in one clause from the expert's numbers."""
    if why.kind == "keep" and why.cell is not None and why.chance is not None:
        row, column = why.cell
        return t(
            "penk.hint.why.keep", chance=percent(why.chance), row=row, column=column, points=points(why.gain)
        )
    if why.kind == "keep_blind":
        return t("penk.hint.why.keep_blind")
    if why.kind == "circle":
        parts = (
            [t("penk.hint.why.penk", lines=listed([line_words(line) for line in why.penk]))]
            if why.penk
            else []
        )
        if why.points > 0:
            parts.append(t("penk.hint.why.points", count=why.points))
        if why.needs and len(parts) < 2:
            line, missing = why.needs[0]
            parts.append(t("penk.hint.why.needs", line=line_words(line), count=missing))
        if not parts:
            return t("penk.hint.why.worth", points=points(why.gain))
        return parts[0] if len(parts) == 1 else t("penk.hint.why.both", first=parts[0], second=parts[1])
    if why.kind == "cross":
        return t("penk.hint.why.cross", count=why.lost, points=points(-why.gain))
    return t("penk.hint.why.end")


def sentence(advice: Advice, state: State) -> str:
    """The whole hint: "<instruction>: <why>."."""
    return t("penk.hint.sentence", doing=instruction(advice.action, state), why=reason(advice.why))
