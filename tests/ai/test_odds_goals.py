"""The kernel's chances of one goal for every keep (goal_chances, equal_dice_success), checked
against plain enumeration of the dice: every outcome of the rerolled dice counted one by one."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import numpy as np
import pytest

from game.goennen.ai.kernels.odds import (
    MASKS,
    BoolArray,
    equal_dice_success,
    goal_chances,
    roll_index,
    success_vector,
)
from game.goennen.deck import load_deck
from game.goennen.engine import DECK_PATH


def _outcomes(dice: tuple[int, ...], mask: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Every roll the reroll of `mask` may give (each equally likely)."""
    rerolled = [i for i, flag in enumerate(mask) if flag]
    found = []
    for faces in product(range(1, 7), repeat=len(rerolled)):
        roll = list(dice)
        for index, face in zip(rerolled, faces, strict=True):
            roll[index] = face
        found.append(tuple(roll))
    return found


def _enumerated(success: BoolArray, dice: tuple[int, ...], mask: tuple[bool, ...], left: int) -> float:
    """The chance after rerolling `mask` with `left` rerolls counted (this one included), keeping
    for the goal after: counted outcome by outcome."""

    @cache
    def value(roll: tuple[int, ...], rolls_left: int) -> float:
        now = float(success[roll_index(roll)])
        if now == 1.0 or not rolls_left:
            return now
        return max(now, max(after(roll, m, rolls_left) for m in MASKS))

    @cache
    def after(roll: tuple[int, ...], m: tuple[bool, ...], rolls_left: int) -> float:
        outcomes = _outcomes(roll, m)
        return sum(value(o, rolls_left - 1) for o in outcomes) / len(outcomes)

    return after(dice, mask, left)


def _cards(count: int, seed: int) -> list[tuple[object, tuple[int | None, ...]]]:
    rng = random.Random(seed)
    deck = [card for card in load_deck(DECK_PATH).cards if len(card.task.fields) <= 5]
    return [(card.task, (None,) * len(card.task.fields)) for card in rng.sample(deck, count)]


def test_equal_dice_success_counts_the_faces() -> None:
    for count in (0, 2, 3, 4, 5):
        met = equal_dice_success(count)
        for roll in product(range(1, 7), repeat=5):
            assert met[roll_index(roll)] == (max(roll.count(v) for v in roll) >= count)
    some = equal_dice_success(3, (True, True, True, False, False))
    assert some[roll_index((2, 2, 2, 5, 6))] and not some[roll_index((2, 2, 5, 2, 2))]


@pytest.mark.parametrize("seed", range(6))
def test_one_reroll_left_equals_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    for task, filled in _cards(3, seed):
        success = success_vector(task, filled)  # type: ignore[arg-type]
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        chances = goal_chances(success, dice, 1)
        if chances.now == 1.0:
            assert chances.best == 1.0 and chances.given_kept((False,) * 5) == 1.0
            continue
        for mask in MASKS:
            exact = _enumerated(success, dice, mask, 1)
            assert chances.rerolls[mask] == pytest.approx(exact, abs=1e-12)
            assert chances.given_kept(tuple(not f for f in mask)) == pytest.approx(exact, abs=1e-12)
        assert chances.given_kept((True,) * 5) == chances.now  # every die kept: stopping on them


@pytest.mark.parametrize("count", [3, 4])
def test_two_rerolls_left_equal_enumeration_for_purchases(count: int) -> None:
    rng = random.Random(count)
    success = equal_dice_success(count)
    for _ in range(3):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        chances = goal_chances(success, dice, 2)
        if chances.now == 1.0:
            continue
        small = [mask for mask in MASKS if sum(mask) <= 2]  # the enumeration stays quick
        for mask in rng.sample(small, 4):
            assert chances.rerolls[mask] == pytest.approx(_enumerated(success, dice, mask, 2), abs=1e-12)


def test_best_keep_names_the_best_reroll() -> None:
    success = equal_dice_success(4)
    chances = goal_chances(success, (3, 3, 3, 1, 5), 1)
    assert chances.best_keep == (False, False, False, True, True)  # keep the three 3s
    assert chances.best == pytest.approx(11 / 36)
    assert goal_chances(success, (3, 3, 3, 3, 5), 2).best_keep is None  # already met
    hopeless = goal_chances(np.zeros(7776, dtype=np.bool_), (1, 2, 3, 4, 5), 2)
    assert hopeless.best == 0.0 and hopeless.given_kept((True, False, False, False, False)) == 0.0
