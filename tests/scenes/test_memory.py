"""Memory stays flat over long play (issue 19, item 7): bot games back to back through the real
table scenes. The full check is `python -m tools.memory --games 200` (docs/performance.md)."""

from __future__ import annotations

import pytest

from scenes.core import fonts
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.render import cards
from tools import memory

GAMES = 8
TWO_EASY_BOTS = (SeatConfig("Ada", SeatKind.BOT, "easy"), SeatConfig("Bram", SeatKind.BOT, "easy"))


@pytest.mark.slow
def test_the_process_does_not_grow_over_games_in_one_app() -> None:
    samples = memory.play_games(GAMES, seed=3, seats=TWO_EASY_BOTS)
    assert [sample.game for sample in samples] == list(range(1, GAMES + 1))
    assert memory.growth(samples) <= memory.ALLOWED_GROWTH, [round(s.rss_mb, 1) for s in samples]
    assert fonts._text_cache.bytes <= fonts._text_cache.budget_bytes
    assert cards._cache.bytes <= cards._cache.budget_bytes
