"""Watching a bot play a solo level, to learn: who plays, and at what speed.

Before the table opens, the player picks the animation speed (1x, 2x, instant); the table paces
the bot's moves by that setting, and it can be changed while watching through the pause menu's
Settings (Escape), which apply at once. Watched games change no ticks and no best scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import level_info
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice
from scenes.model.settings import ANIMATION_SPEEDS
from scenes.solo import draw, play

if TYPE_CHECKING:
    from scenes.core.stack import Host


class WatchScene(MenuScene):
    layout_name = "watch"
    name = "watch"

    def __init__(self, app: Host, level: int, bot: str) -> None:
        super().__init__(app)
        self.level = level
        self.bot = bot
        self.speed = Choice(
            self.layout["speed"],
            lambda: t("settings.animation_speed"),
            lambda: [t(f"settings.speed.{speed}") for speed in ANIMATION_SPEEDS],
            ANIMATION_SPEEDS.index(app.settings.animation_speed),
            lambda index: app.change_settings(animation_speed=ANIMATION_SPEEDS[index]),
            hint=lambda: t("watch.speed.hint"),
        )
        self.start_button = Button(self.layout["start"], lambda: t("watch.start"), self.start, primary=True)
        self.start_button.hint = lambda: t("watch.start.hint")
        self.start_button.disabled_reason = lambda: t("solo.card.table_missing")
        self.start_button.enabled = play.can_play(self.app)
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.focus.widgets = [self.speed, self.back_button, self.start_button]
        self.focus.focus(self.start_button)

    def start(self) -> None:
        if self.start_button.enabled:
            play.start_watch(self.app, self.level, self.bot)

    def back(self) -> None:
        self.app.play("click")
        self.app.go("solo-card", self.level, how="replace")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("watch.title", level=self.level))
        area = self.layout["panel"]
        draw.panel(surface, area)
        info = level_info(self.level)
        name = play.WATCH_NAMES.get(self.bot, "Ada")
        who = t("watch.who", name=name, bot=t(f"solo.card.bot.{self.bot}"), level=self.level)
        y = draw.wrapped(
            surface, who, pygame.Rect(area.x + 40, area.y + 30, area.width - 80, 80), 30, theme.CREAM, "black"
        )
        rules = t("solo.card.level.rules", rounds=info.rounds, target=info.target)
        y = draw.wrapped(
            surface, rules, pygame.Rect(area.x + 40, y + 8, area.width - 80, 40), 20, draw.GOLD, "bold"
        )
        body = t("watch.body")
        draw.wrapped(surface, body, pygame.Rect(area.x + 40, y + 10, area.width - 80, 90), 20, theme.CREAM)
        note = fonts.text(t("watch.no_tick"), 17, (170, 200, 190))
        surface.blit(note, note.get_rect(midbottom=(area.centerx, area.bottom - 22)))
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])
