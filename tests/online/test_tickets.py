"""Continue's tickets to online tables (scenes/model/online/ticket.py): every seat kept, newest
first, the old one-ticket file read too, any bytes read as no tickets, a failed write returned and
never raised, and the tables surely over dropped."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from scenes.model.online import ticket as tickets
from scenes.model.online.ticket import Ticket


def _ticket(table: str, **fields: object) -> Ticket:
    return Ticket(["ws://tables.example.org:8765"], "penk", table, 1, "token-" + table, "Ben", **fields)  # type: ignore[arg-type]


def test_every_table_s_ticket_is_kept_newest_first_and_replaced_by_its_own(tmp_path: Path) -> None:
    for table in ("one", "two", "three"):
        assert tickets.keep_ticket(_ticket(table), tmp_path) is None
    assert tickets.keep_ticket(_ticket("one", turn=True, players=["Anna", "Ben"]), tmp_path) is None
    kept = tickets.load_tickets(tmp_path)
    assert [t.table for t in kept] == ["one", "three", "two"]
    assert kept[0].turn and kept[0].players == ["Anna", "Ben"] and kept[0].server == "tables.example.org:8765"
    tickets.forget_table("three", tmp_path)
    assert [t.table for t in tickets.load_tickets(tmp_path)] == ["one", "two"]
    data = json.loads((tmp_path / tickets.TICKET).read_text())
    assert data["version"] == 2 and len(data["tickets"]) == 2


def test_the_old_one_ticket_file_is_read_as_a_list_of_one(tmp_path: Path) -> None:
    old = {"version": 1, **_ticket("old").to_data()}
    for field in ("players", "turn", "heard"):  # version 1 had none of these
        old.pop(field)
    (tmp_path / tickets.TICKET).write_text(json.dumps(old))
    os.utime(tmp_path / tickets.TICKET, (1_700_000_000, 1_700_000_000))
    (found,) = tickets.load_tickets(tmp_path)
    assert found == _ticket("old", heard=1_700_000_000.0)  # heard from when it was written
    tickets.keep_ticket(_ticket("new"), tmp_path)  # and written as the list, the old one kept
    assert [t.table for t in tickets.load_tickets(tmp_path)] == ["new", "old"]


def test_any_bytes_in_the_file_read_as_no_tickets_or_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / tickets.TICKET
    rng = random.Random(36)
    good = _ticket("good").to_data()
    shapes: list[object] = [None, 7, "x", [], {"version": 2}, {"version": 2, "tickets": "no"}]
    shapes += [{"version": 2, "tickets": [good, {**good, "seat": True}, 5, {**good, "heard": "x"}]}]
    shapes += [{"version": 2, "tickets": [{**good, key: rng.choice([None, -1, 1e300, [], {}, "\x00"])}]}
               for key in good]  # fmt: skip
    for shape in shapes:
        path.write_text(json.dumps(shape))
        found = tickets.load_tickets(tmp_path)
        assert all(isinstance(t, Ticket) for t in found)
    path.write_text(json.dumps(shapes[6]))
    assert [t.table for t in tickets.load_tickets(tmp_path)] == ["good"]
    for _ in range(200):
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(64))))
        assert tickets.load_tickets(tmp_path) == []
    path.unlink()
    path.mkdir()  # not even a file
    assert tickets.load_tickets(tmp_path) == []


def test_a_failed_write_is_returned_and_never_raised(tmp_path: Path) -> None:
    (tmp_path / tickets.TICKET).mkdir()  # the file's name is taken by a folder
    problem = tickets.keep_ticket(_ticket("one"), tmp_path)
    assert problem is not None
    tickets.forget_table("one", tmp_path)  # nothing to forget, nothing raised


def test_tables_surely_over_are_dropped_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    now = 2_000_000_000.0
    monkeypatch.setattr(tickets.TABLES, "hosts", [])
    tickets.keep_ticket(_ticket("fresh", heard=now - 3600), tmp_path)
    tickets.keep_ticket(_ticket("old", heard=now - tickets.FORGET_AFTER - 1), tmp_path)
    tickets.keep_ticket(_ticket("hosted", hosted=True, heard=now), tmp_path)  # its game was closed
    assert [t.table for t in tickets.online_tickets(tmp_path)] == ["old", "fresh"]
    gone = tickets.drop_stale(tmp_path, now)
    assert sorted(t.table for t in gone) == ["hosted", "old"]
    assert [t.table for t in tickets.load_tickets(tmp_path)] == ["fresh"]
    assert tickets.drop_stale(tmp_path, now) == []  # told once
