"""The one bounded cache of the bots and kernels (game/ai/kernels/cache.py)."""

from __future__ import annotations

import pytest

from game.ai.kernels.cache import BoundedCache


def test_remembers_until_full_then_starts_afresh() -> None:
    cache: BoundedCache[str, int] = BoundedCache(3)
    assert cache.get("a") is None and "a" not in cache
    assert cache.put("a", 1) == 1
    cache.put("b", 2)
    cache.put("c", 3)
    assert [cache.get(key) for key in "abc"] == [1, 2, 3] and len(cache) == 3
    cache.put("d", 4)  # full: everything before is forgotten
    assert [cache.get(key) for key in "abcd"] == [None, None, None, 4] and len(cache) == 1
    cache.put("d", 5)  # a key already held is replaced
    assert cache.get("d") == 5 and "d" in cache
    cache.clear()
    assert len(cache) == 0 and cache.get("d") is None


def test_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError):
        BoundedCache(0)
