"""The player's statistics, counted from the archive (scenes/model/archive_stats.py): games played
and won per mode, per number of players and per opponent bot level, the solo levels and the
campaign; mean and best score; the latest scores over time and a histogram of all of them, drawn as
score pads on the felt; for each card, how often the player took it and the points it brought."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import standard_deck
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.history.words import archive_trouble, mode_words
from scenes.model import archive as archive_module
from scenes.model.archive_stats import NOTHING, Statistics, Tally, statistics
from scenes.model.userdata import data_dir
from scenes.render.card_names import card_name
from scenes.render.shapes import rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

PANEL = (16, 44, 39)
BORDER = (44, 96, 84)
LINE = 22
CARDS_SHOWN = 9
BAR = (240, 190, 70)
POINT = (232, 96, 76)


class StatisticsScene(MenuScene):
    layout_name = "statistics"
    name = "statistics"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        archive = archive_module.store(data_dir())
        self.stats: Statistics = archive.read(statistics, NOTHING)
        self.trouble = archive_trouble(archive)  # busy or damaged: said instead of the summary
        self.focus.widgets = [Button(self.layout["back"], lambda: t("common.back"), self.back)]
        self._deck = standard_deck()

    def resume(self) -> None:
        self.app.request_draw()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("stats.title"))
        self._draw_tallies(surface, self.layout["tallies"])
        self._draw_chart(surface, self.layout["chart"])
        self._draw_histogram(surface, self.layout["histogram"])
        self._draw_cards(surface, self.layout["cards"])
        self.focus.draw(surface)
        summary = self._summary()
        hint = self.layout["hint"]
        label = fonts.line(summary, 20, hint.width, theme.CREAM, "bold")
        if label is not None:
            surface.blit(label.surface, label.surface.get_rect(midleft=hint.midleft))

    def _summary(self) -> str:
        if self.trouble is not None:
            return self.trouble
        stats = self.stats
        if stats.mean_score is None or stats.best_score is None:
            return t("stats.summary.none", games=stats.games)
        best = t("stats.with_hints", best=stats.best_score) if stats.best_with_hints else stats.best_score
        return t("stats.summary", games=stats.games, mean=f"{stats.mean_score:.1f}", best=best)

    # --- the tallies ----------------------------------------------------------------------------------

    def _draw_tallies(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        rounded_panel(surface, area, PANEL, radius=14, border=BORDER, border_width=2)
        stats = self.stats
        lines: list[tuple[str, str, bool]] = [(t("stats.by_mode"), t("stats.played_won"), True)]
        lines += [(mode_words(tally.key), _pair(tally), False) for tally in stats.by_mode]
        if stats.by_players:
            lines.append((t("stats.by_players"), "", True))
            lines += [
                (t("stats.players", players=tally.key), _pair(tally), False) for tally in stats.by_players
            ]
        if stats.by_bot_level:
            lines.append((t("stats.by_bot"), "", True))
            lines += [(t(f"solo.card.bot.{tally.key}"), _pair(tally), False) for tally in stats.by_bot_level]
        if stats.solo:
            lines.append((t("stats.solo"), "", True))
            best = dict(stats.solo_best)
            for tally in stats.solo:
                level = int(tally.key) if tally.key.isdigit() else 0
                marked = level in stats.solo_best_with_hints
                score = t("stats.with_hints", best=best[level]) if marked else best.get(level)
                shown = f"{_pair(tally)}   {t('stats.best', best=score)}" if level in best else _pair(tally)
                lines.append((t("stats.level", level=tally.key), shown, False))
        lines.append((t("stats.campaign"), _pair(stats.campaign), True))
        inner = area.inflate(-28, -20)
        most = inner.height // LINE
        for number, (left, right, heading) in enumerate(lines[:most]):
            y = inner.y + number * LINE
            colour = theme.FOCUS if heading else theme.CREAM
            weight = "bold" if heading else "regular"
            right_label = fonts.text(right, 16, colour, weight) if right else None
            room = inner.width - (right_label.get_width() + 12 if right_label else 0) - (0 if heading else 14)
            fitted = fonts.line(left, 16, room, colour, weight)
            if fitted is not None:
                surface.blit(fitted.surface, (inner.x + (0 if heading else 14), y))
            if right_label is not None:
                surface.blit(right_label, right_label.get_rect(topright=(inner.right, y)))

    # --- the chart and the histogram ----------------------------------------------------------------------

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The latest scores, oldest on the left: a line of pen dots over the felt, the mean dashed."""
        rounded_panel(surface, area, PANEL, radius=14, border=BORDER, border_width=2)
        title = fonts.text(t("stats.chart", games=len(self.stats.scores_over_time)), 17, theme.FOCUS, "bold")
        surface.blit(title, (area.x + 14, area.y + 8))
        scores = [score for _, score in self.stats.scores_over_time]
        plot = pygame.Rect(area.x + 46, area.y + 36, area.width - 64, area.height - 60)
        if not scores:
            _nothing_yet(surface, plot)
            return
        top = max(10, (max(scores) + 9) // 10 * 10)
        for fraction in (0.0, 0.5, 1.0):  # the scale: 0, half and the top
            y = plot.bottom - round(plot.height * fraction)
            pygame.draw.line(surface, BORDER, (plot.x, y), (plot.right, y), 1)
            label = fonts.text(str(round(top * fraction)), 14, theme.CREAM)
            surface.blit(label, label.get_rect(midright=(plot.x - 6, y)))

        def at(index: int, score: int) -> tuple[int, int]:
            x = plot.x + (
                plot.width * index // max(1, len(scores) - 1) if len(scores) > 1 else plot.width // 2
            )
            return x, plot.bottom - round(plot.height * score / top)

        points = [at(i, score) for i, score in enumerate(scores)]
        mean = self.stats.mean_score or 0.0
        y = plot.bottom - round(plot.height * mean / top)
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, theme.FOCUS, (x, y), (min(x + 6, plot.right), y), 2)
        if len(points) > 1:
            pygame.draw.lines(surface, theme.PAPER_SHADE, False, points, 2)
        for point in points:
            pygame.draw.circle(surface, POINT, point, 4)

    def _draw_histogram(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        rounded_panel(surface, area, PANEL, radius=14, border=BORDER, border_width=2)
        title = fonts.text(t("stats.histogram"), 17, theme.FOCUS, "bold")
        surface.blit(title, (area.x + 14, area.y + 8))
        bars = self.stats.histogram
        plot = pygame.Rect(area.x + 20, area.y + 40, area.width - 40, area.height - 70)
        if not bars:
            _nothing_yet(surface, plot)
            return
        low, high = bars[0][0], bars[-1][0]
        width = 10
        count = (high - low) // width + 1
        tallest = max(games for _, games in bars)
        slot = plot.width / count
        by_start = dict(bars)
        for index in range(count):
            start = low + index * width
            games = by_start.get(start, 0)
            height = round(plot.height * games / tallest)
            bar = pygame.Rect(
                round(plot.x + index * slot) + 2, plot.bottom - height, max(2, round(slot) - 4), height
            )
            pygame.draw.rect(surface, BAR, bar, border_radius=4)
            if games and slot >= 22:
                label = fonts.text(str(games), fonts.LEGIBLE, theme.CREAM)
                surface.blit(label, label.get_rect(midbottom=(bar.centerx, bar.top - 2)))
            if index % max(1, count // 6) == 0:
                label = fonts.text(str(start), fonts.LEGIBLE, theme.CREAM)
                surface.blit(label, label.get_rect(midtop=(bar.centerx, plot.bottom + 4)))

    # --- the cards -----------------------------------------------------------------------------------------

    def _draw_cards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        rounded_panel(surface, area, PANEL, radius=14, border=BORDER, border_width=2)
        title = fonts.line(t("stats.cards"), 17, area.width - 28, theme.FOCUS, "bold")
        if title is not None:
            surface.blit(title.surface, (area.x + 14, area.y + 8))
        cards = self.stats.cards[:CARDS_SHOWN]
        if not cards:
            _nothing_yet(surface, area.inflate(-40, -60))
            return
        top = area.y + 36
        for number, card in enumerate(cards):
            y = top + number * LINE
            right = fonts.text(
                t("stats.card_line", taken=card.taken, completed=card.completed, points=card.points),
                15,
                theme.CREAM,
            )
            surface.blit(right, right.get_rect(topright=(area.right - 14, y)))
            name = self._name(card.card_id)
            fitted = fonts.line(name, 15, area.width - 40 - right.get_width(), theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, (area.x + 14, y))

    def _name(self, card_id: str) -> str:
        try:
            return card_name(self._deck[card_id])
        except KeyError:  # a card of an older deck version
            return card_id


def _pair(tally: Tally) -> str:
    return f"{tally.played} / {tally.won}"


def _nothing_yet(surface: pygame.Surface, area: pygame.Rect) -> None:
    fitted = fonts.block(
        t("stats.nothing_yet"), 17, (area.width, area.height), theme.CREAM, "regular", "center"
    )
    if fitted is not None:
        surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))
