"""Advice for a human at the Penk! table: the expert bot's choice (game/penk/expert.py) at the
seat's decision, and the numbers behind it, so a screen can say in one sentence why.

    advice = advise(state)     # for the active seat (not a chance event, not over)
    advice.action              # what to do now (legal in `state`)
    advice.why                 # the numbers behind it (Why)

Deterministic for a position: the expert counts no clock and gets a fixed generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.penk.actions import Action, Circle, Cross, Reroll
from game.penk.dice import without
from game.penk.endgame import rivals
from game.penk.evaluate import MIN_WEIGHT
from game.penk.expert import ExpertBot, expert_outlook
from game.penk.odds import cell_index, circle_chances
from game.penk.play import DEFAULT_BUDGET
from game.penk.rules import apply, circles, legal_actions
from game.penk.scoring import score_sheet
from game.penk.sheet import CELLS, COLUMN_MASKS, ROW_MASKS, SCORING_LINE, SIZE, Sheet, completed_lines
from game.penk.state import ROLLS_PER_TURN, Phase, State

ADVISER = "expert"

Line = tuple[str, int]  # ("row", 3) or ("column", 4)


@dataclass(frozen=True, slots=True)
class Why:
    """What the expert's numbers knew about a hinted choice. `kind` names the sentence:

    keep        reroll `rerolled` dice: `chance` to circle `cell` this turn, worth `gain` points
                to the sheet's expected score
    keep_blind  reroll: no clear cell is worth aiming at with these dice
    circle      circle the group's `cell`: `points` at once, `gain` to the expected score; the
                lines through it still short of scoring with the circles they miss (`needs`),
                the lines it completes (`penk`: a Penk! that blocks them on the other sheets)
    cross       a failed roll: cross out `cell`'s column, losing `lost` clear cells
    end         circle no more this turn
    """

    kind: str
    gain: float = 0.0
    cell: tuple[int, int] | None = None
    chance: float | None = None
    points: int = 0
    needs: tuple[tuple[Line, int], ...] = ()
    penk: tuple[Line, ...] = ()
    rerolled: int = 0
    lost: int = 0


@dataclass(frozen=True, slots=True)
class Advice:
    """The adviser's choice now and why."""

    bot: str
    action: Action
    why: Why


def advise(state: State, budget: float = DEFAULT_BUDGET) -> Advice:
    """The advice for the active seat in `state` (a seat's decision)."""
    if state.phase not in (Phase.CHOOSE, Phase.CIRCLE):
        raise ValueError(f"no seat decides in phase {state.phase}")
    legal = legal_actions(state)
    action = ExpertBot()(state, legal, random.Random(0), budget)
    if action not in legal:  # never expected: the bots' own tests require legal choices
        action = legal[0]
    return Advice(ADVISER, action, why(state, action))


def planned_circles(state: State) -> tuple[Circle, ...]:
    """The groups the expert means to circle this turn from the free dice, its choice now first
    (before the last round, where it plays for the win one group at a time: there ())."""
    if state.phase not in (Phase.CHOOSE, Phase.CIRCLE) or rivals(state) is not None:
        return ()
    expert = ExpertBot()
    groups = expert.choose_groups(state, expert.weigh(state))
    return tuple(Circle(group) for group in groups or ())


def same_turn(state: State, played: Action, suggested: Action) -> bool:
    """Whether `played` is the expert's own plan, in another order: a group it means to circle
    this turn anyway."""
    return isinstance(played, Circle) and isinstance(suggested, Circle) and played in planned_circles(state)


def why(state: State, action: Action) -> Why:
    """The numbers behind `action` for the active seat in `state`."""
    look = expert_outlook(state)
    if isinstance(action, Reroll):
        return _keep_why(state, action, look.weights)
    if isinstance(action, Circle):
        row, column = action.cell
        after = apply(state, action).sheets[state.active]
        points = score_sheet(0, after).total - score_sheet(0, state.sheet).total
        return Why(
            "circle",
            look.weights[cell_index(row, column)],
            (row, column),
            points=points,
            needs=line_needs(after, row, column),
            penk=_lines(completed_lines(state.sheet, after)),
        )
    if isinstance(action, Cross):
        lost = (state.sheet.clear & COLUMN_MASKS[action.column - 1]).bit_count()
        return Why("cross", look.fail, (0, action.column), lost=lost)
    return Why("end")


def _keep_why(state: State, reroll: Reroll, weights: tuple[float, ...]) -> Why:
    """A reroll: the clear cell it aims at, the one whose chance this turn gains most over
    circling now, times its worth (a cell the dice can circle already gains nothing)."""
    kept = without(state.dice, reroll.faces)
    rerolls_after = ROLLS_PER_TURN - state.rolls - 1
    now = {circle.cell for circle in circles(state)}
    best: tuple[float, Why] | None = None
    for row, column in CELLS:
        gain = weights[cell_index(row, column)]
        if gain <= MIN_WEIGHT or (row, column) in now:
            continue
        chance = circle_chances([cell_index(row, column)], rerolls_after, kept)
        if chance > 0 and (best is None or chance * gain > best[0]):
            best = (chance * gain, Why("keep", gain, (row, column), chance, rerolled=len(reroll.faces)))
    return best[1] if best is not None else Why("keep_blind", rerolled=len(reroll.faces))


def line_needs(sheet: Sheet, row: int, column: int) -> tuple[tuple[Line, int], ...]:
    """The row and column through a cell that do not score yet but still can: each with the
    circles it misses, the fewest first."""
    found = []
    for line, mask in ((("row", row), ROW_MASKS[row - 1]), (("column", column), COLUMN_MASKS[column - 1])):
        circled = (sheet.circled & mask).bit_count()
        reachable = circled + (sheet.clear & mask).bit_count()
        if circled < SCORING_LINE <= reachable:
            found.append((line, SCORING_LINE - circled))
    return tuple(sorted(found, key=lambda item: item[1]))


def _lines(mask: int) -> tuple[Line, ...]:
    rows = [("row", r) for r in range(1, SIZE + 1) if mask & ROW_MASKS[r - 1] == ROW_MASKS[r - 1]]
    columns = [("column", c) for c in range(1, SIZE + 1) if mask & COLUMN_MASKS[c - 1] == COLUMN_MASKS[c - 1]]
    return (*rows, *columns)
