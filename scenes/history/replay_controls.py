"""What both replay viewers share (the first game's in replay.py, Penk!'s in penk_replay.py): moving
through a game's steps. Step forward and back by action (Left/Right, the buttons) and by turn
(Page Up/Down), jump a round back or on, play it through on a clock, leave; the two rows of buttons
and the prompt that says which step this is. Each viewer keeps its own drawing and says how its views
follow a step (`show`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup, Text
from scenes.model.online_games import played_online
from scenes.model.replay import Move, Replay
from scenes.render.shapes import rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

AUTOPLAY_SECONDS = 0.7  # a step's time on screen while the replay plays itself (at 1x)


class ReplayBase(Scene):
    """A replay viewer without its drawing: the step shown, the controls, the autoplay clock."""

    name = "replay"

    def __init__(self, app: Host, replay: Replay, note: Text | None, table: str) -> None:
        super().__init__(app)
        self.replay = replay
        self.note = note  # shown after the step in the prompt (the review: both choices)
        self.layout = layout(table)
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self.playing = False
        self.clock = 0.0
        self.step = -1  # nothing shown yet: the viewer's go_to(step) shows the first

    # --- the controls ---------------------------------------------------------------------------------

    def add_buttons(self, first_row: pygame.Rect, second_row: pygame.Rect) -> None:
        first: list[tuple[str, Callable[[], None]]] = [
            ("replay.turn_back", lambda: self.go_to(self.replay.previous_turn(self.step))),
            ("replay.step_back", lambda: self.go_to(self.step - 1)),
            ("replay.step", lambda: self.go_to(self.step + 1, animate=True)),
            ("replay.turn_on", lambda: self.go_to(self.replay.next_turn(self.step))),
        ]
        second: list[tuple[str, Callable[[], None]]] = [
            ("replay.round_back", lambda: self.go_to(self._round_start(-1))),
            ("replay.play", self.toggle_play),
            ("replay.round_on", lambda: self.go_to(self._round_start(1))),
            ("replay.back", self.back),
        ]
        if self.checkable:  # an online game: its dice can be checked against the table's key
            second.insert(3, ("replay.check", self.check))
        buttons = _row(first_row, first) + _row(second_row, second)
        self.play_button = buttons[5]
        self.play_button.label = lambda: t("replay.pause") if self.playing else t("replay.play")
        self.focus.widgets = list(buttons)
        self.focus.focus_index = 2  # Enter steps on at once

    @property
    def checkable(self) -> bool:
        """Whether the game was played at an online table: "Check this game" is offered (C)."""
        return played_online(self.replay.session.context)

    def check(self) -> None:
        """Recompute the dice from the table's key, over the replay (scenes/history/check_game.py)."""
        self.app.stack.push(self.app.scene("check-game", self.replay))

    def _round_start(self, direction: int) -> int:
        here = self.replay.round_index(self.step)
        if direction < 0:
            start = self.replay.round_start(here)
            return self.replay.round_start(here - 1) if self.step <= start else start
        return self.replay.round_start(here + 1)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.clock = 0.0
        if self.playing and self.step >= self.replay.steps:
            self.go_to(0)
        self.app.request_draw()

    def back(self) -> None:
        self.app.play("click")
        if len(self.app.stack.scenes) > 1:
            self.app.go_back()
        else:
            self.app.go("title", how="replace")

    def handle(self, intent: Intent) -> None:
        if intent.action in (Key.BACK, Key.MENU):
            self.back()
            return
        if intent.action == Key.CHECK and self.checkable:
            self.app.play("click")
            self.check()
            return
        if intent.action in (Key.PAGE_NEXT, Key.PAGE_PREVIOUS):
            forward = intent.action == Key.PAGE_NEXT
            self.go_to(self.replay.next_turn(self.step) if forward else self.replay.previous_turn(self.step))
            return
        if intent.action in (Key.LEFT, Key.RIGHT):  # arrows step; Tab and the pointer reach the buttons
            self.go_to(self.step + (1 if intent.action == Key.RIGHT else -1), animate=True)
            return
        self.focus.handle(intent)

    # --- moving through the game --------------------------------------------------------------------

    def go_to(self, step: int, animate: bool = False) -> None:
        """Show the table before action `step` (after the last one at replay.steps)."""
        step = max(0, min(step, self.replay.steps))
        if step == self.step:
            return
        forward_by_one = animate and step == self.step + 1
        self.step = step
        self.show(self.replay.moves[step - 1] if forward_by_one and step > 0 else None)
        self.app.request_draw()

    def show(self, arrived_by: Move | None) -> None:
        """Bring the views to self.step; `arrived_by` is the move just played when the viewer steps
        on by one with animation (a roll then tumbles), None after any other jump."""
        raise NotImplementedError(f"{type(self).__name__} must say how its views follow a step")

    def play_on(self, dt: float, moving: bool) -> None:
        """While playing: the next step once this one has been on screen AUTOPLAY_SECONDS and nothing
        moves any more (at once at instant speed); stop at the end."""
        if not self.playing:
            return
        if self.step >= self.replay.steps:
            self.playing = False
            self.app.request_draw()
            return
        instant = self.app.settings.animation_speed == "instant"
        self.clock += dt
        if instant or (self.clock >= AUTOPLAY_SECONDS and not moving):
            self.clock = 0.0
            self.go_to(self.step + 1, animate=not instant)

    @property
    def animating(self) -> bool:
        return self.playing or self.tweens.active

    # --- drawing -------------------------------------------------------------------------------------

    def prompt_text(self) -> str:
        """Which step this is, or that the game is over."""
        key = "replay.end" if self.step >= self.replay.steps else "replay.position"
        return t(key, step=self.step, steps=self.replay.steps)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """Where the live table asks the human: the prompt text, and the note if there is one."""
        area = self.layout["prompt"]
        rounded_panel(surface, area, (16, 44, 39), radius=12, border=theme.FOCUS, border_width=2)
        text = self.prompt_text()
        if self.note is not None:
            text = f"{text} · {self.note()}"
        fitted = fonts.block(text, 18, (area.width - 20, area.height - 4), theme.FOCUS, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))


def _row(area: pygame.Rect, entries: list[tuple[str, Callable[[], None]]]) -> list[Button]:
    """One row of equally wide buttons across `area`, each with its label and hint."""
    gap = 8
    width = (area.width - gap * (len(entries) - 1)) // len(entries)
    return [
        Button(
            pygame.Rect(area.x + i * (width + gap), area.y, width, area.height),
            _text(key),
            action,
            hint=_text(f"{key}.hint"),
            size=17,
        )
        for i, (key, action) in enumerate(entries)
    ]


def _text(key: str) -> Text:
    return lambda: t(key)
