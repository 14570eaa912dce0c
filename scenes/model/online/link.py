"""The game's line to a table server: a WebSocket on a reader thread that the frame loop polls.

The frame loop never waits on the network: `poll()` hands it the messages that came in since the
last frame, `send()` gives a message to the line (False when the line is down, so the screen
freezes input and says so). When the line drops, the reader comes back by itself, trying the
server's addresses in turn with a growing wait (0.5 s doubling to 8 s, with jitter so that a
table's players do not all knock at once) and resuming with the seat's token and the last
version it saw; the server sends what it missed. The link tells the screen how it stands with
messages of its own: {"t": "link", "state": "connected" | "reconnecting" | "closed", ...}.

No pygame here, like the rest of scenes/model.
"""

from __future__ import annotations

import json
import queue
import random
import ssl
import threading
from collections.abc import Sequence
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.online import PROTOCOL

BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before the 1st, 2nd, ... try to come back
MAX_FROM_SERVER = 1 << 20  # a step is 1 to 3 KB; anything near this is not our server
FATAL = frozenset(  # refusals no retry can mend: the link closes and the screen says why
    {
        "wrong_code",
        "wrong_token",
        "table_full",
        "already_started",
        "old_version",
        "server_full",
        "too_many_tables",
        "too_many_tries",
    }
)


class Link:
    """One seat's (or a spectator's) line to a table; see the module's text."""

    def __init__(
        self,
        urls: Sequence[str],
        hello: dict[str, Any],
        *,
        backoff: Sequence[float] = BACKOFF,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        if not urls:
            raise ValueError("a link needs at least one server address")
        self.urls = tuple(urls)
        self.backoff = tuple(backoff)
        self.tls = tls  # for wss:// addresses; None: the system's trusted certificates
        self._hello = {"t": "hello", "proto": PROTOCOL, **hello}
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._socket: ClientConnection | None = None
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._read, name="table-link", daemon=True)
        self.seat: int | None = None
        self.table: str | None = None
        self.token: str | None = hello.get("token")
        self.version = int(hello.get("since", 0))
        self._welcomed = False  # the current session got its welcome

    # --- for the frame loop -------------------------------------------------------------------

    def start(self) -> Link:
        self._thread.start()
        return self

    def poll(self) -> list[dict[str, Any]]:
        """Every message that came in since the last call (never waits)."""
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def send(self, message: dict[str, Any]) -> bool:
        """Give a message to the line; False when the line is down (nothing is sent)."""
        socket = self._socket
        if socket is None:
            return False
        try:
            socket.send(json.dumps(message))
        except (ConnectionClosed, OSError):
            return False
        return True

    @property
    def connected(self) -> bool:
        return self._socket is not None

    def close(self) -> None:
        self._closing.set()
        socket = self._socket
        if socket is not None:
            socket.close()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def drop(self) -> None:
        """Cut the line as a network fault would (tests and the reconnect screenshot)."""
        socket = self._socket
        if socket is not None:
            socket.socket.shutdown(2)

    # --- the reader thread --------------------------------------------------------------------

    def _read(self) -> None:
        attempt = tried = 0  # tries since the last welcome (the wait grows), addresses tried
        while not self._closing.is_set():
            url = self.urls[tried % len(self.urls)]
            self._welcomed = False
            fatal = self._session(url)
            if fatal or self._closing.is_set():
                break
            if self._welcomed:  # a line that served a while: come back soon, at the next address
                attempt = 0
            wait = self.backoff[min(attempt, len(self.backoff) - 1)] * random.uniform(0.8, 1.2)
            self._inbox.put(
                {"t": "link", "state": "reconnecting", "wait": round(wait, 1), "try": attempt + 1}
            )
            attempt += 1
            tried += 1
            if self._closing.wait(wait):
                break
        self._inbox.put({"t": "link", "state": "closed"})

    def _session(self, url: str) -> bool:
        """One connection, until it drops; True when the server refused the seat for good."""
        try:
            with connect(
                url,
                compression=None,
                open_timeout=5,
                max_size=MAX_FROM_SERVER,
                proxy=None,
                ssl=self.tls if url.startswith("wss://") else None,
            ) as socket:
                socket.send(json.dumps(self._hello_now()))
                self._socket = socket
                self._inbox.put({"t": "link", "state": "connected", "url": url})
                for raw in socket:
                    message = json.loads(raw)
                    if not isinstance(message, dict):
                        continue
                    if self._note(message):
                        return True
                    self._inbox.put(message)
        except (ConnectionClosed, OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError):
            pass
        finally:
            self._socket = None
        return False

    def _hello_now(self) -> dict[str, Any]:
        """The first hello joins, opens or watches; every later one resumes the seat."""
        if self.token is not None and self.table is not None and self.seat is not None:
            hello = {key: self._hello[key] for key in ("t", "proto", "game")}
            return hello | {
                "table": self.table,
                "seat": self.seat,
                "token": self.token,
                "since": self.version,
            }
        return self._hello

    def _note(self, message: dict[str, Any]) -> bool:
        """Keep what a resume needs; True for a refusal that no retry can mend."""
        kind = message.get("t")
        if kind == "welcome":
            self._welcomed = True
            self.seat, self.table = message.get("seat"), message.get("table")
            self.token = message.get("token", self.token)
        elif kind == "step" and isinstance(message.get("v"), int):
            self.version = message["v"]
        elif kind == "refused" and message.get("reason") in FATAL:
            self._inbox.put(message)
            return True
        return False
