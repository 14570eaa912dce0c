"""The review of an archived game (scenes/model/review.py): computed on a thread of its own with a
progress bar and Cancel, kept in the archive once done; then the human's decisions where the
adviser (the bot behind the Hint; an older review names the bot it kept) would have chosen
otherwise, the largest estimated losses first, each marked doubtful, bad, blunder or unclear. A
row opens the replay at that position, both choices named above the table. Below them the luck
panel (luck_panel.py): each roll's luck and the luck-adjusted result. A review kept before luck
was measured has its luck computed when it is opened.
A Penk! game is reviewed alike, against the expert bot, in Penk!'s words
(penk_review_words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import Reroll, parse
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Text, Widget
from scenes.history import luck_panel, penk_review_words
from scenes.model import archive as archive_module
from scenes.model.luck import RollLuck
from scenes.model.penk_review import PenkReviewJob
from scenes.model.replay import Replay
from scenes.model.review import REVIEW_BOT, Judgement, ReviewJob
from scenes.model.userdata import data_dir
from scenes.table.words import describe, reroll_words

if TYPE_CHECKING:
    from scenes.core.stack import Host

KNOWN_BOTS = ("expert", "hard")  # the bots a kept review may name (scenes/model/archive_schema.py v6)
ROW_HEIGHT, ROW_GAP = 40, 6
LUCK_HEIGHT = 200  # the luck panel at the foot of the rows' region
MARK_COLOURS = {
    "blunder": (232, 96, 76),
    "bad": (240, 150, 70),
    "doubtful": (240, 190, 70),
    "unclear": (170, 200, 190),
}


class ReviewScene(MenuScene):
    layout_name = "archive"  # the archive list's regions: heading, a line, the rows, hint, buttons
    name = "review"

    def __init__(self, app: Host, game_id: int, replay: Replay) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.replay = replay
        self.archive = archive_module.store(data_dir())
        self.judgements = self.archive.review_of(game_id)
        self.adviser = self.archive.review_adviser(game_id) or REVIEW_BOT
        self.lucks: list[RollLuck] | None = self.archive.luck_of(game_id)
        self.job: ReviewJob | None = None
        self.failed = False
        self.pointed: int | None = None  # the roll under the pointer in the luck panel
        # a Penk! game has its own judge and estimator (scenes/model/penk_review.py)
        job_type = ReviewJob if replay.is_first_game else PenkReviewJob
        if self.judgements is None:
            self.job = job_type(replay).start()
        elif self.lucks is None:  # kept before luck was measured: the luck alone
            self.job = job_type(replay, decisions=False).start()
        self._build()

    # --- the rows ----------------------------------------------------------------------------------

    def differing(self) -> list[Judgement]:
        """The decisions where the bot would have chosen otherwise, the largest loss first."""
        chosen = [j for j in self.judgements or [] if j.played != j.suggested]
        return sorted(chosen, key=lambda j: (-j.loss, j.step))

    @property
    def rows_per_page(self) -> int:
        return max(1, (self.layout["games"].height - LUCK_HEIGHT) // (ROW_HEIGHT + ROW_GAP))

    @property
    def luck_area(self) -> pygame.Rect:
        games = self.layout["games"]
        return pygame.Rect(games.x, games.bottom - LUCK_HEIGHT + ROW_GAP, games.width, LUCK_HEIGHT - ROW_GAP)

    def _build(self) -> None:
        area = self.layout["games"]
        widgets: list[Widget] = []
        if self.judgements is not None:
            for index, judgement in enumerate(self.differing()[: self.rows_per_page]):
                rect = pygame.Rect(area.x, area.y + index * (ROW_HEIGHT + ROW_GAP), area.width, ROW_HEIGHT)
                widgets.append(
                    Button(
                        rect,
                        self._label(judgement),
                        self._opener(judgement),
                        hint=self._hint(judgement),
                        size=17,
                    )
                )
        actions = self.layout["actions"]
        self.cancel_button = Button(
            pygame.Rect(actions.right - 260, actions.y, 260, actions.height),
            lambda: t("review.cancel"),
            self.cancel,
        )
        self.cancel_button.visible = self.job is not None
        back = Button(self.layout["back"], lambda: t("common.back"), self.back)
        self.focus.widgets = [*widgets, self.cancel_button, back] if self.job else [*widgets, back]
        self.focus.focus_index = 0

    def _words(self, text: str, seat: int, step: int) -> str:
        """An action in the log's words (the deck's cards by name); a reroll by the dice it keeps,
        by colour and value as they lay before action `step` ("keeps the yellow and blue 3s")."""
        if not self.replay.is_first_game:
            return penk_review_words.move_text(self.replay, text, seat)
        action = parse(text)
        name = self.replay.session.name(seat)
        if isinstance(action, Reroll):
            return reroll_words(action, name, self.replay.states[step])
        return describe(action, name, self.replay.states[0].card)

    def _label(self, judgement: Judgement) -> Text:
        def label() -> str:
            return t(
                "review.row",
                round=judgement.round + 1,
                played=self._words(judgement.played, judgement.seat, judgement.step),
                suggested=self._words(judgement.suggested, judgement.seat, judgement.step),
                loss=f"{100 * judgement.loss:.0f}",
                mark=t(f"review.mark.{judgement.mark}") if judgement.mark else t("review.mark.none"),
            )

        return label

    @staticmethod
    def _hint(judgement: Judgement) -> Text:
        return lambda: t("review.row.hint", noise=f"{100 * judgement.noise:.0f}")

    def _opener(self, judgement: Judgement) -> Callable[[], None]:
        def open_replay() -> None:
            played = self._words(judgement.played, judgement.seat, judgement.step)
            suggested = self._words(judgement.suggested, judgement.seat, judgement.step)
            note: Text = lambda: t("review.choices", played=played, suggested=suggested)  # noqa: E731
            self.app.go("replay", self.replay, judgement.step, note)

        return open_replay

    # --- the rolls' luck ------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        lucks = self.lucks if self.job is None else None
        if lucks and intent.pos is not None and intent.action in (Key.POINTER_MOVE, Key.POINTER_UP):
            pointed = luck_panel.roll_at(self.luck_area, lucks, intent.pos)
            if pointed != self.pointed:
                self.pointed = pointed
                self.app.request_draw()
            if pointed is not None:
                if intent.action == Key.POINTER_UP:
                    self.open_roll(lucks[pointed])
                return
        super().handle(intent)

    def roll_words(self, luck: RollLuck) -> str:
        """The roll's luck in words, the roll as the log tells it."""
        if not self.replay.is_first_game:
            return penk_review_words.roll_text(self.replay, luck)
        rolled = describe(parse(luck.roll), self.replay.session.name(luck.seat), self.replay.states[0].card)
        return luck_panel.roll_words(self.replay, luck, rolled)

    def open_roll(self, luck: RollLuck) -> None:
        """The replay just after the roll, its luck named above the table."""
        note: Text = lambda: self.roll_words(luck)  # noqa: E731
        self.app.go("replay", self.replay, luck.step + 1, note)

    # --- the computation ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None:
            return
        if job.done:
            self.job = None
            if job.error is not None or job.cancelled:
                self.failed = job.error is not None
                archive_module.LOG.warning("a review failed: %s", str(job.error)[:300])
            elif job.judging:
                self.judgements, self.lucks, self.adviser = job.judgements, job.lucks, REVIEW_BOT
                self.archive.keep_review(self.game_id, job.judgements, job.rollouts, job.lucks)
            else:
                self.lucks = job.lucks
                self.archive.keep_luck(self.game_id, job.lucks)
            self._build()
        self.app.request_draw()

    @property
    def animating(self) -> bool:
        return self.job is not None or self.tweens.active

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.back()

    def exit(self) -> None:
        if self.job is not None:  # leaving while it computes: it stops, nothing is kept
            self.job.cancel()

    def resume(self) -> None:
        self.app.request_draw()

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("review.title"))
        line = self.layout["filters"]
        if self.job is not None:
            self._draw_progress(surface, line, self.job.progress)
            message = t("review.computing")
        elif self.judgements is None:
            message = t("review.failed") if self.failed else t("review.cancelled")
        else:
            message = self.summary_line()
        fitted = fonts.line(message, 20, line.width - 20, theme.CREAM, "bold")
        if fitted is not None and self.job is None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(line.x, line.centery)))
        self.focus.draw(surface)
        if self.lucks is not None and self.job is None:
            luck_panel.draw(surface, self.luck_area, self.replay, self.lucks, self.pointed)
        for widget in self.focus.widgets:  # the mark's colour beside each row
            judgement = self._judgement_of(widget)
            if judgement is not None and judgement.mark:
                rect = getattr(widget, "rect", None)
                if rect is not None:
                    pygame.draw.rect(
                        surface, MARK_COLOURS[judgement.mark], (rect.x - 14, rect.y + 4, 8, rect.height - 8)
                    )
        if self.job is not None:
            hint = self.layout["hint"]
            label = fonts.text(t("review.computing"), 20, theme.CREAM)
            surface.blit(label, label.get_rect(center=hint.center))
        elif self.pointed is not None and self.lucks and self.pointed < len(self.lucks):
            hint = self.layout["hint"]
            words = fonts.line(self.roll_words(self.lucks[self.pointed]), 20, hint.width, theme.CREAM)
            if words is not None:
                surface.blit(words.surface, words.surface.get_rect(center=hint.center))
        else:
            self.focus.draw_hint(surface, self.layout["hint"])

    def _judgement_of(self, widget: Widget) -> Judgement | None:
        rows = self.differing()[: self.rows_per_page] if self.judgements is not None else []
        index = self.focus.widgets.index(widget)
        return rows[index] if index < len(rows) else None

    def summary_line(self) -> str:
        """The kept review's counts and the bot that judged."""
        return t("review.judged_by", summary=self._summary(), bot=self._bot_words())

    def _bot_words(self) -> str:
        """The bot the review judged with; a name the archive holds but this version does not know
        is shown as it is."""
        return t(f"review.bot.{self.adviser}") if self.adviser in KNOWN_BOTS else self.adviser[:20]

    def _summary(self) -> str:
        judgements = self.judgements or []
        marks = [j.mark for j in judgements]
        return t(
            "review.summary",
            decisions=len(judgements),
            differing=len(self.differing()),
            blunders=marks.count("blunder"),
            bad=marks.count("bad"),
            doubtful=marks.count("doubtful"),
            unclear=marks.count("unclear"),
        )

    @staticmethod
    def _draw_progress(surface: pygame.Surface, area: pygame.Rect, progress: float) -> None:
        pygame.draw.rect(surface, (16, 44, 39), area, border_radius=area.height // 2)
        filled = area.copy()
        filled.width = max(area.height, round(area.width * progress))
        pygame.draw.rect(surface, theme.FOCUS, filled, border_radius=area.height // 2)
        pygame.draw.rect(surface, (44, 96, 84), area, 2, border_radius=area.height // 2)
        # on a paper pill: dark ink over the bar's dark unfilled part could not be read
        label = fonts.text(t("review.progress", percent=f"{100 * progress:.0f}"), 18, theme.INK, "bold")
        pill = label.get_rect(center=area.center).inflate(16, 2)
        pygame.draw.rect(surface, theme.PAPER, pill, border_radius=pill.height // 2)
        surface.blit(label, label.get_rect(center=area.center))
