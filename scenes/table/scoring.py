"""The final score: every seat's final display with each scoring card's points on a badge, counted
in one by one while the totals count up; at the right the chosen seat's cards in words (what each
pays for, units × points); the winner, and how a tie was settled; a card zooms under the pointer.
Then Play again (the same seats and start player) / Title, or Continue for the solo screens.
The seat shown at the right follows the pointer, or Page Up/Down (a gamepad's shoulders).

After Resign (route "table-resigned") the same tally shows the scores as they stood, marked as
resigned and without a winner; Continue then leads where the resignation's booking said."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import Outcome, PlacedCard, current_scores, level_info, result
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
from scenes.model.hints import hints_used, without_hints
from scenes.model.session import GameSession
from scenes.render import score_sheet
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

REVEAL_SECONDS = 0.4


@dataclass
class Tally:
    shown: int = 0  # scoring cards revealed
    total: float = 0.0  # the counted-up total on screen


class ScoringScene(Scene):
    name = "scoring"

    def __init__(self, app: Host, session: GameSession, resignation: Resignation | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.resignation = resignation
        self.after_game = app.mode_routes(session.context.get("mode")).after_game  # a route or None
        if resignation is not None:
            self.after_game = resignation.then
        self.layout = layout("scoring")
        self.outcome: Outcome = result(session.view) if resignation is None else _as_they_stand(session)
        self.tallies = [Tally() for _ in self.outcome.scores]
        self.done = False
        self.booked: Resignation | None = None  # where Continue leads once the mode booked the game
        self.selected = 0  # the seat whose cards the breakdown shows (the tally's, then the winner's)
        self.zoom: tuple[PlacedCard, pygame.Rect] | None = None  # the card under the pointer, large
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
        self.buttons = [
            Button(
                pygame.Rect(area.x + i * (width + gap), area.y, width, area.height),
                text_of(f"scoring.{key}"),
                action,
                primary=i == 0,
                size=24,
            )
            for i, (key, action) in enumerate(entries)
        ]
        self.focus.widgets = list(self.buttons)
        for widget in self.focus.widgets:
            widget.visible = False

    # -- where things are ------------------------------------------------------------------------
    def seat_rects(self) -> list[pygame.Rect]:
        area = self.layout["seats"]
        count = len(self.outcome.scores)
        gap = 14
        width = (area.width - gap * (count - 1)) // count
        return [pygame.Rect(area.x + i * (width + gap), area.y, width, area.height) for i in range(count)]

    def card_rects(self, seat: int) -> dict[str, pygame.Rect]:
        """Where the seat's final display is drawn: below its name and total, above its empty fields."""
        panel = self.seat_rects()[seat]
        area = pygame.Rect(panel.x + 10, panel.y + 84, panel.width - 20, panel.height - 84 - 40)
        return score_sheet.display_rects(self.session.view.display(seat), area, gap=8, max_width=112)

    def card_at(self, pos: tuple[int, int]) -> tuple[int, PlacedCard, pygame.Rect] | None:
        state = self.session.view
        for seat in range(len(self.outcome.scores)):
            for card_id, rect in self.card_rects(seat).items():
                if rect.collidepoint(pos):
                    placed = state.display(seat).find(card_id)
                    if placed is not None:
                        return seat, placed, rect
        return None

    def select(self, seat: int) -> None:
        if seat != self.selected:
            self.selected = seat
            self.app.request_draw()

    # -- the tally -------------------------------------------------------------------------------
    def enter(self) -> None:
        book = self.app.mode_routes(self.session.context.get("mode")).book
        if self.resignation is None and book is not None:
            # a solo or campaign result is booked and archived before it is shown: closing the
            # window on the final score loses nothing; Continue then shows what the booking said
            self.booked = book(self.app, self.session)
        elif self.session.save_path is not None and self.session.save_path.exists():
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
        self.selected = seat
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
        for widget in self.focus.widgets:
            widget.visible = True
        self.selected = self.outcome.winners[0] if self.outcome.winners else 0
        self.app.request_draw()

    # -- buttons ---------------------------------------------------------------------------------
    def go_on(self) -> None:
        if self.booked is not None and self.booked.then is not None:
            self.app.go(self.booked.then, *self.booked.arguments, how="replace")
        elif self.resignation is not None and self.resignation.then is not None:
            self.app.go(self.resignation.then, *self.resignation.arguments, how="replace")
        elif self.after_game is not None:
            self.app.go(self.after_game, self.session, how="replace")

    def play_again(self) -> None:
        """The same setup again: the same seats (names, humans and bots at their levels) and start
        player, in the same slot and mode; a new shuffle."""
        old = self.session
        config = GameConfig(old.seats, old.first_seat)
        session = GameSession.start(
            config,
            solo_level=old.solo_level,
            save_path=old.save_path,
            context=without_hints(old.context),
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
            # a solo, campaign or watched game must reach its booking: Escape continues there
            self.go_on() if self.after_game is not None else self.to_title()
            return
        if intent.action in (Key.PAGE_NEXT, Key.PAGE_PREVIOUS):
            step = 1 if intent.action == Key.PAGE_NEXT else -1
            self.select((self.selected + step) % len(self.outcome.scores))
            return
        if intent.action == Key.POINTER_MOVE and intent.pos is not None:
            self._hover(intent.pos)
        if intent.action == Key.POINTER_UP and intent.pos is not None:
            self._hover(intent.pos)  # a click (or a tap) on a seat shows its cards too
        self.focus.handle(intent)

    def _hover(self, pos: tuple[int, int]) -> None:
        found = self.card_at(pos)
        zoom = None if found is None else (found[1], found[2])
        if zoom != self.zoom:
            self.zoom = zoom
            self.app.request_draw()
        for seat, rect in enumerate(self.seat_rects()):
            if rect.collidepoint(pos):
                self.select(seat)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        heading = self.layout["heading"]
        title = t("scoring.heading" if self.resignation is None else "scoring.heading.resigned")
        fitted = fonts.line(title, 50, heading.width, theme.CREAM, "black")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=heading.midleft))
        pygame.draw.line(
            surface, theme.FOCUS, (heading.x, heading.bottom - 2), (heading.x + 120, heading.bottom - 2), 4
        )
        for seat, rect in enumerate(self.seat_rects()):
            self._draw_seat(surface, rect, seat)
        self._draw_breakdown(surface)
        if self.done:
            self._draw_banner(surface, self.banner_text())
        self.focus.draw(surface)
        if self.zoom is not None:
            placed, rect = self.zoom
            score_sheet.draw_zoomed(
                surface,
                placed.card,
                placed.filled,
                rect,
                self.app.settings.colour_glyphs,
                placed.marks_used,
                placed.completed,
                left=rect.centerx > self.layout["seats"].centerx,  # away from the cards in words
            )

    def _draw_seat(self, surface: pygame.Surface, panel: pygame.Rect, seat: int) -> None:
        winner = self.done and seat in self.outcome.winners
        chosen = seat == self.selected
        border = theme.FOCUS if winner else (theme.CREAM if chosen else (44, 96, 84))
        rounded_panel(
            surface,
            panel,
            (22, 60, 52) if chosen else (16, 48, 42),
            radius=18,
            border=border,
            border_width=4 if winner or chosen else 2,
            shadow=10,
        )
        tally = self.tallies[seat]
        pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (panel.x + 22, panel.y + 26), 9)
        total = fonts.text(str(round(tally.total)), 40, theme.FOCUS if winner else theme.CREAM, "black")
        total_rect = total.get_rect(topright=(panel.right - 14, panel.y + 4))
        surface.blit(total, total_rect)
        name = fonts.line(self.session.name(seat), 26, total_rect.left - panel.x - 50, theme.CREAM, "black")
        if name is not None:
            surface.blit(name.surface, name.surface.get_rect(midleft=(panel.x + 38, panel.y + 26)))
        if winner:
            tag = fonts.line(t("scoring.winner_tag"), 18, panel.width - 28, theme.FOCUS, "black")
            if tag is not None:
                surface.blit(tag.surface, (panel.x + 14, panel.y + 50))
        score = self.outcome.scores[seat]
        counted = {card.card_id for card in score.cards[: tally.shown]}
        points = {card.card_id: card for card in score.cards}
        display = self.session.view.display(seat)
        glyphs = self.app.settings.colour_glyphs
        score_sheet.draw_display(surface, display, self.card_rects(seat), points, glyphs, counted)
        empty = fonts.line(
            t("scoring.empty_fields", count=score.empty_fields), 16, panel.width - 28, (170, 200, 190)
        )
        if empty is not None:
            surface.blit(empty.surface, empty.surface.get_rect(midleft=(panel.x + 14, panel.bottom - 20)))

    def _draw_breakdown(self, surface: pygame.Surface) -> None:
        area = self.layout["breakdown"]
        rounded_panel(surface, area, (16, 48, 42), radius=18, border=(44, 96, 84), border_width=2, shadow=10)
        seat = self.selected
        heading = fonts.line(
            t("scoring.breakdown", name=self.session.name(seat)), 22, area.width - 40, theme.CREAM, "black"
        )
        if heading is not None:
            surface.blit(heading.surface, (area.x + 18, area.y + 14))
        score = self.outcome.scores[seat]
        counted = score.cards[: self.tallies[seat].shown]
        lines = sorted(counted, key=lambda card: (-card.points, card.card_id))
        total_y = area.bottom - 56
        top = area.y + 54
        line_height = min(score_sheet.LINE_HEIGHT, (total_y - top) // max(1, len(score.cards)))
        state = self.session.view
        for index, card_score in enumerate(lines):
            line = pygame.Rect(area.x + 16, top + index * line_height, area.width - 34, line_height)
            score_sheet.draw_named_line(surface, line, card_score, state.card(card_score.card_id))
        if not score.cards:
            none = fonts.line(t("scoring.no_cards"), 18, area.width - 40, theme.CREAM)
            if none is not None:
                surface.blit(none.surface, (area.x + 18, top + 6))
        pygame.draw.line(surface, (44, 96, 84), (area.x + 16, total_y), (area.right - 16, total_y), 2)
        label = fonts.line(t("solo.end.total"), 22, area.width // 2, theme.CREAM, "black")
        if label is not None:
            surface.blit(label.surface, label.surface.get_rect(midleft=(area.x + 18, total_y + 28)))
        total = fonts.text(str(round(self.tallies[seat].total)), 32, theme.CREAM, "black")
        surface.blit(total, total.get_rect(midright=(area.right - 18, total_y + 28)))

    def banner_text(self) -> str:
        """The line under the tally: the winner (or the resignation), and the hints if any."""
        banner = self._resigned_text() if self.resignation is not None else self.winner_text()
        hints = hints_used(self.session.context)
        if hints:  # a game played with hints says so (docs/scenes.md, "Hints")
            banner += " " + t("result.hints", count=hints)
        return banner

    def _resigned_text(self) -> str:
        level = self.outcome.solo_level
        if level is None:
            return t("scoring.resigned")
        return t("scoring.resigned_solo", level=level.level, points=self.outcome.scores[0].total)

    def winner_text(self) -> str:
        """Who won with how many points, and how a tie was settled (or that it stayed shared)."""
        outcome = self.outcome
        scores = outcome.scores
        names = [self.session.name(seat) for seat in outcome.winners]
        top = scores[outcome.winners[0]].total
        if outcome.solo_level is not None:
            key = "scoring.solo_won" if outcome.solo_won else "scoring.solo_lost"
            return t(key, level=outcome.solo_level.level, points=top, target=outcome.solo_level.target)
        fields = scores[outcome.winners[0]].empty_fields
        if len(names) > 1:
            shared = t("scoring.shared", names=", ".join(names), points=top)
            return shared + " " + t("scoring.shared_why", fields=fields)
        text = t("scoring.winner", name=names[0], points=top)
        if outcome.tie_broken:
            others = [
                seat
                for seat, score in enumerate(scores)
                if score.total == top and seat not in outcome.winners
            ]
            text += " " + t(
                "scoring.tie_break_why",
                others=", ".join(self.session.name(seat) for seat in others),
                fields=fields,
                other_fields=min(scores[seat].empty_fields for seat in others),
            )
        return text

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        area = self.layout["winner"]
        fitted = fonts.block(text, 28, (area.width - 40, area.height - 8), theme.INK, "black", "center")
        if fitted is None:
            return
        label = fitted.surface
        box = label.get_rect(center=area.center).inflate(40, 10)
        pygame.draw.rect(surface, theme.FOCUS, box, border_radius=min(box.height // 2, 24))
        surface.blit(label, label.get_rect(center=box.center))


def _as_they_stand(session: GameSession) -> Outcome:
    """A resigned game's scores as they stood (the engine's running scores), with no winner."""
    state = session.view
    level = level_info(state.config.solo_level) if state.config.solo_level else None
    return Outcome(current_scores(state), (), False, level)
