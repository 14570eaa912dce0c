"""The table server: rooms (game/online/room.py) behind WebSockets, on one asyncio loop.

The server is the authority: it draws every secret (the chance key, codes, tokens) from the
operating system, checks every message before a room sees it, lets bots think on a worker
thread so the loop never waits, and sends each connection only what its seat may see. A handler
that fails closes its own connection and nothing else.

    server = TableServer()
    async with server.serve("127.0.0.1", 0) as port: ...      # port 0: any free port
    room, token = server.open_room("goennen-koennen", 3, "Anna")   # host mode opens from the game
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import ssl
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.chance import KEY_BYTES
from game.kit.rulebook import Decider
from game.online.protocol import MAX_FRAME, PROTOCOL, ProtocolError, decode, encode
from game.online.room import CODE_LENGTH, CODE_LETTERS, STAND_IN, TIMER_SETTINGS, Room
from game.reasons import IllegalActionError
from game.registry import GAMES

LOG = logging.getLogger("table-server")
OPEN_TIMEOUT = 10.0  # seconds a new connection has to finish its handshake ...
FIRST_MESSAGE_WITHIN = 5.0  # ... and then to say hello
RATE = 10.0  # messages a second a connection may send on average (moves the game takes are free) ...
BURST = 20.0  # ... and at once
BOT_BUDGET = 0.25  # seconds a bot may think per decision
TICK = 0.5  # seconds between looks at the clock (grace periods, timers)
MAX_ROOMS = 1000  # tables one process holds
MAX_PER_ADDRESS = 8  # connections open at once from one address
FAILED_JOINS = 5  # wrong codes or tokens from one address within a minute before it must wait
BOT_TIMEOUT = 3.0  # seconds a bot may take before the quickest bot decides instead
IDLE_TABLE = 600.0  # seconds a table lives with nobody connected to it


@dataclass(eq=False)
class Connection:
    socket: ServerConnection
    room: Room
    seat: int | None  # None: a spectator
    sent: int = 0  # the table version this connection has seen
    told_over: bool = False  # sent the revealed key and the save
    allowance: float = BURST
    last: float = field(default_factory=time.monotonic)

    def spend(self, now: float) -> bool:
        """One message's worth of the token bucket; False when the connection floods."""
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        self.allowance -= 1
        return self.allowance >= 0

    def refund(self) -> None:
        self.allowance = min(BURST, self.allowance + 1)


class TableServer:
    """Rooms by table id and by code, their connections, their bots and their clock."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        bot_budget: float = BOT_BUDGET,
        entropy: Callable[[int], bytes] = secrets.token_bytes,
        max_per_address: int = MAX_PER_ADDRESS,
        among_friends: bool = False,
    ) -> None:
        self.clock = clock
        # host mode: the server runs in a player's game, whose computer holds the keys; every
        # welcome says so, and the archive marks such games
        self.among_friends = among_friends
        self.max_per_address = max_per_address  # a load test from one address raises it
        self.entropy = entropy  # the chance keys' and the bots' randomness (tests pin it)
        self.bot_budget = bot_budget
        self.rooms: dict[str, Room] = {}
        self.by_invite: dict[str, str] = {}
        self.by_watch: dict[str, str] = {}
        self.connections: dict[str, set[Connection]] = {}
        self._bots_running: set[str] = set()
        self._bots: dict[tuple[str, int], tuple[Decider[Any, Any], random.Random]] = {}  # by table, seat
        self._tasks: set[asyncio.Task[None]] = set()
        self._open_from: Counter[str] = Counter()  # open connections by address
        self._failed_from: dict[str, deque[float]] = {}  # times of wrong codes or tokens by address
        self._quiet_since: dict[str, float] = {}  # tables with nobody connected, since when

    # --- rooms --------------------------------------------------------------------------------

    def open_room(self, game: str, players: int, host: str, timers: str = "off") -> tuple[Room, str]:
        """A new room with fresh secrets; returns it and the host's seat token."""
        table_id = secrets.token_urlsafe(9)
        token = secrets.token_urlsafe(16)
        room = Room.open(
            table_id,
            GAMES[game],
            players,
            host,
            token,
            key=self.entropy(KEY_BYTES),
            invite=self._code(),
            watch=self._code(),
            timers=TIMER_SETTINGS[timers],
        )
        self.rooms[table_id] = room
        self.by_invite[room.invite] = table_id
        self.by_watch[room.watch] = table_id
        self.connections[table_id] = set()
        return room, token

    def _code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.by_invite and code not in self.by_watch:
                return code

    # --- the network --------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def serve(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> AsyncIterator[int]:
        """Serve on (host, port) until the block ends; yields the port (port 0: a free one).
        With `tls` (a server context holding the certificate) it speaks wss:// only."""
        async with serve(
            self._handle,
            host,
            port,
            max_size=MAX_FRAME,
            max_queue=16,
            compression=None,  # no deflate: a small frame must not unpack into a large one
            open_timeout=OPEN_TIMEOUT,
            ping_interval=20,
            ping_timeout=20,
            ssl=tls,
        ) as server:
            ticker = asyncio.create_task(self._tick_forever())
            try:
                yield server.sockets[0].getsockname()[1]
            finally:
                ticker.cancel()
                for task in list(self._tasks):
                    task.cancel()

    async def _handle(self, socket: ServerConnection) -> None:
        connection = None
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        if self._open_from[address] >= self.max_per_address:
            await socket.close(1008, "too many connections from one address")
            return
        self._open_from[address] += 1
        try:
            hello = decode(await asyncio.wait_for(socket.recv(), FIRST_MESSAGE_WITHIN))
            if hello["t"] != "hello":
                raise ProtocolError("the first message is hello")
            connection = await self._welcome(socket, hello)
            if connection is None:
                return
            async for raw in socket:
                if not connection.spend(time.monotonic()):
                    await socket.close(1008, "too many messages")
                    return
                await self._message(connection, decode(raw))
        except ProtocolError as error:
            await socket.close(1008, str(error)[:100])
        except TimeoutError:
            await socket.close(1008, "say hello first")
        except ConnectionClosed:
            pass
        except Exception:  # a handler's failure ends its own connection only
            LOG.exception("a connection failed")
            await socket.close(1011, "server error")
        finally:
            self._open_from[address] -= 1
            if connection is not None:
                self._gone(connection)

    async def _welcome(self, socket: ServerConnection, hello: dict[str, Any]) -> Connection | None:
        seat: int | None
        token: str | None
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        failed = self._failed_from.setdefault(address, deque(maxlen=FAILED_JOINS))
        now = time.monotonic()
        try:
            if hello["proto"] != PROTOCOL:
                raise IllegalActionError("old_version")
            if len(failed) == FAILED_JOINS and now - failed[0] < 60:
                raise IllegalActionError("too_many_tries")  # not even checked: guessing is slow
            if "players" in hello:
                room, token = self._open_for(hello)
                seat = 0
            else:
                found = self._room_of(hello)
                # a join or watch code names its table's game (the welcome says it); a resume
                # names the game it left
                resuming = "table" in hello
                if found is None or resuming and found.rules.key != hello["game"]:
                    raise IllegalActionError("wrong_code")
                room = found
                seat, token = self._seat_of(room, hello)
        except IllegalActionError as error:
            if error.key in ("wrong_code", "wrong_token"):
                failed.append(now)
            await self._refuse(socket, error.key, error.params)
            return None
        connection = Connection(socket, room, seat, sent=max(0, hello.get("since", 0)))
        self.connections[room.table_id].add(connection)
        welcome: dict[str, Any] = {
            "t": "welcome",
            "seat": seat,
            "table": room.table_id,
            "game": room.rules.key,
            "commit": room.commitment,
            "among_friends": self.among_friends,
        }
        if token is not None:
            welcome["token"] = token
        if seat == 0:
            welcome["codes"] = {"invite": room.invite, "watch": room.watch}
        await socket.send(encode(welcome))
        await socket.send(encode(room.lobby()))  # the names, also for a seat that comes back
        await self._changed(room)
        return connection

    def _open_for(self, hello: dict[str, Any]) -> tuple[Room, str]:
        """A hello that opens a table: its sender is the host, at seat 0."""
        rules = GAMES.get(hello["game"])
        timers = hello.get("timers", "off")
        if rules is None or hello["players"] not in rules.players or timers not in TIMER_SETTINGS:
            raise IllegalActionError("not_now", action="open")
        if len(self.rooms) >= MAX_ROOMS:
            raise IllegalActionError("server_full")
        return self.open_room(rules.key, hello["players"], hello.get("name", ""), timers)

    def _room_of(self, hello: dict[str, Any]) -> Room | None:
        if "invite" in hello:
            return self.rooms.get(self.by_invite.get(hello["invite"], ""))
        if "watch" in hello:
            return self.rooms.get(self.by_watch.get(hello["watch"], ""))
        return self.rooms.get(hello.get("table", ""))

    def _seat_of(self, room: Room, hello: dict[str, Any]) -> tuple[int | None, str | None]:
        """The seat a hello takes (None: a spectator) and a new token when it joins."""
        if "watch" in hello:
            return None, None
        if "invite" in hello:
            token = secrets.token_urlsafe(16)
            return room.join(hello["invite"], hello.get("name", ""), token), token
        if "seat" in hello and "token" in hello:
            room.resume(hello["seat"], hello["token"])
            return hello["seat"], None
        raise IllegalActionError("wrong_code")

    async def _message(self, connection: Connection, message: dict[str, Any]) -> None:
        room, seat, now = connection.room, connection.seat, self.clock()
        kind = message["t"]
        try:
            if kind == "act":
                room.act(seat, message["seq"], message["a"], now)
            elif kind == "chat":
                line = room.chat(seat, message["text"], now)
                await self._send_all(room, line)
                return
            elif kind == "bots":
                room.set_bot(seat, message["seat"], message["level"])
            elif kind == "start":
                room.start(seat, now)
            elif kind == "takeback" and seat is not None:
                room.take_back(seat)
            else:
                raise ProtocolError(f"{kind!r} is not sent at a table")
        except IllegalActionError as error:
            await self._refuse(connection.socket, error.key, error.params)
            return
        if kind == "act":
            connection.refund()  # a move the game took costs nothing: only a flood runs dry
        await self._changed(room)

    def _gone(self, connection: Connection) -> None:
        room = connection.room
        self.connections[room.table_id].discard(connection)
        seat = connection.seat
        still_here = any(other.seat == seat for other in self.connections[room.table_id])
        if seat is not None and not still_here:
            room.leave(seat, self.clock())
            self._spawn(self._changed(room))

    # --- telling everyone ---------------------------------------------------------------------

    async def _changed(self, room: Room) -> None:
        """Send every connection of the room what it has not seen; let due bots think."""
        await self._send_news(room)
        if room.table is not None and room.table.bots_due() and room.table_id not in self._bots_running:
            self._bots_running.add(room.table_id)
            self._spawn(self._run_bots(room))

    async def _send_news(self, room: Room) -> None:
        over = room.over()
        for connection in list(self.connections[room.table_id]):
            with contextlib.suppress(ConnectionClosed):
                if room.table is None:
                    await connection.socket.send(encode(room.lobby()))
                    continue
                step = room.step(connection.seat, connection.sent, self.clock())
                connection.sent = step["v"]
                await connection.socket.send(encode(step))
                if over is not None and not connection.told_over:
                    connection.told_over = True
                    await connection.socket.send(encode(over))

    async def _send_all(self, room: Room, message: dict[str, Any]) -> None:
        for connection in list(self.connections[room.table_id]):
            with contextlib.suppress(ConnectionClosed):
                await connection.socket.send(encode(message))

    async def _refuse(
        self, socket: ServerConnection, reason: str, params: dict[str, Any] | None = None
    ) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(encode({"t": "refused", "reason": reason, "params": params or {}}))

    async def _run_bots(self, room: Room) -> None:
        """Bots move one at a time on a worker thread while any is due; a move whose position
        has moved on while it thought is dropped."""
        table = room.table
        assert table is not None
        try:
            while (due := table.bots_due()) and not table.is_over:
                seat = due[0]
                state = table.decision_state(seat)
                decide, rng = self._bot(room, seat)
                try:
                    thinking = asyncio.to_thread(decide, state, rng, self.bot_budget)
                    action = await asyncio.wait_for(thinking, BOT_TIMEOUT)
                except TimeoutError:  # a position that makes a bot think long: the quickest decides
                    LOG.warning("a bot took over %s s at table %s", BOT_TIMEOUT, room.table_id)
                    action = room.rules.bot("easy")(state, rng, self.bot_budget)
                if seat in table.bots_due() and table.decision_state(seat) is state:
                    table.play_bot(seat, action, self.clock())
                    await self._send_news(room)
        except Exception:  # a bot's failure must be seen, not stall the table in silence
            LOG.exception("a bot failed at table %s", room.table_id)
        finally:
            self._bots_running.discard(room.table_id)

    def _bot(self, room: Room, seat: int) -> tuple[Decider[Any, Any], random.Random]:
        """The seat's bot (its own level, or the stand-in for a player who is gone), kept for the
        whole game so that its plans and its generator go on from one decision to the next."""
        assert room.table is not None
        level = room.table.seats[seat].level or STAND_IN
        key = (room.table_id, seat)
        if key not in self._bots:
            self._bots[key] = (room.rules.bot(level), random.Random(self.entropy(8)))
        return self._bots[key]

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.reap(time.monotonic())
            now = self.clock()
            for room in list(self.rooms.values()):
                before = None if room.table is None else (set(room.table.away), room.table.bots_due())
                room.tick(now)
                after = None if room.table is None else (set(room.table.away), room.table.bots_due())
                if before != after:
                    await self._changed(room)

    def reap(self, now: float) -> list[str]:
        """Close the tables nobody has been connected to for IDLE_TABLE seconds; their ids."""
        closed = []
        for table_id, room in list(self.rooms.items()):
            if self.connections[table_id]:
                self._quiet_since.pop(table_id, None)
                continue
            since = self._quiet_since.setdefault(table_id, now)
            if now - since >= IDLE_TABLE:
                del self.rooms[table_id], self.connections[table_id], self._quiet_since[table_id]
                self.by_invite.pop(room.invite, None)
                self.by_watch.pop(room.watch, None)
                for seat in range(len(room.seats)):
                    self._bots.pop((table_id, seat), None)
                closed.append(table_id)
        return closed

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
