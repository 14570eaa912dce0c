"""The end of a solo game: the final display, the score card by card, won or lost against the target.

The breakdown counts up line by line (with the tally sound), then the total meets the target; a won
level's tick is drawn into the solo card's box, a new best score is called out. Next: the next
level, the same level again, the campaign (after a campaign game) or back to the solo card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import SOLO_LEVELS, CardScore, level_info, standard_deck
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.model.solo_booking import GameSummary
from scenes.render import score_sheet
from scenes.solo import draw, play

if TYPE_CHECKING:
    from scenes.core.stack import Host

CARD = (112, 157)  # the display's cards, a little under market size so three rows fit
GAP = 12
LINE_DELAY = 0.22  # seconds between breakdown lines counting in


class SoloEndScene(MenuScene):
    layout_name = "solo_end"
    name = "solo-end"

    def __init__(self, app: Host, summary: GameSummary) -> None:
        super().__init__(app)
        self.summary = summary
        self.info = level_info(summary.level)
        self.lines: list[CardScore] = sorted(
            (card for card in summary.outcome.scores[0].cards), key=lambda card: (-card.points, card.card_id)
        )
        self.shown_lines = 0.0  # animated: how many breakdown lines have counted in
        self.total_shown = 0.0  # animated: the total counting up
        self.verdict = 0.0  # animated: the verdict and the tick appearing (0..1)
        self.back_button = Button(self.layout["back"], lambda: t("solo.end.to_card"), self.to_card)
        self.back_button.hint = lambda: t("solo.end.to_card.hint")
        self.again_button = Button(self.layout["again"], self._again_label, self.again)
        self.next_button = Button(self.layout["next"], self._next_label, self.next, primary=True)
        self.again_button.disabled_reason = lambda: t("solo.card.table_missing")
        self.next_button.disabled_reason = lambda: t("solo.card.table_missing")
        self.next_button.visible = self._next_kind() is not None
        self.focus.widgets = [self.back_button, self.again_button, self.next_button]
        self.focus.focus(self.next_button if self.next_button.visible else self.again_button)
        self.again_button.enabled = play.can_play(self.app)
        self.next_button.enabled = self._next_kind() == "campaign" or play.can_play(self.app)

    # -- what comes next ----------------------------------------------------------------------------
    def _next_kind(self) -> str | None:
        summary = self.summary
        if summary.mode == "campaign":
            return "campaign"
        if summary.mode == "watch":
            return "play" if summary.booked.progress.is_open(summary.level) else None
        if summary.won and summary.level < SOLO_LEVELS:
            return "next"
        return None

    def _next_label(self) -> str:
        kind = self._next_kind()
        if kind == "campaign":
            return t("solo.end.campaign")
        if kind == "play":
            return t("solo.card.play", level=self.summary.level)
        return t("solo.end.next_level", level=self.summary.level + 1)

    def _again_label(self) -> str:
        if self.summary.mode == "watch":
            return t("solo.end.watch_again")
        return t("solo.end.again")

    def to_card(self) -> None:
        self.app.go("solo-card", self.summary.level, how="replace")

    def again(self) -> None:
        if not self.again_button.enabled:
            return
        summary = self.summary
        if summary.mode == "watch":
            play.start_watch(self.app, summary.level, summary.bot or "hard")
        elif summary.mode == "campaign":
            self.to_campaign()
        else:
            play.offer_level(self.app, summary.level)

    def next(self) -> None:
        kind = self._next_kind()
        if kind == "campaign":
            self.to_campaign()
        elif kind == "play" and self.next_button.enabled:
            play.offer_level(self.app, self.summary.level)
        elif kind == "next" and self.next_button.enabled:
            play.offer_level(self.app, self.summary.level + 1)

    def to_campaign(self) -> None:
        self.app.go("campaign", self.summary.step, how="replace")

    def back(self) -> None:
        self.app.play("click")
        if self.summary.mode == "campaign":
            self.to_campaign()  # a campaign game's result must reach the campaign (a decision may wait)
        else:
            self.to_card()

    # -- the count -----------------------------------------------------------------------------------
    def enter(self) -> None:
        count = len(self.lines)
        for index in range(count):
            self.tweens.after(0.3 + index * LINE_DELAY, lambda: self.app.play("card_slide"))
        self.tweens.animate(self, 0.3 + count * LINE_DELAY, "linear", shown_lines=float(count))
        self.tweens.animate(
            self,
            1.0,
            "out_cubic",
            delay=0.4 + count * LINE_DELAY,
            total_shown=float(self.summary.score),
            on_done=self._verdict,
        )

    def _verdict(self) -> None:
        if self.summary.won:
            self.app.play("score_tally")
        self.tweens.animate(self, 0.6, "out_back", verdict=1.0)

    def handle(self, intent: Intent) -> None:
        if intent.action == Action.CONFIRM and self.tweens.active:
            self.tweens.skip()  # the player has seen enough of the count
            return
        super().handle(intent)

    # -- drawing -------------------------------------------------------------------------------------
    def _title(self) -> str:
        summary = self.summary
        if summary.mode == "watch":
            bot = t(f"solo.card.bot.{summary.bot or 'hard'}")
            key = "solo.end.title.watch_won" if summary.won else "solo.end.title.watch_lost"
            return t(key, bot=bot, level=summary.level)
        return t("solo.end.title.won" if summary.won else "solo.end.title.lost", level=summary.level)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, self._title())
        self._draw_display(surface)
        self._draw_breakdown(surface)
        self._draw_result(surface)
        self.focus.draw(surface)

    def _draw_display(self, surface: pygame.Surface) -> None:
        display = self.summary.state.seats[0].display
        points = {card.card_id: card for card in self.summary.outcome.scores[0].cards}
        rects = score_sheet.display_rects(display, self.layout["display"], GAP, CARD[0])
        score_sheet.draw_display(surface, display, rects, points, self.app.settings.colour_glyphs)

    def _draw_breakdown(self, surface: pygame.Surface) -> None:
        area = self.layout["breakdown"]
        draw.panel(surface, area)
        heading = fonts.text(t("solo.end.breakdown"), 24, theme.CREAM, "black")
        surface.blit(heading, (area.x + 20, area.y + 14))
        total_y = area.bottom - 58
        room = total_y - (area.y + 56)
        line_height = min(score_sheet.LINE_HEIGHT, room // max(1, len(self.lines)))
        deck = standard_deck()
        for index, score in enumerate(self.lines):
            if index >= int(self.shown_lines + 1e-6):
                break
            y = area.y + 56 + index * line_height
            line = pygame.Rect(area.x + 18, y, area.width - 38, line_height)
            score_sheet.draw_score_line(surface, line, score, deck[score.card_id])
        if not self.lines:
            none = fonts.text(t("solo.end.no_scoring_cards"), 18, theme.CREAM)
            surface.blit(none, (area.x + 20, area.y + 60))
        pygame.draw.line(surface, draw.PANEL_BORDER, (area.x + 16, total_y), (area.right - 16, total_y), 2)
        label = fonts.text(t("solo.end.total"), 24, theme.CREAM, "black")
        surface.blit(label, label.get_rect(midleft=(area.x + 20, total_y + 28)))
        total = fonts.text(str(round(self.total_shown)), 34, theme.CREAM, "black")
        surface.blit(total, total.get_rect(midright=(area.right - 20, total_y + 28)))

    def _draw_result(self, surface: pygame.Surface) -> None:
        area = self.layout["result"]
        summary = self.summary
        won = summary.won
        colour = draw.WON_GREEN if won else draw.LOST_RED
        draw.panel(surface, area, border=colour if self.verdict > 0 else draw.PANEL_BORDER)
        x = area.centerx
        label = fonts.text(
            t("solo.end.your_score" if summary.mode != "watch" else "solo.end.bot_score"),
            18,
            (170, 200, 190),
            "bold",
        )
        surface.blit(label, label.get_rect(midtop=(x, area.y + 18)))
        score = fonts.text(str(round(self.total_shown)), 72, theme.CREAM, "black")
        surface.blit(score, score.get_rect(midtop=(x, area.y + 40)))
        target = fonts.text(t("solo.end.target", target=self.info.target), 20, theme.CREAM, "bold")
        surface.blit(target, target.get_rect(midtop=(x, area.y + 124)))
        bar = pygame.Rect(area.x + 24, area.y + 158, area.width - 48, 16)
        pygame.draw.rect(surface, (40, 70, 64), bar, border_radius=8)
        top = max(self.info.target * 1.3, summary.score, 1)
        filled = bar.copy()
        filled.width = round(bar.width * min(1.0, self.total_shown / top))
        if filled.width:
            pygame.draw.rect(surface, colour if self.verdict > 0 else draw.GOLD, filled, border_radius=8)
        mark = bar.x + round(bar.width * self.info.target / top)
        pygame.draw.line(surface, theme.CREAM, (mark, bar.y - 6), (mark, bar.bottom + 6), 3)
        if self.verdict <= 0:
            return
        alpha = min(1.0, self.verdict)
        if won:
            verdict = t("solo.end.won", over=summary.score - self.info.target)
        else:
            verdict = t("solo.end.lost", short=self.info.target - summary.score)
        box = pygame.Rect(area.x + 16, area.y + 192, area.width - 32, 60)
        stamp = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(stamp, (*colour, 255), stamp.get_rect(), border_radius=14)
        draw.wrapped(
            stamp, verdict, stamp.get_rect().inflate(-16, -10), 22, theme.WHITE, "black", centred=True
        )
        stamp.set_alpha(round(255 * alpha))
        scaled = pygame.transform.smoothscale_by(stamp, 0.6 + 0.4 * min(1.2, self.verdict))
        surface.blit(scaled, scaled.get_rect(center=box.center))
        self._draw_card_row(surface, pygame.Rect(area.x + 16, area.y + 268, area.width - 32, 64))
        notes = self._notes()
        y = area.y + 350
        for note, ink in notes:
            y = (
                draw.wrapped(surface, note, pygame.Rect(area.x + 20, y, area.width - 40, 60), 18, ink, "bold")
                + 8
            )

    def _draw_card_row(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The level's line of the solo card, where the tick is drawn for a won level."""
        summary = self.summary
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=12)
        draw.medallion(surface, (rect.x + 32, rect.centery), 22, summary.level, draw.GOLD)
        draw.target_laurel(surface, (rect.x + 110, rect.centery), 24, self.info.target, theme.INK)
        box = pygame.Rect(0, 0, 44, 44)
        box.center = (rect.right - 40, rect.centery)
        ticked = summary.level in summary.booked.progress.won_levels
        draw.tick_box(
            surface, box, ticked, theme.INK, scale=self.verdict if summary.booked.newly_won else 1.0
        )
        if summary.mode == "watch":
            # between the target laurel and the box, where it fits at a legible size; else the
            # note below the card row ("Watched games change no ticks") says it alone
            left = rect.x + 110 + 24 + 12
            room = (box.left - 10 - left, rect.height - 8)
            note = fonts.block(
                t("solo.end.watch_no_tick"), 15, room, theme.INK_SOFT, "bold", "right", shorten=False
            )
            if note is not None:
                surface.blit(note.surface, note.surface.get_rect(midright=(box.left - 10, rect.centery)))

    def _notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        summary = self.summary
        booked = summary.booked
        notes: list[tuple[str, tuple[int, int, int]]] = []
        if summary.mode == "watch":
            notes.append((t("solo.end.watch_note"), theme.CREAM))
            return notes
        if booked.newly_won:
            key = "solo.end.level_open" if summary.level < SOLO_LEVELS else "solo.end.all_open"
            notes.append((t(key, level=summary.level + 1), draw.GOLD))
        if booked.record.hints:  # kept and marked, never a best score (docs/scenes.md, "Hints")
            notes.append((t("solo.end.hints", count=booked.record.hints), theme.CREAM))
        if booked.new_best:
            notes.append((t("solo.end.new_best", previous=booked.previous_best or 0), draw.GOLD))
        else:
            best = booked.progress.best.get(summary.level)
            if best is not None and best != summary.score:
                notes.append((t("solo.end.best", best=best), theme.CREAM))
        if summary.mode == "campaign":
            if summary.pending:
                notes.append((t("solo.end.campaign_pending"), theme.CREAM))
            elif summary.step is not None and summary.step.surplus:
                notes.append((t("solo.end.campaign_surplus", points=summary.step.surplus), draw.GOLD))
        return notes
