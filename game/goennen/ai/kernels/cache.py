"""One bounded memory of results by key, for the kernels' and the bots' caches.

Why one type: every cache of the bots and kernels remembers results of pure computations (the
same key always gives the same value), so what is forgotten is only worked out again, never
different. Each used to be a dictionary with its own size check and eviction; this is the one
place that holds that logic.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from game.kit.memo import forget_oldest_half

Key = TypeVar("Key")
Value = TypeVar("Value")


class BoundedCache(Generic[Key, Value]):
    """Remembers at most `limit` values by key; when full, it forgets the oldest half (game.kit.memo).

    `get` is the dictionary's own method (a look-up costs what a dictionary's does: caches are read
    in the bots' inner loops), so a look-up does not mark an entry as used: an entry in use that
    was made long ago is forgotten once and made again.
    """

    __slots__ = ("limit", "get", "_entries")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a cache holds at least one entry, not {limit}")
        self.limit = limit
        self._entries: dict[Key, Value] = {}
        self.get: Callable[[Key], Value | None] = self._entries.get
        """The value remembered for a key, or None."""

    def put(self, key: Key, value: Value) -> Value:
        """Remember `value` for `key` (forgetting the oldest half first when full); returns `value`."""
        entries = self._entries
        if len(entries) >= self.limit:
            forget_oldest_half(entries, self.limit)
        entries[key] = value
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)


class RecentCache(Generic[Key, Value]):
    """Remembers at most `limit` values by key; when full, it forgets the least recently used one.

    For a cache whose values are dear to make and which is read seldom: a BoundedCache forgets old
    entries still in use and makes them again, while this one keeps the ones in use.
    Each look-up moves its entry (a method call more than BoundedCache's dictionary look-up).
    """

    __slots__ = ("limit", "_entries")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a cache holds at least one entry, not {limit}")
        self.limit = limit
        self._entries: OrderedDict[Key, Value] = OrderedDict()

    def get(self, key: Key) -> Value | None:
        """The value remembered for a key (now the most recently used), or None."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: Key, value: Value) -> Value:
        """Remember `value` for `key` (forgetting the least recently used when full); returns `value`."""
        entries = self._entries
        entries[key] = value
        entries.move_to_end(key)
        if len(entries) > self.limit:
            entries.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)
