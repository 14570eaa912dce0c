"""Tables that outlive a connection and a process: a relaxed table waits while nobody sits at it
and goes on an hour later (time is an input), idle tables are archived, and with two server
processes on one Redis a bot's move is computed once (by the lease holder, in a process pool).
Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from typing import Any

from websockets.asyncio.client import connect

from game.online import PROTOCOL
from game.online.server import TableServer
from game.online.server import node as server_node
from game.online.server.store import MemoryStore, RedisStore
from tests.online.test_server import WAIT, Client, _entropy


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _until(socket: Any, wanted: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 5))
        if wanted(message):
            return dict(message)


def test_a_relaxed_table_waits_for_everyone_and_goes_on_an_hour_later() -> None:
    clock = Clock()
    server = TableServer(clock=clock, store=MemoryStore(clock), entropy=_entropy, bot_budget=0.05)

    async def scenario() -> tuple[Client, list[float]]:
        async with server.serve("127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}"
            hello = {"t": "hello", "proto": PROTOCOL, "game": "penk"}
            async with connect(url, compression=None) as host:
                await host.send(json.dumps(hello | {"players": 2, "name": "Anna"}))
                welcome = await _until(host, lambda m: m["t"] == "welcome")
                async with connect(url, compression=None) as guest:
                    await guest.send(
                        json.dumps(hello | {"invite": welcome["codes"]["invite"], "name": "Ben"})
                    )
                    joined = await _until(guest, lambda m: m["t"] == "welcome")
                    await host.send(json.dumps({"t": "start"}))
                    step = await _until(guest, lambda m: m["t"] == "step")
            # every client has left: the table waits; the clock moves on an hour
            table_id = welcome["table"]
            for _ in range(100):  # bounded: the leaves are written
                await asyncio.sleep(0.02)
                if not any(seat.present for seat in server.rooms[table_id].seats):
                    break
            await asyncio.sleep(2 * server_node.TICK)  # a tick sees nobody at it here
            clock.now += 3600.0
            assert await server.reap(clock.now) == []  # no reaping while a relaxed table waits
            for _ in range(100):  # the process forgets it; the store keeps it
                await asyncio.sleep(0.02)
                if table_id not in server.rooms:
                    break
            assert table_id not in server.rooms
            back = Client(
                url, {"table": table_id, "seat": 1, "token": joined["token"], "since": 0}, game="penk"
            )
            await asyncio.wait_for(back.run(), WAIT)  # Anna's seat gets a stand-in: Ben plays on
            room = server.rooms[table_id]
            assert room.table is not None and room.table.is_over
            assert step["v"] >= 1 and back.over["save"] and back.refusals == []
            return back, [entry.time for entry in room.table.log]

    back, times = asyncio.run(scenario())
    assert max(later - earlier for earlier, later in zip(times, times[1:], strict=False)) >= 3600.0


def test_an_idle_timed_table_is_closed_and_its_log_archived() -> None:
    clock = Clock()
    store = MemoryStore(clock)
    server = TableServer(clock=clock, store=store, entropy=_entropy)

    async def scenario() -> tuple[list[str], Any]:
        room, _ = server.open_room("penk", 2, "Anna", timers="fast")
        room.set_bot(0, 1, "easy")
        room.start(0, clock.now)
        await server.reap(clock.now)  # stored, listed
        closed = await server.reap(clock.now + server_node.IDLE_TABLE)
        return closed, room

    closed, room = asyncio.run(scenario())
    assert closed == [room.table_id]
    saved = json.loads(asyncio.run(store.archived(room.table_id)) or "{}")
    assert saved["journal"][0]["k"] == "open" and saved["save"]["actions"]
    assert asyncio.run(store.entries(room.table_id)) == []


def test_two_processes_on_one_redis_compute_each_bot_move_once(redis_url: str) -> None:
    async def scenario() -> tuple[int, int, list[dict[str, str]]]:
        stores = [RedisStore(redis_url), RedisStore(redis_url)]
        with concurrent.futures.ProcessPoolExecutor(1) as pool:
            first = TableServer(store=stores[0], entropy=_entropy, bot_budget=0.05)
            second = TableServer(store=stores[1], bot_budget=0.05, pool=pool)
            room, token = first.open_room("penk", 2, "Anna")
            room.set_bot(0, 1, "easy")
            async with first.serve("127.0.0.1", 0) as port_a, second.serve("127.0.0.1", 0) as port_b:
                host = Client(
                    f"ws://127.0.0.1:{port_a}",
                    {"table": room.table_id, "seat": 0, "token": token},
                    game="penk",
                    start_when_full=True,
                )
                watcher = Client(f"ws://127.0.0.1:{port_b}", {"watch": room.watch}, game="penk")
                await asyncio.wait_for(asyncio.gather(host.run(), watcher.run()), WAIT * 2)
            records = [record for _, record in await stores[0].entries(room.table_id)]
        for store in stores:
            await store.close()
        return first.bot_moves, second.bot_moves, records

    by_first, by_second, records = asyncio.run(scenario())
    bot_records = [record for record in records if record["k"] == "bot"]
    assert by_first + by_second == len(bot_records) > 0  # each computed once, by one process


def test_an_address_holds_at_most_its_tables_and_a_process_at_most_its_own() -> None:
    async def opens(server: TableServer, count: int) -> list[str]:
        answers = []
        async with server.serve("127.0.0.1", 0) as port:
            sockets = []
            for _ in range(count):
                socket = await connect(f"ws://127.0.0.1:{port}", compression=None)
                sockets.append(socket)
                hello = {"t": "hello", "proto": PROTOCOL, "game": "penk", "players": 2, "name": "A"}
                await socket.send(json.dumps(hello))
                answer = json.loads(await asyncio.wait_for(socket.recv(), 5))
                answers.append(answer.get("reason", answer["t"]))
            for socket in sockets:
                await socket.close()
        return answers

    per_player = TableServer(tables_per_player=2)
    assert asyncio.run(opens(per_player, 3)) == ["welcome", "welcome", "too_many_tables"]
    assert len(per_player.rooms) == 2  # the refused table is gone again
    per_process = TableServer(max_rooms=1)
    assert asyncio.run(opens(per_process, 2)) == ["welcome", "server_full"]


def test_an_invite_code_expires() -> None:
    clock = Clock()
    server = TableServer(clock=clock, store=MemoryStore(clock))

    async def join(port: int, code: str) -> str:
        async with connect(f"ws://127.0.0.1:{port}", compression=None) as socket:
            await socket.send(json.dumps({"t": "hello", "proto": PROTOCOL, "game": "penk", "invite": code}))
            answer = json.loads(await asyncio.wait_for(socket.recv(), 5))
            return str(answer.get("reason", answer["t"]))

    async def scenario() -> list[str]:
        first, _ = server.open_room("penk", 3, "Anna")
        second, _ = server.open_room("penk", 3, "Anna")
        async with server.serve("127.0.0.1", 0) as port:
            answers = [await join(port, first.invite)]
            clock.now += server_node.CODE_TTL
            answers.append(await join(port, second.invite))
        return answers

    assert asyncio.run(scenario()) == ["welcome", "wrong_code"]
