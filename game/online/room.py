"""One table of the table server: its lobby, its seats' tokens, its codes, its chat, and the game.

Pure like the table it holds (game/kit/table.py): no socket, no clock, no randomness of its own.
The server hands it the secrets it drew (the chance key, the codes, each seat's token) and the
time of every message, and sends what it answers; so every rule of a room is a fast test.

Who may do what:
- the invite code takes an open seat (a person's seat nobody holds yet) and gives its token; the
  token, shown once, takes the seat back after a dropped line (the room keeps only its hash);
- the watch code makes a spectator, who can never take a seat;
- the host (seat 0, who opened the room) puts bots at open seats and starts the game;
- a seat whose player is gone longer than the grace period is played by a bot ("bot for Anna")
  until the player takes it back, while someone else is at the table (nobody waits for a seat at
  a table nobody sits at: a relaxed table waits for its players).

Every change is written in the room's `journal` as a record of string fields (the table's own
log entries among them, in their order): a store keeps it, and `Room.restore` (or `follow`, one
record at a time) rebuilds the same room in any process from it.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field, replace
from typing import Any

from game.goennen.chance import KeyedChance
from game.goennen.reasons import IllegalActionError
from game.kit.rulebook import Rulebook
from game.kit.table import Entry, Table, TableSeat, Timers
from game.online.fair import commitment
from game.online.protocol import MAX_CHAT, MAX_NAME

Record = dict[str, str]  # one journal line: "k" its kind, the rest its fields
TABLE_KINDS = frozenset({"seat", "bot", "timeout", "chance"})  # the table's log (kit/table.py)

GRACE = 60.0  # seconds a seat waits for its player before a bot plays it
# A table's turn timers by name: off between friends, or a turn's and a window's seconds; on
# expiry a bot finishes that seat's decision.
TIMER_SETTINGS = {
    "off": Timers(),
    "normal": Timers(turn=90.0, window=45.0),
    "fast": Timers(turn=30.0, window=15.0),
}
CHAT_GAP = 1.0  # seconds between two chat lines of one seat
STAND_IN = "normal"  # the bot that plays for a player who is gone

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L or O: nothing to mistake for 1 or 0
CODE_LENGTH = 8


@dataclass(slots=True)
class LobbySeat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None
    token_hash: bytes | None = None  # a person's seat once taken
    lines: int = 0  # connections of its player open now (on any server process)
    gone_since: float | None = None  # when its player's last line dropped
    # those lines by the server process holding each ("": one that did not say)
    held_on: dict[str, int] = field(default_factory=dict)
    arrived: bool = False  # its player came back on a line since the join took it

    @property
    def present(self) -> bool:
        return self.lines > 0


@dataclass(slots=True)
class Room:
    """A table between its opening and its end; see the module's text."""

    table_id: str
    rules: Rulebook[Any, Any]
    seats: list[LobbySeat]
    key: bytes = field(repr=False)  # the chance key: never in any message
    invite: str = field(repr=False)
    watch: str = field(repr=False)
    timers: Timers = field(default_factory=Timers)
    table: Table[Any, Any] | None = None
    chat_times: dict[int, float] = field(default_factory=dict)
    journal: list[Record] = field(default_factory=list, repr=False)
    _logged: int = field(default=0, repr=False)  # table log entries already in the journal

    @classmethod
    def open(
        cls,
        table_id: str,
        rules: Rulebook[Any, Any],
        players: int,
        host: str,
        host_token: str,
        *,
        key: bytes,
        node: str = "",
        invite: str,
        watch: str,
        timers: Timers | None = None,
    ) -> Room:
        """A new room whose host holds seat 0; the other seats are open for people."""
        if players not in rules.players:
            raise ValueError(f"{rules.key} is played by {rules.players.start} to {rules.players.stop - 1}")
        seats = [LobbySeat(_name(host), token_hash=_hash(host_token), lines=1, held_on={node: 1})]
        seats += [LobbySeat("") for _ in range(players - 1)]
        room = cls(table_id, rules, seats, key, invite, watch, timers or Timers())
        timer = next((name for name, t in TIMER_SETTINGS.items() if t == room.timers), "off")
        room._note(
            "open", game=rules.key, players=players, name=seats[0].name,
            hash=seats[0].token_hash.hex() if seats[0].token_hash else "", timers=timer,
            invite=invite, watch=watch, **({"node": node} if node else {}),
        )  # fmt: skip
        return room

    @classmethod
    def restore(cls, table_id: str, records: list[Record], key: bytes) -> Room:
        """The room a journal describes (its first record opens it), every record played again."""
        from game.registry import GAMES

        first = records[0]
        if first.get("k") != "open":
            raise ValueError(f"the journal of table {table_id} does not begin with its opening")
        rules = GAMES[first["game"]]
        held_on = {first.get("node", ""): 1}
        seats = [LobbySeat(first["name"], token_hash=bytes.fromhex(first["hash"]), lines=1, held_on=held_on)]
        seats += [LobbySeat("") for _ in range(int(first["players"]) - 1)]
        timers = TIMER_SETTINGS[first["timers"]]
        room = cls(table_id, rules, seats, key, first["invite"], first["watch"], timers)
        room.journal.append(dict(first))
        for record in records[1:]:
            room.follow(record)
        return room

    # --- the journal --------------------------------------------------------------------------

    def _note(self, kind: str, **fields: object) -> None:
        self.sync()
        self.journal.append({"k": kind, **{name: str(value) for name, value in fields.items()}})

    def sync(self) -> list[Record]:
        """The journal, with the table's log entries made since the last look (a bot's move
        played on the table itself) written into it; returns it."""
        if self.table is not None:
            for entry in self.table.log[self._logged :]:
                record = {"k": entry.kind, "text": entry.text, "time": repr(entry.time)}
                if entry.seat is not None:
                    record["seat"] = str(entry.seat)
                self.journal.append(record)
            self._logged = len(self.table.log)
        return self.journal

    def follow(self, record: Record) -> None:
        """A record another process wrote (or a saved one): played as it was written. A chance
        outcome must be the one this room's table drew from the key (ValueError: a damaged
        journal). Only a room whose own changes are all in its journal follows (no `sync` here:
        the chance its table drew after a followed move is checked against the records to come)."""
        kind, time = record["k"], float(record.get("time", "0"))
        seat = int(record["seat"]) if "seat" in record else None
        if kind in TABLE_KINDS:
            if self.table is None:
                raise ValueError(f"a {kind} record before the start at table {self.table_id}")
            if kind == "chance":
                drawn = self.table.log[self._logged] if self._logged < len(self.table.log) else None
                if drawn is None or drawn.kind != "chance" or drawn.text != record["text"]:
                    raise ValueError(f"chance {record['text']!r} at table {self.table_id} is not the key's")
            else:
                assert seat is not None
                self.table.follow(Entry(kind, seat, record["text"], time))  # type: ignore[arg-type]
            self.journal.append(dict(record))
            self._logged += 1
            return
        if kind == "join":
            assert seat is not None
            held_on = {record.get("node", ""): 1}
            self.seats[seat] = LobbySeat(
                record["name"], token_hash=bytes.fromhex(record["hash"]), lines=1, held_on=held_on
            )
        elif kind == "arrive":
            assert seat is not None
            self._arrive(seat, record.get("node", ""))
        elif kind == "leave":
            assert seat is not None
            self._leave(seat, time, record.get("node", ""))
        elif kind == "free":
            assert seat is not None
            self.seats[seat] = LobbySeat("")
        elif kind == "bots":
            assert seat is not None
            level = record["level"]
            self.seats[seat] = LobbySeat("", "bot", level) if level else LobbySeat("")
        elif kind == "start":
            self._start(time)
        elif kind == "chat":
            assert seat is not None
            self.chat_times[seat] = time
        elif kind == "away" and self.table is not None:
            assert seat is not None
            self.table.away.add(seat)
        elif kind == "takeback" and self.table is not None:
            assert seat is not None
            self.table.away.discard(seat)
        elif kind != "open":
            raise ValueError(f"unknown record {kind[:20]!r} at table {self.table_id}")
        self.journal.append(dict(record))

    def someone_here(self) -> bool:
        """A person sits at the table now (the table's bots move only then)."""
        return any(seat.kind == "human" and seat.present for seat in self.seats)

    # --- who is who ---------------------------------------------------------------------------

    def join(self, invite: str, name: str, token: str, node: str = "") -> int:
        """A person takes the first open seat with the invite code; its token's hash is kept
        (`node`: the server process holding the line)."""
        if self.table is not None:
            raise IllegalActionError("already_started")
        if not hmac.compare_digest(invite.encode(), self.invite.encode()):
            raise IllegalActionError("wrong_code")
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token_hash is None:
                self.seats[index] = replace(
                    seat, name=_name(name), token_hash=_hash(token), lines=1, held_on={node: 1}
                )
                held = self.seats[index].token_hash
                assert held is not None
                by = {"node": node} if node else {}
                self._note("join", seat=index, name=self.seats[index].name, hash=held.hex(), **by)
                return index
        raise IllegalActionError("table_full")

    def free(self, seat: int, token: str) -> bool:
        """A join whose welcome never reached its player: the seat it took is open again (in the
        lobby, while the seat still holds that token); whether it was freed."""
        if self.table is not None or not 0 < seat < len(self.seats):
            return False
        held = self.seats[seat].token_hash
        if held is None or not hmac.compare_digest(held, _hash(token)):
            return False
        self.seats[seat] = LobbySeat("")
        self._note("free", seat=seat)
        return True

    def lines_on(self, node: str) -> dict[int, int]:
        """The lines server process `node` holds, by seat."""
        return {index: seat.held_on[node] for index, seat in enumerate(self.seats) if seat.held_on.get(node)}

    def nodes_holding(self) -> set[str]:
        """The server processes that hold a line of this table ("" for lines of unnamed ones)."""
        return {node for seat in self.seats for node, lines in seat.held_on.items() if lines > 0}

    def node_gone(self, node: str, now: float) -> list[int]:
        """Server process `node` died: each line it held is counted gone, so its seats wait their
        grace and then get a stand-in. A lobby seat it took by a join whose player never came
        back on a line is open again (its welcome may have died with the process). The seats."""
        seats = sorted(self.lines_on(node))
        for index in seats:
            for _ in range(self.seats[index].held_on[node]):
                self.leave(index, now, node)
            seat = self.seats[index]
            if self.table is None and index > 0 and not seat.lines and not seat.arrived:
                self.seats[index] = LobbySeat("")
                self._note("free", seat=index)
        return seats

    def resume(self, seat: int, token: str, now: float = 0.0, node: str = "") -> None:
        """A seat's player back on a new line: its token must match."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].token_hash is None:
            raise IllegalActionError("wrong_token")
        held = self.seats[seat].token_hash
        assert held is not None
        if not hmac.compare_digest(held, _hash(token)):
            raise IllegalActionError("wrong_token")
        self.arrive(seat, now, node)

    def can_watch(self, code: str) -> bool:
        return hmac.compare_digest(code.encode(), self.watch.encode())

    def arrive(self, seat: int, now: float = 0.0, node: str = "") -> None:
        self._arrive(seat, node)
        self._note("arrive", seat=seat, time=repr(now), **({"node": node} if node else {}))

    def _arrive(self, seat: int, node: str = "") -> None:
        held = self.seats[seat]
        held.lines += 1
        held.held_on[node] = held.held_on.get(node, 0) + 1
        held.gone_since = None
        held.arrived = True

    def leave(self, seat: int, now: float, node: str = "") -> None:
        """A line of a seat's player dropped: with none left the seat waits GRACE seconds, then a
        bot plays it (lines are counted: the player may be back on another server process)."""
        self._leave(seat, now, node)
        self._note("leave", seat=seat, time=repr(now), **({"node": node} if node else {}))

    def _leave(self, seat: int, now: float, node: str = "") -> None:
        held = self.seats[seat]
        if node and not held.held_on.get(node):
            return  # counted gone already, when the process was seen dead
        if held.held_on.get(node):
            held.held_on[node] -= 1
        held.lines = max(0, held.lines - 1)
        if not held.lines:
            held.gone_since = now

    def take_back(self, seat: int) -> None:
        """The player plays again from the seat's next decision on."""
        if self.table is not None and seat in self.table.away:
            self.table.away.discard(seat)
            self._note("takeback", seat=seat)

    # --- the lobby ----------------------------------------------------------------------------

    def set_bot(self, by: int | None, seat: int, level: str) -> None:
        """The host puts a bot of `level` at an open seat (level "": an open seat again)."""
        if by != 0:
            raise IllegalActionError("not_host")
        if self.table is not None or not 0 < seat < len(self.seats):
            raise IllegalActionError("not_now", action="bots")
        if self.seats[seat].token_hash is not None:
            raise IllegalActionError("seat_taken")
        if level and level not in self.rules.bot_levels:
            raise IllegalActionError("not_now", action=f"bots {level[:20]}")
        self.seats[seat] = LobbySeat("", "bot", level) if level else LobbySeat("")
        self._note("bots", seat=seat, level=level)

    def start(self, by: int | None, now: float) -> None:
        """The host starts once every seat holds a person or a bot."""
        if by != 0:
            raise IllegalActionError("not_host")
        if self.table is not None:
            raise IllegalActionError("not_now", action="start")
        if any(seat.kind == "human" and seat.token_hash is None for seat in self.seats):
            raise IllegalActionError("seats_open")
        self._note("start", time=repr(now))
        self._start(now)
        self.sync()

    def _start(self, now: float) -> None:
        seats = [
            TableSeat(seat.name or f"Bot {index + 1}", "bot", seat.level)
            if seat.kind == "bot"
            else TableSeat(seat.name)
            for index, seat in enumerate(self.seats)
        ]
        match = self.rules.new_match(len(seats), 0, chance=KeyedChance(self.key))
        self.table = Table(self.rules, match, seats, timers=self.timers, now=now)

    def lobby(self) -> dict[str, Any]:
        return {
            "t": "lobby",
            "seats": [
                {
                    "name": seat.name,
                    "kind": seat.kind,
                    "level": seat.level,
                    "taken": seat.kind == "bot" or seat.token_hash is not None,
                    "present": seat.present or seat.kind == "bot",
                }
                for seat in self.seats
            ],
            "started": self.table is not None,
            "game": self.rules.key,
            "timers": next((name for name, t in TIMER_SETTINGS.items() if t == self.timers), "off"),
        }

    # --- at the table -------------------------------------------------------------------------

    def act(self, seat: int | None, seq: int, text: str, now: float) -> None:
        """A seat's move (IllegalActionError with the reason when refused; nothing changes)."""
        if self.table is None:
            raise IllegalActionError("not_now", action="act")
        self.table.play(seat, text, now, seq=seq)
        self.sync()

    def play_bot(self, seat: int, text: str, now: float) -> None:
        """A bot's move (its text) for a seat it is due for."""
        if self.table is None:
            raise IllegalActionError("not_now", action="act")
        self.table.play_bot(seat, self.rules.parse(text), now)
        self.sync()

    def tick(self, now: float) -> list[int]:
        """The clock moved: seats gone past their grace get a bot, late deciders too; returns the
        seats that got a stand-in now (their players' seats say "bot for ...")."""
        if self.table is None:
            return []
        stood_in = []
        for index, seat in enumerate(self.seats):
            gone = seat.gone_since is not None and now - seat.gone_since >= GRACE
            if gone and seat.kind == "human" and index not in self.table.away:
                if not self.someone_here():
                    continue  # nobody waits for the seat: the table waits for its player
                self.table.away.add(index)
                self._note("away", seat=index, time=repr(now))
                stood_in.append(index)
        self.table.expire(now)
        return stood_in

    def chat(self, seat: int | None, text: str, now: float) -> dict[str, Any]:
        """A chat line to send to everyone: one line, at most MAX_CHAT printable characters, one
        a second per seat; spectators do not talk to the table."""
        if seat is None:
            raise IllegalActionError("not_seated")
        line = " ".join(text.split())
        if not line or len(line) > MAX_CHAT or not line.isprintable():
            raise IllegalActionError("chat_line", most=MAX_CHAT)
        last = self.chat_times.get(seat)
        if last is not None and now - last < CHAT_GAP:
            raise IllegalActionError("chat_too_fast")
        self.chat_times[seat] = now
        self._note("chat", seat=seat, text=line, time=repr(now))
        return {"t": "chat", "seat": seat, "name": self.seats[seat].name, "text": line}

    @property
    def commitment(self) -> str:
        """The hash of the chance key every seat gets before the first roll (game/online/fair.py)."""
        return commitment(self.key)

    def over(self) -> dict[str, Any] | None:
        """Once the game is over: the chance key revealed and the save, for anyone to check every
        roll ("Check this game"); None before (the key is never sent while the game runs)."""
        if self.table is None or not self.table.is_over:
            return None
        save = self.rules.match_to_data(self.table.match)
        return {"t": "over", "key": self.key.hex(), "commit": self.commitment, "save": save}

    def step(self, viewer: int | None, since: int, now: float | None = None) -> dict[str, Any]:
        """What a seat or spectator is sent after a change: the events it has not seen, its view,
        who decides, the deadline and the seconds left until it (the server's clock means nothing
        to a client), and its count of actions taken."""
        assert self.table is not None
        snapshot = self.table.snapshot(viewer)
        events = [[event.seat, event.text] for event in self.table.events_since(viewer, since)]
        deadline = snapshot["deadline"]
        left = None if deadline is None or now is None else round(max(0.0, deadline - now), 1)
        return {"t": "step", "events": events, **snapshot, "left": left, "away": sorted(self.table.away)}


def _hash(token: str) -> bytes:
    return hashlib.blake2b(token.encode("utf-8"), digest_size=32, person=b"gk-seat-token").digest()


def _name(name: str) -> str:
    cleaned = " ".join(name.split())
    cleaned = "".join(ch for ch in cleaned if ch.isprintable())[:MAX_NAME]
    return cleaned or "Player"
