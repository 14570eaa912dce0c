"""Penk!'s expert bot: the hard bot's sheet evaluation, searched over the whole turn.

The hard bot plans its keeps with one weight per cell, so two circles are worth the sum of their
weights; but three circles in one row are worth far more together than one by one (a line scores
only from its third circle), and two circles that complete a Penk! are worth what the crossing
takes from the others. The expert values every hand the turn may end with by the sheet it leaves:
for each of the hand's ways to circle (game/penk/odds.py lists them once), the whole sheet's value
after those circles (game/penk/evaluate.py), its Penk!'s cost to the others included; a hand that
circles nothing is the failed roll's value. The keep is then solved exactly over every reroll left
on those values (`plan_for_values`), and the groups are chosen as hard chooses them, by the value
of the whole sheet after. An end of the turn that ends the game (two seats) is valued instead by
its final margin and chance to win (game/penk/closing.py). In the last round it plays to win, as
hard does (game/penk/endgame.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.penk.actions import Action, Circle, Cross, Reroll
from game.penk.bots import Groups, HardBot, markings
from game.penk.closing import WIN_BONUS, closing_gain, ends_game
from game.penk.dice import group_cell, without
from game.penk.endgame import circled_after_markings, rivals
from game.penk.evaluate import MIN_WEIGHT, Model, Outlook, outlook, penk_cost, sheet_value
from game.penk.odds import Plan, plan_for_values, tables
from game.penk.rules import free_dice
from game.penk.sheet import Sheet, completed_lines
from game.penk.state import GROUPS_PER_TURN, ROLLS_PER_TURN, Phase, State

# The expert's numbers, fitted to outcomes rather than set by hand (docs/penk.md, "The expert
# against hard"): in 200 self-play games of hard the sheets' clear cells ended up circled far
# less often in row 5 (about 0.09, where hard's numbers said 0.12 to 0.24) and more often in rows
# 1 to 4 than hard's numbers say, and the game lasted about 1.4 turns longer than hard's estimate.
# Least squares on every clear cell's fate (circled by the end or not) gave these.
EXPERT = Model(row_chances=(0.25, 0.26, 0.23, 0.14, 0.015), circles_per_turn=1.61, extra_turns=1.4)


@dataclass(frozen=True, slots=True)
class TurnValues:
    """What each hand the turn may end with is worth to the seat deciding, against its sheet now."""

    marks: NDArray[np.float64]  # by hand index: the best gain of circling with that hand
    look: Outlook


def expert_outlook(state: State, seat: int | None = None) -> Outlook:
    """The weights of the cells of a seat's sheet (the active seat's by default) by the expert's
    numbers: what the hint and the odds display say circling a cell adds."""
    return outlook(state, state.active if seat is None else seat, HardBot.rivalry, EXPERT)


def turn_values(state: State, rivalry: float = HardBot.rivalry, model: Model = EXPERT) -> TurnValues:
    """The value of ending the turn with each hand of six dice, for the active seat's sheet."""
    look = outlook(state, state.active, rivalry, model)
    table = State(state.players, state.first, state.sheets, state.active, ending=state.ending)
    marks = _hand_gains(table, look.turns, rivalry, look.fail, model, ExpertBot.win_bonus)
    return TurnValues(marks, look)


def end_gain(
    table: State, after: Sheet, turns: float, rivalry: float, model: Model, win_bonus: float
) -> float:
    """What ending the turn with `after` as the active seat's sheet changes, in points: its sheet's
    value and its Penk!'s cost to the others, or, when the sheets then end the game, its margin
    (game/penk/closing.py)."""
    sheet = table.sheet
    blocked = completed_lines(sheet, after)
    others = [other for seat, other in enumerate(table.sheets) if seat != table.active]
    if not table.ending and table.players == 2:
        sheets = tuple(
            after if seat == table.active else other.cross_out(blocked) if blocked else other
            for seat, other in enumerate(table.sheets)
        )
        if ends_game(sheets):
            return closing_gain(table, sheets, turns, model, win_bonus)
    cost = penk_cost(sheet, after, others, turns, model)
    return sheet_value(after, turns, None, model) - sheet_value(sheet, turns, None, model) + rivalry * cost


@lru_cache(maxsize=64)  # asked at each decision of a turn, the sheets unchanged
def _hand_gains(
    table: State, turns: float, rivalry: float, fail: float, model: Model, win_bonus: float
) -> NDArray[np.float64]:
    sheet = table.sheet
    circled = circled_after_markings(sheet)
    unique, where = np.unique(circled, return_inverse=True)
    gains = np.empty(len(unique))
    for i, mask in enumerate(unique.tolist()):
        if mask == sheet.circled:
            gains[i] = fail  # nothing circled: a failed roll
            continue
        gain = end_gain(table, Sheet(mask, sheet.crossed), turns, rivalry, model, win_bonus)
        gains[i] = max(gain, 0.0) + MIN_WEIGHT
    by_marking = gains[where.reshape(-1)]
    marks: NDArray[np.float64] = np.maximum.reduceat(by_marking, tables().marking_starts)
    return marks


def after_groups(sheet: Sheet, groups: Groups) -> Sheet:
    for group in groups:
        sheet = sheet.circle(*group_cell(group))
    return sheet


def expert_plan(state: State) -> Plan:
    """The expert's keep for the dice on the table (in CHOOSE): reroll or circle, and its value."""
    values = turn_values(state)
    return plan_for_values(state.dice, values.marks, ROLLS_PER_TURN - state.rolls)


class ExpertBot(HardBot):
    name = "expert"
    model = EXPERT
    win_bonus = WIN_BONUS

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        if rivals(view) is not None or view.phase is not Phase.CHOOSE:
            return super().__call__(view, legal, rng, budget)
        choice = expert_plan(view)
        if choice.reroll:
            return Reroll(without(view.dice, choice.keep))
        look = self.weigh(view)
        groups = self.choose_groups(view, look)
        return Circle(groups[0]) if groups else Cross(look.fail_column)

    def choose_groups(self, view: State, look: Outlook) -> Groups | None:
        """The groups whose end of the turn gains the most, a game-ending one by its margin."""
        options = markings(view.sheet, free_dice(view), GROUPS_PER_TURN - view.groups)
        if not options:
            return None
        table = State(view.players, view.first, view.sheets, view.active, ending=view.ending)
        return max(
            options,
            key=lambda groups: end_gain(
                table, after_groups(view.sheet, groups), look.turns, self.rivalry, self.model, self.win_bonus
            ),
        )
