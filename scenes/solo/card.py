"""The solo card: the seven levels with rounds and target points, ticks, best scores, the campaign.

Left, the card itself as printed (one row per level: round counter, points to reach, the tick at the
back) plus the player's best score. Right, what can be done with the chosen level (play it, or
watch a bot play it) and the campaign. A level is open when it is level 1 or the one before it has
been won; the campaign opens once every level has been won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import CAMPAIGN_GOAL_POINTS, SOLO_LEVELS, campaign_unlocked, level_info
from scenes.core import file_notices, fonts, theme
from scenes.core.file_notices import PROGRESS
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice, Widget
from scenes.model import progress as progress_module
from scenes.model.gameconfig import BOT_LEVELS
from scenes.render.shapes import rounded_panel
from scenes.solo import draw, play

if TYPE_CHECKING:
    from scenes.core.stack import Host

BAND = 62  # the card's title band
HEADER = 30  # the column names under it


class LevelRow(Widget):
    """One level on the card; choosing it shows its details on the right."""

    def __init__(self, rect: pygame.Rect, level: int, scene: SoloCardScene) -> None:
        super().__init__(rect, hint=lambda: t("solo.card.row.hint", level=level))
        self.level = level
        self.scene = scene

    def activate(self) -> bool:
        self.scene.select(self.level, to_buttons=True)
        return True

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self.scene.draw_row(surface, self, focused)


class SoloCardScene(MenuScene):
    layout_name = "solo"
    name = "solo-card"

    def __init__(self, app: Host, selected: int | None = None) -> None:
        super().__init__(app)
        self.store = progress_module.store(app)
        self.selected = selected or self.progress.highest_open
        card = self.layout["card"]
        top = card.y + BAND + HEADER
        row_height = (card.bottom - 10 - top) // SOLO_LEVELS
        self.rows = [
            LevelRow(
                pygame.Rect(card.x + 10, top + index * row_height, card.width - 20, row_height - 4),
                level,
                self,
            )
            for index, level in enumerate(range(1, SOLO_LEVELS + 1))
        ]
        self.play_button = Button(
            self.layout["play"],
            lambda: t("solo.card.play", level=self.selected),
            self.play_selected,
            primary=True,
        )
        self.play_button.hint = lambda: t("solo.card.play.hint")
        self.play_button.disabled_reason = self._why_not_playable
        self.bot_choice = Choice(
            self.layout["bot"],
            lambda: "",
            lambda: [t(f"solo.card.bot.{level}") for level in BOT_LEVELS],
            BOT_LEVELS.index("hard"),
            lambda _index: None,
            hint=lambda: t("solo.card.bot.hint"),
        )
        self.watch_button = Button(
            self.layout["watch"], lambda: t("solo.card.watch"), self.watch_selected, size=22
        )
        self.watch_button.hint = lambda: t("solo.card.watch.hint", level=self.selected)
        self.watch_button.disabled_reason = lambda: t("solo.card.table_missing")
        self.campaign_button = Button(
            self.layout["campaign_button"], self._campaign_label, self.open_campaign
        )
        self.campaign_button.hint = lambda: t("solo.card.campaign.hint")
        self.campaign_button.disabled_reason = lambda: t(
            "solo.card.campaign.locked", won=len(self.progress.won_levels), levels=SOLO_LEVELS
        )
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.focus.widgets = [
            *self.rows,
            self.play_button,
            self.bot_choice,
            self.watch_button,
            self.campaign_button,
            self.back_button,
        ]
        self.focus.focus(self.rows[self.selected - 1])
        self._refresh()

    @property
    def progress(self) -> progress_module.Progress:
        return self.store.progress

    # -- choices ----------------------------------------------------------------------------------
    def select(self, level: int, to_buttons: bool = False) -> None:
        self.selected = level
        self._refresh()
        if to_buttons:
            self.focus.focus(self.play_button if self.play_button.enabled else self.watch_button)

    def _why_not_playable(self) -> str:
        if not play.can_play(self.app):
            return t("solo.card.table_missing")
        if not self.progress.is_open(self.selected):
            return t("solo.card.locked", level=self.selected, before=self.selected - 1)
        return ""

    def _refresh(self) -> None:
        self.play_button.enabled = not self._why_not_playable()
        self.watch_button.enabled = play.can_play(self.app)
        self.campaign_button.enabled = campaign_unlocked(set(self.progress.won_levels))

    def _campaign_label(self) -> str:
        campaign = self.progress.campaign
        if campaign is not None and not campaign.over:
            return t("solo.card.campaign.continue")
        return t("solo.card.campaign.start")

    def play_selected(self) -> None:
        if self.play_button.enabled:
            play.offer_level(self.app, self.selected)

    def watch_selected(self) -> None:
        if self.watch_button.enabled:
            self.app.go("solo-watch", self.selected, BOT_LEVELS[self.bot_choice.index], how="replace")

    def open_campaign(self) -> None:
        if not self.campaign_button.enabled:
            return
        campaign = self.progress.campaign
        if campaign is None or campaign.over:
            self.store.update(progress_module.start_campaign(self.progress))
        self.app.go("campaign", how="replace")

    def back(self) -> None:
        self.app.play("click")
        self.app.go("title", how="replace")

    def resume(self) -> None:
        self._refresh()

    def handle(self, intent: Intent) -> None:
        before = self.focus.focused
        super().handle(intent)
        focused = self.focus.focused
        # Arrow keys along the card choose the level at once; the mouse chooses by clicking.
        if (
            intent.action in (Action.UP, Action.DOWN)
            and isinstance(focused, LevelRow)
            and focused is not before
        ):
            self.select(focused.level)

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("solo.card.title"))
        self._draw_card(surface)
        self._draw_details(surface)
        self._draw_campaign(surface)
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])
        self._draw_notice(surface)

    def _columns(self, row: pygame.Rect) -> dict[str, int]:
        """Centre x of each column on the card."""
        return {
            "level": row.x + 44,
            "rounds": row.x + 160,
            "points": row.x + 280,
            "best": row.x + 400,
            "won": row.right - 70,
        }

    def _draw_card(self, surface: pygame.Surface) -> None:
        card = self.layout["card"]
        rounded_panel(surface, card, theme.PAPER, radius=22, border=theme.darker(theme.PAPER, 0.3), shadow=16)
        band = pygame.Rect(card.x, card.y, card.width, BAND)
        pygame.draw.rect(surface, (34, 36, 48), band, border_top_left_radius=22, border_top_right_radius=22)
        title = fonts.text(t("solo.card.card_name").upper(), 30, theme.CREAM, "black")
        surface.blit(title, title.get_rect(midleft=(band.x + 24, band.centery)))
        subtitle = t("solo.card.subtitle")
        size = fonts.fit_size(subtitle, 18, band.width - title.get_width() - 70)
        label = fonts.text(subtitle, size, draw.GOLD, "bold")
        surface.blit(label, label.get_rect(midright=(band.right - 22, band.centery)))
        columns = self._columns(self.rows[0].rect)
        y = card.y + BAND + HEADER // 2 + 2
        for key, x in columns.items():
            head = fonts.text(t(f"solo.card.column.{key}").upper(), 14, theme.INK_SOFT, "bold")
            surface.blit(head, head.get_rect(center=(x, y)))

    def draw_row(self, surface: pygame.Surface, row: LevelRow, focused: bool) -> None:
        level = row.level
        info = level_info(level)
        is_open = self.progress.is_open(level)
        won = level in self.progress.won_levels
        rect = row.rect
        if level == self.selected:
            pygame.draw.rect(surface, (255, 236, 178), rect, border_radius=12)
        elif level % 2 == 0:
            pygame.draw.rect(surface, theme.PAPER_SHADE, rect, border_radius=12)
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 3, border_radius=14)
        ink = theme.INK if is_open else draw.LOCKED
        columns = self._columns(rect)
        fill = draw.GOLD if is_open else (210, 204, 190)
        draw.medallion(surface, (columns["level"], rect.centery), rect.height // 2 - 6, level, fill)
        if not is_open:
            spot = (columns["level"] + 26, rect.centery + 10)
            pygame.draw.circle(surface, theme.PAPER, spot, 12)
            draw.padlock(surface, (spot[0], spot[1] + 1), 16, (110, 106, 96))
        draw.counter_cards(surface, (columns["rounds"], rect.centery), rect.height // 2 - 2, info.rounds, ink)
        draw.target_laurel(surface, (columns["points"], rect.centery), rect.height // 2 - 4, info.target, ink)
        best = self.progress.best.get(level)
        shown = "–" if best is None else str(best)
        colour = draw.WON_GREEN if won else ink
        label = fonts.text(shown, 26, colour if best is not None else draw.LOCKED, "black")
        surface.blit(label, label.get_rect(center=(columns["best"], rect.centery)))
        box = pygame.Rect(0, 0, rect.height - 14, rect.height - 14)
        box.center = (columns["won"], rect.centery)
        draw.tick_box(surface, box, won, theme.INK if is_open else draw.LOCKED)

    def _draw_details(self, surface: pygame.Surface) -> None:
        area = self.layout["details"]
        draw.panel(surface, area)
        level = self.selected
        heading = fonts.text(t("solo.card.level", level=level), 34, theme.CREAM, "black")
        surface.blit(heading, (area.x + 24, area.y + 16))
        if level in self.progress.won_levels:
            badge = fonts.text(t("solo.card.won_badge"), 18, theme.WHITE, "bold")
            spot = badge.get_rect(
                midleft=(area.x + 40 + heading.get_width(), area.y + 16 + heading.get_height() // 2)
            )
            pygame.draw.rect(surface, draw.WON_GREEN, spot.inflate(18, 8), border_radius=12)
            surface.blit(badge, spot)
        lines = self.level_lines(level)
        # One paragraph, shrunk to fit above the Play button (German and Dutch run longer).
        box = pygame.Rect(area.x + 24, area.y + 64, area.width - 48, self.layout["play"].y - area.y - 72)
        draw.wrapped(surface, " ".join(lines), box, 20, theme.CREAM)

    def level_lines(self, level: int) -> list[str]:
        """The level's rules, then its best score, or why it has none (not played, locked, or
        played only with hints, which set no best score)."""
        info = level_info(level)
        lines = [t("solo.card.level.rules", rounds=info.rounds, target=info.target)]
        best = self.progress.best.get(level)
        played = self.progress.played(level)
        if best is not None:
            lines.append(t("solo.card.level.best", best=best, played=played))
        elif played:
            lines.append(t("solo.card.level.hinted", played=played))
        elif not self.progress.is_open(level):
            lines.append(t("solo.card.locked", level=level, before=level - 1))
        else:
            lines.append(t("solo.card.level.new"))
        return lines

    def _draw_campaign(self, surface: pygame.Surface) -> None:
        area = self.layout["campaign"]
        unlocked = campaign_unlocked(set(self.progress.won_levels))
        draw.panel(surface, area, border=draw.GOLD if unlocked else draw.PANEL_BORDER)
        heading = fonts.text(t("solo.card.campaign"), 28, draw.GOLD if unlocked else theme.CREAM, "black")
        surface.blit(heading, (area.x + 24, area.y + 14))
        campaign = self.progress.campaign
        if not unlocked:
            text = t("solo.card.campaign.locked", won=len(self.progress.won_levels), levels=SOLO_LEVELS)
            pip_y = area.y + 30
            for index in range(SOLO_LEVELS):
                centre = (area.right - 32 - (SOLO_LEVELS - 1 - index) * 22, pip_y)
                won = index + 1 in self.progress.won_levels
                pygame.draw.circle(surface, draw.WON_GREEN if won else (70, 92, 88), centre, 8)
        elif campaign is None or campaign.over:
            text = t("solo.card.campaign.about", goal=CAMPAIGN_GOAL_POINTS)
            if self.progress.campaigns:
                last = self.progress.campaigns[-1]
                key = "solo.card.campaign.last_won" if last.won else "solo.card.campaign.last"
                text += " " + t(key, level=last.level, points=last.points)
        elif self.progress.pending is not None:
            text = t("solo.card.campaign.pending", level=campaign.level)
        else:
            text = t("solo.card.campaign.running", level=campaign.level, points=campaign.points)
        box = pygame.Rect(
            area.x + 24, area.y + 56, area.width - 48, self.layout["campaign_button"].y - area.y - 62
        )
        draw.wrapped(surface, text, box, 20, theme.CREAM)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        message = ""
        if self.store.problem:
            message = file_notices.unreadable(PROGRESS, self.store.problem)
        elif self.store.save_error:
            message = file_notices.not_saved(PROGRESS, self.store.save_error)
        if not message:
            return
        area = self.layout["notice"]
        pygame.draw.rect(surface, theme.WARNING, area, border_radius=12)
        draw.wrapped(surface, message, area.inflate(-24, -10), 17, theme.WHITE, "bold")
