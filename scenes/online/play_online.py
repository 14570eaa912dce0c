"""Play online: host a table on this computer, join a friend's with its code, or watch one.

Hosting starts the table server on a thread of this game and opens the lobby with the codes to
give friends; joining and watching need the host's address and a code (a watch code seats
nobody). The last online table, if its seat can still be taken back, is offered first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice, TextField, Widget
from scenes.model.games import GAMES
from scenes.model.online.client import OnlineClient, normal_code
from scenes.model.online.online_setup import OnlineSetup, load_online_setup, save_online_setup
from scenes.model.online.ticket import TABLES, online_ticket

if TYPE_CHECKING:
    from scenes.core.stack import Host

WAYS = ("host", "join", "watch")
TIMERS = ("off", "normal", "fast")
ROWS = 4
LABEL_WIDTH = 300


class PlayOnlineScene(MenuScene):
    layout_name = "newgame"
    name = "online"

    def __init__(self, app: Host, way: str = "host") -> None:
        super().__init__(app)
        setup = load_online_setup()
        area = self.layout["seats"]
        self.row_height = area.height // ROWS
        self.way = Choice(
            self.layout["game"].inflate(-160, 0),
            lambda: t("online.way"),
            lambda: [t(f"online.way.{way}") for way in WAYS],
            WAYS.index(way) if way in WAYS else 0,
            lambda _index: self._refresh(),
            hint=lambda: t("online.way.hint"),
        )
        self.player = TextField(self._row(0), setup.name or t("newgame.default_name", number=1), self._typed)
        self.player.hint = lambda: t("online.name.hint")
        keys = [info.key for info in GAMES]
        self.game = Choice(
            self._row(1),
            lambda: "",
            lambda: [info.name for info in GAMES],
            keys.index(setup.game) if setup.game in keys else 0,
            lambda _index: self._refresh(),
            hint=lambda: t("online.game.hint"),
        )
        self.players = Choice(
            self._row(2),
            lambda: "",
            lambda: [t("online.players", number=n) for n in self._player_counts()],
            0,
            lambda _index: None,
            hint=lambda: t("online.players.hint"),
        )
        self.players.index = max(0, min(setup.players - 2, len(self._player_counts()) - 1))
        self.timers = Choice(
            self._row(3),
            lambda: "",
            lambda: [t(f"online.timers.{name}") for name in TIMERS],
            TIMERS.index(setup.timers) if setup.timers in TIMERS else 0,
            lambda _index: None,
            hint=lambda: t("online.timers.hint"),
        )
        self.code = TextField(self._row(1), "", self._typed, limit=11)
        self.code.hint = lambda: t("online.code.hint")
        self.address = TextField(self._row(2), setup.address, self._typed, limit=40)
        self.address.hint = lambda: t("online.address.hint")
        self.ticket = online_ticket()
        self.at_once = way == "back"  # Continue on the title: straight back to the table
        row = self.layout["start_player"]
        self.back_to_table = Button(
            pygame.Rect(row.right - 420, row.y + 4, 420, row.height - 8),
            lambda: t("online.back_to_table"),
            self._back_to_table,
            hint=lambda: t("online.back_to_table.hint"),
        )
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.start_button = Button(
            self.layout["start"], lambda: t(f"online.go.{self.chosen}"), self.start, primary=True
        )
        self.start_button.hint = lambda: t(f"online.go.{self.chosen}.hint")
        self.start_button.disabled_reason = self._why_not
        self.problem: Callable[[], str] | None = None  # why the last try did not open a table
        self.port: int | None = None  # the port to host on (None: the usual one when free)
        self._refresh()
        self.focus.focus(self.start_button if self.chosen == "host" else self.code)

    def _row(self, index: int) -> pygame.Rect:
        area = self.layout["seats"]
        top = area.y + index * self.row_height + 12
        return pygame.Rect(
            area.x + LABEL_WIDTH + 40, top, area.width - LABEL_WIDTH - 80, self.row_height - 24
        )

    @property
    def chosen(self) -> str:
        return WAYS[self.way.index]

    def _player_counts(self) -> list[int]:
        info = GAMES[self.game.index]
        return list(range(max(2, info.min_seats), info.max_seats + 1))

    def _typed(self, _value: str) -> None:
        self.problem = None
        self._refresh()

    def _rows(self) -> list[tuple[str, Widget]]:
        """The label key and control of each row for the way chosen."""
        if self.chosen == "host":
            return [
                ("online.name", self.player),
                ("online.game", self.game),
                ("online.players.label", self.players),
                ("online.timers", self.timers),
            ]
        rows: list[tuple[str, Widget]] = [("online.code", self.code), ("online.address", self.address)]
        return ([("online.name", self.player)] if self.chosen == "join" else []) + rows

    def _refresh(self) -> None:
        rows = self._rows()
        for index, (_key, widget) in enumerate(rows):
            top = self._row(index).y
            widget.rect.y = top
        counts = self._player_counts()
        self.players.index = min(self.players.index, len(counts) - 1)
        usable = [widget for _key, widget in rows]
        ticket = [self.back_to_table] if self.ticket is not None else []
        self.focus.widgets = [self.way, *usable, *ticket, self.back_button, self.start_button]
        self.start_button.enabled = not self._why_not()
        self.app.request_draw()

    def _why_not(self) -> str:
        if self.chosen != "watch" and not self.player.value.strip():
            return t("newgame.start.name_missing")
        if self.chosen != "host":
            if len(normal_code(self.code.value)) != 8:
                return t("online.code.short")
            if not self.address.value.strip():
                return t("online.address.missing")
        return ""

    # -- going on -------------------------------------------------------------------------------
    def start(self) -> None:
        if self._why_not():
            return
        name = self.player.value.strip()
        info = GAMES[self.game.index]
        players = self._player_counts()[self.players.index]
        save_online_setup(
            OnlineSetup(name, info.key, players, TIMERS[self.timers.index], self.address.value.strip())
        )
        try:
            if self.chosen == "host":
                client = OnlineClient.host_table(
                    info.key, players, name, TIMERS[self.timers.index], self.port
                )
                TABLES.hosts.append(client.host)
            elif self.chosen == "join":
                client = OnlineClient.join(self.address.value, self.code.value, name)
            else:
                client = OnlineClient.watch(self.address.value, self.code.value)
        except (OSError, TimeoutError) as error:  # no port to listen on, or no network at all
            reason = str(error.strerror or error) if isinstance(error, OSError) else str(error)
            self.problem = lambda: t("online.problem.host", reason=reason)
            self.app.request_draw()
            return
        TABLES.current = client
        self.app.go("online-lobby", client, how="replace")

    def _back_to_table(self) -> None:
        if self.ticket is None:
            return
        client = OnlineClient.resume(self.ticket)
        TABLES.current = client
        self.app.go("online-lobby", client, how="replace")

    def enter(self) -> None:
        if self.at_once:
            self.at_once = False
            self._back_to_table()

    def resume(self) -> None:
        self._refresh()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("online.title"))
        area = self.draw_rows(surface)
        for index, (key, widget) in enumerate(self._rows()):
            fitted = fonts.line(t(key), 24, LABEL_WIDTH, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(
                    fitted.surface, fitted.surface.get_rect(midleft=(area.x + 30, widget.rect.centery))
                )
            if index < ROWS - 1:
                y = area.y + (index + 1) * self.row_height
                pygame.draw.line(surface, (44, 96, 84), (area.x + 10, y), (area.right - 10, y), 1)
        if self.chosen == "host":  # what hosting means for the dice, said before it starts
            row = self.layout["start_player"]
            note = fonts.block(t("online.host.note"), 17, (row.width - 440, row.height), theme.FOCUS, "bold")
            if note is not None:
                surface.blit(note.surface, note.surface.get_rect(midleft=row.midleft))
        self.focus.draw(surface)
        problem = self.problem() if self.problem is not None else ""
        if problem:
            fitted = fonts.line(problem, 18, self.layout["hint"].width, theme.WARNING, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, self.layout["hint"].topleft)
        else:
            self.focus.draw_hint(surface, self.layout["hint"])
