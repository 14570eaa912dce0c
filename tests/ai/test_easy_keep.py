"""The easy bot's keep decision (game/ai/easy.py, tables shared by success vector) agrees with
planning.single_card_keep (tables per card fill): same fill, dice and rolls left, same dice rerolled."""

from __future__ import annotations

import random

from game.ai.easy import _single_card_keep
from game.ai.planning import single_card_keep
from game.cards import Task
from game.colours import COLOURS
from game.deck import standard_deck


def test_easy_keep_matches_the_keep_tables_on_random_fills_and_dice() -> None:
    rng = random.Random(11)
    tasks = [card.task for card in standard_deck().cards if len(card.task) <= 5]
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
        mine = _single_card_keep(task, filled, dice, rolls_left)
        expected = single_card_keep(task, filled, dice, rolls_left)
        assert mine == expected, (task.text(), filled, dice, rolls_left)
        rerolls += mine is not None
    assert rerolls > 200  # most positions are real choices, not rolls that complete the card


def test_keep_sums_are_the_programme_in_whole_numbers() -> None:
    """The easy bot's tables (sums over partial states, in 7,776ths) hold odds' own numbers: what one
    more reroll is worth is odds.one_more_reroll rounded, and every reroll set's sum is the mean of
    the rolls it leads to (with one roll left and with two) times 7,776."""
    import numpy as np

    from game import odds
    from game.ai import easy

    rng = np.random.default_rng(7)
    vectors = [np.zeros(easy.ROLLS, dtype=np.bool_), np.ones(easy.ROLLS, dtype=np.bool_)]
    vectors += [rng.random(easy.ROLLS) < share for share in (0.001, 0.02, 0.1, 0.3, 0.6, 0.95)]
    vectors += [
        odds.success_vector(card.task, (None,) * len(card.task)) for card in standard_deck().cards[:12]
    ]
    for success in vectors:
        once = easy._once(success)
        worth = easy._best_reroll_worth(once)  # dice in the order 3, 4, 0, 1, 2
        in_order = worth.reshape((6,) * 5).transpose(2, 3, 4, 0, 1).reshape(-1)
        assert np.array_equal(in_order, np.rint(odds.one_more_reroll(success) * easy.ROLLS))
        twice = easy._with_one_more_reroll(once)
        for _ in range(20):
            dice = tuple(int(v) for v in rng.integers(1, 7, size=5))
            roll = easy._roll_index(dice)
            got_by_rolls = {1: once[easy._ONCE_POSITIONS[roll]], 2: twice[easy._TWICE_POSITIONS[roll]]}
            for rolls_left, got in got_by_rolls.items():
                chances = odds.reroll_values(success.astype(np.float64), dice, rolls_left)
                assert np.allclose(got, np.array(chances) * easy.ROLLS**rolls_left, rtol=0, atol=1e-6)


def test_keep_sums_over_classes_are_those_over_all_states() -> None:
    """For fills whose vector treats some dice alike, the tables over the classes of partial states
    (odds' own, and those for one pinned die between others) give every reroll set the very number
    of the tables over all 7^5 states."""
    import numpy as np

    from game import odds
    from game.ai import easy

    rng = random.Random(3)
    tried = swapped = 0
    for card in standard_deck().cards:
        task = card.task
        for filled in [(None,) * len(task), *[_random_fill(task, rng) for _ in range(3)]]:
            if filled.count(None) > 5 or None not in filled:
                continue
            classes = easy._keep_classes(task, filled)
            if classes is None:
                continue
            swapped += odds._classes_of_cards([(task, filled)]) is None
            success = odds.success_vector(task, filled)
            once, twice = easy._once(success), easy._with_one_more_reroll(easy._once(success))
            class_once = easy._class_once(success, classes)
            class_twice = easy._class_twice(class_once, classes)
            for _ in range(10):
                roll = rng.randrange(easy.ROLLS)
                states = classes.of_partial.take(odds._KEEP_POSITIONS[roll])
                assert np.array_equal(class_once.take(states), once[easy._ONCE_POSITIONS[roll]])
                assert np.array_equal(class_twice.take(states), twice[easy._TWICE_POSITIONS[roll]])
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
