"""Where table servers keep their tables: a log per table, its secret, codes that expire, leases.

One interface, two stores: `MemoryStore` for host mode and tests, `RedisStore` for servers that
share their tables (any process rebuilds any table from its log, none owns one). The contract
(tests/online/test_store.py) runs against both, and against a real redis-server.

- A table's log is a list of entries (string fields), numbered from 1. A writer appends the
  number after the last entry it has read: `append(table, k, entry)` is refused when the log
  already holds k entries or more, so a writer that lost a race is refused by the store itself
  (Redis: XADD with the explicit id 0-k, refused when the stream's top id is k or more), and no
  lock and no owner are needed.
- The chance key lives apart from the log, where no client message ever reads it.
- Join and watch codes name a table for a while (`ttl` seconds), then expire.
- A lease (`lease(name, holder, ttl)`) is held by one holder at a time until it runs out: the
  process that holds it computes a bot's move, once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

Entry = dict[str, str]


class Store(Protocol):
    async def append(self, table: str, index: int, entry: Mapping[str, str]) -> bool:
        """Add entry `index` (1-based, the one after the last entry read); False when the log
        already holds `index` entries or more (another writer was first)."""
        ...

    async def entries(self, table: str, after: int = 0) -> list[tuple[int, Entry]]:
        """The log's entries after the first `after`, with their numbers."""
        ...

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[tuple[int, Entry]]]:
        """New entries of any of the tables past their positions, waiting up to `timeout` s."""
        ...

    async def put_secret(self, table: str, secret: bytes) -> None: ...

    async def secret(self, table: str) -> bytes | None: ...

    async def put_code(self, code: str, table: str, ttl: float) -> bool:
        """Give `code` to `table` for `ttl` seconds; False when the code is taken."""
        ...

    async def table_of(self, code: str) -> str | None: ...

    async def lease(self, name: str, holder: str, ttl: float) -> bool:
        """Take (or keep) the lease `name` for `holder`; False while another holds it."""
        ...

    async def close(self) -> None: ...


class MemoryStore:
    """The store in one process's memory (host mode, tests); `clock` gives the time for expiry."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._logs: dict[str, list[Entry]] = {}
        self._secrets: dict[str, bytes] = {}
        self._codes: dict[str, tuple[str, float]] = {}
        self._leases: dict[str, tuple[str, float]] = {}
        self._changed = asyncio.Condition()

    async def append(self, table: str, index: int, entry: Mapping[str, str]) -> bool:
        log = self._logs.setdefault(table, [])
        if index <= len(log):
            return False
        if index > len(log) + 1:
            raise ValueError(f"entry {index} of a log of {len(log)}: append the one after the last read")
        log.append(dict(entry))
        async with self._changed:
            self._changed.notify_all()
        return True

    async def entries(self, table: str, after: int = 0) -> list[tuple[int, Entry]]:
        log = self._logs.get(table, [])
        return [(number, dict(entry)) for number, entry in enumerate(log[after:], start=after + 1)]

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[tuple[int, Entry]]]:
        async def news() -> dict[str, list[tuple[int, Entry]]]:
            found = {table: await self.entries(table, after) for table, after in positions.items()}
            return {table: entries for table, entries in found.items() if entries}

        found = await news()
        if found or timeout <= 0:
            return found
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait(), timeout)
            except TimeoutError:
                return {}
        return await news()

    async def put_secret(self, table: str, secret: bytes) -> None:
        self._secrets[table] = bytes(secret)

    async def secret(self, table: str) -> bytes | None:
        return self._secrets.get(table)

    async def put_code(self, code: str, table: str, ttl: float) -> bool:
        if await self.table_of(code) is not None:
            return False
        self._codes[code] = (table, self.clock() + ttl)
        return True

    async def table_of(self, code: str) -> str | None:
        found = self._codes.get(code)
        if found is None or found[1] <= self.clock():
            self._codes.pop(code, None)
            return None
        return found[0]

    async def lease(self, name: str, holder: str, ttl: float) -> bool:
        now = self.clock()
        held = self._leases.get(name)
        if held is not None and held[1] > now and held[0] != holder:
            return False
        self._leases[name] = (holder, now + ttl)
        return True

    async def close(self) -> None:
        return None


class RedisStore:
    """The store on a Redis server (Debian's redis-server; docs/online.md, "Deployment")."""

    def __init__(self, url: str) -> None:
        from redis.asyncio import Redis  # servers only: the game itself never needs redis

        # redis-py's own types say little (str, bytes or int by its settings): Any, read with care
        self._redis: Any = Redis.from_url(url, decode_responses=False)

    async def append(self, table: str, index: int, entry: Mapping[str, str]) -> bool:
        from redis.exceptions import ResponseError

        try:
            await self._redis.xadd(f"table:{table}", dict(entry), id=f"0-{index}")
        except ResponseError as error:
            if "equal or smaller" in str(error):
                return False  # another writer appended entry `index` first
            raise
        return True

    async def entries(self, table: str, after: int = 0) -> list[tuple[int, Entry]]:
        found = await self._redis.xrange(f"table:{table}", min=f"0-{after + 1}", max="+")
        return [_entry(number, fields) for number, fields in found]

    async def wait(self, positions: Mapping[str, int], timeout: float) -> dict[str, list[tuple[int, Entry]]]:
        if not positions:
            await asyncio.sleep(timeout)
            return {}
        streams = {f"table:{table}": f"0-{after}" for table, after in positions.items()}
        found = await self._redis.xread(streams, block=max(1, int(timeout * 1000)))
        news: dict[str, list[tuple[int, Entry]]] = {}
        for stream, items in found or []:
            table = stream.decode().removeprefix("table:")
            news[table] = [_entry(number, fields) for number, fields in items]
        return news

    async def put_secret(self, table: str, secret: bytes) -> None:
        await self._redis.set(f"secret:{table}", secret)

    async def secret(self, table: str) -> bytes | None:
        value = await self._redis.get(f"secret:{table}")
        return None if value is None else bytes(value)

    async def put_code(self, code: str, table: str, ttl: float) -> bool:
        return bool(await self._redis.set(f"code:{code}", table, nx=True, px=max(1, int(ttl * 1000))))

    async def table_of(self, code: str) -> str | None:
        value = await self._redis.get(f"code:{code}")
        return None if value is None else value.decode()

    async def lease(self, name: str, holder: str, ttl: float) -> bool:
        key, ms = f"lease:{name}", max(1, int(ttl * 1000))
        if await self._redis.set(key, holder, nx=True, px=ms):
            return True
        held = await self._redis.get(key)
        if held is not None and held.decode() == holder:
            await self._redis.pexpire(key, ms)
            return True
        return False

    async def close(self) -> None:
        await self._redis.aclose()


def _entry(number: Any, fields: Any) -> tuple[int, Entry]:
    text = number.decode() if isinstance(number, bytes) else number
    return int(text.split("-")[1]), {key.decode(): value.decode() for key, value in fields.items()}
