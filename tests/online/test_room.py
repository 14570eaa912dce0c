"""A room of the table server, pure: codes, tokens, the lobby, chat, grace and stand-in bots."""

from __future__ import annotations

import pytest

from game.goennen.engine import IllegalActionError
from game.online import GRACE, ProtocolError, Room, decode
from game.registry import rulebook

KEY = bytes(range(32))


def _room(players: int = 3) -> Room:
    return Room.open(
        "t1",
        rulebook("goennen-koennen"),
        players,
        "Anna",
        "host-token",
        key=KEY,
        invite="ABCDEFGH",
        watch="WXYZWXYZ",
    )


def _refused(key: str, move: object) -> None:
    with pytest.raises(IllegalActionError) as refused:
        move()  # type: ignore[operator]
    assert refused.value.key == key


def test_people_take_open_seats_with_the_invite_code_and_come_back_with_their_token() -> None:
    room = _room()
    _refused("wrong_code", lambda: room.join("ABCDEFGX", "Ben", "t-ben"))
    assert room.join("ABCDEFGH", "Ben", "t-ben") == 1
    assert room.join("ABCDEFGH", " Cleo\x00\n ", "t-cleo") == 2
    assert room.seats[2].name == "Cleo"
    _refused("table_full", lambda: room.join("ABCDEFGH", "Dirk", "t-dirk"))
    room.leave(1, now=10.0)
    _refused("wrong_token", lambda: room.resume(1, "t-cleo"))
    _refused("wrong_token", lambda: room.resume(7, "t-ben"))
    room.resume(1, "t-ben")
    assert room.seats[1].present
    assert room.can_watch("WXYZWXYZ") and not room.can_watch("ABCDEFGH")
    assert "host-token" not in repr(room) and KEY.hex() not in repr(room)


def test_the_host_fills_seats_with_bots_and_starts_when_every_seat_is_taken() -> None:
    room = _room()
    _refused("not_host", lambda: room.set_bot(1, 2, "easy"))
    _refused("seats_open", lambda: room.start(0, 0.0))
    room.join("ABCDEFGH", "Ben", "t-ben")
    _refused("seat_taken", lambda: room.set_bot(0, 1, "easy"))
    room.set_bot(0, 2, "hard")
    assert [seat["kind"] for seat in room.lobby()["seats"]] == ["human", "human", "bot"]
    _refused("not_host", lambda: room.start(1, 0.0))
    room.start(0, 0.0)
    assert room.table is not None and room.table.deciders() == (0, 1, 2)
    assert room.table.bots_due() == (2,)
    _refused("already_started", lambda: room.join("ABCDEFGH", "Late", "t"))


def test_a_seat_gone_past_its_grace_is_played_by_a_bot_until_taken_back() -> None:
    room = _room(2)
    room.join("ABCDEFGH", "Ben", "t-ben")
    room.start(0, 0.0)
    assert room.table is not None
    room.leave(1, now=5.0)
    assert room.tick(5.0 + GRACE - 1) == [] and room.table.bots_due() == ()
    assert room.tick(5.0 + GRACE) == [1] and room.table.bots_due() == (1,)
    assert room.step(0, 0)["away"] == [1]
    room.resume(1, "t-ben")
    room.take_back(1)
    assert room.table.bots_due() == ()


def test_chat_is_one_short_line_a_second_and_spectators_do_not_talk() -> None:
    room = _room(2)
    assert room.chat(0, "  hello\tthere  ", 1.0)["text"] == "hello there"
    _refused("chat_too_fast", lambda: room.chat(0, "again", 1.5))
    assert room.chat(0, "again", 2.0)["name"] == "Anna"
    _refused("chat_line", lambda: room.chat(1, "x" * 201, 3.0))
    _refused("chat_line", lambda: room.chat(1, "   ", 3.0))
    _refused("not_seated", lambda: room.chat(None, "hi", 3.0))


@pytest.mark.parametrize(
    "raw",
    [
        b'{"t": "chat", "text": "hi"}',  # binary frame
        "[]",
        '{"t": 3}',
        '{"t": "shout", "text": "hi"}',
        '{"t": "chat", "text": "hi", "extra": 1}',
        '{"t": "act", "seq": true, "a": "end"}',
        '{"t": "act", "seq": 1}',
        '{"t": "chat", "text": "' + "x" * 5000 + '"}',
        "{" * 3000,
        "not json",
    ],
)
def test_a_message_outside_the_protocol_is_refused_whole(raw: str | bytes) -> None:
    with pytest.raises(ProtocolError):
        decode(raw)


def test_a_message_of_the_protocol_reads() -> None:
    assert decode('{"t": "act", "seq": 3, "a": "end"}') == {"t": "act", "seq": 3, "a": "end"}
    assert decode('{"t": "hello", "proto": 1, "game": "penk", "watch": "ABCDEFGH"}')["watch"] == "ABCDEFGH"


def test_a_room_restored_from_its_journal_is_the_same_room() -> None:
    import random

    room = _room(3)
    room.join("ABCDEFGH", "Ben", "t-ben")
    room.set_bot(0, 2, "easy")
    room.start(0, 1.0)
    room.chat(1, "hi", 2.0)
    room.leave(1, 3.0)
    assert room.table is not None
    rng, now = random.Random(5), 4.0
    while not room.table.is_over and room.table.acted(0) + room.table.acted(1) < 40:
        seat = room.table.deciders()[0]
        action = room.rules.bot("easy")(room.table.decision_state(seat), rng, 0.05)
        if seat in room.table.bots_due():
            room.play_bot(seat, str(action), now)
        else:
            room.act(seat, room.table.acted(seat), str(action), now)
        now += 1.0
    room.tick(now + GRACE)  # Ben gone past his grace: a bot for him
    copy = Room.restore("t1", [dict(record) for record in room.sync()], KEY)
    assert copy.journal == room.journal and copy.lobby() == room.lobby()
    assert copy.table is not None and copy.table.log == room.table.log
    assert copy.table.away == room.table.away == {1}
    assert copy.step(1, 0) == room.step(1, 0) and copy.chat_times == room.chat_times
    # a damaged journal is refused: a chance outcome that is not the key's
    damaged = [dict(record) for record in room.journal]
    index = next(i for i, record in enumerate(damaged) if record["k"] == "chance" and i > 10)
    damaged[index]["text"] = (
        "roll Y1 O1 G1 B1 P1" if damaged[index]["text"] != "roll Y1 O1 G1 B1 P1" else "roll Y2 O1 G1 B1 P1"
    )
    with pytest.raises(ValueError):
        Room.restore("t1", damaged, KEY)


def test_a_dead_process_s_lines_are_counted_gone_once_and_its_unwelcomed_join_frees_its_seat() -> None:
    room = Room.open(
        "t2", rulebook("penk"), 4, "Anna", "host-token", key=KEY, invite="ABCDEFGH", watch="W", node="a"
    )
    assert room.join("ABCDEFGH", "Ben", "t-ben", node="a") == 1  # its welcome died with process a
    assert room.join("ABCDEFGH", "Cleo", "t-cleo", node="b") == 2
    room.resume(0, "host-token", 1.0, node="b")  # Anna is back on process b too
    assert room.nodes_holding() == {"a", "b"} and room.lines_on("a") == {0: 1, 1: 1}
    assert room.node_gone("a", 5.0) == [0, 1]
    assert room.seats[0].present and room.seats[0].token_hash is not None  # her line on b stays
    assert room.seats[1].token_hash is None and not room.seats[1].present  # open again
    assert room.join("ABCDEFGH", "Dirk", "t-dirk", node="b") == 1  # the seat Ben's join had taken
    assert room.node_gone("a", 6.0) == [] and room.nodes_holding() == {"b"}  # counted once
    room.leave(0, 7.0, node="a")  # a late word of the dead process counts for nothing
    assert room.seats[0].present
    again = Room.restore("t2", room.sync(), KEY)  # any process reads the same seats
    assert [(s.name, s.lines, s.token_hash) for s in again.seats] == [
        (s.name, s.lines, s.token_hash) for s in room.seats
    ]


def test_a_started_table_s_seats_held_by_a_dead_process_wait_their_grace_then_get_a_stand_in() -> None:
    room = Room.open(
        "t3", rulebook("penk"), 2, "Anna", "host-token", key=KEY, invite="ABCDEFGH", watch="W", node="a"
    )
    room.join("ABCDEFGH", "Ben", "t-ben", node="b")
    room.start(0, 0.0)
    assert room.node_gone("a", 10.0) == [0]
    assert room.seats[0].token_hash is not None  # a started game frees no seat
    assert room.tick(10.0 + GRACE - 1) == [] and room.tick(10.0 + GRACE) == [0]


def test_a_seat_is_freed_only_in_the_lobby_and_only_with_its_own_token() -> None:
    room = _room()
    room.join("ABCDEFGH", "Ben", "t-ben")
    assert not room.free(1, "t-other") and not room.free(0, "host-token")
    assert room.free(1, "t-ben") and room.seats[1].token_hash is None
    assert room.journal[-1] == {"k": "free", "seat": "1"}
