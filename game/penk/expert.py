"""Penk!'s expert bot: the hard bot's sheet evaluation, searched over the whole turn.

The hard bot plans its keeps with one weight per cell, so two circles are worth the sum of their
weights; but three circles in one row are worth far more together than one by one (a line scores
only from its third circle), and two circles that complete a Penk! are worth what the crossing
takes from the others. The expert values every hand the turn may end with by the sheet it leaves:
for each of the hand's ways to circle (game/penk/odds.py lists them once), the whole sheet's value
after those circles (game/penk/evaluate.py), its Penk!'s cost to the others included; a hand that
circles nothing is the failed roll's value. The keep is then solved exactly over every reroll left
on those values (`plan_for_values`), and the groups are chosen as hard chooses them, by the value
of the whole sheet after. In the last round it plays to win, as hard does (game/penk/endgame.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from game.penk.actions import Action, Circle, Cross, Reroll
from game.penk.bots import HardBot
from game.penk.dice import without
from game.penk.endgame import circled_after_markings, rivals
from game.penk.evaluate import MIN_WEIGHT, Model, Outlook, outlook, penk_cost, sheet_value
from game.penk.odds import Plan, plan_for_values, tables
from game.penk.sheet import Sheet
from game.penk.state import ROLLS_PER_TURN, Phase, State

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
    others = tuple(other for seat, other in enumerate(state.sheets) if seat != state.active)
    marks = _hand_gains(state.sheet, others, look.turns, rivalry, look.fail, model)
    return TurnValues(marks, look)


@lru_cache(maxsize=64)  # asked at each decision of a turn, the sheets unchanged
def _hand_gains(
    sheet: Sheet, others: tuple[Sheet, ...], turns: float, rivalry: float, fail: float, model: Model
) -> NDArray[np.float64]:
    circled = circled_after_markings(sheet)
    unique, where = np.unique(circled, return_inverse=True)
    base = sheet_value(sheet, turns, None, model)
    gains = np.empty(len(unique))
    for i, mask in enumerate(unique.tolist()):
        if mask == sheet.circled:
            gains[i] = fail  # nothing circled: a failed roll
            continue
        after = Sheet(mask, sheet.crossed)
        cost = penk_cost(sheet, after, list(others), turns, model)
        gain = sheet_value(after, turns, None, model) - base + rivalry * cost
        gains[i] = max(gain, 0.0) + MIN_WEIGHT
    by_marking = gains[where.reshape(-1)]
    marks: NDArray[np.float64] = np.maximum.reduceat(by_marking, tables().marking_starts)
    return marks


def expert_plan(state: State) -> Plan:
    """The expert's keep for the dice on the table (in CHOOSE): reroll or circle, and its value."""
    values = turn_values(state)
    return plan_for_values(state.dice, values.marks, ROLLS_PER_TURN - state.rolls)


class ExpertBot(HardBot):
    name = "expert"
    model = EXPERT

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        if rivals(view) is not None or view.phase is not Phase.CHOOSE:
            return super().__call__(view, legal, rng, budget)
        choice = expert_plan(view)
        if choice.reroll:
            return Reroll(without(view.dice, choice.keep))
        look = self.weigh(view)
        groups = self.choose_groups(view, look)
        return Circle(groups[0]) if groups else Cross(look.fail_column)
