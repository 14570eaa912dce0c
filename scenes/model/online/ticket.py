"""The seats' ways back to their online tables (online_table.json), and the tables this run of the
game holds: read by the title's Continue without loading any of online play's code.

The file holds every seat the player holds at an online table (version 2: a list, newest first);
version 1 held one ticket and is read as a list of one. Any bytes in it read as no tickets, never
a crash; a failed write is returned, never raised, so play goes on.

"Your turn" is what the client heard last: it notes in the ticket whether the seat was among the
deciders of the latest step (client.py writes it when that changes). The title asks no server:
a turn that came while the player was away shows once the table is opened again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeGuard

from scenes.model.files import FileProblem, read_json, write_json
from scenes.model.rulebooks import RULEBOOKS
from scenes.model.userdata import data_dir

TICKET = "online_table.json"
VERSION = 2
MOST_TICKETS = 12  # tables kept (a server lets one address hold 5 open tables)
# a table nobody sat at this long is closed by its server (game/online/server/node.py IDLE_RELAXED)
FORGET_AFTER = 30 * 86400.0


def _plain_number(value: object) -> TypeGuard[int | float]:
    """A JSON number, not a bool (which Python counts as an int)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass
class Ticket:
    """What brings a seat back to its table: where, which table, which seat, its token; and what
    the list on Continue says of it (the players, whether the seat was to decide, when heard)."""

    urls: list[str]
    game: str
    table: str
    seat: int
    token: str
    name: str
    hosted: bool = False  # the table ran in this game: gone once the game was closed
    players: list[str] = field(default_factory=list)  # the seats' names as last heard
    turn: bool = False  # the seat was to decide when the game last heard from the table
    heard: float = 0.0  # when that was (seconds since the epoch; 0: never said)

    def to_data(self) -> dict[str, Any]:
        return {
            "urls": self.urls,
            "game": self.game,
            "table": self.table,
            "seat": self.seat,
            "token": self.token,
            "name": self.name,
            "hosted": self.hosted,
            "players": self.players,
            "turn": self.turn,
            "heard": self.heard,
        }

    @property
    def server(self) -> str:
        """The server's address as a player typed it: host:port, without the scheme."""
        return self.urls[0].split("://", 1)[-1].rstrip("/")

    @classmethod
    def from_data(cls, data: Any) -> Ticket | None:
        """The ticket in a file's parsed contents, or None when anything in it is not a ticket's."""
        if not isinstance(data, dict):
            return None
        urls = data.get("urls")
        texts = ("game", "table", "token", "name")
        if not isinstance(urls, list) or not urls or not all(isinstance(u, str) and u for u in urls):
            return None
        if not all(isinstance(data.get(key), str) for key in texts) or data.get("game") not in RULEBOOKS:
            return None
        seat = data.get("seat")
        if type(seat) is not int or not 0 <= seat < 4:
            return None
        players = data.get("players")
        names = [n[:24] for n in players[:4] if isinstance(n, str)] if isinstance(players, list) else []
        heard = data.get("heard")
        return cls(
            urls[:4],
            data["game"],
            data["table"][:40],
            seat,
            data["token"][:64],
            data["name"][:24],
            data.get("hosted") is True,
            names,
            data.get("turn") is True,
            float(heard) if _plain_number(heard) and 0 <= heard < 1e11 else 0.0,
        )


def ticket_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / TICKET


def load_tickets(folder: Path | None = None) -> list[Ticket]:
    """Every seat's ticket, newest first (none, or a file that is not one: an empty list)."""
    path = ticket_path(folder)
    try:
        if not path.exists():
            return []
        data = read_json(path)
    except Exception:  # any bytes at all: no tickets
        return []
    if isinstance(data, dict) and data.get("version") == VERSION:
        entries = data.get("tickets")
        found = [Ticket.from_data(entry) for entry in entries] if isinstance(entries, list) else []
    else:  # version 1: the one ticket itself, heard from when the file was written
        old = Ticket.from_data(data)
        found = [None if old is None else replace(old, heard=_written(path))]
    tickets: list[Ticket] = []
    for ticket in found:
        if ticket is not None and not any(t.table == ticket.table for t in tickets):
            tickets.append(ticket)
    return tickets[:MOST_TICKETS]


def _written(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _write(tickets: list[Ticket], folder: Path | None) -> FileProblem | None:
    path = ticket_path(folder)
    if not tickets:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only folder: the tickets stay, Continue drops them when it can
        return None
    data = {"version": VERSION, "tickets": [ticket.to_data() for ticket in tickets[:MOST_TICKETS]]}
    return write_json(path, data)


def keep_ticket(ticket: Ticket, folder: Path | None = None) -> FileProblem | None:
    """Keep `ticket` first in the list (in place of its table's old one); why not, if it failed."""
    others = [t for t in load_tickets(folder) if t.table != ticket.table]
    return _write([ticket, *others], folder)


def forget_table(table: str, folder: Path | None = None) -> None:
    """The table's ticket goes (its game is over, or the server no longer knows the seat)."""
    tickets = load_tickets(folder)
    if any(t.table == table for t in tickets):
        _write([t for t in tickets if t.table != table], folder)


def load_ticket(folder: Path | None = None) -> Ticket | None:
    """The newest ticket, or None."""
    tickets = load_tickets(folder)
    return tickets[0] if tickets else None


@dataclass
class OnlineTables:
    """The tables this run of the game holds open (hosted servers live as long as the game)."""

    # the open table's OnlineClient (client.py), named loosely: client.py writes tickets, so a
    # ticket that named the client's type would tie the two into a circle
    current: Any = None
    hosts: list[Any] = field(default_factory=list)


TABLES = OnlineTables()


def close_tables() -> None:
    """The game ends: leave the open table and stop every table it hosts, each within a bounded
    wait, so the program never leaves while a server's threads are half-way through their work."""
    current, TABLES.current = TABLES.current, None
    if current is not None:
        current.close()
    hosts, TABLES.hosts = TABLES.hosts, []
    for host in hosts:
        host.stop()


def usable(ticket: Ticket) -> bool:
    """A friend's table, or a table this run of the game hosts (a hosted table ends with the
    game that hosted it)."""
    return not ticket.hosted or bool(TABLES.hosts)


def online_tickets(folder: Path | None = None) -> list[Ticket]:
    """The tickets whose seats can still be taken, newest first."""
    return [ticket for ticket in load_tickets(folder) if usable(ticket)]


def online_ticket(folder: Path | None = None) -> Ticket | None:
    """The newest online seat's ticket while it can still be used."""
    tickets = online_tickets(folder)
    return tickets[0] if tickets else None


def drop_stale(folder: Path | None = None, now: float | None = None) -> list[Ticket]:
    """Drop the tickets of tables that are surely gone: one this game hosted before it was
    closed, or one not heard from for FORGET_AFTER (its server closed it); the dropped ones, for
    the screen to say so."""
    moment = time.time() if now is None else now
    tickets = load_tickets(folder)
    gone = [t for t in tickets if not usable(t) or (t.heard and moment - t.heard > FORGET_AFTER)]
    if gone:
        _write([t for t in tickets if t not in gone], folder)
    return gone


def heard_now(ticket: Ticket, *, turn: bool, players: list[str]) -> Ticket:
    """The ticket as of a message from its table now."""
    return replace(ticket, turn=turn, players=players[:4], heard=time.time())
