"""Exact odds for Penk!'s six dice: the best keep before a reroll, solved over every outcome.

Dice are interchangeable, so a hand is a multiset: 462 hands of six dice, 924 kept parts of 0 to
6 dice. Given a weight for each cell (what circling it is worth to the player now, 0 for a cell
that is not clear) and the value of a failed roll, `plan` works out, for the hand on the table
and the rerolls left, whether to reroll and which dice to keep, maximising the expected value of
the groups circled at the end of the turn. The tables below depend only on the dice and are
built once; a decision is a few numpy passes over them:

- mark(hand): the best sum of weights of at most 3 disjoint groups (every hand's inclusion-
  maximal sets of cells are listed once: a set holding a cell that is not clear is worth what its
  clear cells are worth, and those alone can always be circled);
- keep value E(part) = the mean of E(part + one more die) over the six faces, down from the full
  hands, whose value is the value with one reroll fewer: value(hand) = max(mark(hand), the best
  E(part) over the parts that leave at least one die to reroll).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement

import numpy as np
from numpy.typing import NDArray

from game.penk.dice import DICE, FACES, group_cell, groups_for, sub_multisets, without
from game.penk.sheet import SIZE

CELLS = SIZE * SIZE
NO_CELL = CELLS  # the padding index of a marking with fewer than 3 cells (weight 0)
NOT_A_KEEP = -1
MAX_GROUPS = 3

Hand = tuple[int, ...]


def cell_index(row: int, column: int) -> int:
    return (row - 1) * SIZE + column - 1


@dataclass(frozen=True)
class Tables:
    hands: tuple[Hand, ...]  # the 462 hands of six dice
    hand_index: dict[Hand, int]
    keeps: tuple[Hand, ...]  # every part of 0 to 6 dice
    keep_index: dict[Hand, int]
    keeps_by_size: tuple[NDArray[np.intp], ...]  # keep indices of each size 0..6
    add: NDArray[np.intp]  # add[k, f]: the keep k plus one die showing FACES[f] (size < 6)
    full_hand: NDArray[np.intp]  # for each keep of size 6: its hand index
    rerolls: NDArray[np.intp]  # rerolls[h]: the proper parts of hand h, padded with NOT_A_KEEP
    marking_cells: NDArray[np.intp]  # (markings, 3): the cells of each maximal marking
    marking_starts: NDArray[np.intp]  # where each hand's markings start (hands in order)


def _markings(hand: Hand) -> list[frozenset[int]]:
    """The inclusion-maximal sets of at most 3 distinct cells that disjoint groups of `hand` mark."""
    found: set[frozenset[int]] = set()

    def grow(free: Hand, cells: frozenset[int]) -> None:
        grown = False
        if len(cells) < MAX_GROUPS:
            for group in groups_for(free):
                cell = cell_index(*group_cell(group))
                if cell not in cells:
                    grown = True
                    grow(without(free, group), cells | {cell})
        if not grown:
            found.add(cells)

    grow(hand, frozenset())
    return [cells for cells in found if not any(cells < other for other in found)]


@cache
def tables() -> Tables:
    hands = tuple(combinations_with_replacement(FACES, DICE))
    hand_index = {hand: i for i, hand in enumerate(hands)}
    keeps = tuple(part for size in range(DICE + 1) for part in combinations_with_replacement(FACES, size))
    keep_index = {keep: i for i, keep in enumerate(keeps)}
    by_size = tuple(
        np.array([i for i, keep in enumerate(keeps) if len(keep) == size], dtype=np.intp)
        for size in range(DICE + 1)
    )
    add = np.full((len(keeps), len(FACES)), NOT_A_KEEP, dtype=np.intp)
    full_hand = np.full(len(keeps), NOT_A_KEEP, dtype=np.intp)
    for i, keep in enumerate(keeps):
        if len(keep) < DICE:
            for f, face in enumerate(FACES):
                add[i, f] = keep_index[tuple(sorted((*keep, face)))]
        else:
            full_hand[i] = hand_index[keep]
    parts = [[keep_index[part] for part in sub_multisets(hand) if len(part) < DICE] for hand in hands]
    width = max(len(p) for p in parts)
    rerolls = np.full((len(hands), width), NOT_A_KEEP, dtype=np.intp)
    for h, p in enumerate(parts):
        rerolls[h, : len(p)] = p
    cells: list[list[int]] = []
    starts = []
    for hand in hands:
        starts.append(len(cells))
        for marking in _markings(hand):
            row = sorted(marking)
            cells.append(row + [NO_CELL] * (MAX_GROUPS - len(row)))
    return Tables(
        hands,
        hand_index,
        keeps,
        keep_index,
        by_size,
        add,
        full_hand,
        rerolls,
        np.array(cells, dtype=np.intp),
        np.array(starts, dtype=np.intp),
    )


def mark_values(weights: Sequence[float], fail: float) -> NDArray[np.float64]:
    """For every hand: the best sum of cell weights its groups can circle (weights of clear cells
    must be positive, others 0), or `fail` when it circles nothing (a failed roll)."""
    t = tables()
    padded = np.zeros(CELLS + 1)
    padded[:CELLS] = weights
    best = np.maximum.reduceat(padded[t.marking_cells].sum(axis=1), t.marking_starts)
    return np.where(best > 0, best, fail)


def keep_values(hand_values: NDArray[np.float64]) -> NDArray[np.float64]:
    """For every kept part: the expected hand value after rolling the other dice."""
    t = tables()
    values = np.empty(len(t.keeps))
    full = t.keeps_by_size[DICE]
    values[full] = hand_values[t.full_hand[full]]
    for size in range(DICE - 1, -1, -1):
        index = t.keeps_by_size[size]
        values[index] = values[t.add[index]].mean(axis=1)
    return values


def _best_reroll(keep: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """For every hand: the best keep value over its proper parts, and that part's keep index."""
    t = tables()
    padded = np.append(keep, -np.inf)  # NOT_A_KEEP (-1) reads the -inf
    options = padded[t.rerolls]
    choice = options.argmax(axis=1)
    return options[np.arange(len(t.hands)), choice], t.rerolls[np.arange(len(t.hands)), choice]


@dataclass(frozen=True, slots=True)
class Plan:
    """What to do with the hand on the table: reroll (keeping `keep`) or circle now."""

    reroll: bool
    keep: Hand  # the dice to keep when rerolling
    value: float  # the expected value of the turn's groups
    mark_now: float  # the value of circling now


def plan(
    hand: Hand,
    weights: Sequence[float],
    fail: float,
    rerolls_left: int,
    horizon: int = 2,
    keeps: Sequence[Hand] | None = None,
) -> Plan:
    """The best choice for `hand` with `rerolls_left`, looking at most `horizon` rerolls ahead (a
    shorter horizon treats the next reroll as the last) and choosing among `keeps` (parts of the
    hand that leave a die to reroll; None: every such part)."""
    return plan_for_values(hand, mark_values(weights, fail), rerolls_left, horizon, keeps)


def plan_for_values(
    hand: Hand,
    marks: NDArray[np.float64],
    rerolls_left: int,
    horizon: int = 2,
    keeps: Sequence[Hand] | None = None,
) -> Plan:
    """`plan` for any value of stopping with each hand (`marks`, by hand index), not only a sum
    of cell weights."""
    t = tables()
    h = t.hand_index[hand]
    depth = min(rerolls_left, horizon)
    if depth == 0:
        return Plan(False, hand, float(marks[h]), float(marks[h]))
    values = marks
    for _ in range(depth - 1):
        values = np.maximum(marks, _best_reroll(keep_values(values))[0])
    keep = keep_values(values)
    best = float(marks[h])
    choice = -1
    candidates = t.rerolls[h] if keeps is None else [t.keep_index[part] for part in keeps]
    for k in candidates:
        if k != NOT_A_KEEP and keep[k] > best + 1e-9:
            best, choice = float(keep[k]), int(k)
    if choice < 0:
        return Plan(False, hand, best, float(marks[h]))
    return Plan(True, t.keeps[choice], best, float(marks[h]))


def circle_chances(cells: Sequence[int], rerolls_left: int, kept: Hand = ()) -> float:
    """The chance of circling at least one of the given cells by the end of the turn, playing for
    them (the odds a hint shows: weight 1 on those cells, a failed roll worth 0): the dice not in
    `kept` are rolled now, and `rerolls_left` rerolls follow."""
    return float(target_chances(frozenset(cells), rerolls_left)[1][tables().keep_index[kept]])


def hand_chance(cells: Sequence[int], hand: Hand, rerolls_left: int) -> float:
    """The chance of circling at least one of the given cells by the end of the turn from the six
    dice `hand` on the table, with `rerolls_left` rerolls, playing for them (stopping included)."""
    return float(target_chances(frozenset(cells), rerolls_left)[0][tables().hand_index[hand]])


@lru_cache(maxsize=256)  # the odds display asks for the same lines and cells over and over
def target_chances(cells: frozenset[int], rerolls: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """For a set of cells and the rerolls left: by hand, the chance to circle one of them by the
    turn's end playing for them; by kept part, the same when the other dice are rolled first."""
    weights = [1.0 if cell in cells else 0.0 for cell in range(CELLS)]
    marks = np.minimum(mark_values(weights, 0.0), 1.0)
    values = marks
    for _ in range(rerolls):
        values = np.maximum(marks, _best_reroll(keep_values(values))[0])
    return values, keep_values(values)


def _roll_on(kept: NDArray[np.float64]) -> NDArray[np.float64]:
    """The chance of each hand after rolling the missing dice of kept parts held with `kept`."""
    t = tables()
    mass = kept.copy()
    for size in range(DICE):
        index = t.keeps_by_size[size]
        np.add.at(mass, t.add[index].ravel(), np.repeat(mass[index] / len(FACES), len(FACES)))
    full = t.keeps_by_size[DICE]
    hands = np.zeros(len(t.hands))
    hands[t.full_hand[full]] = mass[full]
    return hands


def final_hands(marks: NDArray[np.float64], rerolls: int = 2) -> NDArray[np.float64]:
    """The chance that a whole turn ends with each hand, played from its first roll for the best
    expected `marks` (by hand index), as `plan` plays it."""
    t = tables()
    values = [marks]
    for _ in range(rerolls):
        values.append(np.maximum(marks, _best_reroll(keep_values(values[-1]))[0]))
    start = np.zeros(len(t.keeps))
    start[t.keep_index[()]] = 1.0
    hands = _roll_on(start)
    ended = np.zeros(len(t.hands))
    for left in range(rerolls, 0, -1):
        best, choice = _best_reroll(keep_values(values[left - 1]))
        stop = marks >= best - 1e-9
        ended += np.where(stop, hands, 0.0)
        kept = np.zeros(len(t.keeps))
        np.add.at(kept, choice[~stop], hands[~stop])
        hands = _roll_on(kept)
    return ended + hands
