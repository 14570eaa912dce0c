"""The one bounded cache of the bots and kernels (game/goennen/ai/kernels/cache.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game.goennen import cards
from game.goennen.ai import easy, evaluate, make_bot, planning
from game.goennen.ai.kernels import keep_sums, odds, success
from game.goennen.ai.kernels.cache import BoundedCache, RecentCache
from game.goennen.ai.kernels.success import forget_success_vectors
from game.goennen.ai.play import play_game
from game.goennen.deck import standard_deck
from game.kit.memo import forget_oldest_half


def test_remembers_until_full_then_forgets_the_oldest_half() -> None:
    cache: BoundedCache[str, int] = BoundedCache(4)
    assert cache.get("a") is None and "a" not in cache
    assert cache.put("a", 1) == 1
    for value, key in enumerate("bcd", start=2):
        cache.put(key, value)
    assert [cache.get(key) for key in "abcd"] == [1, 2, 3, 4] and len(cache) == 4
    cache.put("e", 5)  # full: the two oldest are forgotten, however often they were read
    assert [cache.get(key) for key in "abcde"] == [None, None, 3, 4, 5] and len(cache) == 3
    cache.put("e", 6)  # a key already held is replaced
    assert cache.get("e") == 6 and "e" in cache
    cache.clear()
    assert len(cache) == 0 and cache.get("e") is None


def test_forgetting_the_oldest_half_makes_room_for_one_more() -> None:
    for limit in (1, 2, 3, 10):
        entries = {key: key for key in range(limit)}
        forget_oldest_half(entries, limit)
        assert list(entries) == list(range(limit - limit // 2, limit)), limit
    entries = {1: 1}
    forget_oldest_half(entries, 2)  # not full: nothing is forgotten
    assert entries == {1: 1}


def test_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError):
        BoundedCache(0)


def test_a_recent_cache_forgets_the_least_recently_used_first() -> None:
    cache: RecentCache[str, int] = RecentCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # now "b" is the least recently used
    cache.put("c", 3)
    assert [cache.get(key) for key in "abc"] == [1, None, 3] and len(cache) == 2
    cache.clear()
    assert len(cache) == 0
    with pytest.raises(ValueError):
        RecentCache(0)


def _shared_caches() -> dict[str, BoundedCache[Any, Any] | RecentCache[Any, Any]]:
    """Every cache the bots share across games (those that outlive a game)."""
    return {
        "success._by_residual": success._by_residual,
        "odds._turn_chances": odds._turn_chances,
        "odds._reroll_tables": odds._reroll_tables,
        "odds._keep_tables": odds._keep_tables,
        "keep_sums._sums_by_bytes": keep_sums._sums_by_bytes,
        "easy._CARD_FILLS": easy._CARD_FILLS._fills,
        "planning._known_success": planning._known_success,
        "planning._completions": planning._completions,
        "evaluate._card_chances": evaluate._card_chances,
        "evaluate._fresh": evaluate._fresh,
    }


def _games(levels: tuple[str, ...], seeds: range) -> list[tuple[object, ...]]:
    """Each game's scores, length and the seat of every decision."""
    records = [play_game([make_bot(level) for level in levels], seed) for seed in seeds]
    return [(record.outcome, record.turns, [seat for seat, _ in record.decisions]) for record in records]


def _task_memories() -> list[dict[Any, Any]]:
    """The memories every task of the deck keeps on itself (game/goennen/cards.py)."""
    tasks = [card.task for card in standard_deck().cards]
    return [memory for task in tasks for memory in (task._sums, task._takers, task._open_values, task._masks)]


def test_caches_that_forget_all_the_time_play_the_same_games_within_their_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Memory over long play is bounded by the caches' limits (docs/performance.md, "Memory over
    long play"); what they forget is worked out again, never differently."""
    levels = ("easy", "normal", "easy")
    seeds = range(40, 43)
    caches = _shared_caches()
    limits = {name: cache.limit for name, cache in caches.items()}
    forget_success_vectors()
    for cache in caches.values():
        cache.clear()
    expected = _games(levels, seeds)
    try:
        for cache in caches.values():
            cache.clear()
            cache.limit = 3  # a handful of entries: they forget all the time
        for memory in _task_memories():
            memory.clear()
        monkeypatch.setattr(cards, "_MAX_KEPT_PER_TASK", 3)
        assert _games(levels, seeds) == expected
        assert all(len(cache) <= 3 for cache in caches.values())
        assert all(len(memory) <= 3 for memory in _task_memories())
    finally:
        for name, cache in caches.items():
            cache.limit = limits[name]
            cache.clear()
