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
  until the player takes it back.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field, replace
from typing import Any

from game.chance import KeyedChance
from game.kit.rulebook import Rulebook
from game.kit.table import Table, TableSeat, Timers
from game.online.fair import commitment
from game.online.protocol import MAX_CHAT, MAX_NAME
from game.reasons import IllegalActionError

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
    present: bool = False
    gone_since: float | None = None  # when its player's line dropped


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
        invite: str,
        watch: str,
        timers: Timers | None = None,
    ) -> Room:
        """A new room whose host holds seat 0; the other seats are open for people."""
        if players not in rules.players:
            raise ValueError(f"{rules.key} is played by {rules.players.start} to {rules.players.stop - 1}")
        seats = [LobbySeat(_name(host), token_hash=_hash(host_token), present=True)]
        seats += [LobbySeat("") for _ in range(players - 1)]
        return cls(table_id, rules, seats, key, invite, watch, timers or Timers())

    # --- who is who ---------------------------------------------------------------------------

    def join(self, invite: str, name: str, token: str) -> int:
        """A person takes the first open seat with the invite code; its token's hash is kept."""
        if self.table is not None:
            raise IllegalActionError("already_started")
        if not hmac.compare_digest(invite.encode(), self.invite.encode()):
            raise IllegalActionError("wrong_code")
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token_hash is None:
                self.seats[index] = replace(seat, name=_name(name), token_hash=_hash(token), present=True)
                return index
        raise IllegalActionError("table_full")

    def resume(self, seat: int, token: str) -> None:
        """A seat's player back on a new line: its token must match."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].token_hash is None:
            raise IllegalActionError("wrong_token")
        held = self.seats[seat].token_hash
        assert held is not None
        if not hmac.compare_digest(held, _hash(token)):
            raise IllegalActionError("wrong_token")
        self.arrive(seat)

    def can_watch(self, code: str) -> bool:
        return hmac.compare_digest(code.encode(), self.watch.encode())

    def arrive(self, seat: int) -> None:
        self.seats[seat].present = True
        self.seats[seat].gone_since = None

    def leave(self, seat: int, now: float) -> None:
        """A seat's line dropped: the seat waits GRACE seconds, then a bot plays it."""
        self.seats[seat].present = False
        self.seats[seat].gone_since = now

    def take_back(self, seat: int) -> None:
        """The player plays again from the seat's next decision on."""
        if self.table is not None:
            self.table.away.discard(seat)

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

    def start(self, by: int | None, now: float) -> None:
        """The host starts once every seat holds a person or a bot."""
        if by != 0:
            raise IllegalActionError("not_host")
        if self.table is not None:
            raise IllegalActionError("not_now", action="start")
        if any(seat.kind == "human" and seat.token_hash is None for seat in self.seats):
            raise IllegalActionError("seats_open")
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

    def tick(self, now: float) -> list[int]:
        """The clock moved: seats gone past their grace get a bot, late deciders too; returns the
        seats that got a stand-in now (their players' seats say "bot for ...")."""
        if self.table is None:
            return []
        stood_in = []
        for index, seat in enumerate(self.seats):
            gone = seat.gone_since is not None and now - seat.gone_since >= GRACE
            if gone and seat.kind == "human" and index not in self.table.away:
                self.table.away.add(index)
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
