"""The settings screen: language, animation speed, colour glyphs, volume, full screen, odds, and
whether every end of turn is confirmed.

Every change applies at once (the language switches live) and is saved at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.core import i18n
from scenes.core.i18n import t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice, Slider
from scenes.model.odds_setting import FIRST_GAMES
from scenes.model.settings import ANIMATION_SPEEDS, LANGUAGES, ODDS_MODES, VOLUME_STEPS
from scenes.render.shapes import rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

ROW_HEIGHT = 62
ROWS = 7  # the rows share the options area


class SettingsScene(MenuScene):
    layout_name = "settings"
    name = "settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        area = self.layout["options"]
        settings = app.settings

        pitch = area.height // ROWS
        height = min(ROW_HEIGHT, pitch - 10)

        def row(index: int) -> pygame.Rect:
            return pygame.Rect(area.x, area.y + index * pitch, area.width, height)

        def switch(index: int, name: str) -> Choice:
            """An off/on row for the setting `name` (its label and hint are settings.<name>)."""
            return Choice(
                row(index),
                lambda: t(f"settings.{name}"),
                lambda: [t("settings.off"), t("settings.on")],
                int(getattr(settings, name)),
                lambda i: app.change_settings(**{name: bool(i)}),
                hint=lambda: t(f"settings.{name}.hint"),
            )

        self.language = Choice(
            row(0),
            lambda: t("settings.language"),
            lambda: [i18n.LANGUAGES[code] for code in LANGUAGES],
            LANGUAGES.index(settings.language),
            lambda i: app.change_settings(language=LANGUAGES[i]),
            hint=lambda: t("settings.language.hint"),
        )
        self.speed = Choice(
            row(1),
            lambda: t("settings.animation_speed"),
            lambda: [t(f"settings.speed.{speed}") for speed in ANIMATION_SPEEDS],
            ANIMATION_SPEEDS.index(settings.animation_speed),
            lambda i: app.change_settings(animation_speed=ANIMATION_SPEEDS[i]),
            hint=lambda: t("settings.animation_speed.hint"),
        )
        self.glyphs = switch(2, "colour_glyphs")
        self.volume = Slider(
            row(3),
            lambda: t("settings.volume"),
            settings.volume,
            VOLUME_STEPS,
            self._set_volume,
            hint=lambda: t("settings.volume.hint"),
            show=lambda v: f"{v * 100 // VOLUME_STEPS}%",
        )
        self.fullscreen = switch(4, "fullscreen")
        self.odds = Choice(
            row(5),
            lambda: t("settings.odds"),
            lambda: [t(f"settings.odds.{mode}", games=FIRST_GAMES) for mode in ODDS_MODES],
            ODDS_MODES.index(settings.odds),
            lambda i: app.change_settings(odds=ODDS_MODES[i]),
            hint=lambda: t("settings.odds.hint"),
        )
        self.confirm_end = switch(6, "confirm_end")
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.focus.widgets = [
            self.language,
            self.speed,
            self.glyphs,
            self.volume,
            self.fullscreen,
            self.odds,
            self.confirm_end,
            self.back_button,
        ]

    def _set_volume(self, value: int) -> None:
        self.app.change_settings(volume=value)
        self.app.play("click")  # let the player hear the new loudness

    def resume(self) -> None:
        # F11 may have changed full screen while this screen was covered.
        self.fullscreen.index = int(self.app.settings.fullscreen)
        self.odds.index = ODDS_MODES.index(self.app.settings.odds)  # the O key at the table

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fullscreen.index = int(self.app.settings.fullscreen)  # F11 works on this screen too

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("settings.title"))
        panel = self.layout["options"].inflate(48, 40)
        rounded_panel(surface, panel, (16, 48, 42), radius=22, border=(44, 96, 84), border_width=2, shadow=14)
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])
