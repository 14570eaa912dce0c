"""The replay viewer for a Penk! game: the table as it stood at any step, drawn by Penk!'s own views
(the sheets of scenes/render/penk_sheet.py, the dice row of scenes/penk/dice_row.py). The seat
whose turn it is has its sheet large, the others small beside it with the log of moves below them.
Read-only, with the controls both games' replays share (scenes/history/replay_controls.py): step by
action (Left/Right) and by turn (Page Up/Down), a round back or on, play it through at the animation
speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.penk import DICE, Roll, State, current_scores, result
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.widgets import Text
from scenes.history.replay_controls import ReplayBase
from scenes.model.replay import Move, Replay
from scenes.penk.dice_row import DiceRow
from scenes.penk.words import dice_words, move_words, winner_words
from scenes.render.penk_sheet import draw_sheet
from scenes.render.shapes import felt_backdrop, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

BUTTON_ROW = 56  # the second row of controls, below the first
SMALL_SHEET = 190  # the other seats' sheets, square
LOG_LINE = 24


class PenkReplayScene(ReplayBase):
    def __init__(self, app: Host, replay: Replay, step: int = 0, note: Text | None = None) -> None:
        super().__init__(app, replay, note, "penk")
        controls = self.layout["controls"]
        self.second_row = pygame.Rect(controls.x, controls.bottom + 8, controls.width, BUTTON_ROW - 8)
        others = self.layout["others"]
        self.others = pygame.Rect(others.x, self.second_row.bottom + 10, others.width, 0)
        self.others.height = others.bottom - self.others.y
        self.dice = DiceRow(self.layout["dice"])
        self.add_buttons(controls, self.second_row)
        self.go_to(step)

    @property
    def state(self) -> State:
        state: State = self.replay.state(self.step)
        return state

    # --- moving through the game --------------------------------------------------------------------

    def show(self, arrived_by: Move | None) -> None:
        self.tweens.skip()
        state = self.state
        if arrived_by is not None and isinstance(arrived_by.action, Roll):
            before: State = self.replay.state(self.step - 1)
            self.dice.faces = [*before.dice, *[0] * (DICE - len(before.dice))]
            self.dice.used.clear()
            self.dice.throw(arrived_by.action.faces, self.tweens, seed=self.step)
            if self.app.settings.animation_speed == "instant":
                self.tweens.skip()
        self.dice.sync(state.dice, state.used, self.dice.rolling)

    def large_seat(self) -> int:
        """Whose sheet is large: the seat whose turn it is (at the end, the one who marked "!")."""
        state = self.state
        return state.active if not state.is_over else state.first

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.dice.rolling:
            self.dice.sync(self.state.dice, self.state.used, False)
        self.play_on(dt, moving=self.dice.rolling)  # dt is already scaled by the speed setting

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
        self.draw_prompt(surface)
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
        return move_words(name, move.action)()

    def prompt_text(self) -> str:
        """Which step this is; at the end, the winner in words."""
        state = self.state
        if self.step >= self.replay.steps and state.is_over:
            names = [self.replay.session.name(seat) for seat in range(state.players)]
            return winner_words(result(state), names)
        return super().prompt_text()
