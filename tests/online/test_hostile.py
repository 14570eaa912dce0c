"""Clients that are not the game, against a running server: every one is refused or closed, and
the bot game on another table of the same server ends throughout (tests/online/test_server.py,
`_hostile`). Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import ssl
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.online.server import TableServer
from game.online.server import bots as server_bots
from game.online.server import node as server_node
from scenes.model.online.link import Link
from tests.certificates import make_certificate
from tests.online.test_server import WAIT, Client, _entropy, _hello, _hostile


def _seated(room: Any, token: str) -> str:
    """The hello of the host's seat of `room`."""
    return _hello(game="goennen-koennen", table=room.table_id, seat=0, token=token)


async def _reply_to(socket: ClientConnection, message: dict[str, Any], acted: int) -> dict[str, Any]:
    """The server's answer to a move: its refusal, or the step that counts it as taken (other
    steps, such as the bot's, may come between)."""
    await socket.send(json.dumps(message))
    while True:
        reply = json.loads(await asyncio.wait_for(socket.recv(), 5))
        if reply["t"] == "refused" or (reply["t"] == "step" and reply["seq"] > acted):
            return reply


def _playing_room(server: TableServer) -> tuple[Any, str]:
    """A started two-seat table of the first game: the host's seat for a test socket (its token
    returned), seat 1 a bot."""
    room, token = server.open_room("goennen-koennen", 2, "Mallory")
    room.set_bot(0, 1, "easy")
    room.start(0, 0.0)
    return room, token


async def _against_a_table(moves: Any) -> list[str]:
    """Seat 0 of a started table sends `moves(socket, room)`; returns its refusals' reasons."""
    server = TableServer(entropy=_entropy, bot_budget=0.05)
    room, token = _playing_room(server)
    reasons: list[str] = []
    async with server.serve("127.0.0.1", 0) as port:
        async with connect(f"ws://127.0.0.1:{port}", compression=None) as socket:
            await socket.send(_seated(room, token))
            await asyncio.wait_for(socket.recv(), 5)  # welcome
            for message in moves(room):
                reply = await _reply_to(socket, message, room.table.acted(0))
                reasons.append(reply.get("reason", "taken"))
    return reasons


def test_chance_another_seats_move_a_replayed_move_and_bad_texts_are_refused() -> None:
    def moves(room: Any) -> list[dict[str, Any]]:
        card = room.table.view(0).seats[0].hand[0]
        return [
            {"t": "act", "seq": 0, "a": "roll Y6 O6 G6 B6 P6"},  # chance is the table's
            {"t": "act", "seq": 0, "a": "draw S16"},
            {"t": "act", "seq": 0, "a": "return " + "S" * 80},  # too long
            {"t": "act", "seq": 0, "a": "place S12 \u0661,\u0660"},  # not ASCII
            {"t": "act", "seq": 0, "a": "fly away"},  # no action at all
            {"t": "act", "seq": 0, "a": f"return {card.lower()}"},  # not the canonical id: no card
            {"t": "act", "seq": 0, "a": f"return {card}"},  # taken
            {"t": "act", "seq": 0, "a": f"return {card}"},  # the captured move again
        ]

    reasons = asyncio.run(_against_a_table(moves))
    assert reasons == [
        "chance_is_drawn",
        "chance_is_drawn",
        "text_too_long",
        "not_an_action",
        "not_an_action",
        "not_dealt",
        "taken",
        "stale",
    ]


def test_a_seat_cannot_act_out_of_turn_or_for_another_seat() -> None:
    def moves(room: Any) -> list[dict[str, Any]]:
        table = room.table
        while 0 in table.deciders():  # seat 0 decides its deal first (as the test's bot)
            rules = table.rules
            action = rules.bot("easy")(table.decision_state(0), random.Random(0), 0.05)
            table.play(0, str(action), 1.0)
        return [{"t": "act", "seq": table.acted(0), "a": "end"}]

    assert asyncio.run(_against_a_table(moves)) == ["window_closed"]


def test_guessing_codes_is_slowed_after_five_wrong_ones() -> None:
    async def guess(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", invite=room.invite, name="Right code"))

    async def scenario() -> list[str]:
        server = TableServer(entropy=_entropy)
        room, _ = server.open_room("goennen-koennen", 3, "Anna")
        reasons = []
        async with server.serve("127.0.0.1", 0) as port:
            for code in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD", "EEEEEEEE", room.invite]:
                async with connect(f"ws://127.0.0.1:{port}", compression=None) as socket:
                    await socket.send(_hello(game="goennen-koennen", invite=code, name="Eve"))
                    reasons.append(json.loads(await asyncio.wait_for(socket.recv(), 5)).get("reason", "in"))
        return reasons

    assert asyncio.run(scenario()) == ["wrong_code"] * 5 + ["too_many_tries"]


def test_more_than_eight_connections_from_one_address_are_closed() -> None:
    async def scenario() -> int | None:
        server = TableServer(entropy=_entropy)
        room, _ = server.open_room("penk", 2, "Anna")
        async with server.serve("127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}"
            sockets = [await connect(url, compression=None) for _ in range(8)]
            for socket in sockets:
                await socket.send(_hello(game="penk", watch=room.watch))
            ninth = await connect(url, compression=None)
            try:
                await asyncio.wait_for(ninth.recv(), 5)
                code = None
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
            for socket in sockets:
                await socket.close()
        return code

    assert asyncio.run(scenario()) == 1008


def test_a_compressed_frame_and_a_silent_connection_are_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_node, "FIRST_MESSAGE_WITHIN", 0.5)

    async def compressed(socket: ClientConnection, room: Any) -> None:
        # a frame with RSV1 set (compressed) although no compression was agreed
        socket.protocol.send_text(b'{"t": "takeback"}', fin=True)
        frame = socket.protocol.data_to_send()[0]
        raw = bytes([frame[0] | 0x40]) + frame[1:]
        socket.transport.write(raw)

    async def silent(socket: ClientConnection, room: Any) -> None:
        await asyncio.sleep(1.0)

    _, code = asyncio.run(_hostile(compressed))
    assert code == 1002
    _, code = asyncio.run(_hostile(silent))
    assert code == 1008


def test_a_handler_that_fails_closes_its_own_connection_only(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from game.online import room as rooms

    def broken(self: Any, seat: Any, text: str, now: float) -> Any:
        raise RuntimeError("a bug in chat")

    monkeypatch.setattr(rooms.Room, "chat", broken)

    async def talk(socket: ClientConnection, room: Any) -> None:
        await socket.send(_hello(game="goennen-koennen", watch=room.watch))
        await socket.send(json.dumps({"t": "chat", "text": "hi"}))

    with caplog.at_level(logging.ERROR, logger="table-server"):
        _, code = asyncio.run(_hostile(talk))
    assert code == 1011
    assert any("a connection failed" in record.message for record in caplog.records)


def test_a_bot_that_thinks_too_long_is_replaced_by_the_quickest(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.goennen.rulebook import FirstGame

    monkeypatch.setattr(server_bots, "BOT_TIMEOUT", 0.2)
    quick = FirstGame.bot

    def slow_hard(self: Any, level: str) -> Any:
        decide = quick(self, level)
        if level != "hard":
            return decide

        def slowly(state: Any, rng: random.Random, budget: float) -> Any:
            time.sleep(0.5)
            return decide(state, rng, budget)

        return slowly

    monkeypatch.setattr(FirstGame, "bot", slow_hard)

    async def scenario() -> Any:
        server = TableServer(entropy=_entropy, bot_budget=0.05)
        room, token = server.open_room("goennen-koennen", 2, "Anna")
        room.set_bot(0, 1, "hard")
        async with server.serve("127.0.0.1", 0) as port:
            host = Client(f"ws://127.0.0.1:{port}", {"table": room.table_id, "seat": 0, "token": token})
            host.start_when_full = True
            await asyncio.wait_for(host.run(), WAIT * 3)
        return room

    room = asyncio.run(scenario())
    assert room.table.is_over


def test_an_idle_table_is_closed_and_its_codes_forgotten() -> None:
    now = [100.0]
    server = TableServer(clock=lambda: now[0])

    async def scenario() -> tuple[list[list[str]], Any]:
        room, _ = server.open_room("penk", 2, "Anna")
        closed = [await server.reap(100.0)]
        closed.append(await server.reap(100.0 + server_node.IDLE_TABLE - 1))
        closed.append(await server.reap(100.0 + server_node.IDLE_TABLE))
        return closed, room

    closed, room = asyncio.run(scenario())
    assert closed == [[], [], [room.table_id]]
    assert room.invite not in server.by_invite and not server.rooms


def test_wss_works_with_the_tables_certificate_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    key, cert = make_certificate(tmp_path)
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))
    untrusting = ssl.create_default_context()  # the system's authorities: they never signed it

    async def scenario() -> tuple[list[str], list[str]]:
        server = TableServer()
        room, _ = server.open_room("penk", 2, "Anna")
        async with server.serve("127.0.0.1", 0, tls=served) as port:
            url = f"wss://127.0.0.1:{port}"
            results = []
            for context in (trusting, untrusting):
                link = Link([url], {"game": "penk", "watch": room.watch}, backoff=(0.1,), tls=context).start()
                seen: list[str] = []
                until = time.monotonic() + 3
                while time.monotonic() < until and "welcome" not in seen and seen.count("reconnecting") < 2:
                    seen += [message.get("state", message["t"]) for message in link.poll()]
                    await asyncio.sleep(0.02)
                link.close()
                results.append(seen)
        return results[0], results[1]

    good, bad = asyncio.run(scenario())
    assert "welcome" in good
    assert "welcome" not in bad and "connected" not in bad and "reconnecting" in bad


def test_random_messages_get_only_refusals_and_closes_and_change_no_table(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rng = random.Random(37)
    verbs = [
        "roll",
        "draw",
        "return",
        "place",
        "reroll",
        "write",
        "buy",
        "end",
        "pass",
        "wild",
        "circle",
        "x",
    ]
    kinds = ["act", "chat", "bots", "start", "takeback", "hello", "nope"]

    def message() -> str:
        kind = rng.choice(kinds)
        fields: dict[str, Any] = {"t": kind}
        if kind == "act":
            words = [rng.choice(verbs)] + [
                "".join(rng.choice("SBYOGP0123456789,-?") for _ in range(rng.randint(0, 6)))
            ]
            fields.update(seq=rng.choice([0, 1, -1, 10**9]), a=" ".join(words)[: rng.randint(0, 80)])
        elif kind == "chat":
            fields["text"] = "".join(rng.choice("ab \u00e4\x00\n") for _ in range(rng.randint(0, 250)))
        elif kind == "bots":
            fields.update(seat=rng.randint(-1, 5), level=rng.choice(["easy", "god", ""]))
        if rng.random() < 0.1:
            fields[rng.choice(["extra", "seq", "a"])] = rng.choice([None, True, [], "x"])
        return json.dumps(fields)

    async def scenario() -> tuple[int, int]:
        server = TableServer(entropy=_entropy, bot_budget=0.05)
        room, token = _playing_room(server)
        closes = refusals = 0
        async with server.serve("127.0.0.1", 0) as port:
            for _ in range(40):  # bounded: 40 connections of up to 10 messages
                async with connect(f"ws://127.0.0.1:{port}", compression=None) as socket:
                    try:
                        await socket.send(_seated(room, token))
                        await asyncio.wait_for(socket.recv(), 5)
                        for _ in range(10):
                            mine = sum(entry.seat == 0 for entry in room.table.log)
                            await socket.send(message())
                            reply = json.loads(await asyncio.wait_for(socket.recv(), 5))
                            if reply["t"] == "refused":  # a refused message changed nothing
                                refusals += 1
                                assert sum(entry.seat == 0 for entry in room.table.log) == mine
                    except ConnectionClosed:
                        closes += 1
                    except TimeoutError:
                        pass
        return closes, refusals

    with caplog.at_level(logging.ERROR, logger="table-server"):
        closes, refusals = asyncio.run(scenario())
    assert closes > 0 and refusals > 0
    assert not caplog.records, "a handler failed: " + "; ".join(r.message for r in caplog.records)
