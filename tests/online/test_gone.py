"""Lines that end without a word: a join whose welcome fails frees its seat again, and when a
server process is killed the others count its lines gone (its seats wait their grace and get a
stand-in; a join whose welcome died with it frees its seat). The killed process is a real one, as
in test_kill.py: redis-server, two `tools.table_server` processes, SIGKILL. Every wait bounded."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.online import PROTOCOL
from game.online.server import TableServer
from game.online.server import node as server_node
from game.online.server.presence import LOOK_EVERY, NODE_TTL, Presence
from game.online.server.store import MemoryStore, RedisStore
from tests.online.test_kill import _server
from tests.online.test_server import _entropy

NOTICED_WITHIN = NODE_TTL + LOOK_EVERY + 8.0  # seconds until a live process counts a dead one's lines
HELLO = {"t": "hello", "proto": PROTOCOL, "game": "penk"}


async def _until(socket: ClientConnection, wanted: Any, within: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + within
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), max(0.01, deadline - time.monotonic())))
        if wanted(message):
            return dict(message)


def test_a_join_whose_welcome_fails_frees_the_seat_it_took(monkeypatch: pytest.MonkeyPatch) -> None:
    server = TableServer(entropy=_entropy)
    real, failed = server_node.encode, []

    def encode(message: dict[str, Any]) -> str:
        if message.get("t") == "welcome" and message.get("seat") == 1 and not failed:
            failed.append(message)
            raise ConnectionError("the line broke before the welcome")
        return real(message)

    monkeypatch.setattr(server_node, "encode", encode)

    async def scenario() -> tuple[dict[str, Any], list[Any]]:
        room, _ = server.open_room("penk", 3, "Anna")
        async with server.serve("127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}"
            async with connect(url, compression=None) as ben:
                await ben.send(json.dumps(HELLO | {"invite": room.invite, "name": "Ben"}))
                with pytest.raises(ConnectionClosed):
                    await _until(ben, lambda m: m["t"] == "welcome", 5.0)
            async with connect(url, compression=None) as cleo:
                await cleo.send(json.dumps(HELLO | {"invite": room.invite, "name": "Cleo"}))
                welcome = await _until(cleo, lambda m: m["t"] == "welcome")
                lobby = await _until(cleo, lambda m: m["t"] == "lobby")
            return welcome, lobby["seats"]

    welcome, seats = asyncio.run(scenario())
    assert failed and welcome["seat"] == 1  # the seat Ben's join took is Cleo's now
    assert [seat["taken"] for seat in seats] == [True, True, False]


def test_a_process_is_dead_once_it_stops_beating_and_asked_about_once_a_look() -> None:
    class Counting(MemoryStore):
        asked = 0

        async def alive(self, node: str) -> bool:
            self.asked += 1
            return await super().alive(node)

    now = [0.0]
    store = Counting(lambda: now[0])
    mine, other = Presence(store, "a", lambda: now[0]), Presence(store, "b", lambda: now[0])

    async def scenario() -> list[set[str]]:
        await mine.beat(now=True)
        await other.beat(now=True)
        seen = []
        assert mine.looking() and not mine.looking()  # one look every LOOK_EVERY seconds
        seen += [await mine.dead({"a", "b", ""}), await mine.dead({"b"})]
        assert store.asked == 1  # "b" asked about once in a look; itself and "" never
        now[0] += NODE_TTL + 1  # "b" beats no more (killed); "a" beats on
        await mine.beat()
        assert mine.looking()
        seen.append(await mine.dead({"a", "b"}))
        return seen

    assert asyncio.run(scenario()) == [set(), set(), {"b"}]


async def _records(redis_url: str, table: str) -> list[dict[str, str]]:
    store = RedisStore(redis_url)
    try:
        return [record for _, record in await store.entries(table)]
    finally:
        await store.close()


def test_a_killed_process_s_seat_is_counted_gone_by_the_other(redis_url: str) -> None:
    """Anna sits on process B, Ben on process A; A is killed mid-game; B writes that Ben's line is
    gone, so his seat waits its grace and then gets a stand-in."""
    first, url_a = _server(redis_url)
    second, url_b = _server(redis_url)

    async def scenario() -> tuple[str, list[dict[str, str]], float]:
        async with connect(url_b, compression=None) as anna:
            await anna.send(json.dumps(HELLO | {"players": 2, "name": "Anna"}))
            welcome = await _until(anna, lambda m: m["t"] == "welcome")
            async with connect(url_a, compression=None) as ben:
                await ben.send(json.dumps(HELLO | {"invite": welcome["codes"]["invite"], "name": "Ben"}))
                await _until(ben, lambda m: m["t"] == "welcome")
                await _until(anna, lambda m: m["t"] == "lobby" and all(s["taken"] for s in m["seats"]))
                await anna.send(json.dumps({"t": "start"}))
                await _until(ben, lambda m: m["t"] == "step")
                first.send_signal(signal.SIGKILL)
                killed = time.monotonic()
                table = welcome["table"]
                while time.monotonic() - killed < NOTICED_WITHIN:  # bounded
                    records = await _records(redis_url, table)
                    if any(r["k"] == "leave" and r["seat"] == "1" for r in records):
                        return table, records, time.monotonic() - killed
                    await asyncio.sleep(0.25)
                return table, await _records(redis_url, table), time.monotonic() - killed

    try:
        table, records, after = asyncio.run(scenario())
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
    joined = next(r for r in records if r["k"] == "join")
    gone = [r for r in records if r["k"] == "leave" and r["seat"] == "1"]
    assert gone, f"no process counted Ben's line gone in {after:.1f} s"
    assert len(gone) == 1 and gone[0]["node"] == joined["node"]  # once, and the dead process's
    assert after >= NODE_TTL - 1.0  # not before the dead process's time to live ran out
    assert records[0]["node"] != joined["node"]  # Anna's process wrote it, on its own


def test_a_join_whose_process_dies_before_its_welcome_frees_the_seat(redis_url: str) -> None:
    """Process A dies right after it appended Ben's join, before his welcome; Anna's process B
    frees the seat once A's time to live runs out, and Cleo takes it."""
    first, url_a = _server(redis_url, die_after=1)  # A's first append is Ben's join
    second, url_b = _server(redis_url)

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with connect(url_b, compression=None) as anna:
            await anna.send(json.dumps(HELLO | {"players": 3, "name": "Anna"}))
            welcome = await _until(anna, lambda m: m["t"] == "welcome")
            invite = welcome["codes"]["invite"]
            async with connect(url_a, compression=None) as ben:
                await ben.send(json.dumps(HELLO | {"invite": invite, "name": "Ben"}))
                with pytest.raises(ConnectionClosed):
                    await _until(ben, lambda m: m["t"] == "welcome", 5.0)
            lobbies = [await _until(anna, lambda m: m["t"] == "lobby" and m["seats"][1]["taken"])]
            lobbies.append(
                await _until(anna, lambda m: m["t"] == "lobby" and not m["seats"][1]["taken"], NOTICED_WITHIN)
            )
            async with connect(url_b, compression=None) as cleo:
                await cleo.send(json.dumps(HELLO | {"invite": invite, "name": "Cleo"}))
                return lobbies, await _until(cleo, lambda m: m["t"] == "welcome")

    try:
        lobbies, cleo = asyncio.run(scenario())
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
    assert first.returncode == -signal.SIGKILL
    assert lobbies[0]["seats"][1]["name"] == "Ben" and cleo["seat"] == 1
