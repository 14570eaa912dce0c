"""Penk!'s final score: every sheet side by side; the scoring rows and columns light up one after
another while each total counts up, then the winner and, on a tie, the rule that decided it.
A click or Enter shows everything at once. The finished game leaves the Continue slot (archived).
After Resign (route "penk-resigned") the same screen shows the scores as they stood."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.penk import Outcome, current_scores, result, winners
from scenes.core import file_notices, fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.layout import layout
from scenes.core.routing import Resignation
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.model import archive
from scenes.model.archive_entry import FINISHED, RESIGNED
from scenes.model.session import GameSession
from scenes.penk.opening import SCORING
from scenes.penk.words import winner_words
from scenes.render.penk_sheet import SCORING as SCORING_INK
from scenes.render.penk_sheet import SheetGeometry, draw_band, draw_sheet
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

LINE_SECONDS = 0.45  # each scoring line lights up this long after the one before


@dataclass(eq=False)
class Tally:
    """One sheet's count-up: the lines shown so far and the total as it counts."""

    shown: int = 0  # scoring lines lit
    total: float = 0.0


class PenkScoringScene(Scene):
    name = SCORING

    def __init__(self, app: Host, session: GameSession, resigned: Resignation | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.resigned = resigned is not None
        self.layout = layout("penk_scoring")
        state = session.view
        scores = current_scores(state)
        self.outcome: Outcome = result(state) if state.is_over else Outcome(scores, winners(scores), False)
        # every scoring line of every sheet: (seat, "row" or "column", index 1..5, points)
        self.lines = [
            [("row", i + 1, p) for i, p in enumerate(s.rows) if p]
            + [("column", i + 1, p) for i, p in enumerate(s.columns) if p]
            for s in self.outcome.scores
        ]
        self.tallies = [Tally() for _ in self.outcome.scores]
        self.done = False
        buttons = self.layout["buttons"]
        half = (buttons.width - 20) // 2
        self.again = Button(
            pygame.Rect(buttons.x, buttons.y, half, buttons.height),
            lambda: t("penk.score.new_game"),
            lambda: app.go("new-game", how="reset"),
            primary=True,
        )
        self.title = Button(
            pygame.Rect(buttons.right - half, buttons.y, half, buttons.height),
            lambda: t("penk.score.title"),
            lambda: app.go("title", how="reset"),
        )
        self.focus = FocusGroup([self.again, self.title], on_activate=lambda: app.play("click"))
        self._count_up()

    def enter(self) -> None:
        if self.session.save_path is not None and self.session.save_path.exists():
            # Continue disappears: the game is kept in the archive (resigned: as the scores stood)
            archive.keep(self.session, RESIGNED if self.resigned else FINISHED)
            notice = file_notices.after_archiving(self.session.archive_problem, archive.news())
            self.app.notice = notice or self.app.notice

    def _count_up(self) -> None:
        longest = max((len(lines) for lines in self.lines), default=0)
        for step in range(longest):
            self.tweens.after(0.4 + step * LINE_SECONDS, partial(self._light, step))
        self.tweens.after(0.4 + longest * LINE_SECONDS + 0.2, self._finish)

    def _light(self, step: int) -> None:
        for seat, lines in enumerate(self.lines):
            if step < len(lines):
                tally = self.tallies[seat]
                tally.shown = step + 1
                target = sum(points for _, _, points in lines[: step + 1])
                self.tweens.animate(tally, LINE_SECONDS * 0.8, "out_cubic", total=float(target))
        self.app.play("card_slide")

    def _finish(self) -> None:
        for seat, tally in enumerate(self.tallies):
            tally.shown = len(self.lines[seat])
            tally.total = float(self.outcome.scores[seat].total)
        if not self.done:
            self.done = True
            self.app.play("complete")
        self.app.request_draw()

    def handle(self, intent: Intent) -> None:
        if not self.done and intent.action in (Action.CONFIRM, Action.POINTER_UP, Action.BACK):
            self.tweens.skip()
            self._finish()
            return
        if intent.action == Action.BACK:
            self.app.go("title", how="reset")
            return
        self.focus.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = t("penk.score.resigned") if self.resigned else t("penk.score.heading")
        area = self.layout["heading"]
        why = self.end_words()
        fitted = fonts.line(heading, 34 if why else 40, area.width, theme.CREAM, "black", "center")
        if fitted is not None:
            spot = (
                fitted.surface.get_rect(midtop=area.midtop)
                if why
                else fitted.surface.get_rect(center=area.center)
            )
            surface.blit(fitted.surface, spot)
        said = fonts.line(why, 18, area.width, theme.CREAM, "regular", "center") if why else None
        if said is not None:
            surface.blit(said.surface, said.surface.get_rect(midtop=(area.centerx, area.bottom - 18)))
        area = self.layout["sheets"]
        count = len(self.outcome.scores)
        width = area.width // count
        for seat in range(count):
            box = pygame.Rect(area.x + seat * width + 6, area.y, width - 12, area.height)
            self._draw_seat(surface, box, seat)
        if self.done:
            self._draw_winner(surface)
            self.focus.draw(surface)

    def end_words(self) -> str:
        """Why the game ended (two columns with no clear cell on some sheet), "" when resigned."""
        state = self.session.view
        if self.resigned or not state.is_over:
            return ""
        ended = [
            self.session.name(seat) for seat, sheet in enumerate(state.sheets) if sheet.full_columns() >= 2
        ]
        if not ended:
            return ""
        names = ended[0] if len(ended) == 1 else t("hint.and", first=", ".join(ended[:-1]), last=ended[-1])
        return t("penk.end.why", names=names, count=len(ended))

    def _draw_seat(self, surface: pygame.Surface, box: pygame.Rect, seat: int) -> None:
        won = self.done and seat in self.outcome.winners
        rounded_panel(
            surface, box, (16, 48, 42), radius=16, border=theme.FOCUS if won else (44, 96, 84), border_width=3
        )
        name = self.session.name(seat)
        fitted = fonts.line(name, 24, box.width - 20, theme.CREAM, "black", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=(box.centerx, box.y + 10)))
        side = min(box.width - 16, box.height - 130)
        sheet_box = pygame.Rect(0, 0, side, side)
        sheet_box.midtop = (box.centerx, box.y + 46)
        geometry = SheetGeometry(sheet_box)
        score = self.outcome.scores[seat]
        draw_sheet(surface, sheet_box, self.session.view.sheets[seat], score)
        for kind, index, _ in self.lines[seat][: self.tallies[seat].shown]:
            line = geometry.row_rect(index) if kind == "row" else geometry.column_rect(index)
            draw_band(surface, line, SCORING_INK, 60)
            pygame.draw.rect(surface, SCORING_INK, line, 3, border_radius=4)
        total = t("penk.score.total", points=round(self.tallies[seat].total))
        label = fonts.text(total, 30, theme.FOCUS if won else theme.CREAM, "black")
        surface.blit(label, label.get_rect(midbottom=(box.centerx, box.bottom - 40)))
        circled = t("penk.score.circled", count=score.circled)
        small = fonts.text(circled, 17, theme.CREAM)
        surface.blit(small, small.get_rect(midbottom=(box.centerx, box.bottom - 14)))

    def _draw_winner(self, surface: pygame.Surface) -> None:
        area = self.layout["winner"]
        names = [seat.name for seat in self.session.seats]
        text = winner_words(self.outcome, names)
        fitted = fonts.block(text, 26, (area.width, area.height - 26), theme.FOCUS, "black", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midtop=area.midtop))
        rule = fonts.line(t("penk.end.tie_rule"), 17, area.width, theme.CREAM, "regular", "center")
        if rule is not None:
            surface.blit(rule.surface, rule.surface.get_rect(midbottom=area.midbottom))
