"""The table server (asyncio and websockets): `python -m tools.table_server --port N` runs it
alone, host mode runs it on a thread of the game (docs/online.md)."""

from game.online.server.node import TableServer

__all__ = ["TableServer"]
