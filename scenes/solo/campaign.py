"""The campaign: levels 1 to 7 in a row, the campaign points banked, and the campaign's end.

The track shows every level with its target and, once played, the score and the points after it.
The panel says what the last game did in plain arithmetic, asks whether to pay a shortfall from the
campaign points (from level 2 on, when they cover it), offers the next level, or shows the final
result. Level 7 with 50 or more campaign points is the campaign's triumph: confetti and a fanfare.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import (
    CAMPAIGN_GOAL_POINTS,
    SOLO_LEVELS,
    CampaignState,
    CampaignStep,
    campaign_triumph,
    level_info,
)
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.model import progress as progress_module
from scenes.render.cards import laurel
from scenes.solo import draw, play

if TYPE_CHECKING:
    from scenes.core.stack import Host

SCREEN = pygame.Rect(0, 0, 1280, 720)


class CampaignScene(MenuScene):
    layout_name = "campaign"
    name = "campaign"

    def __init__(self, app: Host, step: CampaignStep | None = None) -> None:
        super().__init__(app)
        self.store = progress_module.store(app)
        self.step = step  # the game just booked, for the arithmetic (None: nothing new to tell)
        self.points_shown = float(self._points_before() if step else self.campaign.points)
        self.pulse = 0.0
        self.confetti = draw.Confetti()
        self.primary = Button(self.layout["primary"], self._primary_label, self.on_primary, primary=True)
        self.primary.disabled_reason = lambda: t("solo.card.table_missing")
        self.secondary = Button(self.layout["secondary"], self._secondary_label, self.on_secondary)
        self.back_button = Button(
            self.layout["back"],
            lambda: t("solo.end.to_card"),
            self.back,
            hint=lambda: t("campaign.back.hint"),
        )
        self.focus.widgets = [self.back_button, self.secondary, self.primary]
        self._refresh()

    @property
    def progress(self) -> progress_module.Progress:
        return self.store.progress

    @property
    def campaign(self) -> CampaignState:
        return self.progress.campaign or CampaignState()

    def _points_before(self) -> int:
        step = self.step
        assert step is not None
        return step.state.points - step.surplus + step.paid

    # -- state of play --------------------------------------------------------------------------------
    def _situation(self) -> str:
        """pending (pay or not), triumph, won, over (lost) or next (a level to play)."""
        if self.progress.pending is not None and not self.campaign.over:
            return "pending"
        if self.campaign.over:
            if campaign_triumph(self.campaign):
                return "triumph"
            return "won" if self.campaign.won else "over"
        return "next"

    def _refresh(self) -> None:
        situation = self._situation()
        self.secondary.visible = situation == "pending"
        self.primary.enabled = situation in ("pending", "triumph", "won", "over") or play.can_play(self.app)
        self.primary.hint = lambda: t(f"campaign.primary.{self._situation()}.hint")
        self.secondary.hint = lambda: t("campaign.decline.hint")
        self.focus.focus(self.primary)

    def _shortfall(self) -> int:
        pending = self.progress.pending or 0
        return max(0, level_info(self.campaign.level).target - pending)

    def _primary_label(self) -> str:
        situation = self._situation()
        if situation == "pending":
            return t("campaign.pay", points=self._shortfall())
        if situation == "next":
            resumable = play.saved_campaign_game(self.campaign.level) is not None
            key = "campaign.resume_level" if resumable else "campaign.play_level"
            return t(key, level=self.campaign.level)
        return t("campaign.new")

    def _secondary_label(self) -> str:
        return t("campaign.decline")

    def decide(self, pay: bool) -> None:
        """Book the pending score: pay the shortfall from the campaign points, or end the campaign."""
        pending = self.progress.pending
        if pending is None:
            return
        before = self.campaign.points
        updated, self.step = progress_module.book_campaign_game(self.progress, pending, pay)
        self.store.update(updated)
        self.points_shown = float(before)
        self._refresh()
        self.enter()

    def on_primary(self) -> None:
        situation = self._situation()
        if situation == "pending":
            self.decide(True)
        elif situation == "next":
            if self.primary.enabled:
                play.offer_campaign_level(self.app)
        else:
            self.store.update(progress_module.start_campaign(self.progress))
            self.step = None
            self.confetti = draw.Confetti()
            self.points_shown = 0.0
            self._refresh()

    def on_secondary(self) -> None:
        if self._situation() == "pending":
            self.decide(False)

    def back(self) -> None:
        self.app.play("click")
        self.app.go("solo-card", how="replace")

    # -- animation ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.tweens.animate(self, 1.2, "out_cubic", delay=0.3, points_shown=float(self.campaign.points))
        if self.step is not None and self.step.surplus:
            self.tweens.after(0.3, lambda: self.app.play("score_tally"))
        situation = self._situation()
        if situation == "triumph":
            self.tweens.after(0.4, lambda: self.app.play("fanfare"))
            self.confetti.burst(self.tweens, SCREEN, 220, seed=7, delay=0.2)
            self.confetti.burst(self.tweens, SCREEN, 160, seed=8, delay=2.2)
        elif situation == "won":
            self.tweens.after(0.4, lambda: self.app.play("score_tally"))
            self.confetti.burst(self.tweens, SCREEN, 70, seed=9, delay=0.2)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.pulse = (self.pulse + dt) % 2.0  # the current level's ring breathes (drawn, no tween)
        if not self.tweens.active:
            self.confetti.clear_finished()

    @property
    def animating(self) -> bool:
        # The ring's glow only moves while something else does: an idle screen may sleep.
        return self.tweens.active

    def handle(self, intent: Intent) -> None:
        if intent.action == Action.BACK:
            self.back()
            return
        super().handle(intent)

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("campaign.title"))
        self._draw_track(surface)
        self._draw_bank(surface)
        self._draw_panel(surface)
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])
        self.confetti.draw(surface)

    def _draw_track(self, surface: pygame.Surface) -> None:
        area = self.layout["track"]
        draw.panel(surface, area)
        campaign = self.campaign
        played = {level: (score, points) for level, score, points in campaign.history}
        spacing = (area.width - 120) / (SOLO_LEVELS - 1)
        y = area.y + 74
        centres = [(round(area.x + 60 + index * spacing), y) for index in range(SOLO_LEVELS)]
        for index in range(SOLO_LEVELS - 1):
            done = index + 1 in played and (index + 2 in played or campaign.level > index + 1)
            colour = draw.GOLD if done else (60, 96, 88)
            pygame.draw.line(surface, colour, centres[index], centres[index + 1], 6)
        for index, centre in enumerate(centres):
            level = index + 1
            info = level_info(level)
            current = level == campaign.level and not campaign.over
            failed = campaign.over and not campaign.won and level == campaign.level
            if level in played and not failed:
                fill = draw.WON_GREEN
            elif failed:
                fill = draw.LOST_RED
            elif current:
                fill = draw.GOLD
            else:
                fill = (96, 120, 112)
            ring = None
            if current:
                glow = 0.5 + 0.5 * math.sin(self.pulse * math.pi)
                ring = theme.lighter(draw.GOLD, 0.4 * glow)
            draw.medallion(surface, centre, 30, level, fill, ring)
            target = fonts.text(t("campaign.target", target=info.target), 16, theme.CREAM, "bold")
            surface.blit(target, target.get_rect(midtop=(centre[0], centre[1] + 40)))
            if level in played:
                score, points = played[level]
                line = fonts.text(t("campaign.scored", score=score), 15, (190, 214, 206))
                surface.blit(line, line.get_rect(midtop=(centre[0], centre[1] + 62)))
                bank = fonts.text(t("campaign.points_after", points=points), 15, draw.GOLD, "bold")
                surface.blit(bank, bank.get_rect(midtop=(centre[0], centre[1] + 82)))
            elif current:
                line = fonts.text(t("campaign.now"), 15, draw.GOLD, "bold")
                surface.blit(line, line.get_rect(midtop=(centre[0], centre[1] + 62)))

    def _draw_bank(self, surface: pygame.Surface) -> None:
        area = self.layout["bank"]
        draw.panel(surface, area)
        label = fonts.text(t("campaign.points"), 22, theme.CREAM, "black")
        surface.blit(label, label.get_rect(midtop=(area.centerx, area.y + 18)))
        shown = round(self.points_shown)
        number = fonts.text(str(shown), 96, draw.GOLD, "black")
        surface.blit(number, number.get_rect(midtop=(area.centerx, area.y + 48)))
        bar = pygame.Rect(area.x + 30, area.y + 176, area.width - 60, 18)
        pygame.draw.rect(surface, (40, 70, 64), bar, border_radius=9)
        filled = bar.copy()
        filled.width = round(bar.width * min(1.0, max(0.0, self.points_shown) / CAMPAIGN_GOAL_POINTS))
        if filled.width:
            pygame.draw.rect(surface, draw.GOLD, filled, border_radius=9)
        goal = pygame.Rect(area.x + 30, area.y + 206, area.width - 60, 60)
        draw.wrapped(
            surface, t("campaign.goal", goal=CAMPAIGN_GOAL_POINTS), goal, 17, theme.CREAM, centred=True
        )

    def _draw_panel(self, surface: pygame.Surface) -> None:
        area = self.layout["panel"]
        situation = self._situation()
        border = {"triumph": draw.GOLD, "won": draw.WON_GREEN, "over": draw.LOST_RED}.get(situation)
        draw.panel(surface, area, border=border or draw.PANEL_BORDER)
        inner = area.inflate(-48, -36)
        y = inner.y
        step = self.step
        if step is not None and situation != "pending":
            y = (
                draw.wrapped(
                    surface,
                    self._step_text(step),
                    pygame.Rect(inner.x, y, inner.width, 60),
                    22,
                    theme.CREAM,
                    "bold",
                )
                + 14
            )
        campaign = self.campaign
        if situation == "pending":
            pending = self.progress.pending or 0
            info = level_info(campaign.level)
            shortfall = self._shortfall()
            title = t("campaign.pending.title", level=campaign.level)
            y = (
                draw.wrapped(surface, title, pygame.Rect(inner.x, y, inner.width, 40), 26, draw.GOLD, "black")
                + 10
            )
            question = t(
                "campaign.pending.question",
                target=info.target,
                score=pending,
                short=shortfall,
                points=campaign.points,
                left=campaign.points - shortfall,
            )
            y = draw.wrapped(
                surface, question, pygame.Rect(inner.x, y, inner.width, 70), 24, theme.CREAM, "bold"
            )
            score_parts = [(str(pending), "score"), ("+", ""), (str(shortfall), "paid"), ("=", "")]
            self._sum(surface, (inner.x, y + 16), [*score_parts, (str(info.target), "needed")])
            bank_parts = [(str(campaign.points), "bank"), ("−", ""), (str(shortfall), "paid"), ("=", "")]
            self._sum(surface, (inner.x, y + 92), [*bank_parts, (str(campaign.points - shortfall), "left")])
        elif situation == "next":
            info = level_info(campaign.level)
            title = t("campaign.next.title", level=campaign.level)
            y = (
                draw.wrapped(surface, title, pygame.Rect(inner.x, y, inner.width, 40), 26, draw.GOLD, "black")
                + 8
            )
            text = t("campaign.next.body", rounds=info.rounds, target=info.target)
            if campaign.level >= 2:
                text += " " + t("campaign.next.cushion", points=campaign.points)
            draw.wrapped(
                surface, text, pygame.Rect(inner.x, y, inner.width, inner.bottom - y), 20, theme.CREAM
            )
        else:
            key = {"triumph": "campaign.triumph", "won": "campaign.won", "over": "campaign.over"}[situation]
            title = t(f"{key}.title")
            colour = draw.GOLD if situation != "over" else theme.CREAM
            y = (
                draw.wrapped(surface, title, pygame.Rect(inner.x, y, inner.width, 50), 34, colour, "black")
                + 8
            )
            body = t(f"{key}.body", level=campaign.level, points=campaign.points, goal=CAMPAIGN_GOAL_POINTS)
            room = inner.width - (190 if situation != "over" else 0)
            draw.wrapped(surface, body, pygame.Rect(inner.x, y, room, inner.bottom - y), 20, theme.CREAM)
            if situation != "over":
                self._wreath(surface, (inner.right - 86, inner.centery + 20), situation == "triumph")

    def _sum(self, surface: pygame.Surface, start: tuple[int, int], parts: list[tuple[str, str]]) -> None:
        """The shortfall as arithmetic in boxes: numbers with their meaning below, signs between."""
        x, y = start
        for text, meaning in parts:
            if not meaning:
                sign = fonts.text(text, 34, draw.GOLD, "black")
                surface.blit(sign, sign.get_rect(midleft=(x + 6, y + 24)))
                x += sign.get_width() + 12
                continue
            number = fonts.text(text, 30, theme.INK, "black")
            caption = fonts.text(t(f"campaign.sum.{meaning}"), fonts.LEGIBLE, (170, 200, 190), "bold")
            width = max(number.get_width(), caption.get_width()) + 24
            box = pygame.Rect(x, y, width, 48)
            pygame.draw.rect(surface, theme.PAPER if meaning != "left" else draw.GOLD, box, border_radius=10)
            surface.blit(number, number.get_rect(center=box.center))
            surface.blit(caption, caption.get_rect(midtop=(box.centerx, box.bottom + 3)))
            x += width + 6

    def _wreath(self, surface: pygame.Surface, centre: tuple[int, int], triumph: bool) -> None:
        """A golden wreath around the campaign points: the campaign's medal."""
        glow = 0.5 + 0.5 * math.sin(self.pulse * math.pi)
        colour = theme.lighter(draw.GOLD, 0.3 * glow) if triumph else draw.GOLD
        pygame.draw.circle(surface, theme.darker(draw.GOLD, 0.55), centre, 62)
        pygame.draw.circle(surface, colour, centre, 62, 4)
        laurel(surface, centre, 52, colour)
        points = fonts.text(str(self.campaign.points), 40, theme.CREAM, "black")
        surface.blit(points, points.get_rect(center=(centre[0], centre[1] - 4)))
        label = fonts.text("7/7", 16, colour, "black")
        surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 28)))

    def _step_text(self, step: CampaignStep) -> str:
        before = step.state.points - step.surplus + step.paid
        if step.surplus:
            return t(
                "campaign.step.surplus",
                level=step.level,
                target=step.target,
                score=step.score,
                surplus=step.surplus,
                points=step.state.points,
            )
        if step.paid:
            return t(
                "campaign.step.paid",
                level=step.level,
                target=step.target,
                score=step.score,
                paid=step.paid,
                before=before,
                points=step.state.points,
            )
        if step.shortfall:
            return t(
                "campaign.step.missed",
                level=step.level,
                target=step.target,
                score=step.score,
                short=step.shortfall,
                points=before,
            )
        return t("campaign.step.exact", level=step.level, target=step.target, points=step.state.points)
