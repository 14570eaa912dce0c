"""The table server: rooms (game/online/room.py) behind WebSockets, on one asyncio loop, kept in a
store (store.py) that any number of server processes share.

The server is the authority: it draws every secret (the chance key, codes, tokens) from the
operating system, checks every message before a room sees it, lets bots think off the loop (on a
thread, or in a process pool), and sends each connection only what its seat may see. A handler
that fails closes its own connection and nothing else.

No process owns a table. Every change to a room is a record of its journal, appended to the
table's log in the store one past the last record this process has read (compare-and-append): a
process that lost a race reads the table again and tries the message once more. Each process
follows the logs of the tables its clients sit at and sends them what others wrote; a bot's move
is computed by the process holding the table's short lease, a timeout appended by whichever
process sees it first.

    server = TableServer()                                     # a MemoryStore: one process
    server = TableServer(store=RedisStore(url), pool=ProcessPoolExecutor(1))
    async with server.serve("127.0.0.1", 0) as port: ...      # port 0: any free port
    room, token = server.open_room("goennen-koennen", 3, "Anna")   # host mode opens from the game
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import json
import logging
import secrets
import ssl
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.goennen.chance import KEY_BYTES
from game.goennen.reasons import IllegalActionError
from game.online.protocol import MAX_FRAME, PROTOCOL, ProtocolError, decode, encode
from game.online.room import CODE_LENGTH, CODE_LETTERS, TIMER_SETTINGS, Record, Room
from game.online.server.bots import BOT_BUDGET, BOT_TIMEOUT, Thinkers, bot_move
from game.online.server.presence import Presence
from game.online.server.store import MemoryStore, Store
from game.registry import GAMES

T = TypeVar("T")
LOG = logging.getLogger("table-server")
OPEN_TIMEOUT = 10.0  # seconds a new connection has to finish its handshake ...
FIRST_MESSAGE_WITHIN = 5.0  # ... and then to say hello
RATE = 10.0  # messages a second a connection may send on average (moves the game takes are free) ...
BURST = 20.0  # ... and at once
TICK = 0.5  # seconds between looks at the clock (grace periods, timers)
MAX_ROOMS = 1000  # tables one process holds
MAX_PER_ADDRESS = 8  # connections open at once from one address
TABLES_PER_PLAYER = 5  # open tables one address may have opened or joined
FAILED_JOINS = 5  # wrong codes or tokens from one address within a minute before it must wait
BOT_LEASE = BOT_TIMEOUT + 2.0  # seconds a process holds a bot's decision before another may
IDLE_TABLE = 600.0  # seconds a lobby or a timed table lives with no person at it
IDLE_RELAXED = 30 * 86400.0  # ... and a table without timers (players come back days later)
CODE_TTL = 7 * 86400.0  # seconds an invite or watch code names its table
FORGET_LOCAL = 60.0  # seconds a process keeps a table in memory that none of its clients sits at
FOLLOW_BLOCK = 0.25  # seconds one look for other processes' records waits at most
CHECK_EVERY = 5.0  # seconds between two reads of a followed table's log by the clock tick
TOUCH_EVERY = 30.0  # seconds between two notes that a person still sits at a table
REAP_EVERY = 60.0  # seconds between two looks for tables to close
FINISHED_KEEP = 60.0  # seconds a finished game's table stays open (its players read the end)


@dataclass(eq=False)
class Connection:
    socket: ServerConnection
    table_id: str
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
        clock: Callable[[], float] = time.time,
        bot_budget: float = BOT_BUDGET,
        entropy: Callable[[int], bytes] = secrets.token_bytes,
        max_per_address: int = MAX_PER_ADDRESS,
        store: Store | None = None,
        pool: concurrent.futures.Executor | None = None,
        tables_per_player: int = TABLES_PER_PLAYER,
        max_rooms: int = MAX_ROOMS,
        on_append: Callable[[str, int], None] | None = None,
        among_friends: bool = False,
    ) -> None:
        self.clock = clock  # wall-clock seconds: records of several processes share one time
        # host mode: the server runs in a player's game, whose computer holds the keys; every
        # welcome says so, and the archive marks such games
        self.among_friends = among_friends
        self.max_per_address = max_per_address  # a load test from one address raises it
        self.tables_per_player = tables_per_player
        self.max_rooms = max_rooms
        self.entropy = entropy  # the chance keys' and the bots' randomness (tests pin it)
        self.store: Store = store if store is not None else MemoryStore(clock)
        self.on_append = on_append  # told (table, records) after each append (the kill test)
        self.node = secrets.token_hex(6)  # this process's name on leases and on its lines
        self.presence = Presence(self.store, self.node)
        self.rooms: dict[str, Room] = {}
        self.by_invite: dict[str, str] = {}
        self.by_watch: dict[str, str] = {}
        self.connections: dict[str, set[Connection]] = {}
        self._stored: dict[str, int] = {}  # records of each table known to be in the store
        self._unpublished: set[str] = set()  # rooms opened here whose secret is not stored yet
        self._locks: dict[str, asyncio.Lock] = {}
        self._bots_running: set[str] = set()
        self.thinkers = Thinkers(pool, entropy, bot_budget)  # pool None: bots think on a thread here
        self._tasks: set[asyncio.Task[None]] = set()
        self._open_from: Counter[str] = Counter()  # open connections by address
        self._failed_from: dict[str, deque[float]] = {}  # times of wrong codes or tokens by address
        self._quiet_since: dict[str, float] = {}  # tables none of this process's clients sits at
        self._checked: dict[str, float] = {}  # when the tick last read each table's log
        self._touched = 0.0
        self._reaped = 0.0
        self.bot_moves = 0  # bots' decisions this process computed (tests: computed once)

    # --- rooms --------------------------------------------------------------------------------

    def open_room(self, game: str, players: int, host: str, timers: str = "off") -> tuple[Room, str]:
        """A new room with fresh secrets; returns it and the host's seat token. It reaches the
        store at once when the server runs (else when it starts serving)."""
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
            node=self.node,
        )
        self._hold(room)
        self._stored[table_id] = 0
        self._unpublished.add(table_id)
        with contextlib.suppress(RuntimeError):  # no loop yet: serve() publishes it
            asyncio.get_running_loop()
            self._spawn(self._publish(table_id))
        return room, token

    def _hold(self, room: Room) -> None:
        self.rooms[room.table_id] = room
        self.by_invite[room.invite] = room.table_id
        self.by_watch[room.watch] = room.table_id
        self.connections.setdefault(room.table_id, set())

    def _code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.by_invite and code not in self.by_watch:
                return code

    async def _publish(self, table_id: str) -> None:
        """A room opened here into the store: its secret, its codes, its listing, its journal."""
        async with self._lock(table_id):
            if table_id not in self._unpublished:
                return
            room = self.rooms[table_id]
            await self.store.put_secret(table_id, room.key)
            for code in (room.invite, room.watch):
                if not await self.store.put_code(code, table_id, CODE_TTL):
                    LOG.warning("code of table %s already taken in the store", table_id)
            await self.store.touch({table_id: self.clock() + self._idle_limit(room)})
            self._unpublished.discard(table_id)
            await self._persist(room)

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def _load(self, table_id: str) -> Room | None:
        """The room of `table_id`: this process's copy brought up to date, or read whole from the
        store; None when no such table is open."""
        async with self._lock(table_id):
            room = self.rooms.get(table_id)
            if room is not None:
                await self._catch_up_locked(room)
                return room
            return await self._read_whole(table_id)

    async def _read_whole(self, table_id: str) -> Room | None:
        """The room read whole from the store, held here (the caller holds the table's lock)."""
        records = [entry for _, entry in await self.store.entries(table_id)]
        key = await self.store.secret(table_id)
        if not records or key is None:
            return None
        room = Room.restore(table_id, records, key)
        self._hold(room)
        self._stored[table_id] = len(records)
        return room

    async def _catch_up(self, room: Room) -> None:
        async with self._lock(room.table_id):
            await self._catch_up_locked(room)

    async def _catch_up_locked(self, room: Room) -> None:
        """Play the records other processes appended since this process last read (the caller
        holds the table's lock)."""
        if room.table_id in self._unpublished:
            return
        have = len(room.journal)
        if have > self._stored.get(room.table_id, 0):
            return  # changes made here in the room itself (host mode, tests): stored next
        for number, record in await self.store.entries(room.table_id, have):
            if number == len(room.journal) + 1:
                room.follow(record)
        self._stored[room.table_id] = len(room.journal)

    async def _persist(self, room: Room) -> bool:
        """Append the room's new records one past the last stored; False when another process
        was first (the room here is then ahead of nothing: read it again)."""
        if room.table_id in self._unpublished:
            return True  # the publication stores them
        journal = room.sync()
        stored = self._stored.get(room.table_id, 0)
        new = journal[stored:]
        if not new:
            return True
        if len(new) == 1:
            done = await self.store.append(room.table_id, stored + 1, new[0])
        else:
            done = await self.store.append_all(room.table_id, stored + 1, list(new))
        if done:
            self._stored[room.table_id] = len(journal)
            over = room.table is not None and room.table.is_over
            if over or any(record["k"] in ("start", "join", "arrive", "leave") for record in new):
                # its idle time starts again (and a finished one closes soon after its seats read it)
                await self.store.touch({room.table_id: self.clock() + self._idle_limit(room)})
            if self.on_append is not None:
                self.on_append(room.table_id, len(journal))
        return done

    async def _reread(self, table_id: str) -> Room | None:
        """Throw this process's copy away and read the table whole from the store (under the
        table's lock, which the caller holds)."""
        old = self.rooms.pop(table_id, None)
        self._stored.pop(table_id, None)
        room = await self._read_whole(table_id)
        if room is None:
            if old is not None:
                self.rooms[table_id] = old
            return None
        for connection in self.connections.get(table_id, set()):
            connection.sent = min(connection.sent, room.table.version if room.table else 0)
        return room

    async def _change(self, table_id: str, change: Callable[[Room], T]) -> T:
        """Make `change` on the room, up to date, and store it; refused changes change nothing.
        A race lost to another process reads the table again and makes the change once more
        (a move that no longer fits is refused then: `stale`, `not_your_turn`)."""
        async with self._lock(table_id):
            for attempt in range(3):
                room = self.rooms.get(table_id)
                if room is None:
                    raise IllegalActionError("wrong_code")
                try:  # first on the copy as the follower keeps it: no read of the store
                    result = change(room)
                except IllegalActionError:
                    had = len(room.journal)
                    await self._catch_up_locked(room)
                    if attempt or len(room.journal) == had:
                        raise  # refused on the table as it stands
                    continue  # refused on a copy behind the store: once more, up to date
                if await self._persist(room):
                    return result
                LOG.info("table %s: another process appended first", table_id)
                if await self._reread(table_id) is None:
                    raise IllegalActionError("wrong_code")
        raise IllegalActionError("server_busy")  # another process was first three times running

    # --- the network --------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def serve(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> AsyncIterator[int]:
        """Serve on (host, port) until the block ends; yields the port (port 0: a free one).
        With `tls` (a server context holding the certificate) it speaks wss:// only."""
        await self.presence.beat(now=True)  # alive before any line names this process
        for table_id in list(self._unpublished):
            await self._publish(table_id)
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
            workers = [asyncio.create_task(self._tick_forever()), asyncio.create_task(self._follow_forever())]
            try:
                yield server.sockets[0].getsockname()[1]
            finally:
                for task in [*workers, *self._tasks]:
                    task.cancel()
                await asyncio.gather(*workers, return_exceptions=True)

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
            connection = await self._welcome(socket, hello, address)
            if connection is None:
                return
            await self._greeted(connection)
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
                self._spawn(self._gone(connection))

    async def _welcome(
        self, socket: ServerConnection, hello: dict[str, Any], address: str
    ) -> Connection | None:
        seat: int | None
        token: str | None
        failed = self._failed_from.setdefault(address, deque(maxlen=FAILED_JOINS))
        now = time.monotonic()
        try:
            if hello["proto"] != PROTOCOL:
                raise IllegalActionError("old_version")
            if len(failed) == FAILED_JOINS and now - failed[0] < 60:
                raise IllegalActionError("too_many_tries")  # not even checked: guessing is slow
            if "players" in hello:
                room, token = await self._open_for(hello, address)
                seat = 0
            else:
                found = await self._room_of(hello)
                # a join or watch code names its table's game (the welcome says it); a resume
                # names the game it left
                resuming = "table" in hello
                if found is None or resuming and found.rules.key != hello["game"]:
                    raise IllegalActionError("wrong_code")
                room = found
                seat, token = await self._seat_of(room, hello, address)
        except IllegalActionError as error:
            if error.key in ("wrong_code", "wrong_token"):
                failed.append(now)
            await self._refuse(socket, error.key, error.params)
            return None
        try:
            connection = await self._greet(socket, hello, room.table_id, seat, token)
        except BaseException:
            # the welcome did not reach the client: nobody holds the seat's token or its line
            await asyncio.shield(self._untake(room.table_id, hello, seat, token))
            raise
        self.connections[room.table_id].add(connection)
        self._quiet_since.pop(room.table_id, None)
        return connection

    async def _untake(
        self, table_id: str, hello: dict[str, Any], seat: int | None, token: str | None
    ) -> None:
        """Undo what a hello took when its welcome failed: a joined seat is open again, a
        resumed seat's line is counted gone, a table opened by it is closed."""
        if seat is None:
            return
        try:
            now = self.clock()
            if "players" in hello:
                await self._close(table_id, archive=False)
                return
            joined = token if "invite" in hello else None

            def give_back(room: Room) -> None:
                if joined is None or not room.free(seat, joined):  # a started game: its line only
                    room.leave(seat, now, self.node)

            await self._change(table_id, give_back)
            await self._changed(table_id)
        except Exception:  # the store may be what failed: logged, the rest of the server goes on
            LOG.exception("could not give back seat %s at table %s", seat, table_id)

    async def _greet(
        self,
        socket: ServerConnection,
        hello: dict[str, Any],
        table_id: str,
        seat: int | None,
        token: str | None,
    ) -> Connection:
        """Send the welcome; the connection to count at its table."""
        room = self.rooms[table_id]  # read again if a lost race replaced it
        connection = Connection(socket, room.table_id, seat, sent=max(0, hello.get("since", 0)))
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
        LOG.info("welcome seat %s at table %s", seat, room.table_id)
        await socket.send(encode(welcome))
        return connection

    async def _greeted(self, connection: Connection) -> None:
        room = self.rooms[connection.table_id]
        await connection.socket.send(encode(room.lobby()))  # the names, also for a seat that comes back
        await self._changed(room.table_id)

    async def _open_for(self, hello: dict[str, Any], address: str) -> tuple[Room, str]:
        """A hello that opens a table: its sender is the host, at seat 0."""
        rules = GAMES.get(hello["game"])
        timers = hello.get("timers", "off")
        if rules is None or hello["players"] not in rules.players or timers not in TIMER_SETTINGS:
            raise IllegalActionError("not_now", action="open")
        if len(self.rooms) >= self.max_rooms:
            raise IllegalActionError("server_full")
        room, token = self.open_room(rules.key, hello["players"], hello.get("name", ""), timers)
        await self._publish(room.table_id)
        if not await self.store.claim(address, room.table_id, self.tables_per_player):
            await self._close(room.table_id, archive=False)
            raise IllegalActionError("too_many_tables", most=self.tables_per_player)
        return room, token

    async def _room_of(self, hello: dict[str, Any]) -> Room | None:
        if "invite" in hello or "watch" in hello:
            code = hello.get("invite", hello.get("watch", ""))
            local = self.by_invite if "invite" in hello else self.by_watch
            table_id = await self.store.table_of(code)  # the store's: codes expire there
            if table_id is None and local.get(code) in self._unpublished:
                table_id = local[code]  # opened here a moment ago, its codes not stored yet
            room = None if table_id is None else await self._load(table_id)
            wanted = None if room is None else room.invite if "invite" in hello else room.watch
            return room if room is not None and wanted == code else None
        table_id = hello.get("table", "")
        return await self._load(table_id) if table_id else None

    async def _seat_of(
        self, room: Room, hello: dict[str, Any], address: str
    ) -> tuple[int | None, str | None]:
        """The seat a hello takes (None: a spectator) and a new token when it joins."""
        if "watch" in hello:
            return None, None
        now = self.clock()
        if "invite" in hello:
            if not await self.store.claim(address, room.table_id, self.tables_per_player):
                raise IllegalActionError("too_many_tables", most=self.tables_per_player)
            token = secrets.token_urlsafe(16)
            seat = await self._change(
                room.table_id, lambda r: r.join(hello["invite"], hello.get("name", ""), token, self.node)
            )
            return seat, token
        if "seat" in hello and "token" in hello:
            await self._change(
                room.table_id, lambda r: r.resume(hello["seat"], hello["token"], now, self.node)
            )
            return hello["seat"], None
        raise IllegalActionError("wrong_code")

    async def _message(self, connection: Connection, message: dict[str, Any]) -> None:
        table_id, seat, now = connection.table_id, connection.seat, self.clock()
        kind = message["t"]
        change: Callable[[Room], Any]
        if kind == "act":
            change = lambda room: room.act(seat, message["seq"], message["a"], now)  # noqa: E731
        elif kind == "chat":
            change = lambda room: room.chat(seat, message["text"], now)  # noqa: E731
        elif kind == "bots":
            change = lambda room: room.set_bot(seat, message["seat"], message["level"])  # noqa: E731
        elif kind == "start":
            change = lambda room: room.start(seat, now)  # noqa: E731
        elif kind == "takeback" and seat is not None:
            change = lambda room: room.take_back(seat)  # noqa: E731
        else:
            raise ProtocolError(f"{kind!r} is not sent at a table")
        try:
            line = await self._change(table_id, change)
        except IllegalActionError as error:
            await self._refuse(connection.socket, error.key, error.params)
            return
        if kind == "chat":
            assert isinstance(line, dict)
            await self._send_all(table_id, line)
            return
        if kind == "act":
            connection.refund()  # a move the game took costs nothing: only a flood runs dry
        await self._changed(table_id)

    async def _gone(self, connection: Connection) -> None:
        table_id, seat = connection.table_id, connection.seat
        self.connections[table_id].discard(connection)
        if seat is None:
            return
        with contextlib.suppress(IllegalActionError):
            now = self.clock()
            await self._change(table_id, lambda room: room.leave(seat, now, self.node))
            await self._changed(table_id)

    # --- telling everyone ---------------------------------------------------------------------

    async def _changed(self, table_id: str) -> None:
        """Send every connection of the room what it has not seen; let due bots think."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        await self._send_news(room)
        table = room.table
        if table is not None and table.bots_due() and room.someone_here():
            if table_id not in self._bots_running:
                self._bots_running.add(table_id)
                self._spawn(self._run_bots(table_id))

    async def _send_news(self, room: Room) -> None:
        over = room.over()
        for connection in list(self.connections.get(room.table_id, ())):
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

    async def _send_all(self, table_id: str, message: dict[str, Any]) -> None:
        for connection in list(self.connections.get(table_id, ())):
            with contextlib.suppress(ConnectionClosed):
                await connection.socket.send(encode(message))

    async def _refuse(
        self, socket: ServerConnection, reason: str, params: dict[str, Any] | None = None
    ) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(encode({"t": "refused", "reason": reason, "params": params or {}}))

    # --- following the others ------------------------------------------------------------------

    async def _follow_forever(self) -> None:
        """Wait for other processes' records of the tables this process's clients sit at."""
        while True:
            positions = {
                table_id: self._stored.get(table_id, 0)
                for table_id, held in self.connections.items()
                if held and table_id in self.rooms and table_id not in self._unpublished
            }
            try:
                news = await self.store.wait(positions, FOLLOW_BLOCK)
            except asyncio.CancelledError:
                raise
            except Exception:  # a store that hiccups: look again, do not die
                LOG.exception("following the tables failed")
                await asyncio.sleep(FOLLOW_BLOCK)
                continue
            for table_id, entries in news.items():
                try:
                    await self._follow(table_id, entries)
                except Exception:
                    LOG.exception("following table %s failed", table_id)

    async def _follow(self, table_id: str, entries: list[tuple[int, Record]]) -> None:
        async with self._lock(table_id):
            room = self.rooms.get(table_id)
            if room is None or len(room.journal) > self._stored.get(table_id, 0):
                return
            chats, followed = [], False
            for number, record in entries:
                if number != len(room.journal) + 1:
                    continue  # written by this process, or read already
                room.follow(record)
                followed = True
                if record["k"] == "chat":
                    chats.append(record)
            self._stored[table_id] = len(room.journal)
        if not followed:
            return
        for record in chats:
            seat = int(record["seat"])
            line = {"t": "chat", "seat": seat, "name": room.seats[seat].name, "text": record["text"]}
            assert isinstance(line, dict)
            await self._send_all(table_id, line)
        await self._changed(table_id)

    # --- bots -----------------------------------------------------------------------------------

    async def _run_bots(self, table_id: str) -> None:
        """Bots move one at a time while any is due and a person sits at the table, each decision
        computed by the process that holds its lease; a move whose position has moved on while
        it thought is dropped."""
        dropped = 0
        try:
            while True:
                room = self.rooms.get(table_id)
                if room is None or room.table is None or room.table.is_over or not room.someone_here():
                    return
                await self._catch_up(room)
                due = room.table.bots_due()
                if not due:
                    return
                seat = due[0]
                state, acted = room.table.decision_state(seat), room.table.acted(seat)
                if not await self.store.lease(f"bot:{table_id}:{seat}:{acted}", self.node, BOT_LEASE):
                    return  # another process decides; its record comes through the follower
                text = await self.thinkers.decide(room, seat)
                now = self.clock()

                move = functools.partial(bot_move, seat=seat, acted=acted, state=state, text=text, now=now)
                if await self._change(table_id, move):
                    self.bot_moves += 1
                    await self._send_news(self.rooms[table_id])
                else:
                    dropped += 1
                    if dropped >= 3:
                        return  # the position keeps moving: the clock tick tries again
        except Exception:  # a bot's failure must be seen, not stall the table in silence
            LOG.exception("a bot failed at table %s", table_id)
        finally:
            self._bots_running.discard(table_id)

    # --- the clock --------------------------------------------------------------------------------

    async def _tick_forever(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                await self._tick(self.clock())
            except asyncio.CancelledError:
                raise
            except Exception:
                LOG.exception("a tick failed")

    async def _tick(self, now: float) -> None:
        """Grace periods, timers and due bots of the tables this process's clients sit at;
        notes that people sit there; forgets tables nobody here sits at; closes idle tables;
        counts the lines of dead processes gone."""
        await self.presence.beat()
        looking = self.presence.looking()
        for table_id, room in list(self.rooms.items()):
            if not self.connections.get(table_id):
                continue
            before = (
                len(room.journal),
                None if room.table is None else (set(room.table.away), room.table.bots_due()),
            )
            with contextlib.suppress(IllegalActionError):
                if now - self._checked.get(table_id, 0.0) >= CHECK_EVERY:
                    self._checked[table_id] = now  # what the follower may have missed
                    had = len(room.journal)
                    await self._catch_up(room)
                    late = [now - float(r["time"]) for r in room.journal[had:] if "time" in r]
                    if late and max(late) > 1.0:  # older than a look of the follower: it missed them
                        LOG.warning("table %s: the tick read records %.1f s old", table_id, max(late))
                if looking:
                    await self._count_dead(table_id, room, now)
                await self._tick_room(table_id, now)
            room = self.rooms.get(table_id, room)
            after = (
                len(room.journal),
                None if room.table is None else (set(room.table.away), room.table.bots_due()),
            )
            if before != after:  # records read or written now (the follower may have missed them)
                await self._changed(table_id)
            elif room.table is not None and room.table.bots_due() and room.someone_here():
                if table_id not in self._bots_running:  # a lease that ran out: decide here
                    self._bots_running.add(table_id)
                    self._spawn(self._run_bots(table_id))
        if now - self._touched >= TOUCH_EVERY:
            self._touched = now
            await self.store.touch(
                {
                    table_id: now + self._idle_limit(room)
                    for table_id, room in self.rooms.items()
                    if room.someone_here() and self.connections.get(table_id)
                }
            )
        self._forget_quiet(now)
        if now - self._reaped >= REAP_EVERY:
            self._reaped = now
            await self.reap(now)

    async def _count_dead(self, table_id: str, room: Room, now: float) -> None:
        """The lines held by processes that stopped beating are gone (once: the compare-and-append
        lets one process write it, the others then find no line left to count)."""
        for node in await self.presence.dead(room.nodes_holding()):
            LOG.info("table %s: process %s is gone, and its lines with it", table_id, node)
            await self._change(table_id, functools.partial(Room.node_gone, node=node, now=now))

    async def _tick_room(self, table_id: str, now: float) -> None:
        """The room's clock moves on: stand-ins, timers; stored when that wrote a record (no
        read of the store first: a tick that changes nothing costs no round trip)."""
        async with self._lock(table_id):
            room = self.rooms.get(table_id)
            if room is None:
                return
            before = len(room.sync())
            room.tick(now)
            if len(room.sync()) == before or await self._persist(room):
                return
            await self._reread(table_id)  # another process was first: its tick or a move

    def _forget_quiet(self, now: float) -> None:
        """Drop from memory the tables none of this process's clients has sat at for a while:
        the store keeps them, any process reads them again."""
        for table_id in list(self.rooms):
            if self.connections.get(table_id) or table_id in self._unpublished:
                self._quiet_since.pop(table_id, None)
                continue
            since = self._quiet_since.setdefault(table_id, now)
            if now - since >= FORGET_LOCAL:
                self._drop(table_id)

    def _drop(self, table_id: str) -> None:
        room = self.rooms.pop(table_id, None)
        self.connections.pop(table_id, None)
        self._quiet_since.pop(table_id, None)
        self._stored.pop(table_id, None)
        self._checked.pop(table_id, None)
        self._locks.pop(table_id, None)
        if room is not None:
            self.by_invite.pop(room.invite, None)
            self.by_watch.pop(room.watch, None)
            self.thinkers.forget(table_id, len(room.seats))

    @staticmethod
    def _idle_limit(room: Room) -> float:
        if room.table is not None and room.table.is_over:
            return FINISHED_KEEP
        relaxed = room.table is not None and room.timers == TIMER_SETTINGS["off"]
        return IDLE_RELAXED if relaxed else IDLE_TABLE

    async def reap(self, now: float) -> list[str]:
        """Close the tables no person has sat at for their idle time (a lobby or a timed table
        IDLE_TABLE, a table without timers IDLE_RELAXED), archiving each one's log; their ids."""
        for table_id in list(self._unpublished):
            await self._publish(table_id)
        await self.store.touch(
            {
                table_id: now + self._idle_limit(room)
                for table_id, room in self.rooms.items()
                if room.someone_here() and self.connections.get(table_id)
            }
        )
        closed = []
        for table_id in await self.store.due(now):
            if self.connections.get(table_id):
                continue
            if not await self.store.lease(f"close:{table_id}", self.node, 60.0):
                continue  # another process closes it
            await self._close(table_id, archive=True)
            closed.append(table_id)
        return closed

    async def _close(self, table_id: str, *, archive: bool) -> None:
        records = [entry for _, entry in await self.store.entries(table_id)]
        if archive and records:
            saved: dict[str, Any] = {"table": table_id, "journal": records}
            key = await self.store.secret(table_id)
            if key is not None:
                with contextlib.suppress(ValueError, KeyError):
                    room = Room.restore(table_id, records, key)
                    if room.table is not None:
                        saved["save"] = room.rules.match_to_data(room.table.match)
                        saved["over"] = room.table.is_over
            await self.store.archive(table_id, json.dumps(saved, separators=(",", ":")))
        await self.store.forget(table_id)
        self._unpublished.discard(table_id)
        self._drop(table_id)

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
