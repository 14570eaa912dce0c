"""Penk!'s bots, easy, normal and hard, with the first game's signature (game/goennen/ai/base.py):
`bot(view, legal, rng, budget) -> action`, seeing only the view of the seat that decides.

- easy keeps the dice of its most common value (and the jollies), stops as soon as it can circle
  a group of 3, and circles the biggest groups it finds, one after the other;
- normal weighs each cell by its row's value and the lines it can still make score, keeps the dice
  of its most common value (with or without the jollies) or none, choosing by the exact odds of
  the next reroll, and circles its heaviest group first, then the heaviest of the dice left;
- hard weighs each cell by what it adds to the expected final score (game/penk/evaluate.py, a
  Penk!'s cost to the others included), solves the keep exactly over both rerolls
  (game/penk/odds.py), and chooses the groups it circles by the value of the whole sheet after;
  in the last round it plays for its chance to win instead (game/penk/endgame.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from game.penk.actions import Action, Circle, Cross, End, Reroll
from game.penk.dice import JOLLY, group_cell, groups_for, without
from game.penk.endgame import rivals, sheet_outcome, winning_marks
from game.penk.evaluate import HARD, Model, Outlook, outlook, penk_cost, sheet_value
from game.penk.odds import cell_index, plan, plan_for_values
from game.penk.rules import crossable_columns, free_dice
from game.penk.sheet import CELLS, COLUMN_MASKS, ROW_MASKS, ROW_VALUES, SCORING_LINE, Sheet
from game.penk.state import GROUPS_PER_TURN, ROLLS_PER_TURN, Phase, State


class Bot(Protocol):
    name: str

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action: ...


Groups = tuple[tuple[int, ...], ...]


def markings(sheet: Sheet, dice: tuple[int, ...], most: int) -> list[Groups]:
    """Every way to circle 1 to `most` clear cells with disjoint groups of `dice` (distinct cells)."""
    found: list[Groups] = []

    def grow(free: tuple[int, ...], chosen: Groups, cells: frozenset[tuple[int, int]]) -> None:
        if chosen:
            found.append(chosen)
        if len(chosen) == most:
            return
        for group in groups_for(free):
            cell = group_cell(group)
            if cell not in cells and sheet.is_clear(*cell):
                grow(without(free, group), (*chosen, group), cells | {cell})

    grow(dice, (), frozenset())
    return found


def _after(sheet: Sheet, groups: Groups) -> Sheet:
    for group in groups:
        sheet = sheet.circle(*group_cell(group))
    return sheet


def _circle_or_end(groups: Groups | None) -> Action:
    return Circle(groups[0]) if groups else End()


class _OddsBot:
    """The shared frame of normal and hard: weights for the cells, the keep from the odds."""

    name = "odds"
    horizon = 2

    def weigh(self, view: State) -> Outlook:
        raise NotImplementedError

    def keeps(self, dice: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        """The kept parts the bot considers before a reroll (None: every part)."""
        return None

    def choose_groups(self, view: State, look: Outlook) -> Groups | None:
        """The groups to circle from the free dice (None: circle no more)."""
        raise NotImplementedError

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        look = self.weigh(view)
        if view.phase is Phase.CHOOSE:
            rerolls = ROLLS_PER_TURN - view.rolls
            choice = plan(view.dice, look.weights, look.fail, rerolls, self.horizon, self.keeps(view.dice))
            if choice.reroll:
                return Reroll(without(view.dice, choice.keep))
            groups = self.choose_groups(view, look)
            if not groups:
                return Cross(look.fail_column)
            return Circle(groups[0])
        return _circle_or_end(self.choose_groups(view, look))


class NormalBot(_OddsBot):
    name = "normal"
    horizon = 1

    def keeps(self, dice: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        """A player still learning goes for the value it has most of: it keeps those dice, with or
        without the jollies, or none, and weighs those few choices by the exact odds."""
        counts = Counter(face for face in dice if face != JOLLY)
        most = max(counts.values(), default=0)
        jollies = tuple(face for face in dice if face == JOLLY)
        options: set[tuple[int, ...]] = {()}
        for value, count in counts.items():
            if count == most:
                same = tuple(face for face in dice if face == value)
                options.update({same, same + jollies})
        return sorted(part for part in options if len(part) < len(dice))

    def weigh(self, view: State) -> Outlook:
        sheet = view.sheet
        weights = tuple(
            _line_weight(sheet, row, column) if sheet.is_clear(row, column) else 0.0 for row, column in CELLS
        )
        columns = crossable_columns(sheet)
        # a failed roll crosses the column with the fewest clear cells (the least to lose)
        column = min(columns, key=lambda c: (sheet.clear & COLUMN_MASKS[c - 1]).bit_count(), default=0)
        return Outlook(0.0, weights, -10.0, column)

    def choose_groups(self, view: State, look: Outlook) -> Groups | None:
        """The heaviest single group of the free dice: one group at a time, without weighing what
        the dice it takes could have circled together with the others."""
        options = markings(view.sheet, free_dice(view), 1)
        if not options:
            return None
        return max(options, key=lambda groups: look.weights[cell_index(*group_cell(groups[0]))])


def _line_weight(sheet: Sheet, row: int, column: int) -> float:
    """The row's value times 1 + the lines through the cell that can still reach 3 circles."""
    alive = sum(1 for mask in (ROW_MASKS[row - 1], COLUMN_MASKS[column - 1]) if _can_score(sheet, mask))
    return ROW_VALUES[row - 1] * (1 + alive) + 0.1


def _can_score(sheet: Sheet, mask: int) -> bool:
    return ((sheet.circled | sheet.clear) & mask).bit_count() >= SCORING_LINE


class HardBot(_OddsBot):
    name = "hard"
    horizon = 2
    rivalry = 1.0  # how much a Penk!'s cost to the others counts against the own sheet's value
    model: Model = HARD  # the numbers of the sheet evaluation (game/penk/evaluate.py)

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        against = rivals(view)
        if against is None:
            return super().__call__(view, legal, rng, budget)
        # the last round: every circle is final, so play for the chance to win, not for points
        if view.phase is Phase.CHOOSE:
            marks = winning_marks(view.sheet, against)
            choice = plan_for_values(view.dice, marks, ROLLS_PER_TURN - view.rolls, self.horizon)
            if choice.reroll:
                return Reroll(without(view.dice, choice.keep))
        options = markings(view.sheet, free_dice(view), GROUPS_PER_TURN - view.groups)
        if options:
            best = max(options, key=lambda groups: sheet_outcome(_after(view.sheet, groups), against))
            return Circle(best[0])
        return Cross(self.weigh(view).fail_column) if view.phase is Phase.CHOOSE else End()

    def weigh(self, view: State) -> Outlook:
        return outlook(view, view.active, self.rivalry, self.model)

    def choose_groups(self, view: State, look: Outlook) -> Groups | None:
        sheet = view.sheet
        others = [other for seat, other in enumerate(view.sheets) if seat != view.active]
        options = markings(sheet, free_dice(view), GROUPS_PER_TURN - view.groups)
        if not options:
            return None

        def value(groups: Groups) -> float:
            after = _after(sheet, groups)
            cost = self.rivalry * penk_cost(sheet, after, others, look.turns, self.model)
            return sheet_value(after, look.turns, None, self.model) + cost

        return max(options, key=value)


class EasyBot:
    name = "easy"
    stop_at = 3  # stops rerolling once it can circle a group of this many dice

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        sheet = view.sheet
        if view.phase is Phase.CHOOSE:
            options = markings(sheet, view.dice, 1)
            biggest = max((len(groups[0]) for groups in options), default=0)
            if view.rolls < ROLLS_PER_TURN and biggest < self.stop_at:
                return Reroll(self._reroll(view.dice, rng))
            if not options:
                return Cross(rng.choice(crossable_columns(sheet)))
        options = markings(sheet, free_dice(view), 1)
        if not options:
            return End()
        # the biggest group first (its row is worth the most), ties by chance
        top = max(len(groups[0]) for groups in options)
        return Circle(rng.choice([groups[0] for groups in options if len(groups[0]) == top]))

    @staticmethod
    def _reroll(dice: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        counts = Counter(face for face in dice if face != JOLLY)
        if not counts:
            return dice  # all jollies: roll them all again
        most = max(counts.values())
        keep_value = rng.choice(sorted(value for value, count in counts.items() if count == most))
        rerolled = tuple(face for face in dice if face not in (keep_value, JOLLY))
        return rerolled or (keep_value,)
