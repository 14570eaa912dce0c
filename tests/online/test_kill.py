"""The kill test, as real processes: a redis-server, two table-server processes, the four seats of
one table (the game's own Link, each with a bot deciding on the views it is sent) split across
both. At a chosen point one server dies by SIGKILL, from outside at a step, or by its own hand
right after an append and before it sends the news; its clients come back on the other and the
game ends. The stream's ids are 1..n without a gap, the save every client got at the end equals a
replay of the stream, and every roll follows from the revealed key.

Four kill points run in the normal suite; GK_KILL_POINTS=20 runs twenty. Loopback only, every
wait bounded."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from game.goennen.chance import KeyedChance
from game.kit.table import Entry, Table
from game.online.fair import check_game
from game.online.room import TABLE_KINDS, Room
from game.online.server.store import RedisStore
from game.registry import rulebook
from scenes.model.online.link import Link

ROOT = Path(__file__).resolve().parents[2]
GAME = "penk"
GAME_WITHIN = 40.0  # seconds one game may take, the kill and the comeback included
FAST = (0.05, 0.1)
# (how, when): "outside" kills at the clients' n-th step; "append" after the server's n-th append
ALL_POINTS = [("outside", n) for n in (5, 20, 40, 60, 80, 100, 125, 150, 175, 200)] + [
    ("append", n) for n in (6, 8, 10, 13, 16, 19, 22, 25, 28, 32)
]
QUICK_POINTS = [("outside", 40), ("outside", 150), ("append", 6), ("append", 25)]
POINTS = ALL_POINTS if os.environ.get("GK_KILL_POINTS") == "20" else QUICK_POINTS


def _server(redis_url: str, die_after: int | None = None) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    env.pop("GK_DIE_AFTER_APPENDS", None)
    if die_after is not None:
        env["GK_DIE_AFTER_APPENDS"] = str(die_after)
    process = subprocess.Popen(
        [sys.executable, "-m", "tools.table_server", "--port", "0", "--redis", redis_url,
         "--tables-per-player", "1000", "--max-per-address", "100"],
        stdout=subprocess.PIPE, text=True,
        cwd=ROOT, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()  # "table server on 127.0.0.1:PORT"
    assert line.startswith("table server on"), line
    return process, "ws://" + line.split()[-1]


def _play(links: list[Link], kill: Any, until: float) -> dict[int, dict[str, Any]]:
    """A frame loop over the four links: each seat's bot answers its steps; `kill(steps)` is
    called as steps come in. Returns each seat's `over` message."""
    rules = rulebook(GAME)
    bot = rules.bot("easy")
    rngs = [random.Random(index) for index in range(len(links))]
    acted: list[set[int]] = [set() for _ in links]
    over: dict[int, dict[str, Any]] = {}
    steps = 0
    while time.monotonic() < until and len(over) < len(links):
        for index, link in enumerate(links):
            for message in link.poll():
                kind = message["t"]
                if kind == "lobby" and link.seat == 0 and not message["started"]:
                    if all(seat["taken"] for seat in message["seats"]):
                        link.send({"t": "start"})
                elif kind == "link" and message["state"] == "connected":
                    acted[index].clear()  # a move sent into the dead line may be lost
                elif kind == "link" and message["state"] == "closed":
                    raise AssertionError(f"seat {link.seat}'s link closed")
                elif kind == "over":
                    over[index] = message
                elif kind == "step":
                    steps += 1
                    kill(steps)
                    view = rules.view_from_data(message["view"], "a step")
                    if rules.is_over(view) or link.seat not in message["deciders"]:
                        continue
                    if message["seq"] not in acted[index]:
                        acted[index].add(message["seq"])
                        action = bot(view, rngs[index], 0.02)
                        link.send({"t": "act", "seq": message["seq"], "a": str(action)})
        time.sleep(0.002)
    assert len(over) == len(links), f"the game did not end in time ({steps} steps, {len(over)} over)"
    return over


async def _stream(redis_url: str, table: str) -> tuple[list[tuple[int, dict[str, str]]], bytes | None]:
    store = RedisStore(redis_url)
    try:
        return await store.entries(table), await store.secret(table)
    finally:
        await store.close()


@pytest.mark.parametrize(("how", "when"), POINTS)
def test_a_server_killed_mid_game_loses_nothing(redis_url: str, how: str, when: int) -> None:
    first, url_a = _server(redis_url, die_after=when if how == "append" else None)
    second, url_b = _server(redis_url)
    links: list[Link] = []
    try:
        both, other_way = [url_a, url_b], [url_b, url_a]
        host = Link(both, {"game": GAME, "players": 4, "name": "Anna"}, backoff=FAST).start()
        links.append(host)
        until = time.monotonic() + 10
        codes = None
        while codes is None and time.monotonic() < until:  # bounded: the welcome brings the codes
            for message in host.poll():
                codes = message.get("codes", codes)
                if message["t"] == "lobby":
                    links[0]._inbox.put(message)  # for the frame loop: the host starts from it
            time.sleep(0.01)
        assert codes is not None
        for index, urls in enumerate([other_way, both, other_way]):
            hello = {"game": GAME, "invite": codes["invite"], "name": f"Seat {index + 1}"}
            links.append(Link(urls, hello, backoff=FAST).start())
            time.sleep(0.05)  # in turn: seats 1, 2, 3

        killed = [how == "append"]

        def kill(steps: int) -> None:
            if not killed[0] and steps >= when:
                killed[0] = True
                first.send_signal(signal.SIGKILL)

        over = _play(links, kill, time.monotonic() + GAME_WITHIN)
        first.wait(timeout=10)
        assert first.returncode == -signal.SIGKILL, "the first server did not die"
        table = host.table
        assert table is not None and {link.table for link in links} == {table}
    finally:
        for link in links:
            link.close()
        for process in (first, second):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)

    entries, key = asyncio.run(_stream(redis_url, table))
    assert [number for number, _ in entries] == list(range(1, len(entries) + 1))  # no gap, no double
    records = [record for _, record in entries]
    assert key is not None
    rules = rulebook(GAME)
    room = Room.restore(table, records, key)
    assert room.table is not None and room.table.is_over
    log = [
        Entry(r["k"], int(r["seat"]) if "seat" in r else None, r["text"], float(r["time"]))  # type: ignore[arg-type]
        for r in records
        if r["k"] in TABLE_KINDS
    ]
    match = rules.new_match(4, 0, chance=KeyedChance(key))  # the start player is the key's
    replayed = Table.replay(rules, match, room.table.seats, log)
    saves = {repr(message["save"]) for message in over.values()}
    assert saves == {repr(rules.match_to_data(replayed.match))}  # every seat's save is the replay's
    verdict = check_game(rules, over[0]["save"], bytes.fromhex(over[0]["key"]), over[0]["commit"])
    assert verdict.ok, verdict
