"""Planning helpers that reuse the odds module's programme: they must agree with its exact answers."""

from __future__ import annotations

import random

import pytest

from game import odds
from game.ai.planning import roll_values, single_card_keep, value_options
from game.deck import standard_deck


@pytest.mark.parametrize("card_id", ["S01", "S07", "B03", "S20"])
def test_value_programme_on_success_equals_the_exact_odds(card_id: str) -> None:
    card = standard_deck()[card_id]
    filled = (None,) * len(card.task)
    rng = random.Random(card_id)
    for _ in range(5):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        for rolls_left in (1, 2):
            exact = odds.reroll_options([(card.task, filled)], dice, rolls_left)
            values = roll_values([((card.task, filled), 1.0)], [0.0] * 6)
            ours = value_options(values, dice, rolls_left)
            for mask, chance in ours.items():
                assert chance == pytest.approx(exact[mask], abs=1e-9)


@pytest.mark.parametrize("card_id", ["S02", "S14", "B06"])
def test_single_card_keep_reaches_the_exact_optimum(card_id: str) -> None:
    card = standard_deck()[card_id]
    filled = (None,) * len(card.task)
    rng = random.Random(7)
    for _ in range(20):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        rolls_left = rng.choice((1, 2))
        best = odds.best_reroll([(card.task, filled)], dice, rolls_left)[1]
        mask = single_card_keep(card.task, filled, dice, rolls_left)
        chance = odds.reroll_chance([(card.task, filled)], dice, rolls_left, mask)
        assert chance == pytest.approx(best, abs=1e-9)
