"""The seat's way back to its online table (online_table.json), and the tables this run of the
game holds: read by the title's Continue without loading any of online play's code."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scenes.model.files import read_json
from scenes.model.rulebooks import RULEBOOKS
from scenes.model.userdata import data_dir

if TYPE_CHECKING:
    from scenes.model.online.client import OnlineClient

TICKET = "online_table.json"


@dataclass
class Ticket:
    """What brings a seat back to its table: where, which table, which seat, its token."""

    urls: list[str]
    game: str
    table: str
    seat: int
    token: str
    name: str
    hosted: bool = False  # the table ran in this game: gone once the game was closed

    def to_data(self) -> dict[str, Any]:
        return {
            "version": 1,
            "urls": self.urls,
            "game": self.game,
            "table": self.table,
            "seat": self.seat,
            "token": self.token,
            "name": self.name,
            "hosted": self.hosted,
        }

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
        return cls(
            urls[:4],
            data["game"],
            data["table"][:40],
            seat,
            data["token"][:64],
            data["name"][:24],
            data.get("hosted") is True,
        )


def ticket_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / TICKET


def load_ticket(folder: Path | None = None) -> Ticket | None:
    """The last online table's ticket, or None (none, or a file that is not one: never a crash)."""
    path = ticket_path(folder)
    if not path.exists():
        return None
    try:
        return Ticket.from_data(read_json(path))
    except Exception:  # any bytes at all: no ticket
        return None


def forget_ticket(folder: Path | None = None) -> None:
    try:
        ticket_path(folder).unlink(missing_ok=True)
    except OSError:
        pass


@dataclass
class OnlineTables:
    """The tables this run of the game holds open (hosted servers live as long as the game)."""

    current: OnlineClient | None = None
    hosts: list[Any] = field(default_factory=list)


TABLES = OnlineTables()


def online_ticket(folder: Path | None = None) -> Ticket | None:
    """The last online seat's ticket while it can still be used: a friend's table, or a table
    this run of the game hosts (a hosted table ends with the game that hosted it)."""
    ticket = load_ticket(folder)
    if ticket is None or (ticket.hosted and not TABLES.hosts):
        return None
    return ticket
