"""The store contract (game/online/server/store.py), run against the memory store and a real
redis-server alike."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from game.online.server.store import MemoryStore, RedisStore, Store


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _run(
    kind: str,
    redis_url: str | None,
    test: Callable[[Store, Callable[[float], Awaitable[None]]], Awaitable[None]],
) -> None:
    """Run `test(store, pass_time)` on a fresh store of `kind` (each test gets its own tables)."""

    async def main() -> None:
        if kind == "memory":
            clock = Clock()
            store: Store = MemoryStore(clock)

            async def pass_time(seconds: float) -> None:
                clock.now += seconds
        else:
            assert redis_url is not None
            store = RedisStore(redis_url)

            async def pass_time(seconds: float) -> None:
                await asyncio.sleep(seconds)

        try:
            await test(store, pass_time)
        finally:
            await store.close()

    asyncio.run(main())


@pytest.fixture(params=["memory", "redis"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(kind: str, request: pytest.FixtureRequest) -> str | None:
    return request.getfixturevalue("redis_url") if kind == "redis" else None


def _table() -> str:
    return secrets.token_hex(6)  # a fresh table per test: the server may hold others' too


def test_an_entry_is_appended_only_right_after_the_last(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        table = _table()
        assert await store.append(table, 1, {"seat": "0", "text": "return S12"})
        assert await store.append(table, 2, {"seat": "1", "text": "end"})
        assert not await store.append(table, 2, {"seat": "0", "text": "late"})  # lost the race
        assert not await store.append(table, 1, {"seat": "0", "text": "late"})
        assert await store.entries(table) == [
            (1, {"seat": "0", "text": "return S12"}),
            (2, {"seat": "1", "text": "end"}),
        ]
        assert await store.entries(table, after=1) == [(2, {"seat": "1", "text": "end"})]
        assert await store.entries(table, after=2) == [] and await store.entries(_table()) == []

    _run(kind, url, test)


def test_a_wait_returns_news_at_once_or_when_it_comes(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        table, other = _table(), _table()
        await store.append(table, 1, {"text": "a"})
        assert await store.wait({table: 0, other: 0}, 1.0) == {table: [(1, {"text": "a"})]}
        assert await store.wait({table: 1}, 0.1) == {}

        async def later() -> None:
            await asyncio.sleep(0.1)
            await store.append(other, 1, {"text": "b"})

        writer = asyncio.create_task(later())
        news = await store.wait({table: 1, other: 0}, 5.0)
        await writer
        assert news == {other: [(1, {"text": "b"})]}

    _run(kind, url, test)


def test_secrets_codes_and_leases(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        table = _table()
        key = secrets.token_bytes(32)
        assert await store.secret(table) is None
        await store.put_secret(table, key)
        assert await store.secret(table) == key
        code = secrets.token_hex(4).upper()
        assert await store.put_code(code, table, ttl=0.3)
        assert not await store.put_code(code, _table(), ttl=0.3)
        assert await store.table_of(code) == table
        lease = f"bot:{table}:7"
        assert await store.lease(lease, "node-a", ttl=0.3)
        assert not await store.lease(lease, "node-b", ttl=0.3)
        assert await store.lease(lease, "node-a", ttl=0.3)  # the holder keeps it
        await pass_time(0.5)
        assert await store.table_of(code) is None  # expired
        assert await store.lease(lease, "node-b", ttl=0.3)

    _run(kind, url, test)


def test_several_entries_are_appended_all_or_none(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        table = _table()
        assert await store.append_all(table, 1, [{"k": "seat", "text": "end"}, {"k": "chance", "text": "x"}])
        assert not await store.append_all(
            table, 2, [{"k": "seat", "text": "late"}, {"k": "chance", "text": "y"}]
        )
        assert await store.append_all(table, 3, [{"k": "chat", "text": "hi"}])
        assert [number for number, _ in await store.entries(table)] == [1, 2, 3]
        assert (await store.entries(table))[1] == (2, {"k": "chance", "text": "x"})
        with pytest.raises(ValueError):
            await store.append_all(table, 9, [{"k": "seat", "text": "a gap"}])

    _run(kind, url, test)


def test_open_tables_their_closing_their_archive_and_each_owners_count(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        first, second, third = _table(), _table(), _table()
        owner = "address-" + _table()
        await store.append(first, 1, {"k": "open"})
        await store.put_secret(first, b"k" * 32)
        await store.touch({first: 100.0, second: 200.0})
        assert {first, second} <= set(await store.due(250.0))
        assert first in await store.due(150.0) and second not in await store.due(150.0)
        assert await store.claim(owner, first, 2) and await store.claim(owner, second, 2)
        assert await store.claim(owner, first, 2)  # counted once
        await store.touch({third: 300.0})
        assert not await store.claim(owner, third, 2)  # two open already
        await store.archive(first, '{"journal": []}')
        await store.forget(first)
        assert await store.entries(first) == [] and await store.secret(first) is None
        assert first not in await store.due(1e12) and await store.archived(first) == '{"journal": []}'
        assert await store.claim(owner, third, 2)  # a closed table counts no more

    _run(kind, url, test)


def test_a_process_lives_while_it_beats(kind: str, url: str | None) -> None:
    async def test(store: Store, pass_time: Any) -> None:
        node, other = "node-" + _table(), "node-" + _table()
        assert not await store.alive(node)  # never beat
        await store.beat(node, ttl=0.3)
        assert await store.alive(node) and not await store.alive(other)
        await pass_time(0.2)
        await store.beat(node, ttl=0.3)  # again before its time runs out
        await pass_time(0.2)
        assert await store.alive(node)
        await pass_time(0.3)  # no beat: killed
        assert not await store.alive(node)

    _run(kind, url, test)
