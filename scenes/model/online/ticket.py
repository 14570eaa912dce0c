"""Whether Continue can bring the player back to an online table (no network code imported)."""

from __future__ import annotations

from pathlib import Path

from scenes.model.online.client import TABLES, Ticket, load_ticket


def online_ticket(folder: Path | None = None) -> Ticket | None:
    """The last online seat's ticket while it can still be used: a friend's table, or a table
    this run of the game hosts (a hosted table ends with the game that hosted it)."""
    ticket = load_ticket(folder)
    if ticket is None or (ticket.hosted and not TABLES.hosts):
        return None
    return ticket
