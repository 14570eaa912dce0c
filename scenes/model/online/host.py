"""Host mode: the table server on a thread of the running game, for a table among friends.

The server runs its own asyncio loop on a daemon thread; the game's frame loop talks to it only
through `run()` (a call made on the server's loop, its answer handed back), so a room is never
touched from two threads. The host's computer holds the table's chance key while the game runs:
a table among friends, as the lobby says.

    host = HostedServer.start()                          # any free port on every address
    room, token = host.open_room("goennen-koennen", 3, "Anna")
    host.port, host.addresses()                          # what to give friends, with the code
    host.stop()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from game.online import Room
from game.online.server import TableServer

T = TypeVar("T")
STARTS_WITHIN = 5.0  # seconds the server thread has to listen
STOPS_WITHIN = 5.0  # seconds the server has to close its lines and its loop


class HostedServer:
    def __init__(self, server: TableServer, loop: asyncio.AbstractEventLoop, port: int) -> None:
        self.server = server
        self.loop = loop
        self.port = port
        self._stopped = asyncio.Event()
        self.thread: threading.Thread | None = None  # the server's thread, set by start()

    @classmethod
    def start(cls, host: str = "0.0.0.0", port: int = 0) -> HostedServer:
        """Serve on a new daemon thread; OSError when the address cannot be had."""
        ready: concurrent.futures.Future[HostedServer] = concurrent.futures.Future()

        def serve() -> None:
            async def main() -> None:
                server = TableServer(among_friends=True)
                try:
                    async with server.serve(host, port) as bound:
                        hosted = cls(server, asyncio.get_running_loop(), bound)
                        ready.set_result(hosted)
                        await hosted._stopped.wait()
                except OSError as error:
                    if not ready.done():
                        ready.set_exception(error)

            asyncio.run(main())

        thread = threading.Thread(target=serve, name="table-host", daemon=True)
        thread.start()
        hosted = ready.result(timeout=STARTS_WITHIN)
        hosted.thread = thread
        return hosted

    def run(self, call: Callable[[], T]) -> T:
        """`call()` made on the server's own loop (rooms live there), its answer returned."""

        async def on_loop() -> T:
            return call()

        return asyncio.run_coroutine_threadsafe(on_loop(), self.loop).result(timeout=STARTS_WITHIN)

    def open_room(self, game: str, players: int, host: str, timers: str = "off") -> tuple[Room, str]:
        return self.run(lambda: self.server.open_room(game, players, host, timers))

    def addresses(self) -> list[str]:
        """This computer's addresses to give friends (the first is the likeliest), loopback last."""
        found: list[str] = []
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                address = str(info[4][0])
                if address not in found and not address.startswith("127."):
                    found.append(address)
        except OSError:
            pass
        return [*found, "127.0.0.1"]

    def stop(self) -> None:
        """Close the server and wait (a bounded while) until its loop has ended, so the program
        never leaves with the server's threads half-way through their work."""
        try:
            self.loop.call_soon_threadsafe(self._stopped.set)
        except RuntimeError:  # its loop has ended already
            pass
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(STOPS_WITHIN)

    def rooms(self) -> dict[str, Any]:
        return self.run(lambda: dict(self.server.rooms))
