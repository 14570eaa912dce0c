"""The final tally: every player's scoring cards counted one by one, the totals counting up, the
tie-break when needed, the winner, then Play again / Title (or Continue for the solo screens).

After Resign (route "table-resigned") the same tally shows the scores as they stood, marked as
resigned and without a winner; Continue then leads where the resignation's booking said."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import Outcome, current_scores, level_info, result
from scenes.core import file_notices, fonts, theme
from scenes.core.i18n import t, text_of
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.routing import Resignation
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.model import archive
from scenes.model.archive_entry import FINISHED, RESIGNED
from scenes.model.gameconfig import GameConfig
from scenes.model.session import GameSession
from scenes.render.card_names import card_name
from scenes.render.cards import render_card
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.app import App

REVEAL_SECONDS = 0.4
ROW = 34
SEAT_COLOURS = ((232, 96, 76), (80, 160, 230), (240, 190, 70), (150, 200, 110))


@dataclass
class Tally:
    shown: int = 0  # scoring cards revealed
    total: float = 0.0  # the counted-up total on screen


class ScoringScene(Scene):
    name = "scoring"

    def __init__(self, app: App, session: GameSession, resignation: Resignation | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.resignation = resignation
        self.after_game = app.mode_routes(session.context.get("mode")).after_game  # a route or None
        if resignation is not None:
            self.after_game = resignation.then
        self.layout = layout("scoring")
        self.outcome: Outcome = result(session.state) if resignation is None else _as_they_stand(session)
        self.tallies = [Tally() for _ in self.outcome.scores]
        self.done = False
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self._buttons()

    def _buttons(self) -> None:
        area = self.layout["buttons"]
        entries = (
            [("continue", self.go_on)]
            if self.after_game is not None
            else [("play_again", self.play_again), ("title", self.to_title)]
        )
        gap = 20
        width = (area.width - gap * (len(entries) - 1)) // len(entries)
        self.focus.widgets = [
            Button(
                pygame.Rect(area.x + i * (width + gap), area.y, width, area.height),
                text_of(f"scoring.{key}"),
                action,
                primary=i == 0,
                size=24,
            )
            for i, (key, action) in enumerate(entries)
        ]
        for button in self.focus.widgets:
            button.visible = False

    def enter(self) -> None:
        if self.session.save_path is not None and self.session.save_path.exists():
            # Continue disappears: the game is kept in the archive (resigned: as the scores stood)
            archive.keep(self.session, RESIGNED if self.resignation is not None else FINISHED)
            notice = file_notices.after_archiving(self.session.archive_problem, archive.news())
            self.app.notice = notice or self.app.notice
        self._reveal(0, 0)

    def _reveal(self, seat: int, index: int) -> None:
        scores = self.outcome.scores
        if seat >= len(scores):
            self._finish()
            return
        cards = scores[seat].cards
        if index >= len(cards):
            self.tweens.after(REVEAL_SECONDS / 2, lambda: self._reveal(seat + 1, 0))
            return
        tally = self.tallies[seat]
        tally.shown = index + 1
        target = sum(card.points for card in cards[: index + 1])
        self.app.play("score_tally")
        self.tweens.animate(tally, REVEAL_SECONDS * 0.8, "out_cubic", total=float(target))
        self.tweens.after(REVEAL_SECONDS, lambda: self._reveal(seat, index + 1))

    def _finish(self) -> None:
        self.done = True
        for tally, score in zip(self.tallies, self.outcome.scores, strict=True):
            tally.shown, tally.total = len(score.cards), float(score.total)
        for button in self.focus.widgets:
            button.visible = True
        self.app.request_draw()

    # -- buttons ---------------------------------------------------------------------------------
    def go_on(self) -> None:
        if self.resignation is not None and self.resignation.then is not None:
            self.app.go(self.resignation.then, *self.resignation.arguments, how="replace")
        elif self.after_game is not None:
            self.app.go(self.after_game, self.session, how="replace")

    def play_again(self) -> None:
        old = self.session
        config = GameConfig(old.seats, old.state.config.start_player)
        session = GameSession.start(
            config, solo_level=old.state.config.solo_level, save_path=old.save_path, context=old.context
        )
        self.app.go("table", session, how="replace")

    def to_title(self) -> None:
        self.app.go("title", how="reset")

    def handle(self, intent: Intent) -> None:
        if not self.done:
            if intent.action in (Key.CONFIRM, Key.POINTER_UP, Key.BACK):
                self.tweens.skip()
                self._finish()
            return
        if intent.action in (Key.BACK, Key.MENU):
            self.to_title()
            return
        self.focus.handle(intent)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = self.layout["heading"]
        title = t("scoring.heading" if self.resignation is None else "scoring.heading.resigned")
        label = fonts.text(title, 54, theme.CREAM, "black")
        surface.blit(label, label.get_rect(midleft=heading.midleft))
        pygame.draw.line(
            surface, theme.FOCUS, (heading.x, heading.bottom - 2), (heading.x + 120, heading.bottom - 2), 4
        )
        area = self.layout["table"]
        scores = self.outcome.scores
        gap = 16
        width = (area.width - gap * (len(scores) - 1)) // len(scores)
        for seat, tally in enumerate(self.tallies):
            column = pygame.Rect(area.x + seat * (width + gap), area.y, width, area.height)
            self._draw_column(surface, column, seat, tally)
        if self.done:
            if self.resignation is not None:
                self._draw_banner(surface, self._resigned_text())
            else:
                self._draw_winner(surface)
        self.focus.draw(surface)

    def _draw_column(self, surface: pygame.Surface, column: pygame.Rect, seat: int, tally: Tally) -> None:
        winner = self.done and seat in self.outcome.winners
        rounded_panel(
            surface,
            column,
            (16, 48, 42),
            radius=18,
            border=theme.FOCUS if winner else (44, 96, 84),
            border_width=4 if winner else 2,
            shadow=10,
        )
        mark = SEAT_COLOURS[seat % 4]
        pygame.draw.circle(surface, mark, (column.x + 22, column.y + 24), 9)
        name = self.session.name(seat)
        fitted = fonts.line(name, 26, column.width - 60, theme.CREAM, "black")
        if fitted is not None:
            surface.blit(fitted.surface, (column.x + 40, column.y + 10))
        score = self.outcome.scores[seat]
        state = self.session.state
        glyphs = self.app.settings.colour_glyphs
        y = column.y + 52
        for card in score.cards[: tally.shown]:
            thumb = render_card(state.card(card.card_id), (24, 34), glyphs=glyphs)
            surface.blit(thumb, (column.x + 14, y))
            name = card_name(state.card(card.card_id))
            if card.completed:
                text = t("scoring.row", card=name, units=card.units, each=card.points_per_unit)
                colour = theme.CREAM
            else:
                text = t("scoring.row_open", card=name)
                colour = (150, 170, 166)
            row = fonts.block(text, 17, (column.width - 110, ROW), colour)
            if row is not None:
                surface.blit(row.surface, row.surface.get_rect(midleft=(column.x + 46, y + ROW // 2)))
            points = fonts.text(str(card.points), 20, theme.FOCUS if card.points else colour, "black")
            surface.blit(points, points.get_rect(topright=(column.right - 16, y + 5)))
            y += ROW
        if not score.cards and self.done:
            none = fonts.text(t("scoring.no_cards"), 17, (150, 170, 166))
            surface.blit(none, (column.x + 16, y + 8))
        foot = pygame.Rect(column.x, column.bottom - 70, column.width, 70)
        pygame.draw.line(surface, (44, 96, 84), (foot.x + 12, foot.y), (foot.right - 12, foot.y), 2)
        total = fonts.text(str(round(tally.total)), 40, theme.FOCUS if winner else theme.CREAM, "black")
        surface.blit(total, total.get_rect(midright=(foot.right - 16, foot.centery)))
        empty = fonts.text(t("scoring.empty_fields", count=score.empty_fields), 16, (170, 200, 190))
        surface.blit(empty, empty.get_rect(midleft=(foot.x + 16, foot.centery)))

    def _resigned_text(self) -> str:
        level = self.outcome.solo_level
        if level is None:
            return t("scoring.resigned")
        return t("scoring.resigned_solo", level=level.level, points=self.outcome.scores[0].total)

    def _draw_winner(self, surface: pygame.Surface) -> None:
        outcome = self.outcome
        names = [self.session.name(seat) for seat in outcome.winners]
        top = outcome.scores[outcome.winners[0]].total
        if outcome.solo_level is not None:
            key = "scoring.solo_won" if outcome.solo_won else "scoring.solo_lost"
            text = t(key, level=outcome.solo_level.level, points=top, target=outcome.solo_level.target)
        elif len(names) > 1:
            text = t("scoring.shared", names=", ".join(names), points=top)
        else:
            text = t("scoring.winner", name=names[0], points=top)
        if outcome.tie_broken:
            text += "  " + t("scoring.tie_break")
        self._draw_banner(surface, text)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        area = self.layout["winner"]
        fitted = fonts.block(text, 32, (area.width - 40, area.height - 12), theme.INK, "black", "center")
        if fitted is None:
            return
        label = fitted.surface
        box = label.get_rect(center=area.center).inflate(40, 18)
        pygame.draw.rect(surface, theme.FOCUS, box, border_radius=box.height // 2)
        surface.blit(label, label.get_rect(center=box.center))


def _as_they_stand(session: GameSession) -> Outcome:
    """A resigned game's scores as they stood (the engine's running scores), with no winner."""
    state = session.state
    level = level_info(state.config.solo_level) if state.config.solo_level else None
    return Outcome(current_scores(state), (), False, level)
