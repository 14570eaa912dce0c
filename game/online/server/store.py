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
- `append_all` appends several entries at once, all or none (a move and the chance it drew):
  Redis runs it as one script, so no other writer comes between.
- Open tables are listed with the time they may be closed by (`touch`, `due`); a closed table's
  log is kept as its archive (`archive`, `archived`) and the rest forgotten (`forget`).
- `claim(owner, table, most)` counts the open tables of an owner (an address): at most `most`.
- A server process says it lives (`beat(node, ttl)`, again before `ttl` runs out); another asks
  `alive(node)`: a killed process stops beating, and its lines are counted gone.
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

    async def append_all(self, table: str, index: int, entries: list[Mapping[str, str]]) -> bool:
        """Add `entries` as entries index, index + 1, ...: all of them, or none and False when
        the log already holds `index` entries or more."""
        ...

    async def touch(self, tables: Mapping[str, float]) -> None:
        """List tables as open, each to be closed at the time given unless touched again."""
        ...

    async def due(self, now: float) -> list[str]:
        """The open tables whose time to close has come by `now`."""
        ...

    async def archive(self, table: str, saved: str) -> None: ...

    async def archived(self, table: str) -> str | None: ...

    async def forget(self, table: str) -> None:
        """A closed table: its log, secret and listing go (its archive stays)."""
        ...

    async def claim(self, owner: str, table: str, most: int) -> bool:
        """Count `table` among `owner`'s open tables; False when it holds `most` already."""
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

    async def beat(self, node: str, ttl: float) -> None:
        """Server process `node` lives for `ttl` seconds more."""
        ...

    async def alive(self, node: str) -> bool:
        """Whether `node` beat within its last `ttl`."""
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
        self._open: dict[str, float] = {}
        self._archives: dict[str, str] = {}
        self._owned: dict[str, set[str]] = {}
        self._beats: dict[str, float] = {}  # server processes by the time they stop living
        self._waiters: set[asyncio.Future[None]] = set()  # wait()s to wake at the next append

    async def append(self, table: str, index: int, entry: Mapping[str, str]) -> bool:
        log = self._logs.setdefault(table, [])
        if index <= len(log):
            return False
        if index > len(log) + 1:
            raise ValueError(f"entry {index} of a log of {len(log)}: append the one after the last read")
        log.append(dict(entry))
        self._notify()
        return True

    async def append_all(self, table: str, index: int, entries: list[Mapping[str, str]]) -> bool:
        log = self._logs.setdefault(table, [])
        if index <= len(log):
            return False
        if index > len(log) + 1:
            raise ValueError(f"entry {index} of a log of {len(log)}: append the one after the last read")
        log.extend(dict(entry) for entry in entries)
        self._notify()
        return True

    async def touch(self, tables: Mapping[str, float]) -> None:
        self._open.update(tables)

    async def due(self, now: float) -> list[str]:
        return sorted(table for table, when in self._open.items() if when <= now)

    async def archive(self, table: str, saved: str) -> None:
        self._archives[table] = saved

    async def archived(self, table: str) -> str | None:
        return self._archives.get(table)

    async def forget(self, table: str) -> None:
        self._logs.pop(table, None)
        self._secrets.pop(table, None)
        self._open.pop(table, None)

    async def claim(self, owner: str, table: str, most: int) -> bool:
        held = self._owned.setdefault(owner, set())
        held &= set(self._open)  # closed tables count no more
        if table not in held and len(held) >= most:
            return False
        held.add(table)
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
        loop = asyncio.get_running_loop()
        woken: asyncio.Future[None] = loop.create_future()
        self._waiters.add(woken)
        timer = loop.call_later(timeout, _wake, woken)
        try:
            await woken  # a plain future: cancelling it cancels the wait, nothing else
        finally:
            timer.cancel()
            self._waiters.discard(woken)
        return await news()

    def _notify(self) -> None:
        for woken in self._waiters:
            _wake(woken)

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

    async def beat(self, node: str, ttl: float) -> None:
        self._beats[node] = self.clock() + ttl

    async def alive(self, node: str) -> bool:
        return self._beats.get(node, float("-inf")) > self.clock()

    async def close(self) -> None:
        return None


# KEYS[1] the stream; ARGV: the first entry's number, then per entry its field count and fields
_APPEND_ALL = """
local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local last = 0
if #top > 0 then last = tonumber(string.match(top[1][1], '%-(%d+)$')) end
local index = tonumber(ARGV[1])
if last >= index then return 0 end
if last < index - 1 then return -1 end
local at = 2
while at <= #ARGV do
  local count = tonumber(ARGV[at])
  redis.call('XADD', KEYS[1], '0-' .. index, unpack(ARGV, at + 1, at + count))
  index = index + 1
  at = at + count + 1
end
return 1
"""
# KEYS[1] the owner's set, KEYS[2] the open tables; ARGV the table, the most
_CLAIM = """
local held = 0
for _, table in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('ZSCORE', KEYS[2], table) then
    if table ~= ARGV[1] then held = held + 1 end
  else
    redis.call('SREM', KEYS[1], table)
  end
end
if held >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
return 1
"""


class RedisStore:
    """The store on a Redis server (Debian's redis-server; docs/online.md, "Deployment")."""

    def __init__(self, url: str, connections: int = 32) -> None:
        from redis.asyncio import BlockingConnectionPool, Redis  # servers only: the game never needs redis

        # a bounded pool that waits for a free connection: hundreds of tables' handlers at once
        # must queue, not fail with "too many connections"
        pool = BlockingConnectionPool.from_url(url, max_connections=connections, timeout=10)
        # redis-py's own types say little (str, bytes or int by its settings): Any, read with care
        self._redis: Any = Redis(connection_pool=pool, decode_responses=False)
        self._append_all = self._redis.register_script(_APPEND_ALL)
        self._claim = self._redis.register_script(_CLAIM)

    async def append_all(self, table: str, index: int, entries: list[Mapping[str, str]]) -> bool:
        args: list[str | int] = [index]
        for entry in entries:
            args.append(2 * len(entry))
            for key, value in entry.items():
                args += [key, value]
        done = int(await self._append_all(keys=[f"table:{table}"], args=args))
        if done < 0:
            raise ValueError(f"entry {index} of table {table} is not the one after the last")
        return done == 1

    async def touch(self, tables: Mapping[str, float]) -> None:
        if tables:
            await self._redis.zadd("tables", dict(tables))

    async def due(self, now: float) -> list[str]:
        found = await self._redis.zrangebyscore("tables", "-inf", now)
        return sorted(table.decode() for table in found)

    async def archive(self, table: str, saved: str) -> None:
        await self._redis.set(f"archive:{table}", saved)

    async def archived(self, table: str) -> str | None:
        value = await self._redis.get(f"archive:{table}")
        return None if value is None else value.decode()

    async def forget(self, table: str) -> None:
        await self._redis.delete(f"table:{table}", f"secret:{table}")
        await self._redis.zrem("tables", table)

    async def claim(self, owner: str, table: str, most: int) -> bool:
        return int(await self._claim(keys=[f"owner:{owner}", "tables"], args=[table, most])) == 1

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

    async def beat(self, node: str, ttl: float) -> None:
        await self._redis.set(f"node:{node}", b"1", px=max(1, int(ttl * 1000)))

    async def alive(self, node: str) -> bool:
        return bool(await self._redis.exists(f"node:{node}"))

    async def close(self) -> None:
        await self._redis.aclose()


def _entry(number: Any, fields: Any) -> tuple[int, Entry]:
    text = number.decode() if isinstance(number, bytes) else number
    return int(text.split("-")[1]), {key.decode(): value.decode() for key, value in fields.items()}


def _wake(woken: asyncio.Future[None]) -> None:
    if not woken.done():
        woken.set_result(None)
