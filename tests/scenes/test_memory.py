"""Memory stays flat over long play (issue 19, item 7): bot games back to back through the real
table scenes. The full check is `python -m tools.memory --games 200` (docs/performance.md)."""

from __future__ import annotations

import pytest

from game import penk
from game.goennen import ai
from game.goennen.ai import play
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


@pytest.mark.slow
def test_penk_through_its_table_final_score_played_games_and_replay() -> None:
    samples = memory.play_games(6, seed=5, seats=TWO_EASY_BOTS, game_key="penk", screens=True)
    assert [sample.game for sample in samples] == list(range(1, 7))
    assert all(sample.actions > 0 for sample in samples)
    # the replay answered the posted keys: it stood at REPLAY_STEPS (or at a shorter game's end)
    assert all(0 < sample.replay_step <= memory.REPLAY_STEPS for sample in samples)
    assert memory.growth(samples) <= memory.ALLOWED_GROWTH, [round(s.rss_mb, 1) for s in samples]


def test_bots_only_plays_the_game_asked_for() -> None:
    first = memory.play_bot_games(2, seed=7, seats=TWO_EASY_BOTS)
    penk_games = memory.play_bot_games(2, seed=7, seats=TWO_EASY_BOTS, game_key="penk")
    easy_pair = [ai.make_bot("easy") for _ in range(2)]
    assert [s.actions for s in first] == [play.play_game(easy_pair, seed).turns for seed in (8, 9)]
    penk_pair = [penk.make_bot("easy") for _ in range(2)]
    assert [s.actions for s in penk_games] == [penk.play_game(penk_pair, seed).turns for seed in (8, 9)]
    assert [s.actions for s in first] != [s.actions for s in penk_games]
    assert all(sample.replay_step == 0 for sample in first + penk_games)
