"""The game's side of one online table: the line, the lobby, the table, the chat, and the ticket
that brings a player back.

The online screens (scenes/online/) hold one OnlineClient from Play online to the final score and
call `pump()` once a frame: it reads what the line brought (never waiting) and keeps what the
screens draw. Hosting starts the table server on a thread of this game (host.py) and joins it
like any friend does, through the protocol. No pygame here; the network modules are imported
only when a player opens a table, so the game starts as fast as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.goennen.engine import IllegalActionError
from game.registry import GAMES
from scenes.model.files import FileProblem
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.online.remote import RemoteSession
from scenes.model.online.ticket import Ticket, forget_table, heard_now, keep_ticket

if TYPE_CHECKING:
    from scenes.model.online.host import HostedServer
    from scenes.model.online.link import Link

DEFAULT_PORT = 8765  # the port a hosted table listens on when it is free (else any free port)
CHAT_KEPT = 50  # chat lines a table screen keeps
BOT_NAMES = ("Ada", "Bruno", "Clara", "Dora")  # a bot seat's name by its number, the same on every screen
# refusals of a chat line or a lobby request: no move of the seat's is taken back
NOT_ABOUT_MOVES = frozenset({"chat_line", "chat_too_fast", "not_host", "seat_taken", "seats_open"})


@dataclass
class ChatLine:
    seat: int
    name: str
    text: str


@dataclass
class LobbySeatInfo:
    name: str
    kind: str  # "human" or "bot"
    level: str | None
    taken: bool
    present: bool


def table_url(address: str, port: int = DEFAULT_PORT) -> str:
    """A typed address as a server URL: 'host', 'host:port', 'ws://...' or 'wss://...'."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if address.count(":") == 1 and address.rsplit(":", 1)[1].isdigit():
        return f"ws://{address}"
    return f"ws://{address}:{port}"


def normal_code(code: str) -> str:
    """A typed code as the table wrote it: letters only, upper case (spaces, dashes dropped)."""
    return "".join(ch for ch in code.upper() if ch.isalpha())


class OnlineClient:
    """One player's (or spectator's) table, from the lobby to the end; see the module's text."""

    def __init__(
        self,
        urls: Sequence[str],
        hello: dict[str, Any],
        *,
        name: str = "",
        host: HostedServer | None = None,
        link: Callable[[Sequence[str], dict[str, Any]], Link] | None = None,
        folder: Path | None = None,
    ) -> None:
        self.urls = list(urls)
        self.name = name
        self.host = host  # the server of a table this game hosts
        self.folder = folder  # where the ticket is kept (None: the data folder)
        self.game: str = hello.get("game", "")
        self.seat: int | None = hello.get("seat") if "token" in hello else None
        self.watching = "watch" in hello
        self.table_id: str | None = hello.get("table")
        self.token: str | None = hello.get("token")
        self.codes: dict[str, str] = {}
        self.commit: str | None = None
        self.seats: list[LobbySeatInfo] = []
        self.started = False
        self.timers = "off"
        self.session: RemoteSession | None = None
        self.chat: list[ChatLine] = []
        self.muted: set[int] = set()
        self.refusal: IllegalActionError | None = None  # the latest refusal, for the screen to say
        self.fatal: IllegalActionError | None = None  # a refusal that ended the link
        self.line = "connecting"  # "connecting", "connected", "reconnecting" or "closed"
        self.retry_in: float | None = None
        self.over: dict[str, Any] | None = None
        self.left: float | None = None  # seconds the deciders have left (None: no limit) ...
        self._left_at = 0.0  # ... as of this monotonic time
        self.changed = True
        self.unreadable = 0  # messages from the server that could not be read
        self.last_unreadable = ""
        self.hosted = False  # a resumed ticket of a table this game hosted
        self.archived = False  # the finished game went to the archive
        self.among_friends = False  # the table runs in a player's game (host mode): it holds the key
        self._asked_back = False  # asked for the seat a bot plays since the line came back
        self._noted_turn: bool | None = None  # "your turn" as the ticket last said it
        factory = link or _websocket_link
        self.link = factory(self.urls, hello).start()

    # --- opening a table ------------------------------------------------------------------------

    @classmethod
    def host_table(
        cls, game: str, players: int, name: str, timers: str, port: int | None = None, **options: Any
    ) -> OnlineClient:
        """Host a table: the server on a thread of this game, and this player at seat 0 (on
        `port`, else the usual port when free, else any free one)."""
        from scenes.model.online.host import HostedServer

        try:
            host = HostedServer.start("0.0.0.0", DEFAULT_PORT if port is None else port)
        except OSError:
            if port is not None:
                raise
            host = HostedServer.start("0.0.0.0", 0)  # the usual port is taken: any free one
        hello = {"game": game, "players": players, "name": name, "timers": timers}
        return cls([f"ws://127.0.0.1:{host.port}"], hello, name=name, host=host, **options)

    @classmethod
    def join(cls, address: str, code: str, name: str, **options: Any) -> OnlineClient:
        hello = {"game": next(iter(GAMES)), "invite": normal_code(code), "name": name}
        return cls([table_url(address)], hello, name=name, **options)

    @classmethod
    def watch(cls, address: str, code: str, **options: Any) -> OnlineClient:
        hello = {"game": next(iter(GAMES)), "watch": normal_code(code)}
        return cls([table_url(address)], hello, **options)

    @classmethod
    def resume(cls, ticket: Ticket, **options: Any) -> OnlineClient:
        hello = {"game": ticket.game, "table": ticket.table, "seat": ticket.seat, "token": ticket.token}
        client = cls(ticket.urls, hello, name=ticket.name, **options)
        client.hosted = ticket.hosted
        return client

    @property
    def is_host(self) -> bool:
        return self.seat == 0 and not self.watching

    def invitation(self) -> str:
        """The codes and the address as one line to paste into a message to friends."""
        addresses = self.addresses()
        invite, watch = self.codes.get("invite", ""), self.codes.get("watch", "")
        return f"{addresses[0] if addresses else ''} {invite} {watch}".strip()

    def addresses(self) -> list[str]:
        """Where friends reach a hosted table (address:port), the likeliest first."""
        if self.host is None:
            return []
        return [f"{address}:{self.host.port}" for address in self.host.addresses()]

    # --- each frame -----------------------------------------------------------------------------

    def pump(self) -> bool:
        """Read what the line brought; whether anything the screens show changed."""
        changed, self.changed = self.changed, False
        for message in self.link.poll():
            self._read(message)
            changed = True
        return changed

    def seconds_left(self) -> float | None:
        """What the deciders have left of their time, counted down here between messages."""
        if self.left is None:
            return None
        return max(0.0, self.left - (time.monotonic() - self._left_at))

    def _read(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        try:
            if kind == "link":
                self._line(message)
            elif kind == "welcome":
                self._welcome(message)
            elif kind == "lobby":
                self._lobby(message)
            elif kind == "step":
                self._step(message)
            elif kind == "refused":
                self._refused(message)
            elif kind == "chat":
                self._chat(message)
            elif kind == "over":
                self.over = message
                self.keep_ticket()  # the game is over: its ticket goes
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            # a message that is not our server's is passed over, and the line goes on
            self.unreadable += 1
            self.last_unreadable = f"{kind!r}: {type(error).__name__}"

    def _line(self, message: dict[str, Any]) -> None:
        state = message.get("state")
        self.line = state if state in ("connected", "reconnecting", "closed") else self.line
        if self.line == "connected":
            self._asked_back = False
        wait = message.get("wait")
        self.retry_in = (
            float(wait) if self.line == "reconnecting" and isinstance(wait, (int, float)) else None
        )

    def _welcome(self, message: dict[str, Any]) -> None:
        seat = message.get("seat")
        self.seat = seat if type(seat) is int else None
        self.table_id = str(message["table"])
        self.game = str(message["game"]) if message.get("game") in GAMES else self.game
        self.token = message.get("token", self.token)
        codes = message.get("codes")
        if isinstance(codes, dict):
            self.codes = {str(k): str(v) for k, v in codes.items()}
        self.commit = str(message.get("commit", ""))
        self.among_friends = message.get("among_friends") is True
        self.keep_ticket()

    def _lobby(self, message: dict[str, Any]) -> None:
        self.seats = [
            LobbySeatInfo(
                str(seat.get("name", ""))[:24],
                "bot" if seat.get("kind") == "bot" else "human",
                seat.get("level") if isinstance(seat.get("level"), str) else None,
                bool(seat.get("taken")),
                bool(seat.get("present")),
            )
            for seat in message["seats"]
        ]
        self.started = bool(message.get("started"))
        self.timers = str(message.get("timers", "off"))
        if message.get("game") in GAMES:
            self.game = message["game"]
        if self.session is not None:
            self.session.name_seats(self.seat_configs())

    def seat_configs(self) -> list[SeatConfig]:
        """The seats as the table's screens name them: this seat a person here, the others as
        the lobby says (a bot with its level, a person elsewhere as a bot-like seat)."""
        configs = []
        for index, seat in enumerate(self.seats):
            name = seat.name or (BOT_NAMES[index % 4] if seat.kind == "bot" else f"{index + 1}")
            if seat.kind == "bot":
                configs.append(SeatConfig(name, SeatKind.BOT, seat.level))
            elif index == self.seat:
                configs.append(SeatConfig(name, SeatKind.HUMAN))
            else:
                configs.append(SeatConfig(name, SeatKind.BOT, None))
        return configs

    def people_and_bots(self) -> list[SeatConfig]:
        """The seats as they were: each person a person, each bot with its level (the archive)."""
        return [
            SeatConfig(config.name, SeatKind.BOT, config.level)
            if seat.kind == "bot"
            else SeatConfig(config.name, SeatKind.HUMAN)
            for seat, config in zip(self.seats, self.seat_configs(), strict=True)
        ]

    def _step(self, message: dict[str, Any]) -> None:
        rules = GAMES[self.game]
        view = rules.view_from_data(message["view"], "the table's view")
        left = message.get("left")
        self.left = float(left) if isinstance(left, (int, float)) else None
        self._left_at = time.monotonic()
        if self.session is None:
            given = message.get("seq")
            seq = given if isinstance(given, int) else 0
            self.session = RemoteSession(
                self.game, self.seat, self.seat_configs(), view, send=self.link.send, seq=seq
            )
            self.session.on_save = self.keep_ticket
            self.session.receive({**message, "events": []}, view)
            self.session.match.actions.extend([None] * int(message.get("v", 0)))
        else:
            self.session.receive(message, view)
        self.started = True
        if (self.seat in self.session.deciders) != self._noted_turn or self.session.over:
            self.keep_ticket()  # Continue's "your turn" follows every step
        if self.seat in self.session.away and self.line == "connected" and not self._asked_back:
            self._asked_back = True  # back after the grace period: the seat is ours from its next decision
            self.take_back()

    def _refused(self, message: dict[str, Any]) -> None:
        reason = message.get("reason")
        params = message.get("params")
        try:
            error = IllegalActionError(str(reason), **(params if isinstance(params, dict) else {}))
        except (KeyError, IndexError, ValueError, TypeError):  # not a reason this game knows
            error = IllegalActionError("not_an_action")
        self.refusal = error
        from scenes.model.online.link import FATAL

        if error.key in FATAL:
            self.fatal = error
            resumed = self.table_id is not None and self.token is not None
            if resumed and error.key in ("wrong_token", "wrong_code"):  # the table or the seat is gone
                forget_table(self.table_id or "", self.folder)
        elif self.session is not None and error.key not in NOT_ABOUT_MOVES:
            self.session.refused(error)  # this seat's move: taken back

    def _chat(self, message: dict[str, Any]) -> None:
        seat = message["seat"]
        if type(seat) is not int:
            return
        self.chat = [
            *self.chat[-(CHAT_KEPT - 1) :],
            ChatLine(seat, str(message["name"]), str(message["text"])),
        ]

    # --- what a player does ---------------------------------------------------------------------

    def say(self, text: str) -> bool:
        return self.link.send({"t": "chat", "text": text})

    def set_bot(self, seat: int, level: str) -> bool:
        return self.link.send({"t": "bots", "seat": seat, "level": level})

    def start_game(self) -> bool:
        return self.link.send({"t": "start"})

    def take_back(self) -> bool:
        return self.link.send({"t": "takeback"})

    def toggle_mute(self, seat: int) -> None:
        self.muted ^= {seat}

    def shown_chat(self) -> list[ChatLine]:
        return [line for line in self.chat if line.seat not in self.muted]

    def keep_ticket(self) -> FileProblem | None:
        """Write the seat's ticket (Continue comes back with it, and says whether the seat was
        to decide); a spectator keeps none, a finished game's goes. A failed write is returned."""
        if self.seat is None or self.token is None or self.table_id is None or self.watching:
            return None
        if self.over is not None or self.session is not None and self.session.over:
            forget_table(self.table_id, self.folder)
            return None
        turn = self.session is not None and self.seat in self.session.deciders
        self._noted_turn = turn
        ticket = Ticket(
            self.urls,
            self.game,
            self.table_id,
            self.seat,
            self.token,
            self.name,
            self.host is not None or self.hosted,
        )
        players = [config.name for config in self.seat_configs()] if self.seats else []
        return keep_ticket(heard_now(ticket, turn=turn, players=players), self.folder)

    def close(self) -> None:
        """Leave the table (its ticket stays for Continue); a hosted table's server keeps running
        while this game runs, so the player can come back to it."""
        self.link.close()


def _websocket_link(urls: Sequence[str], hello: dict[str, Any]) -> Link:
    from scenes.model.online.link import Link

    return Link(urls, hello)
