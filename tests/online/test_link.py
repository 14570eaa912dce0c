"""The game's line to a table server (scenes/model/online/link.py) and host mode's server on a
thread (host.py): the frame loop polls, the line comes back by itself after a drop."""

from __future__ import annotations

import random
import time
from typing import Any

from game.registry import rulebook
from scenes.model.online.host import HostedServer
from scenes.model.online.link import Link

WAIT = 30.0
FAST = (0.05, 0.1)  # backoff for tests: come back at once


def _play(
    links: dict[int, Link], game: str, until: float, drop: Link | None = None
) -> tuple[dict[int, Any], list[str]]:
    """A frame loop: poll every link, let each seat's bot answer its steps (bounded in time);
    returns each link's last step and the states the links reported."""
    rules = rulebook(game)
    bots = {name: rules.bot("easy") for name in links}
    rngs = {name: random.Random(name) for name in links}
    acted: dict[int, set[int]] = {name: set() for name in links}
    last: dict[int, Any] = {}
    states: list[str] = []
    steps = 0
    while time.monotonic() < until:
        for name, link in links.items():
            for message in link.poll():
                seat = link.seat  # the server says which seat a joining link took
                if message["t"] == "lobby" and seat == 0 and all(s["taken"] for s in message["seats"]):
                    if not message["started"]:
                        link.send({"t": "start"})
                if message["t"] == "link":
                    states.append(message["state"])
                if message["t"] == "link" and message["state"] == "connected":
                    acted[name].clear()  # a move sent into a dropped line may be lost
                if message["t"] != "step":
                    continue
                steps += 1
                last[name] = message
                view = rules.view_from_data(message["view"], "a step")
                if rules.is_over(view):
                    continue
                if seat in message["deciders"] and message["seq"] not in acted[name]:
                    acted[name].add(message["seq"])
                    action = bots[name](view, rngs[name], 0.05)
                    link.send({"t": "act", "seq": message["seq"], "a": str(action)})
                if drop is not None and steps == 30:
                    drop.drop()
        if last and all(rules.is_over(rules.view_from_data(m["view"], "x")) for m in last.values()):
            if len(last) == len(links):
                return last, states
        time.sleep(0.002)
    raise AssertionError(f"the game did not end in time ({steps} steps)")


def test_a_hosted_table_is_played_over_links_and_a_dropped_line_comes_back() -> None:
    host = HostedServer.start("127.0.0.1")
    try:
        room, token = host.open_room("penk", 3, "Anna")
        url = f"ws://127.0.0.1:{host.port}"
        anna = Link(
            [url], {"game": "penk", "table": room.table_id, "seat": 0, "token": token}, backoff=FAST
        ).start()
        ben = Link([url], {"game": "penk", "invite": room.invite, "name": "Ben"}, backoff=FAST).start()
        cleo = Link([url], {"game": "penk", "invite": room.invite, "name": "Cleo"}, backoff=FAST).start()
        watcher = Link([url], {"game": "penk", "watch": room.watch}, backoff=FAST).start()
        last, states = _play({0: anna, 1: ben, 2: cleo}, "penk", time.monotonic() + WAIT, drop=ben)
        assert states.count("reconnecting") >= 1 and states.count("connected") == 4  # Ben came back
        assert {message["v"] for message in last.values()} == {max(m["v"] for m in last.values())}
        states = [message["t"] for message in watcher.poll() if message["t"] in ("link", "step")]
        assert "step" in states
        assert host.rooms()[room.table_id].table.is_over
        for link in (anna, ben, cleo, watcher):
            link.close()
        assert ben.token is not None and ben.seat in (1, 2)
    finally:
        host.stop()


def test_a_wrong_code_closes_the_link_for_good() -> None:
    host = HostedServer.start("127.0.0.1")
    try:
        link = Link(
            [f"ws://127.0.0.1:{host.port}"], {"game": "penk", "invite": "NOSUCHCD", "name": "X"}, backoff=FAST
        )
        link.start()
        seen: list[dict[str, Any]] = []
        until = time.monotonic() + 10
        while time.monotonic() < until and not any(m.get("state") == "closed" for m in seen):
            seen += link.poll()
            time.sleep(0.01)
        assert [m.get("reason") for m in seen if m["t"] == "refused"] == ["wrong_code"]
        assert seen[-1] == {"t": "link", "state": "closed"}
        assert link.send({"t": "chat", "text": "hi"}) is False
    finally:
        host.stop()


def test_no_server_at_the_address_is_retried_then_closed_by_the_player() -> None:
    link = Link(["ws://127.0.0.1:9"], {"game": "penk", "watch": "ABCDEFGH"}, backoff=FAST).start()
    until = time.monotonic() + 5
    tries = []
    while time.monotonic() < until and len(tries) < 3:
        tries += [m for m in link.poll() if m.get("state") == "reconnecting"]
        time.sleep(0.01)
    link.close()
    assert len(tries) >= 3 and not link.connected
