"""The easy bot's keep decision (game/ai/easy.py, tables shared by success vector) agrees with
planning.single_card_keep (tables per card fill): same fill, dice and rolls left, same dice rerolled."""

from __future__ import annotations

import random

from game.ai.easy import _single_card_keep
from game.ai.planning import single_card_keep
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
