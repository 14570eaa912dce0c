"""The replay viewer for a Penk! game: the table as it stood at any step, drawn by Penk!'s own views
(the sheets of scenes/render/penk_sheet.py, the dice row of scenes/penk/dice_row.py). The seat
whose turn it is has its sheet large, the others small beside it with the log of moves below them.
Read-only, with the first game's replay controls (scenes/history/replay.py): step by action
(Left/Right) and by turn (Page Up/Down), a round back or on, play it through at the animation speed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.penk import DICE, Roll, State, current_scores, result
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup, Text
from scenes.model.replay import Move, Replay
from scenes.penk.dice_row import DiceRow
from scenes.penk.words import dice_words, move_words, winner_words
from scenes.render.penk_sheet import draw_sheet
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.app import App

AUTOPLAY_SECONDS = 0.7  # a step's time on screen while the replay plays itself (at 1x)
BUTTON_ROW = 56  # the second row of controls, below the first
SMALL_SHEET = 190  # the other seats' sheets, square
LOG_LINE = 24


class PenkReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, replay: Replay, step: int = 0, note: Text | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.note = note
        self.layout = layout("penk")
        controls = self.layout["controls"]
        self.second_row = pygame.Rect(controls.x, controls.bottom + 8, controls.width, BUTTON_ROW - 8)
        others = self.layout["others"]
        self.others = pygame.Rect(others.x, self.second_row.bottom + 10, others.width, 0)
        self.others.height = others.bottom - self.others.y
        self.dice = DiceRow(self.layout["dice"])
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self.playing = False
        self.clock = 0.0
        self.step = -1
        self._buttons()
        self.go_to(step)

    @property
    def state(self) -> State:
        state: State = self.replay.state(self.step)
        return state

    # --- the controls (as the first game's replay) -------------------------------------------------

    def _buttons(self) -> None:
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
        widgets = self._row(self.layout["controls"], first) + self._row(self.second_row, second)
        self.play_button = widgets[5]
        self.play_button.label = lambda: t("replay.pause") if self.playing else t("replay.play")
        self.focus.widgets = widgets
        self.focus.focus_index = 2  # Enter steps on at once

    @staticmethod
    def _row(area: pygame.Rect, entries: list[tuple[str, Callable[[], None]]]) -> list[Button]:
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

    # --- moving through the game --------------------------------------------------------------------

    def go_to(self, step: int, animate: bool = False) -> None:
        """Show the table before action `step` (after the last one at replay.steps)."""
        step = max(0, min(step, self.replay.steps))
        if step == self.step:
            return
        forward_by_one = animate and step == self.step + 1
        self.step = step
        self.tweens.skip()
        state = self.state
        moves = self.replay.played(step)
        last = moves[-1] if moves else None
        if forward_by_one and last is not None and isinstance(last.action, Roll):
            before: State = self.replay.state(step - 1)
            self.dice.faces = [*before.dice, *[0] * (DICE - len(before.dice))]
            self.dice.used.clear()
            self.dice.throw(last.action.faces, self.tweens, seed=step)
            if self.app.settings.animation_speed == "instant":
                self.tweens.skip()
        self.dice.sync(state.dice, state.used, self.dice.rolling)
        self.app.request_draw()

    def large_seat(self) -> int:
        """Whose sheet is large: the seat whose turn it is (at the end, the one who marked "!")."""
        state = self.state
        return state.active if not state.is_over else state.first

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.dice.rolling:
            self.dice.sync(self.state.dice, self.state.used, False)
        if not self.playing:
            return
        if self.step >= self.replay.steps:
            self.playing = False
            self.app.request_draw()
            return
        instant = self.app.settings.animation_speed == "instant"
        speed = 2.0 if self.app.settings.animation_speed == "2x" else 1.0
        self.clock += dt * speed
        if instant or (self.clock >= AUTOPLAY_SECONDS and not self.dice.rolling):
            self.clock = 0.0
            self.go_to(self.step + 1, animate=not instant)

    @property
    def animating(self) -> bool:
        return self.playing or self.tweens.active

    def handle(self, intent: Intent) -> None:
        if intent.action in (Key.BACK, Key.MENU):
            self.back()
            return
        if intent.action in (Key.PAGE_NEXT, Key.PAGE_PREVIOUS):
            forward = intent.action == Key.PAGE_NEXT
            self.go_to(self.replay.next_turn(self.step) if forward else self.replay.previous_turn(self.step))
            return
        if intent.action in (Key.LEFT, Key.RIGHT):  # arrows step; Tab and the pointer reach the buttons
            self.go_to(self.step + (1 if intent.action == Key.RIGHT else -1), animate=True)
            return
        self.focus.handle(intent)

    # --- drawing -------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        state = self.state
        self._draw_header(surface, state)
        self._draw_large(surface, state)
        self._draw_others(surface, state)
        rounded_panel(
            surface, self.layout["dice"], (18, 52, 46), radius=18, border=(44, 96, 84), border_width=3
        )
        self.dice.draw(surface)
        self._draw_prompt(surface, state)
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])

    def _draw_header(self, surface: pygame.Surface, state: State) -> None:
        header = self.layout["header"]
        rounded_panel(surface, header, theme.FELT_DARK, radius=12)
        text = t(
            "replay.penk.header",
            round=min(self.replay.round_index(self.step) + 1, self.replay.rounds),
            rounds=self.replay.rounds,
            name=self.replay.session.name(state.active),
        )
        fitted = fonts.line(text, 22, header.width - 32, theme.CREAM, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(header.x + 16, header.centery)))

    def _seat_title(self, seat: int, state: State, points: int) -> str:
        first = " (!)" if seat == state.first else ""
        return t("penk.seat_title", name=self.replay.session.name(seat) + first, points=points)

    def _draw_large(self, surface: pygame.Surface, state: State) -> None:
        seat = self.large_seat()
        title = self.layout["title"]
        pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (title.x + 14, title.centery), 10)
        score = current_scores(state)[seat]
        title_text = self._seat_title(seat, state, score.total)
        fitted = fonts.line(title_text, 24, title.width - 36, theme.CREAM, "black")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(title.x + 32, title.centery)))
        area = self.layout["sheet"]
        draw_sheet(surface, area, state.sheets[seat], score)

    def _draw_others(self, surface: pygame.Surface, state: State) -> None:
        area = self.others
        large = self.large_seat()
        seats = [seat for seat in range(state.players) if seat != large]
        scores = current_scores(state)
        width = area.width // max(1, len(seats))
        side = min(width - 22, SMALL_SHEET)
        for index, seat in enumerate(seats):
            box = pygame.Rect(area.x + index * width, area.y, width - 10, side + 48)
            rounded_panel(surface, box, (16, 48, 42), radius=14, border=(44, 96, 84), border_width=2)
            pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (box.x + 16, box.y + 20), 7)
            score = scores[seat]
            title = self._seat_title(seat, state, score.total)
            fitted = fonts.line(title, 17, box.width - 36, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(box.x + 30, box.y + 20)))
            sheet_box = pygame.Rect(0, box.y + 38, side, side)
            sheet_box.centerx = box.centerx
            draw_sheet(surface, sheet_box, state.sheets[seat], score)
        log = pygame.Rect(area.x, area.y + side + 58, area.width - 10, area.bottom - area.y - side - 58)
        self._draw_log(surface, log)

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The moves so far, newest first, in words (the rolls too: a replay shows the dice)."""
        lines = max(0, area.height // LOG_LINE)
        moves = list(reversed(self.replay.played(self.step)))[:lines]
        for index, move in enumerate(moves):
            y = area.y + index * LOG_LINE + LOG_LINE // 2
            seat = self._seat_of(move)
            pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (area.x + 10, y), 6)
            text = self.move_text(move)
            fitted = fonts.line(text, 16, area.width - 28, theme.CREAM if index == 0 else (190, 214, 206))
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 24, y)))

    def _seat_of(self, move: Move) -> int:
        """Who made the move; a roll is the active seat's."""
        if move.seat is not None:
            return move.seat
        before: State = self.replay.state(move.index)
        return before.active

    def move_text(self, move: Move) -> str:
        name = self.replay.session.name(self._seat_of(move))
        if isinstance(move.action, Roll):
            return t("replay.penk.roll", name=name, dice=dice_words(move.action.faces))
        return move_words(name, move.action)()  # type: ignore[arg-type]  # a Penk! move

    def _draw_prompt(self, surface: pygame.Surface, state: State) -> None:
        """Which step this is; at the end, the winner in words."""
        area = self.layout["prompt"]
        rounded_panel(surface, area, (16, 44, 39), radius=12, border=theme.FOCUS, border_width=2)
        if self.step >= self.replay.steps and state.is_over:
            names = [self.replay.session.name(seat) for seat in range(state.players)]
            text = winner_words(result(state), names)
        else:
            key = "replay.end" if self.step >= self.replay.steps else "replay.position"
            text = t(key, step=self.step, steps=self.replay.steps)
        if self.note is not None:
            text = f"{text} · {self.note()}"
        fitted = fonts.block(text, 18, (area.width - 20, area.height - 4), theme.FOCUS, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))


def _text(key: str) -> Text:
    return lambda: t(key)
