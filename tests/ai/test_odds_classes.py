"""The odds' programme on classes of rolls (kernels/classes.py) gives the very bits of the
tables over all rolls and partial states, for every vector that treats some neighbouring dice alike."""

from __future__ import annotations

import random

import numpy as np

from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.classes import blocks_of, classes_of, classes_of_cards
from game.goennen.ai.kernels.programme import best_rerolls, expected, mean_turn_value, turn_values, workspace
from game.goennen.ai.kernels.rolls import FACES, ROLL_FACES, reroll_positions
from game.goennen.deck import standard_deck


def _cards() -> list[tuple[odds.OpenCard, odds.BoolArray]]:
    """Fills of the deck's cards (some fields written at random) and their success vectors."""
    rng = random.Random(5)
    found: list[tuple[odds.OpenCard, odds.BoolArray]] = []
    for card in standard_deck().cards:
        task = card.task
        for _ in range(12):
            filled = [rng.randint(1, 6) if rng.random() < 0.4 else None for _ in task.fields]
            if all(v is not None for v in filled):
                continue
            vector = odds.success_vector(task, filled)
            if vector.any() and not vector.all():
                found.append(((task, filled), vector))
    return found


def _vectors() -> list[odds.BoolArray]:
    return [vector for _, vector in _cards()]


def test_classes_known_from_the_cards_fit_their_vectors() -> None:
    for card, vector in _cards():
        classes = classes_of_cards([card])
        if classes is not None:  # every class holds rolls of one value
            values = vector[classes.representative][classes.of_roll]
            assert np.array_equal(values, vector)


def test_blocks_are_the_dice_a_vector_treats_alike() -> None:
    for vector in _vectors()[:60]:
        blocks = blocks_of(vector)
        faces = ROLL_FACES
        weights = FACES ** np.arange(odds.DICE - 1, -1, -1)
        alike = []
        for first in range(odds.DICE - 1):
            swapped = faces.copy()
            swapped[:, [first, first + 1]] = swapped[:, [first + 1, first]]
            alike.append(bool(np.array_equal(vector, vector[swapped @ weights])))
        if blocks is None:
            assert alike.count(False) >= 2
        else:
            assert len(blocks) == alike.count(False) + 1 and sum(blocks) == odds.DICE


def test_class_programme_has_the_bits_of_the_full_tables() -> None:
    used = 0
    work = workspace(1)
    for vector in _vectors():
        classes = classes_of(vector)
        if classes is None:
            continue
        used += 1
        column = np.ascontiguousarray(vector.astype(np.float64).reshape(-1, 1))
        success = column[classes.representative, 0]
        assert classes.mean_turn_value(vector) == float(mean_turn_value(column, work)[0])
        full = expected(column, work)[:, 0].copy()
        assert classes.expected(success)[classes.of_partial].tobytes() == full.tobytes()
        # any values with the same symmetry (the hard bot keeps by value)
        values = column * 2.3 + np.where(column > 0, 0.0, 0.7)
        on_classes = classes.expected(classes.turn_values(values[classes.representative, 0], 1))
        full = expected(turn_values(values, 1, work), work)[:, 0].copy()
        assert on_classes[classes.of_partial].tobytes() == full.tobytes()
    assert used > 100


def test_reroll_options_on_classes_equal_the_full_tables() -> None:
    """reroll_options and reroll_values run on classes where the cards allow it: every reroll set's
    chance has the bits of the tables over all partial states."""
    rng = random.Random(2)
    on_classes = 0
    for card, vector in _cards()[::7]:
        on_classes += classes_of_cards([card]) is not None
        dice = [rng.randint(1, 6) for _ in range(odds.DICE)]
        union = vector.astype(np.float64).reshape(-1, 1)
        positions = reroll_positions(dice)
        for rolls_left in (1, 2):
            work = workspace(1)
            full = expected(union, work)[:, 0].copy()
            if rolls_left == 2:
                values = np.maximum(union, best_rerolls(expected(union, work), work))
                full = expected(values, work)[:, 0].copy()
            options = odds.reroll_options([card], dice, rolls_left)
            assert [options[mask] for mask in odds.MASKS] == [float(v) for v in full[positions]]
            assert odds.reroll_values(union[:, 0], dice, rolls_left) == tuple(
                float(v) for v in full[positions]
            )
    assert on_classes > 10
