"""The table server in-process on 127.0.0.1 (port 0), with clients that are bots behind real
WebSocket connections: whole games, a spectator, refusals, a dropped line, hostile frames.
Every wait is bounded, so a broken server fails the test instead of hanging it."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.online import PROTOCOL
from game.online.fair import check_game
from game.online.server import TableServer
from game.registry import rulebook

WAIT = 20.0  # seconds any one test may take at most


def _entropy(size: int) -> bytes:
    return bytes(range(size))  # pinned secrets: two runs of one scenario play the same game


@dataclass
class Client:
    """A bot that plays one seat (or watches) through the server's messages alone."""

    url: str
    hello: dict[str, Any]
    game: str = "goennen-koennen"
    seed: int = 0
    drop_after: int | None = None  # abort the socket after this many steps, then come back
    seat: int | None = None
    token: str | None = None
    table: str | None = None
    last: dict[str, Any] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)  # every frame received, for the redaction check
    refusals: list[str] = field(default_factory=list)
    start_when_full: bool = False
    over: dict[str, Any] = field(default_factory=dict)  # the revealed key and the save

    async def run(self) -> None:
        rules = rulebook(self.game)
        bot = rules.bot("easy")
        rng = random.Random(self.seed)
        acted: set[int] = set()
        steps = 0
        hello = dict(self.hello, t="hello", proto=PROTOCOL, game=self.game)
        self.token = self.hello.get("token")
        while True:
            async with connect(self.url, compression=None) as socket:
                await socket.send(json.dumps(hello))
                try:
                    async for raw in socket:
                        assert isinstance(raw, str)
                        self.texts.append(raw)
                        message = json.loads(raw)
                        kind = message["t"]
                        if kind == "welcome":
                            self.seat, self.table = message["seat"], message["table"]
                            self.token = message.get("token", self.token)
                        elif kind == "over":
                            self.over = message
                            return
                        elif kind == "refused":
                            self.refusals.append(message["reason"])
                            if self.seat is None and self.table is None:
                                return
                        elif kind == "lobby" and self.start_when_full:
                            if all(seat["taken"] for seat in message["seats"]) and not message["started"]:
                                self.start_when_full = False  # once
                                await socket.send(json.dumps({"t": "start"}))
                        elif kind == "step":
                            steps += 1
                            self.last = message
                            view = rules.view_from_data(message["view"], "a step")
                            if rules.is_over(view):
                                continue  # the over message follows
                            if self.seat in message["deciders"] and message["seq"] not in acted:
                                acted.add(message["seq"])
                                action = bot(view, rng, 0.05)
                                await socket.send(
                                    json.dumps({"t": "act", "seq": message["seq"], "a": str(action)})
                                )
                            if self.drop_after is not None and steps >= self.drop_after:
                                self.drop_after = None
                                socket.transport.abort()  # the line drops, mid-game
                except ConnectionClosed:
                    pass
            if self.seat is None or self.token is None:
                return
            acted.clear()  # a move sent into the dropped line may be lost: the step says
            hello = {
                "table": self.table,
                "seat": self.seat,
                "token": self.token,
                "since": self.last.get("v", 0),
            }
            hello.update(t="hello", proto=PROTOCOL, game=self.game)


async def _three_seat_game(drop_after: int | None = None) -> tuple[TableServer, list[Client], Client]:
    server = TableServer(entropy=_entropy, bot_budget=0.05)
    room, host_token = server.open_room("goennen-koennen", 3, "Anna")
    room.set_bot(0, 2, "easy")
    async with server.serve("127.0.0.1", 0) as port:
        url = f"ws://127.0.0.1:{port}"
        host = Client(
            url, {"table": room.table_id, "seat": 0, "token": host_token}, seed=1, start_when_full=True
        )
        ben = Client(url, {"invite": room.invite, "name": "Ben"}, seed=2, drop_after=drop_after)
        watcher = Client(url, {"watch": room.watch})
        await asyncio.wait_for(asyncio.gather(host.run(), ben.run(), watcher.run()), WAIT)
    return server, [host, ben], watcher


def test_a_three_seat_game_ends_through_the_server_and_every_seat_saw_only_its_own() -> None:
    server, (host, ben), watcher = asyncio.run(_three_seat_game())
    (room,) = server.rooms.values()
    table = room.table
    assert table is not None and table.is_over
    assert host.seat == 0 and ben.seat == 1 and watcher.seat is None
    assert host.refusals == ben.refusals == []
    # the redaction check: no frame to a seat holds a card another seat held hidden from it,
    # nor the chance key; the spectator's frames hold nobody's hidden card
    hidden_from = _hidden_cards(table)
    for client, viewer in ((host, 0), (ben, 1), (watcher, None)):
        for text in client.texts:
            frame = json.loads(text)
            seats_part = json.dumps(frame.get("view", {}).get("seats", [])) + json.dumps(
                frame.get("events", [])
            )
            assert not any(card in seats_part for card in hidden_from[viewer]), (viewer, text[:200])
            if frame["t"] != "over":  # the key is revealed once the game is over, never before
                assert bytes(range(32)).hex() not in text and str(list(range(32))) not in text
    assert "token" not in json.dumps(watcher.texts)
    # the key comes only in the last frame, and every roll follows from it
    for client in (host, ben, watcher):
        assert json.loads(client.texts[-1])["t"] == "over"
        assert all(client.over["key"] not in text for text in client.texts[:-1])
        assert json.loads(client.texts[0])["commit"] == client.over["commit"]
        verdict = check_game(
            rulebook("goennen-koennen"),
            client.over["save"],
            bytes.fromhex(client.over["key"]),
            client.over["commit"],
        )
        assert verdict.ok, verdict


def _hidden_cards(table: Any) -> dict[int | None, set[str]]:
    """Per viewer, the cards another seat returned in the opening deal that never came up again
    (a deck drawn dry deals the cards slid under it): nobody but their owner ever saw them."""
    returned: dict[int, set[str]] = {}
    for index, entry in enumerate(table.log):
        if entry.text.startswith("return "):
            card = entry.text.split()[1]
            if all(later.text != f"draw {card}" for later in table.log[index:]):
                returned.setdefault(entry.seat, set()).add(card)
    everyone = set().union(*returned.values())
    return {viewer: everyone - returned.get(viewer, set()) for viewer in (0, 1, 2)} | {None: everyone}


def test_a_dropped_line_comes_back_and_the_game_is_the_one_played_without_the_drop() -> None:
    server, _, _ = asyncio.run(_three_seat_game())
    dropped_server, (_, ben), _ = asyncio.run(_three_seat_game(drop_after=40))
    plain = next(iter(server.rooms.values())).table
    dropped = next(iter(dropped_server.rooms.values())).table
    assert plain is not None and dropped is not None and dropped.is_over
    assert ben.drop_after is None  # it did drop
    assert [str(a) for a in dropped.match.actions] == [str(a) for a in plain.match.actions]


async def _hostile(
    send: Callable[[ClientConnection, Any], Any], quiet: float = 2.0
) -> tuple[list[str], int | None]:
    """Run `send(socket, room)` against a server that also hosts a bot game on another table;
    returns the frames the hostile connection got until it closed or stayed `quiet` seconds, and
    its close code (None: still open). The bot game must end."""
    server = TableServer(entropy=_entropy, bot_budget=0.05)
    bots_room, token = server.open_room("penk", 2, "Bot host")
    victim, _ = server.open_room("goennen-koennen", 2, "Anna")
    bots_room.set_bot(0, 1, "easy")
    replies: list[str] = []
    code = None
    async with server.serve("127.0.0.1", 0) as port:
        url = f"ws://127.0.0.1:{port}"
        game = Client(
            url, {"table": bots_room.table_id, "seat": 0, "token": token}, game="penk", start_when_full=True
        )
        playing = asyncio.create_task(game.run())
        async with connect(url, compression=None, max_size=None) as socket:
            try:
                await send(socket, victim)
                while len(replies) < 100:
                    reply = await asyncio.wait_for(socket.recv(), quiet)
                    replies.append(reply if isinstance(reply, str) else "")
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
            except TimeoutError:
                pass
        await asyncio.wait_for(playing, WAIT)
        assert bots_room.table is not None and bots_room.table.is_over
        assert victim.table is None  # the hostile connection changed nothing
    return replies, code


def _hello(**fields: Any) -> str:
    return json.dumps({"t": "hello", "proto": PROTOCOL, **fields})


def test_a_frame_over_four_kilobytes_closes_that_connection_only() -> None:
    async def big(socket: ClientConnection, room: Any) -> None:
        await socket.send(json.dumps({"t": "chat", "text": "x" * 5000}))

    _, code = asyncio.run(_hostile(big))
    assert code == 1009


def test_a_flood_of_messages_closes_that_connection_only() -> None:
    async def flood(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", watch=room.watch))
        for _ in range(300):  # far more than 10 a second could refill while the server reads them
            await socket.send(json.dumps({"t": "chat", "text": "spam"}))

    replies, code = asyncio.run(_hostile(flood, quiet=WAIT))
    assert code == 1008
    assert json.loads(replies[0])["t"] == "welcome"


def test_a_wrong_token_is_refused_and_a_message_outside_the_protocol_closes() -> None:
    async def wrong_token(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", table=room.table_id, seat=0, token="guess"))

    async def nonsense(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", sudo=True))

    async def chance(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", watch=room.watch))
        await socket.send(json.dumps({"t": "act", "seq": 0, "a": "roll Y6 O6 G6 B6 P6"}))

    replies, _ = asyncio.run(_hostile(wrong_token))
    assert [json.loads(reply)["reason"] for reply in replies] == ["wrong_token"]
    _, code = asyncio.run(_hostile(nonsense))
    assert code == 1008
    replies, _ = asyncio.run(_hostile(chance))
    refused = [json.loads(reply) for reply in replies if json.loads(reply)["t"] == "refused"]
    assert refused[0]["reason"] in ("not_seated", "not_now")


@pytest.mark.parametrize("game", ["penk"])
def test_penk_is_played_through_the_server_too(game: str) -> None:
    async def scenario() -> TableServer:
        server = TableServer(entropy=_entropy, bot_budget=0.05)
        room, token = server.open_room(game, 3, "Anna")
        async with server.serve("127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}"
            host = Client(
                url, {"table": room.table_id, "seat": 0, "token": token}, game=game, start_when_full=True
            )
            others = [
                Client(url, {"invite": room.invite, "name": name}, game=game, seed=n)
                for n, name in enumerate("BC")
            ]
            await asyncio.wait_for(asyncio.gather(host.run(), *(other.run() for other in others)), WAIT)
        return server

    server = asyncio.run(scenario())
    (room,) = server.rooms.values()
    assert room.table is not None and room.table.is_over


def test_the_table_server_runs_alone_and_a_table_opened_by_hello_is_played() -> None:
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "tools.table_server", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "table server on 127.0.0.1:PORT"
        url = "ws://" + line.split()[-1]

        async def scenario() -> list[Client]:
            host = Client(url, {"players": 2, "name": "Anna"}, game="penk", seed=3, start_when_full=True)
            opened = asyncio.create_task(host.run())
            for _ in range(100):  # bounded: the host's welcome brings the invite code
                codes = [json.loads(text).get("codes") for text in host.texts]
                if any(codes):
                    break
                await asyncio.sleep(0.05)
            invite = next(code for code in codes if code)["invite"]
            ben = Client(url, {"invite": invite, "name": "Ben"}, game="penk", seed=4)
            await asyncio.wait_for(asyncio.gather(opened, ben.run()), WAIT)
            return [host, ben]

        host, ben = asyncio.run(scenario())
        final = rulebook("penk").view_from_data(ben.last["view"], "the last step")
        assert rulebook("penk").is_over(final) and host.refusals == ben.refusals == []
    finally:
        process.terminate()
        process.wait(timeout=10)
