"""The easy bot's keep decision (game/goennen/ai/kernels/keep_sums.py, sums shared by success vector) agrees
with planning.single_card_keep (the odds' tables per card fill): same fill, dice and rolls left,
same dice rerolled; and its sums are the odds' own chances in whole numbers."""

from __future__ import annotations

import random

import numpy as np

from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.classes import classes_of_cards
from game.goennen.ai.kernels.keep_sums import CardFills, KeepSums, keep_classes
from game.goennen.ai.planning import single_card_keep
from game.goennen.cards import Task
from game.goennen.colours import COLOURS
from game.goennen.deck import standard_deck


def test_easy_keep_matches_the_keep_tables_on_random_fills_and_dice() -> None:
    rng = random.Random(11)
    tasks = [card.task for card in standard_deck().cards if len(card.task) <= 5]
    fills = CardFills()
    rerolls = 0
    for _ in range(400):
        task = rng.choice(tasks)
        filled: tuple[int | None, ...] = (None,) * len(task)
        for _ in range(rng.choice((0, 0, 1, 2))):  # sometimes partly written, as passive writes do
            value = rng.randint(1, 6)
            fields = task.fields_taking(filled, value, rng.choice(COLOURS))
            if fields and filled.count(None) > 1:
                index = rng.choice(fields)
                filled = (*filled[:index], value, *filled[index + 1 :])
        dice = tuple(rng.randint(1, 6) for _ in COLOURS)
        rolls_left = rng.choice((1, 2))
        mine = fills.best_keep(task, filled, dice, rolls_left)
        expected = single_card_keep(task, filled, dice, rolls_left)
        assert mine == expected, (task.text(), filled, dice, rolls_left)
        rerolls += mine is not None
    assert rerolls > 200  # most positions are real choices, not rolls that complete the card


def test_keep_sums_are_the_programme_in_whole_numbers() -> None:
    """Every reroll set's score is the odds' chance of that reroll (reroll_values) times 7776 per
    roll left, exactly up to float rounding: with one roll left and with two."""
    rng = np.random.default_rng(7)
    vectors = [np.zeros(odds.ROLLS, dtype=np.bool_), np.ones(odds.ROLLS, dtype=np.bool_)]
    vectors += [rng.random(odds.ROLLS) < share for share in (0.001, 0.02, 0.1, 0.3, 0.6, 0.95)]
    vectors += [
        odds.success_vector(card.task, (None,) * len(card.task)) for card in standard_deck().cards[:12]
    ]
    for success in vectors:
        sums = KeepSums(success, None)
        for _ in range(20):
            dice = tuple(int(v) for v in rng.integers(1, 7, size=5))
            roll = odds.roll_index(dice)
            for rolls_left in (1, 2):
                chances = odds.reroll_values(success.astype(np.float64), dice, rolls_left)
                got = sums.scores(roll, rolls_left)
                assert np.allclose(got, np.array(chances) * odds.ROLLS**rolls_left, rtol=0, atol=1e-6)


def test_keep_sums_over_classes_are_those_over_all_states() -> None:
    """For fills whose vector treats some dice alike, the sums over the classes of partial states
    (the odds' own, and those for one pinned die between others) give every reroll set the very
    number of the sums over all 7^5 states."""
    rng = random.Random(3)
    tried = swapped = 0
    for card in standard_deck().cards:
        task = card.task
        for filled in [(None,) * len(task), *[_random_fill(task, rng) for _ in range(3)]]:
            if filled.count(None) > 5 or None not in filled:
                continue
            classes = keep_classes(task, filled)
            if classes is None:
                continue
            swapped += classes_of_cards([(task, filled)]) is None
            success = odds.success_vector(task, filled)
            on_classes, on_states = KeepSums(success, classes), KeepSums(success, None)
            for _ in range(10):
                roll = rng.randrange(odds.ROLLS)
                for rolls_left in (1, 2):
                    assert np.array_equal(
                        on_classes.scores(roll, rolls_left), on_states.scores(roll, rolls_left)
                    )
            tried += 1
    assert tried > 50 and swapped > 10


def _random_fill(task: Task, rng: random.Random) -> tuple[int | None, ...]:
    filled: tuple[int | None, ...] = (None,) * len(task)
    for _ in range(rng.choice((1, 2))):
        value = rng.randint(1, 6)
        fields = task.fields_taking(filled, value, rng.choice(COLOURS))
        if fields and filled.count(None) > 1:
            index = rng.choice(fields)
            filled = (*filled[:index], value, *filled[index + 1 :])
    return filled
