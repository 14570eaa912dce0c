"""The Continue screen: every saved game (who plays, which mode, the round, when it was saved),
each resumed by its button, each deleted (after a confirmation) by the button beside it; then
every online table the player holds a seat at (the game, its players, the server, and "your
turn" where the seat was to decide when last heard), each taken back by its button, each
forgotten by the one beside it.

Always a list, even of one: the player sees what Continue resumes before it does, and one press of
Enter on the first row (focused on entry) still resumes the most recent game at once. A damaged
save is listed with its file name; choosing it sets it aside with a message, as Continue always did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core.confirm import Confirmation, ask
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Text, Widget
from scenes.menus.slot_words import game_words, mode_words, row_words, saved_words
from scenes.model.games import GOENNEN_KOENNEN, game_info
from scenes.model.online.ticket import TABLES, Ticket, forget_table, online_tickets
from scenes.model.slots import SlotInfo, delete_slot, unfinished_games

if TYPE_CHECKING:
    from scenes.core.stack import Host

ROW_HEIGHT, ROW_GAP = 44, 6
DELETE_WIDTH = 200


class ContinueScene(MenuScene):
    layout_name = "continue"
    name = "continue"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.rows: list[tuple[SlotInfo, Button, Button]] = []
        self.tables: list[tuple[Ticket, Button, Button]] = []  # the online tables' rows
        self._build()

    def _build(self) -> None:
        area = self.layout["slots"]
        self.rows, self.tables = [], []
        widgets: list[Widget] = []
        most = max(1, area.height // (ROW_HEIGHT + ROW_GAP))
        saved = unfinished_games()[:most]
        for index, info in enumerate(saved):
            resume, delete = _row_buttons(
                area,
                index,
                (self._row_label(info), self._resumer(info), self._row_hint(info)),
                (lambda: t("continue.delete"), self._deleter(info), lambda: t("continue.delete.hint")),
            )
            self.rows.append((info, resume, delete))
            widgets += [resume, delete]
        for index, ticket in enumerate(online_tickets()[: most - len(saved)], start=len(saved)):
            take, forget = _row_buttons(
                area,
                index,
                (self._table_label(ticket), self._taker(ticket), lambda: t("continue.online.row.hint")),
                (
                    lambda: t("continue.online.forget"),
                    self._forgetter(ticket),
                    lambda: t("continue.online.forget.hint"),
                ),
            )
            self.tables.append((ticket, take, forget))
            widgets += [take, forget]
        self.focus.widgets = [*widgets, self.back_button]
        self.focus.focus_index = 0

    @staticmethod
    def _row_label(info: SlotInfo) -> Text:
        return lambda: t("continue.row", mode=mode_words(info), game=row_words(info), saved=saved_words(info))

    @staticmethod
    def _table_label(ticket: Ticket) -> Text:
        def label() -> str:
            players = ", ".join(ticket.players) or ticket.name
            text = t(
                "continue.online.row", game=game_info(ticket.game).name, players=players, server=ticket.server
            )
            return f"{t('continue.online.turn')} · {text}" if ticket.turn else text

        return label

    def _taker(self, ticket: Ticket) -> Callable[[], None]:
        def take() -> None:
            from scenes.model.online.client import OnlineClient  # online play's code: only now

            client = OnlineClient.resume(ticket)
            TABLES.current = client
            self.app.go("online-lobby", client, how="replace")

        return take

    def _forgetter(self, ticket: Ticket) -> Callable[[], None]:
        def forget() -> None:
            ask(
                self.app,
                Confirmation(
                    lambda: t(
                        "continue.online.forget.question", players=", ".join(ticket.players) or ticket.name
                    ),
                    "continue.online.forget.yes",
                    lambda: self._forget(ticket),
                ),
            )

        return forget

    def _forget(self, ticket: Ticket) -> None:
        forget_table(ticket.table)
        self._build()
        if not self.rows and not self.tables:
            self.app.go("title", how="reset")

    @staticmethod
    def _row_hint(info: SlotInfo) -> Text:
        if info.newer:
            return lambda: t("continue.row.newer.hint")
        if not info.resumable:
            return lambda: t("continue.row.unreadable.hint")
        return lambda: t("continue.row.hint")

    def _resumer(self, info: SlotInfo) -> Callable[[], None]:
        def resume() -> None:
            # an unreadable save goes the same way: Continue's guarded load sets it aside (or
            # leaves it in a read-only folder) and the title says why in the player's words
            self.app.go(GOENNEN_KOENNEN.continue_route, info.path, how="reset")

        return resume

    def _deleter(self, info: SlotInfo) -> Callable[[], None]:
        def delete() -> None:
            ask(
                self.app,
                Confirmation(
                    lambda: t("continue.delete.question", game=game_words(info)),
                    "continue.delete.yes",
                    lambda: self._delete(info),
                ),
            )

        return delete

    def _delete(self, info: SlotInfo) -> None:
        try:
            delete_slot(info.path)
        except OSError as error:  # a read-only folder: say so, the list stays as it is
            self.app.notice = t("continue.delete.failed", reason=error.strerror or str(error))
        self._build()
        if not self.rows and not self.tables:
            self.app.go("title", how="reset")

    def resume(self) -> None:
        self.app.request_draw()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("continue.title"))
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])


# a button's (label, action, hint)
ButtonParts = tuple[Callable[[], str], Callable[[], None], Callable[[], str]]


def _row_buttons(
    area: pygame.Rect, index: int, main: ButtonParts, side: ButtonParts
) -> tuple[Button, Button]:
    """One row of the list: the wide button that continues it, and the narrow one beside it."""
    top = area.y + index * (ROW_HEIGHT + ROW_GAP)
    label, action, hint = main
    wide = Button(
        pygame.Rect(area.x, top, area.width - DELETE_WIDTH - 16, ROW_HEIGHT),
        label,
        action,
        hint=hint,
        primary=index == 0,
        size=20,
    )
    label, action, hint = side
    narrow = Button(
        pygame.Rect(area.right - DELETE_WIDTH, top, DELETE_WIDTH, ROW_HEIGHT),
        label,
        action,
        hint=hint,
        size=20,
    )
    return wide, narrow
