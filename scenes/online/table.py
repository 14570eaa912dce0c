"""The online table: the game's own table screen, with what playing over a line adds on top.

The table underneath is the offline one (deal, turns, final score of either game), driven by the
seat's RemoteSession; this scene reads the line every frame and adds: who must decide now and
their clock, the chat (a line of up to 200 characters, each player muted with a click), an
overlay that freezes input while the line is down, a refusal from the server said where the
table says its own, and the game into the archive when it ends.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.stack import Scene
from scenes.core.widgets import TextField
from scenes.model.online.client import OnlineClient
from scenes.model.online.remote import RemoteSession
from scenes.model.online.ticket import TABLES
from scenes.online.words import line_words, refusal_words

if TYPE_CHECKING:
    from scenes.core.stack import Host

LOG = logging.getLogger("online-table")
CHAT_PILL = pygame.Rect(890, 13, 115, 30)
CLOCK_PILL = pygame.Rect(722, 13, 160, 30)  # clear of the header of every language
CHAT_PANEL = pygame.Rect(700, 380, 560, 330)
CHAT_TOAST_SECONDS = 6.0
CHAT_LINES = 8


class OnlineTableScene(Scene):
    name = "online-table"

    def __init__(self, app: Host, session: RemoteSession, inner: Scene, client: OnlineClient) -> None:
        super().__init__(app)
        self.session = session
        self.inner = inner
        self.client = client
        self.chatting = False
        self.field = TextField(
            pygame.Rect(CHAT_PANEL.x + 12, CHAT_PANEL.bottom - 54, CHAT_PANEL.width - 24, 42),
            "",
            lambda _value: None,
            limit=200,
        )
        self.toast = 0.0  # seconds the newest chat line stays over the table
        self.seen_chat = len(client.chat)
        self.seen_refusal = client.refusal
        self.mute_rects: dict[int, pygame.Rect] = {}
        session.stand_in_words = lambda name: t("online.bot_for", name=name)
        # Pause -> Save and quit leaves the table: the seat's ticket is kept for Continue and the
        # line is closed (the inner table only knows how to save an offline game)
        inner.save_and_quit = self.leave  # type: ignore[attr-defined]

    # -- the inner table ------------------------------------------------------------------------
    def enter(self) -> None:
        self.inner.enter()

    def exit(self) -> None:
        self.inner.exit()

    def pause(self) -> None:
        self.inner.pause()

    def resume(self) -> None:
        self.inner.resume()

    @property
    def wants_text(self) -> bool:
        return self.chatting

    @property
    def frozen(self) -> bool:
        """Input waits while the line is down (the overlay says so)."""
        return self.client.line != "connected" and self.client.fatal is None

    # -- each frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if client.pump():
            self.app.request_draw()
        if len(client.chat) != self.seen_chat:
            self.seen_chat = len(client.chat)
            if client.shown_chat() and client.chat[-1].seat not in client.muted:
                self.toast = CHAT_TOAST_SECONDS
                self.app.play("click")
        self.toast = max(0.0, self.toast - dt)
        if client.refusal is not self.seen_refusal:
            self.seen_refusal = error = client.refusal
            refuse = getattr(self.inner, "refuse", None)
            if error is not None and refuse is not None:
                refuse(lambda: refusal_words(error))
        if client.over is not None and not client.archived:
            client.archived = True
            self._archive(client)
        if client.fatal is not None and client.session is not None and not client.session.over:
            self.app.notice = t("online.refused", reason=refusal_words(client.fatal))
            self.app.go("title", how="reset")
            return
        self.inner.update(dt)

    def _archive(self, client: OnlineClient) -> None:
        """The finished game into the archive, with its seats, the key and its commitment."""
        try:
            from scenes.model.online_games import OnlineResult, archive_online
        except ImportError:  # the archive of online games is not in this build
            return
        over = client.over or {}
        key = over.get("key") if isinstance(over.get("key"), str) else None
        given = over.get("save")
        save: dict[str, Any] = given if isinstance(given, dict) else {}
        result = OnlineResult(
            game=client.game,
            save=save,
            key=key,
            commit=client.commit or "",
            seats=tuple(client.people_and_bots()),
            seat=client.seat,
            host_mode=client.among_friends or client.host is not None,
            ended="finished",
        )
        try:
            problem = archive_online(result)
        except Exception:  # the archive must never stop the table: said in the log
            LOG.exception("an online game could not be archived")
            return
        self.session.archive_problem = problem

    @property
    def animating(self) -> bool:
        return True  # the line may bring a move any frame

    def leave(self) -> None:
        """Leave the table to the title; Continue (or Back to your table) takes the seat again."""
        problem = self.session.save()
        self.client.close()
        TABLES.current = None
        if problem is not None:
            from scenes.core import file_notices

            self.app.notice = file_notices.not_saved(file_notices.GAME, problem)
        self.app.go("title", how="reset")

    # -- input ----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        action = intent.action
        if self.chatting:
            self._handle_chat(intent)
            return
        if intent.pos is not None and action == Action.POINTER_UP and CHAT_PILL.collidepoint(intent.pos):
            self.chatting = True
            self.app.request_draw()
            return
        if intent.pos is not None and action == Action.POINTER_DOWN and CHAT_PILL.collidepoint(intent.pos):
            return
        if self.frozen and action not in (Action.BACK, Action.MENU):
            return
        self.inner.handle(intent)

    def _handle_chat(self, intent: Intent) -> None:
        action = intent.action
        if action == Action.TEXT:
            self.field.type(intent.text)
        elif action == Action.ERASE:
            self.field.erase()
        elif action == Action.CONFIRM and intent.pos is None:
            text = " ".join(self.field.value.split())
            if text and self.client.say(text):
                self.field.value = ""
        elif action == Action.BACK or (
            action == Action.POINTER_UP and intent.pos is not None and CHAT_PILL.collidepoint(intent.pos)
        ):
            self.chatting = False
        elif action == Action.POINTER_UP and intent.pos is not None:
            for seat, rect in self.mute_rects.items():
                if rect.collidepoint(intent.pos):
                    self.client.toggle_mute(seat)
        self.app.request_draw()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)
        self._draw_clock(surface)
        self._draw_chat_pill(surface)
        if self.chatting:
            self._draw_chat(surface)
        elif self.toast > 0 and self.client.shown_chat():
            self._draw_toast(surface)
        if self.frozen or self.client.fatal is not None:
            self._draw_line_down(surface)

    def _pill(self, surface: pygame.Surface, rect: pygame.Rect, text: str, lit: bool = False) -> None:
        fill = (60, 50, 20) if lit else (18, 54, 47)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.FOCUS, rect, 2, border_radius=rect.height // 2)
        fitted = fonts.line(text, 16, rect.width - 16, theme.CREAM, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=rect.center))

    def _draw_clock(self, surface: pygame.Surface) -> None:
        """Whoever must decide, with a ring in their colour and the time they have left."""
        session = self.session
        deciders = session.deciders
        if session.over or not deciders:
            return
        names = ", ".join(session.name(seat) for seat in deciders[:3])
        left = self.client.seconds_left()
        clock = f" · {int(left) // 60}:{int(left) % 60:02d}" if left is not None else ""
        lit = session.seat in deciders
        self._pill(surface, CLOCK_PILL, f"{names}{clock}", lit=lit)
        colour = theme.SEAT_COLOURS[deciders[0] % 4]
        centre = (CLOCK_PILL.x - 14, CLOCK_PILL.centery)
        phase = (pygame.time.get_ticks() % 1200) / 1200
        pygame.draw.circle(surface, colour, centre, 8)
        pygame.draw.circle(surface, colour, centre, 10 + round(4 * phase), 2)
        ring = getattr(self.inner, "seat_area", None)
        if callable(ring) and left is not None and left < 15:  # the last seconds: the seat's area rings
            for seat in deciders:
                try:
                    area = ring(seat)
                except (KeyError, IndexError, AttributeError):
                    continue
                pygame.draw.rect(surface, theme.WARNING, area.inflate(6, 6), 3, border_radius=16)

    def _draw_chat_pill(self, surface: pygame.Surface) -> None:
        unread = self.toast > 0
        self._pill(surface, CHAT_PILL, t("online.chat"), lit=unread or self.chatting)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        line = self.client.shown_chat()[-1]
        text = f"{line.name}: {line.text}"
        fitted = fonts.block(text, 18, (480, 3 * 22), theme.WHITE, "bold")
        if fitted is None:
            return
        box = fitted.surface.get_rect().inflate(24, 14)
        box.topright = (CHAT_PILL.right, CHAT_PILL.bottom + 8)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 30, 26, 225), panel.get_rect(), border_radius=12)
        surface.blit(panel, box)
        pygame.draw.rect(surface, theme.SEAT_COLOURS[line.seat % 4], box, 2, border_radius=12)
        surface.blit(fitted.surface, fitted.surface.get_rect(center=box.center))

    def _draw_chat(self, surface: pygame.Surface) -> None:
        panel = pygame.Surface(CHAT_PANEL.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 30, 26, 240), panel.get_rect(), border_radius=16)
        surface.blit(panel, CHAT_PANEL)
        pygame.draw.rect(surface, theme.FOCUS, CHAT_PANEL, 2, border_radius=16)
        x, y = CHAT_PANEL.x + 14, CHAT_PANEL.y + 10
        # the players, each muted or heard with a click
        self.mute_rects = {}
        for seat, config in enumerate(self.client.seat_configs()):
            if seat == self.client.seat or config.level is not None:
                continue
            muted = seat in self.client.muted
            label = t("online.chat.muted" if muted else "online.chat.heard", name=config.name)
            fitted = fonts.line(label, 15, 170, theme.CREAM, "bold", "center")
            if fitted is None:
                continue
            rect = pygame.Rect(x, y, fitted.surface.get_width() + 20, 26)
            pygame.draw.rect(surface, (70, 40, 40) if muted else (18, 54, 47), rect, border_radius=13)
            pygame.draw.rect(surface, theme.SEAT_COLOURS[seat % 4], rect, 2, border_radius=13)
            surface.blit(fitted.surface, fitted.surface.get_rect(center=rect.center))
            self.mute_rects[seat] = rect
            x = rect.right + 8
        y += 36
        room = self.field.rect.y - 22 - y  # above the hint line over the field
        lines = self.client.shown_chat()[-CHAT_LINES:]
        if not lines:
            empty = fonts.line(t("online.chat.empty"), 17, CHAT_PANEL.width - 28, (170, 200, 190))
            if empty is not None:
                surface.blit(empty.surface, (CHAT_PANEL.x + 14, y))
        rows: list[Any] = []
        for line in lines:
            fitted = fonts.block(f"{line.name}: {line.text}", 17, (CHAT_PANEL.width - 28, 44), theme.CREAM)
            if fitted is not None:
                rows.append((line.seat, fitted.surface))
        total = sum(image.get_height() + 2 for _seat, image in rows)
        top = y + max(0, room - total)
        for seat, image in rows:
            if top + image.get_height() > self.field.rect.y - 22:
                break
            if top >= y:
                pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (CHAT_PANEL.x + 8, top + 10), 4)
                surface.blit(image, (CHAT_PANEL.x + 16, top))
            top += image.get_height() + 2
        self.field.draw(surface, True)
        hint = fonts.line(t("online.chat.hint"), 14, CHAT_PANEL.width - 28, (170, 200, 190))
        if hint is not None:
            surface.blit(hint.surface, (CHAT_PANEL.x + 14, self.field.rect.y - 18))

    def _draw_line_down(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        client = self.client
        if client.fatal is not None:
            text = t("online.refused", reason=refusal_words(client.fatal))
        else:
            text = f"{t('online.line.lost')} {line_words(client)}"
        fitted = fonts.block(text, 26, (640, 200), theme.WHITE, "bold", "center")
        if fitted is None:
            return
        box = fitted.surface.get_rect().inflate(60, 40)
        box.center = surface.get_rect().center
        pygame.draw.rect(surface, theme.WARNING, box, border_radius=18)
        surface.blit(fitted.surface, fitted.surface.get_rect(center=box.center))


def online_table(app: Host, session: RemoteSession, inner: Scene) -> Scene:
    """The online table around `inner`, the game's own table scene for the session's stage."""
    client = TABLES.current
    if client is None or client.session is not session:
        raise ValueError("an online table needs its client")
    return OnlineTableScene(app, session, inner, client)
