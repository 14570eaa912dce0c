"""Why not? at the Penk! table: pressing ? or right-clicking a die, a cell of the large sheet, a
column's die face or the Reroll button says what the rules allow with it. The move the player
seems to want is built (the group for that cell from the free dice, the picked dice rerolled, the
column crossed out) and the engine is asked about it (`game.penk.refusal`, the very check `apply`
makes: no rule is written twice); a legal one is offered ("You can: ..."), else the engine's
reason is told in the player's language (for the picked dice first: they are what the player
means). A cell the free dice cannot make a group for says which dice it needs. The answer stands
beside the thing asked about (the first game's WhyNotNote)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.penk import JOLLY, Action, Circle, Cross, IllegalActionError, Reroll, State, refusal
from scenes.core.i18n import t
from scenes.penk.hint_words import instruction
from scenes.table.refusals import catalogue_key


@dataclass(frozen=True)
class Asked:
    """What the player asked about: a cell (row, column), a column's die face, or a reroll of
    some dice (the picked ones, or the die asked about)."""

    cell: tuple[int, int] | None = None
    column: int | None = None
    reroll: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Answer:
    """A legal move (`action`), the engine's refusal of the move tried (`error`), or neither: the
    free dice make no group for the cell asked about."""

    action: Action | None = None
    error: IllegalActionError | None = None
    cell: tuple[int, int] | None = None

    def text(self, state: State) -> str:
        if self.action is not None:
            return t("why_not.can", what=instruction(self.action, state))
        if self.error is not None:
            return t(catalogue_key(self.error.key), **self.error.params)
        assert self.cell is not None
        row, column = self.cell
        return t("penk.why_not.no_group", row=row, column=column, count=row)


def group_for(cell: tuple[int, int], free: tuple[int, ...]) -> tuple[int, ...] | None:
    """The group the free dice can make for a cell (the fewest jollies), None when they cannot."""
    row, column = cell
    have = Counter(free)
    if have[column] >= row:
        return (column,) * row
    if row >= 2 and have[column] == row - 1 and have[JOLLY]:
        return (column,) * (row - 1) + (JOLLY,)
    return None


def candidates(state: State, asked: Asked, picked: tuple[int, ...], free: tuple[int, ...]) -> list[Action]:
    """The moves the player may mean with the thing asked about, most likely first."""
    if asked.reroll is not None:
        return [Reroll(asked.reroll)]
    if asked.column is not None:
        return [Cross(asked.column)]
    if asked.cell is None:
        return []
    moves: list[Action] = []
    if picked:
        moves.append(Circle(picked))
    group = group_for(asked.cell, free)
    if group is not None and group != picked:
        moves.append(Circle(group))
    moves.append(Cross(asked.cell[1]))  # after a failed roll a cell's column is crossed out
    return moves


def answer(state: State, asked: Asked, picked: tuple[int, ...], free: tuple[int, ...]) -> Answer | None:
    """A legal move with the thing asked about, else the engine's reason (None: nothing to ask)."""
    tried = candidates(state, asked, picked, free)
    if not tried:
        return None
    if asked.cell is not None and picked:  # the dice picked are what the player means
        error = refusal(state, Circle(picked))
        if error is not None and _cell(Circle(picked)) in (None, asked.cell):
            return Answer(error=error)
    errors = []
    for action in tried:
        error = refusal(state, action)
        if error is None:
            return Answer(action)
        errors.append((action, error))
    if asked.cell is not None:
        # the circles tried for this cell first, then picked dice that form no group at all;
        # picked dice that form a group for another cell say nothing about this one
        circles = [(a, e) for a, e in errors if isinstance(a, Circle)]
        about = [e for a, e in circles if _cell(a) == asked.cell] + [
            e for a, e in circles if _cell(a) is None
        ]
        if about:
            return Answer(error=about[0])
        row, column = asked.cell
        if not state.sheet.is_clear(row, column):  # the engine's own reason for a cell taken
            return Answer(error=IllegalActionError("penk.cell_not_clear", row=row, column=column))
        return Answer(cell=asked.cell)
    return Answer(error=errors[0][1])


def _cell(action: Circle) -> tuple[int, int] | None:
    try:
        return action.cell
    except IllegalActionError:
        return None
