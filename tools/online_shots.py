"""Screenshots of online play for tools/screenshots.py: Play online (join, watch), the lobby, the
online table in the deal's windows and in a turn, the chat, the line down, and a seat a bot plays
for its absent player. A real table: the server runs on a thread on loopback, the host is the
player in the window, and a friend ("Ben") joins through a second client in the same process."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pygame

from game.registry import GAMES
from scenes.app import App
from scenes.model.online.client import OnlineClient
from scenes.model.online.remote import RemoteSession
from scenes.model.online.ticket import TABLES
from scenes.online.selftest import play_easy, show_all

FRAME = 1 / 60
WAIT = 10.0  # seconds a shot waits for the table at most


def _frames(app: App, seconds: float) -> None:
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)


def _until(app: App, done: Callable[[], bool], others: tuple[OnlineClient, ...] = ()) -> None:
    limit = time.monotonic() + WAIT
    while not done():
        app.step(FRAME)
        for other in others:
            other.pump()
            _show_all(other)
        if time.monotonic() > limit:
            raise TimeoutError("the online table did not come to the shot's position")
        time.sleep(0.002)


def _show_all(client: OnlineClient) -> None:
    show_all(client)


def _play_for(client: OnlineClient, rng: random.Random) -> None:
    """A friend who plays the easy bot's move whenever it is their turn."""
    play_easy(client, rng)


def _type(app: App, text: str) -> None:
    for character in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    app.step(FRAME)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(FRAME)


def _play_online(app: App, way: str) -> pygame.Surface:
    from scenes.online.play_online import PlayOnlineScene

    scene = PlayOnlineScene(app, way)
    app.go(scene, fade=False)
    _frames(app, 0.5)
    scene.code.value = "KQWM RTZA"
    scene.address.value = "192.168.1.20:8765"
    scene.focus.focus(scene.code)
    scene.resume()  # as after any change: the rows and the Join button follow the fields
    _frames(app, 0.3)
    app.draw()
    return app.screen


def shot_join(app: App) -> pygame.Surface:
    return _play_online(app, "join")


def shot_watch(app: App) -> pygame.Surface:
    return _play_online(app, "watch")


class HostedTable:
    """The host in the window and Ben joining from a second client."""

    def __init__(self, app: App, game: str = "goennen-koennen", players: int = 3) -> None:
        from scenes.online.play_online import PlayOnlineScene

        self.app = app
        scene = PlayOnlineScene(app, "host")
        app.go(scene, fade=False)
        _frames(app, 0.3)
        scene.player.value = "Anna"
        scene.game.index = [key for key in GAMES].index(game)
        scene.players.index = players - 2
        scene.start()
        _until(app, lambda: TABLES.current is not None and bool(TABLES.current.codes))
        host = TABLES.current
        assert host is not None and host.host is not None
        self.host = host
        self.server = host.host  # stays the table's server when the host's client is replaced
        self.guest = OnlineClient.join(f"127.0.0.1:{host.host.port}", host.codes["invite"], "Ben")
        _until(app, lambda: len(host.seats) == players and host.seats[1].taken, (self.guest,))
        self.rng = random.Random(3)

    def bots(self) -> None:
        for seat in range(2, len(self.host.seats)):
            self.host.set_bot(seat, "easy")
        _until(self.app, lambda: all(s.taken for s in self.host.seats), (self.guest,))

    def start(self) -> RemoteSession:
        self.host.start_game()
        _until(
            self.app, lambda: self.host.session is not None and self.guest.session is not None, (self.guest,)
        )
        _frames(self.app, 1.0)
        assert self.host.session is not None
        return self.host.session

    def play_until(self, done: Callable[[RemoteSession], bool]) -> None:
        """Ben plays as the easy bot; Anna (in the window) plays as it too, through her session."""
        limit = time.monotonic() + 9 * WAIT
        session = self.host.session
        assert session is not None
        speed = self.app.settings.animation_speed
        self.app.change_settings(animation_speed="instant")  # the way there is not the shot
        while not done(session):
            self.app.step(FRAME)
            self.guest.pump()
            _show_all(self.guest)
            _play_for(self.guest, self.rng)
            if not done(session):  # Anna's move through the table scene, as her click would
                play_easy(self.host, self.rng, getattr(self.app.stack.top, "inner", None))
            if time.monotonic() > limit:
                raise TimeoutError(f"the online game did not reach the shot's position: {self.stand()}")
            time.sleep(0.002)
        self.app.change_settings(animation_speed=speed)

    def stand(self) -> str:
        """Where each side stands (for a shot that timed out)."""
        words = []
        for client in (self.host, self.guest):
            session = client.session
            if session is None:
                words.append(f"seat {client.seat}: no table")
                continue
            words.append(
                f"seat {client.seat}: turn {session.turn} deciders {session.deciders} mine "
                f"{session.human_to_decide} queue {session.queued} refusal {client.refusal!r} "
                f"line {client.line}"
            )
        return "; ".join(words) + f"; top {self.app.stack.top.name if self.app.stack.top else None}"

    def close(self) -> None:
        self.guest.close()
        self.host.close()
        if self.server is not None:
            self.server.stop()
        TABLES.current = None
        TABLES.hosts.clear()


def _with_table(shoot: Callable[[HostedTable], None]) -> Callable[[App], pygame.Surface]:
    def shot(app: App) -> pygame.Surface:
        table = HostedTable(app)
        try:
            shoot(table)
            app.draw()
            return app.screen.copy()
        finally:
            table.close()

    return shot


def _lobby(table: HostedTable) -> None:
    table.host.set_bot(2, "normal")
    _until(table.app, lambda: table.host.seats[2].kind == "bot", (table.guest,))
    _frames(table.app, 0.5)


def _deal(table: HostedTable) -> None:
    table.bots()
    table.start()
    _frames(table.app, 1.5)


def _turn(table: HostedTable) -> None:
    table.bots()
    table.start()
    table.play_until(lambda s: s.human_to_decide and s.state.phase.value == "active" and s.state.round >= 2)
    _frames(table.app, 2.0)


def _chat(table: HostedTable) -> None:
    _turn(table)
    table.guest.say("Nice roll, Anna!")
    _until(table.app, lambda: bool(table.host.chat), (table.guest,))
    _frames(table.app, 1.2)
    table.host.say("Thanks! Your turn is coming.")
    _until(table.app, lambda: len(table.host.chat) == 2, (table.guest,))
    from scenes.online.table import CHAT_PILL

    _click(table.app, CHAT_PILL.center)
    _type(table.app, "gg")
    _frames(table.app, 0.3)


def _reconnect(table: HostedTable) -> None:
    _turn(table)
    table.host.link.backoff = (30.0,)  # the shot is taken while the line waits to come back
    table.host.link.drop()
    _until(table.app, lambda: table.host.line == "reconnecting")
    _frames(table.app, 0.3)


def _bot_for(table: HostedTable) -> None:
    """Ben's line drops for good; past the grace period a bot plays his seat."""
    from game.online import GRACE

    _turn(table)
    table.guest.close()
    hosted = table.host.host
    assert hosted is not None
    server = hosted.server
    room = next(iter(server.rooms.values()))

    def later() -> None:  # as if the line had dropped a grace period ago
        room.leave(1, server.clock() - GRACE - 1)

    _until(table.app, lambda: not hosted.run(lambda: room.seats[1].present))  # the server saw it go
    hosted.run(later)  # the server's own clock then hands the seat to its stand-in
    session = table.host.session
    assert session is not None
    _until(table.app, lambda: 1 in session.away)
    table.play_until(lambda s: s.human_to_decide and s.state.active == 0 and s.state.rolls == 1)
    _frames(table.app, 1.5)


def shot_continue_tables(app: App) -> pygame.Surface:
    """Continue with a saved table game and three online tables, one where it is the seat's turn."""
    from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
    from scenes.model.online.ticket import Ticket, keep_ticket
    from scenes.model.session import GameSession
    from scenes.model.slots import table_slot
    from tools.table_shots import SEATS

    seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.HUMAN), *SEATS[2:3])
    GameSession.start(GameConfig(seats, 0), seed=4, save_path=table_slot()).save()
    urls = ["wss://tables.example.org/play", "wss://tables2.example.org/play"]
    for table, game, players, turn in (
        ("t-relaxed-1", "penk", ["Anna", "Ben", "Cleo"], False),
        ("t-relaxed-2", "goennen-koennen", ["Anna", "Dora"], False),
        ("t-relaxed-3", "goennen-koennen", ["Jan", "Anna", "Pieter", "Greet"], True),
    ):
        seat = players.index("Anna")
        keep_ticket(
            Ticket(urls, game, table, seat, "token", "Anna", players=players, turn=turn, heard=time.time())
        )
    app.go("continue", fade=False)
    _frames(app, 1.0)
    app.draw()
    return app.screen


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "online-continue": shot_continue_tables,
    "online-join": shot_join,
    "online-watch": shot_watch,
    "online-lobby": _with_table(_lobby),
    "online-deal-windows": _with_table(_deal),
    "online-table": _with_table(_turn),
    "online-chat": _with_table(_chat),
    "online-reconnect": _with_table(_reconnect),
    "online-bot-for": _with_table(_bot_for),
}
