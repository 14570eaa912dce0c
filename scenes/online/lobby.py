"""The lobby of an online table: who sits where, the codes to give friends, and Start.

The host sees the join and watch codes and this computer's address, fills open seats with bots
and starts once every seat is taken; a friend sees the seats fill and waits for the start. The
table opens by itself when the game starts (also for a player coming back to a running table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice
from scenes.model.games import game_info
from scenes.model.online.client import OnlineClient
from scenes.model.online.ticket import TABLES
from scenes.online.words import line_words, refusal_words

if TYPE_CHECKING:
    from scenes.core.stack import Host

ROWS = 4
OPEN = ""  # a seat kept for a friend


class LobbyScene(MenuScene):
    layout_name = "newgame"
    name = "online-lobby"

    def __init__(self, app: Host, client: OnlineClient) -> None:
        super().__init__(app)
        self.client = client
        area = self.layout["seats"]
        self.row_height = area.height // ROWS
        self.kinds: list[Choice] = []
        self.levels: tuple[str, ...] = ()
        self.leave_button = Button(
            self.layout["back"], lambda: t("online.leave"), self.leave, hint=lambda: t("online.leave.hint")
        )
        self.start_button = Button(
            self.layout["start"],
            lambda: t("online.start"),
            self.start,
            primary=True,
            hint=lambda: t("online.start.hint"),
        )
        self.start_button.disabled_reason = self._why_not_startable
        area = self.layout["game"]
        self.copy_button = Button(
            pygame.Rect(area.right - 190, area.y + 4, 190, area.height - 8),
            lambda: t("online.copy"),
            self.copy,
            hint=lambda: t("online.copy.hint"),
        )
        self.copied = False
        self.opened = False
        self._build()

    def _build(self) -> None:
        """The seat controls for the seats the lobby message named (the host's only)."""
        client = self.client
        self.levels = game_info(client.game).bot_levels if client.game else ()
        options = (OPEN, *self.levels)
        self.kinds = []
        area = self.layout["seats"]
        for index, _seat in enumerate(client.seats):
            top = area.y + index * self.row_height + 12
            choice = Choice(
                pygame.Rect(area.right - 460, top, 440, self.row_height - 24),
                lambda: "",
                lambda: [t("online.seat.open") if o == OPEN else t(f"newgame.seat.{o}") for o in options],
                0,
                self._seat_changed(index, options),
                hint=lambda: t("online.seat.hint"),
            )
            seat = client.seats[index]
            choice.index = options.index(seat.level) if seat.kind == "bot" and seat.level in options else 0
            choice.enabled = client.is_host and index > 0 and not (seat.kind == "human" and seat.taken)
            self.kinds.append(choice)
        widgets = [choice for choice in self.kinds if choice.enabled]
        hosting = [self.copy_button, self.start_button] if client.is_host else []
        self.focus.widgets = [*widgets, self.leave_button, *hosting]
        self.start_button.enabled = not self._why_not_startable()
        self._shape = self._lobby_shape()

    def _lobby_shape(self) -> tuple[object, ...]:
        return tuple((s.kind, s.level, s.taken) for s in self.client.seats) + (
            self.client.seat,
            self.client.game,
        )

    def _seat_changed(self, seat: int, options: tuple[str, ...]) -> Callable[[int], None]:
        def changed(index: int) -> None:
            self.client.set_bot(seat, options[index])

        return changed

    def _why_not_startable(self) -> str:
        if not self.client.is_host:
            return t("online.start.host_only")
        if any(seat.kind == "human" and not seat.taken for seat in self.client.seats):
            return t("online.start.seats_open")
        return ""

    def copy(self) -> None:
        """The codes and the address onto the clipboard, to paste into a message to friends."""
        try:
            pygame.scrap.put_text(self.client.invitation())
            self.copied = True
        except pygame.error:  # no clipboard here (a headless machine): the codes stay on screen
            self.copied = False
        self.app.request_draw()

    def start(self) -> None:
        if not self._why_not_startable():
            self.client.start_game()

    def leave(self) -> None:
        """Back to Play online; a host closes the table (nobody can join it any more)."""
        client = self.client
        client.close()
        if client.host is not None:
            client.host.stop()
            if client.host in TABLES.hosts:
                TABLES.hosts.remove(client.host)
        TABLES.current = None
        self.app.go("online", how="replace")

    def back(self) -> None:
        self.leave()

    # -- each frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if client.pump():
            if self._lobby_shape() != self._shape:
                self._build()
            self.start_button.enabled = not self._why_not_startable()
            self.app.request_draw()
        if client.session is not None and not self.opened:
            self.opened = True
            self.app.go("table", client.session, how="replace")

    @property
    def animating(self) -> bool:
        return True  # the line may bring news any frame

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        client = self.client
        self.draw_backdrop(surface)
        title = t("online.lobby.title", game=game_info(client.game).name if client.game else "…")
        self.draw_heading(surface, title)
        self._draw_codes(surface)
        area = self.draw_rows(surface)
        for index, seat in enumerate(client.seats):
            top = area.y + index * self.row_height
            centre = (area.x + 44, top + self.row_height // 2)
            mark = theme.SEAT_COLOURS[index % 4]
            self.draw_seat_badge(surface, centre, mark, index)
            name, state = self._seat_words(index)
            fitted = fonts.line(name, 26, 420, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 90, centre[1] - 12)))
            small = fonts.line(state, 18, 420, theme.FOCUS if seat.present else (170, 200, 190))
            if small is not None:
                surface.blit(small.surface, small.surface.get_rect(midleft=(area.x + 90, centre[1] + 16)))
            if index < ROWS - 1 and index < len(client.seats) - 1:
                y = top + self.row_height
                pygame.draw.line(surface, (44, 96, 84), (area.x + 10, y), (area.right - 10, y), 1)
        self.focus.draw(surface)  # the host's seat controls; a guest only reads the seats
        self._draw_status(surface)

    def _seat_words(self, index: int) -> tuple[str, str]:
        client = self.client
        seat = client.seats[index]
        you = t("online.seat.you") if index == client.seat else ""
        if seat.kind == "bot":
            return t(f"newgame.seat.{seat.level}"), t("online.seat.ready")
        if not seat.taken:
            return t("online.seat.open"), t("online.seat.waiting")
        state = t("online.seat.ready") if seat.present else t("online.seat.away")
        return f"{seat.name}{you}", state

    def _draw_codes(self, surface: pygame.Surface) -> None:
        client = self.client
        area = self.layout["game"]
        if client.codes:
            invite, watch = client.codes.get("invite", ""), client.codes.get("watch", "")
            addresses = client.addresses()
            text = t(
                "online.codes",
                invite=f"{invite[:4]} {invite[4:]}",
                watch=f"{watch[:4]} {watch[4:]}",
                address=addresses[0] if addresses else "?",
            )
        elif client.watching:
            text = t("online.lobby.watching")
        else:
            text = t("online.lobby.guest")
        fitted = fonts.line(text, 22, area.width - 210, theme.FOCUS, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=area.midleft))

    def _draw_status(self, surface: pygame.Surface) -> None:
        client = self.client
        row = self.layout["start_player"]
        if client.fatal is not None:
            text, colour = t("online.refused", reason=refusal_words(client.fatal)), theme.WARNING
        elif client.line != "connected":
            text, colour = line_words(client), theme.CREAM
        elif client.refusal is not None:
            text, colour = refusal_words(client.refusal), theme.WARNING
        elif self.copied:
            text, colour = t("online.copied"), theme.FOCUS
        elif client.host is not None:
            text, colour = t("online.host.note"), theme.CREAM
        elif not client.is_host:
            text, colour = t("online.lobby.wait_for_host"), theme.CREAM
        else:
            text, colour = "", theme.CREAM
        fitted = fonts.block(text, 18, (row.width, row.height), colour, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=row.midleft))
        self.focus.draw_hint(surface, self.layout["hint"])
