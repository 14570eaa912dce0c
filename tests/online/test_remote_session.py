"""The online table as the screens see it: two players' clients (host and guest) and a bot play a
whole game through a real hosted server on loopback; each client sees only its seat's view, its own
moves are played at once and every other move arrives to be shown, and both end on the same score."""

from __future__ import annotations

import random
import time

import pytest

from game.registry import GAMES
from scenes.model.online.client import OnlineClient, table_url
from scenes.model.online.ticket import Ticket, load_ticket

GAME_SECONDS = 60.0


def _wait(clients: list[OnlineClient], until, seconds: float = 10.0) -> None:
    limit = time.monotonic() + seconds
    while not until():
        for client in clients:
            client.pump()
        assert time.monotonic() < limit, "the table did not answer in time"
        time.sleep(0.005)


def _show_all(client: OnlineClient) -> None:
    """Show what is queued, as the table's screens do at instant speed."""
    session = client.session
    assert session is not None
    while True:
        if session.turn.kind == "chance":
            session.resolve_chance()
        elif session.poll_bot() is None:
            return


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_players_and_a_bot_play_a_game_to_its_end(game: str, tmp_path) -> None:
    host = OnlineClient.host_table(game, 3, "Anna", "off", folder=tmp_path / "a")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        _wait([host], lambda: bool(host.codes))
        assert host.seat == 0 and host.is_host and len(host.codes["invite"]) == 8
        guest = OnlineClient.join(
            f"127.0.0.1:{host.host.port}", host.codes["invite"].lower(), "Ben", folder=tmp_path / "b"
        )
        _wait([host, guest], lambda: guest.seat == 1 and len(host.seats) == 3 and host.seats[1].taken)
        assert host.set_bot(2, "easy")
        _wait([host, guest], lambda: host.seats[2].kind == "bot")
        assert host.start_game()
        _wait([host, guest], lambda: host.session is not None and guest.session is not None)
        rules = GAMES[game]
        rng = random.Random(5)
        limit = time.monotonic() + GAME_SECONDS
        while not (host.session.over and guest.session.over):
            assert time.monotonic() < limit, "the game did not end in time"
            for client in (host, guest):
                client.pump()
                _show_all(client)
                session = client.session
                if session.human_to_decide:
                    action = rules.bot("easy")(session.state, rng, 0.05)
                    session.play(action)
            time.sleep(0.002)
        assert host.refusal is None and guest.refusal is None
        assert rules.result(host.session.state) == rules.result(guest.session.state)
        _wait([host, guest], lambda: host.over is not None and guest.over is not None)
        assert host.over["key"] and host.over["commit"] == host.commit
    finally:
        host.close()
        host.host.stop()


def test_a_ticket_is_kept_for_continue_and_a_damaged_one_is_none(tmp_path) -> None:
    ticket = Ticket(["ws://127.0.0.1:1"], "penk", "abc", 1, "token", "Ben")
    assert Ticket.from_data(ticket.to_data()) == ticket
    (tmp_path / "online_table.json").write_bytes(b"\x00\xff{")
    assert load_ticket(tmp_path) is None
    assert Ticket.from_data({**ticket.to_data(), "seat": True}) is None
    assert Ticket.from_data({**ticket.to_data(), "game": "chess"}) is None


def test_typed_addresses_become_server_urls() -> None:
    assert table_url("192.168.1.5") == "ws://192.168.1.5:8765"
    assert table_url(" 10.0.0.2:9000 ") == "ws://10.0.0.2:9000"
    assert table_url("wss://tables.example.org/play") == "wss://tables.example.org/play"


def test_a_seat_gone_past_its_grace_is_played_by_a_bot_and_taken_back_on_return(tmp_path) -> None:
    from game.online import GRACE

    (tmp_path / "b").mkdir()
    host = OnlineClient.host_table("penk", 2, "Anna", "off", folder=tmp_path)
    try:
        _wait([host], lambda: bool(host.codes))
        guest = OnlineClient.join(
            f"127.0.0.1:{host.host.port}", host.codes["invite"], "Ben", folder=tmp_path / "b"
        )
        _wait([host, guest], lambda: len(host.seats) == 2 and host.seats[1].taken)
        host.start_game()
        _wait([host, guest], lambda: host.session is not None and guest.session is not None)
        ticket = load_ticket(tmp_path / "b")
        assert ticket is not None and ticket.seat == 1
        guest.close()  # Ben's line is gone ...
        server = host.host.server
        room = next(iter(server.rooms.values()))
        _wait([host], lambda: not host.host.run(lambda: room.seats[1].present))  # the server saw it
        host.host.run(lambda: room.leave(1, server.clock() - GRACE - 1))  # ... for longer than the grace
        _wait([host], lambda: 1 in host.session.away)
        assert host.session.name(1) == "bot for Ben"
        back = OnlineClient.resume(ticket, folder=tmp_path / "b")  # Continue, with the kept ticket
        _wait([host, back], lambda: back.session is not None and 1 not in host.session.away)
        rng = random.Random(2)
        limit = time.monotonic() + GAME_SECONDS
        while not host.session.over:
            assert time.monotonic() < limit
            for client in (host, back):
                client.pump()
                _show_all(client)
                if client.session.human_to_decide:
                    client.session.play(GAMES["penk"].bot("easy")(client.session.state, rng, 0.05))
            time.sleep(0.002)
        assert back.refusal is None or back.refusal.key == "stale"
        back.close()
    finally:
        host.close()
        host.host.stop()
