"""The archive: every game played, newest first (date, mode, players and scores, how it ended),
filtered by mode and by origin (the player's own games, or a friend's imported from a file, marked
in their row) and sorted by date or score, a page at a time. A row opens its replay; the buttons
beside it review the game, export it to a file, and delete it (after a confirmation naming it).
Import reads the files waiting in the imports folder. The unfinished games (Continue's) head the
unfiltered list, and open in the replay the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.goennen.serialize import FIRST_GAME, SaveError
from scenes.core import file_notices, fonts, theme
from scenes.core.confirm import Confirmation, ask
from scenes.core.file_notices import ARCHIVE
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Text, Widget
from scenes.history.words import archive_trouble, row_words
from scenes.model import archive as archive_module
from scenes.model.archive import GameRow
from scenes.model.archive_entry import PENK
from scenes.model.archive_share import EXPORTS, IMPORTS, export_game, import_games
from scenes.model.online_games import ONLINE_HOST
from scenes.model.replay import Replay
from scenes.model.session import GameSession
from scenes.model.slots import SlotInfo, unfinished_games
from scenes.model.userdata import data_dir

if TYPE_CHECKING:
    from scenes.core.stack import Host

ROW_HEIGHT, ROW_GAP = 40, 6
EXPORT_WIDTH = 130
REVIEW_WIDTH = 130
DELETE_WIDTH = 130
FILTERS = (None, "multiplayer", "solo", "campaign", "watch")
ORDERS = ("newest", "oldest", "best")
ORIGINS: tuple[bool | None, ...] = (None, False, True)  # the `imported` filter: all, own, imported
ORIGIN_WORDS = {None: "all", False: "own", True: "imported"}
REPLAY = "replay"
REVIEW = "review"
STATISTICS = "statistics"


class ArchiveScene(MenuScene):
    layout_name = "archive"
    name = "archive"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.folder = data_dir()
        self.archive = archive_module.store(self.folder)
        self.mode: str | None = None
        self.order = "newest"
        self.imported: bool | None = None
        self.page = 0
        self.message = ""  # what the last export or import did, shown in the hint line
        news = archive_module.news()
        if news is not None:
            self.message = file_notices.unreadable(ARCHIVE, news)
        self.back_button = Button(self.layout["back"], lambda: t("common.back"), self.back)
        self._build()

    @property
    def rows_per_page(self) -> int:
        return max(1, self.layout["games"].height // (ROW_HEIGHT + ROW_GAP))

    def _build(self) -> None:
        widgets: list[Widget] = [*self._filter_buttons()]
        area = self.layout["games"]
        unfinished = unfinished_games() if self._shows_unfinished() and self.page == 0 else []
        unfinished = [info for info in unfinished if info.resumable][: self.rows_per_page - 1]
        room = self.rows_per_page - len(unfinished)
        offset = max(0, self.page * self.rows_per_page - self._unfinished_on_first_page())
        self.rows = self.archive.games(self.mode, self.order, room, offset, self.imported)
        self.more = self.archive.count(self.mode, self.imported) > offset + len(self.rows)
        self.total = self.archive.count()  # asked here, not in every frame's heading
        trouble = archive_trouble(self.archive)
        # a busy or damaged archive answered nothing: the list is not "no games yet"
        self.unanswered = self.archive.busy or self.archive.read_problem is not None
        if trouble is not None:
            self.message = trouble
        top = area.y
        for info in unfinished:
            widgets.append(
                self._row_button(top, area.width, self._unfinished_label(info), self._open_slot(info))
            )
            top += ROW_HEIGHT + ROW_GAP
        for row in self.rows:
            room = area.width - EXPORT_WIDTH - REVIEW_WIDTH - DELETE_WIDTH - 36
            widgets.append(self._row_button(top, room, self._label(row), self._open(row)))
            if row.mode == ONLINE_HOST:  # the row says "among friends"; its hint who held the key
                widgets[-1].hint = lambda: t("archive.row.online_host.hint")
            review = Button(
                pygame.Rect(
                    area.right - DELETE_WIDTH - EXPORT_WIDTH - REVIEW_WIDTH - 24,
                    top,
                    REVIEW_WIDTH,
                    ROW_HEIGHT,
                ),
                lambda: t("archive.review"),
                self._open(row, review=True),
                hint=lambda: t("archive.review.hint"),
                size=18,
            )
            review.enabled = self.app.serves(REVIEW) and reviewable(row)
            review.disabled_reason = lambda: t("archive.review.unavailable")
            widgets.append(review)
            widgets.append(
                Button(
                    pygame.Rect(area.right - DELETE_WIDTH - EXPORT_WIDTH - 12, top, EXPORT_WIDTH, ROW_HEIGHT),
                    lambda: t("archive.export"),
                    self._exporter(row),
                    hint=lambda: t("archive.export.hint", folder=str(self.folder / EXPORTS)),
                    size=18,
                )
            )
            widgets.append(
                Button(
                    pygame.Rect(area.right - DELETE_WIDTH, top, DELETE_WIDTH, ROW_HEIGHT),
                    lambda: t("archive.delete"),
                    self._deleter(row),
                    hint=lambda: t("archive.delete.hint"),
                    size=18,
                )
            )
            top += ROW_HEIGHT + ROW_GAP
        self.empty = not unfinished and not self.rows
        widgets += self._action_buttons()
        self.focus.widgets = [*widgets, self.back_button]
        filters = len(FILTERS) + 2  # the mode filters, the order and the origin: the first row follows
        self.focus.focus_index = filters if len(widgets) > filters else 0

    def _shows_unfinished(self) -> bool:
        """The unfinished games head the list of every mode and of the player's own games."""
        return self.mode is None and self.imported is not True

    def _unfinished_on_first_page(self) -> int:
        if not self._shows_unfinished():
            return 0
        return len([info for info in unfinished_games() if info.resumable][: self.rows_per_page - 1])

    def _row_button(self, top: int, width: int, label: Text, action: Callable[[], None]) -> Button:
        area = self.layout["games"]
        return Button(
            pygame.Rect(area.x, top, width, ROW_HEIGHT),
            label,
            action,
            hint=lambda: t("archive.row.hint"),
            size=18,
        )

    def _filter_buttons(self) -> list[Button]:
        area = self.layout["filters"]
        count = len(FILTERS) + 2
        gap = 10
        width = (area.width - gap * (count - 1)) // count
        buttons = []
        for index, mode in enumerate(FILTERS):
            rect = pygame.Rect(area.x + index * (width + gap), area.y, width, area.height)
            key = f"archive.filter.{mode or 'all'}"
            buttons.append(Button(rect, _text(key), self._filterer(mode), primary=mode == self.mode, size=18))
        rect = pygame.Rect(area.x + len(FILTERS) * (width + gap), area.y, width, area.height)
        buttons.append(
            Button(
                rect,
                lambda: t(f"archive.order.{self.order}"),
                self.next_order,
                hint=lambda: t("archive.order.hint"),
                size=18,
            )
        )
        rect = pygame.Rect(area.x + (len(FILTERS) + 1) * (width + gap), area.y, width, area.height)
        buttons.append(
            Button(
                rect,
                lambda: t(f"archive.origin.{ORIGIN_WORDS[self.imported]}"),
                self.next_origin,
                hint=lambda: t("archive.origin.hint"),
                size=18,
            )
        )
        return buttons

    def _action_buttons(self) -> list[Button]:
        area = self.layout["actions"]
        entries: list[tuple[str, Callable[[], None], bool]] = [
            ("archive.statistics", lambda: self.app.go(STATISTICS), self.app.serves(STATISTICS)),
            ("archive.import", self.import_files, True),
            ("archive.page.previous", lambda: self.turn_page(-1), self.page > 0),
            ("archive.page.next", lambda: self.turn_page(1), self.more),
        ]
        gap = 14
        width = (area.width - gap * (len(entries) - 1)) // len(entries)
        buttons = []
        for index, (key, action, enabled) in enumerate(entries):
            rect = pygame.Rect(area.x + index * (width + gap), area.y, width, area.height)
            button = Button(rect, _text(key), action, hint=_text(f"{key}.hint"), size=20)
            button.enabled = enabled
            buttons.append(button)
        buttons[1].hint = lambda: t("archive.import.hint", folder=str(self.folder / IMPORTS))
        self.actions = {
            key.removeprefix("archive."): button for (key, _, _), button in zip(entries, buttons, strict=True)
        }
        return buttons

    # --- what the rows say ---------------------------------------------------------------------------

    @staticmethod
    def _label(row: GameRow) -> Text:
        return lambda: row_words(row)

    @staticmethod
    def _unfinished_label(info: SlotInfo) -> Text:
        names = ", ".join(info.names[:4])
        return lambda: t("archive.unfinished", names=names, round=max(1, info.round))

    # --- what the buttons do ---------------------------------------------------------------------------

    def _filterer(self, mode: str | None) -> Callable[[], None]:
        def choose() -> None:
            self.mode, self.page = mode, 0
            self._rebuild()

        return choose

    def next_order(self) -> None:
        self.order = ORDERS[(ORDERS.index(self.order) + 1) % len(ORDERS)]
        self.page = 0
        self._rebuild(keep_focus=True)

    def next_origin(self) -> None:
        self.imported = ORIGINS[(ORIGINS.index(self.imported) + 1) % len(ORIGINS)]
        self.page = 0
        self._rebuild(keep_focus=True)

    def turn_page(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self._rebuild(keep_focus=True)

    def _rebuild(self, keep_focus: bool = False) -> None:
        focused = self.focus.focus_index
        self._build()
        if keep_focus:
            self.focus.focus_index = min(focused, len(self.focus.widgets) - 1)
        self.app.request_draw()

    def _open(self, row: GameRow, review: bool = False) -> Callable[[], None]:
        """Open the game's replay, or (`review`) its review."""

        def open_replay() -> None:
            record = self.archive.record_of(row.id)
            try:
                if record is None:
                    raise SaveError("the archived record is damaged")
                replay = Replay.of_record(record, f"#{row.id}")
            except SaveError as error:  # a game of another deck version, or a damaged record
                files_log(error)
                self.message = t("archive.cannot_replay")
                self.app.request_draw()
                return
            if review:
                self.app.go(REVIEW, row.id, replay)
            else:
                self.app.go(REPLAY, replay)

        return open_replay

    def _open_slot(self, info: SlotInfo) -> Callable[[], None]:
        def open_replay() -> None:
            try:
                replay = Replay(GameSession.resume(info.path))
            except SaveError as error:  # a damaged save
                files_log(error)
                self.message = t("archive.cannot_replay")
                self.app.request_draw()
                return
            self.app.go(REPLAY, replay)

        return open_replay

    def _deleter(self, row: GameRow) -> Callable[[], None]:
        return lambda: self.ask_delete(row)

    def ask_delete(self, row: GameRow) -> None:
        """Ask before deleting, naming the game; only the dialog's Delete deletes it."""
        ask(
            self.app,
            Confirmation(
                lambda: t("archive.delete.question", game=row_words(row)),
                "archive.delete.yes",
                lambda: self.delete(row),
            ),
        )

    def delete(self, row: GameRow) -> None:
        """Take the game out of the archive (asked first by `_deleter`); the list closes up."""
        problem = self.archive.delete(row.id)
        if problem is not None:  # a read-only or full disk: say so, the list stays as it is
            self.message = t("archive.delete.failed", reason=file_notices.reason(problem))
        else:
            self.message = t("archive.deleted", game=row_words(row))
        self._rebuild(keep_focus=True)
        if self.page > 0 and not self.rows:  # the page's last game: back to the page before
            self.page -= 1
            self._rebuild(keep_focus=True)

    def _exporter(self, row: GameRow) -> Callable[[], None]:
        def export() -> None:
            target, problem = export_game(self.archive, row.id, self.folder)
            if target is not None:
                self.message = t("archive.exported", file=str(target))
            elif problem is not None:
                self.message = t("archive.export_failed", reason=file_notices.reason(problem))
            self.app.request_draw()

        return export

    def import_files(self) -> None:
        report = import_games(self.archive, self.folder)
        if report.failed is not None:
            self.message = file_notices.not_saved(ARCHIVE, report.failed)
        else:
            self.message = t(
                "archive.imported",
                added=report.added,
                already=report.already,
                refused=len(report.refused),
                folder=str(self.folder / IMPORTS),
            )
        self._rebuild(keep_focus=True)

    def resume(self) -> None:
        self.app.request_draw()

    # --- input and drawing ------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.PAGE_NEXT, Action.PAGE_PREVIOUS):
            step = 1 if intent.action == Action.PAGE_NEXT else -1
            if (step > 0 and self.more) or (step < 0 and self.page > 0):
                self.turn_page(step)
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        heading = t("title.archive") if self.unanswered else t("archive.title", games=self.total)
        self.draw_heading(surface, heading)
        self.focus.draw(surface)
        if self.empty and not self.unanswered:
            area = self.layout["games"]
            fitted = fonts.block(t("archive.empty"), 22, (area.width - 40, area.height // 2), theme.CREAM)
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))
        hint = self.layout["hint"]
        if self.message:
            fitted = fonts.block(
                self.message, 18, (hint.width - 20, hint.height + 10), theme.FOCUS, "bold", "center"
            )
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(center=hint.center))
        else:
            self.focus.draw_hint(surface, hint)


def _text(key: str) -> Text:
    return lambda: t(key)


def reviewable(row: GameRow) -> bool:
    """Only finished games (of either game) with a human seat have decisions to review."""
    return (
        row.game in (FIRST_GAME, PENK)
        and row.outcome == "finished"
        and any(seat.kind == "human" for seat in row.seats)
    )


def files_log(error: Exception) -> None:
    archive_module.LOG.warning("a game could not be replayed: %s", str(error)[:300])
