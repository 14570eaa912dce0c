"""The table server (asyncio and websockets): `python -m tools.table_server --port N [--redis URL]`
runs it alone, host mode runs it on a thread of the game (docs/online.md); its tables live in a
store (store.py: in memory, or in Redis shared by many server processes)."""

from game.online.server.node import TableServer
from game.online.server.store import MemoryStore, RedisStore, Store

__all__ = ["MemoryStore", "RedisStore", "Store", "TableServer"]
