"""The programme's one-column path (kernels/programme.py's best_rerolls moves the last two dice to the
front first) gives the very bits of the batch path: a column alone and the same column in a batch
agree."""

from __future__ import annotations

import numpy as np

from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.programme import expected, turn_values, workspace
from game.goennen.deck import standard_deck


def test_one_column_and_batch_give_the_same_bits() -> None:
    rng = np.random.default_rng(5)
    columns = [rng.random(odds.ROLLS) for _ in range(3)]
    for card in standard_deck().cards[:12]:
        if len(card.task) <= odds.DICE:
            columns.append(odds.success_vector(card.task, (None,) * len(card.task)).astype(np.float64))
    for column in columns:
        alone = np.ascontiguousarray(column.reshape(odds.ROLLS, 1))
        batch = np.ascontiguousarray(np.stack([column, columns[0]], axis=1))
        for rolls_left in (0, 1, 2):
            one = expected(turn_values(alone, rolls_left, workspace(1)), workspace(1))[:, 0].copy()
            both = expected(turn_values(batch, rolls_left, workspace(2)), workspace(2))
            assert np.array_equal(one.view(np.uint64), both[:, 0].view(np.uint64))
