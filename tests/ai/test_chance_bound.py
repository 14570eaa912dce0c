"""odds.chance_bound never falls below the exact one-turn chance (the passive write search skips a
new fill on it), for every card of the deck with fills written the way the rules allow."""

from __future__ import annotations

import random

from game import odds
from game.deck import standard_deck


def test_chance_bound_is_never_below_the_chance() -> None:
    rng = random.Random(11)
    checked = tight = 0
    for card in standard_deck().cards:
        task = card.task
        for _ in range(12):
            filled: list[int | None] = [None] * len(task)
            # write some fields with values that keep the task completable, like passive writes
            for field in rng.sample(range(len(task)), rng.randrange(len(task))):
                values = [
                    v for v in range(1, 7) if task.completable([*filled[:field], v, *filled[field + 1 :]])
                ]
                if values:
                    filled[field] = rng.choice(values)
            if None not in filled or filled.count(None) > odds.DICE:
                continue
            chance = odds.chance_before_roll(task, filled)
            bound = odds.chance_bound(task, filled)
            assert bound >= chance - 1e-12, (task.text(), filled)
            checked += 1
            tight += bound < 0.999
    assert checked > 200
    assert tight > 50  # and it tells something
