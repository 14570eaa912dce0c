"""The replay viewer: an archived game (or the unfinished one) as the table stood at any step, drawn
by the live table's own views (market, dice tray, display, the other players' panels or the solo
round counter, the log). Read-only: step forward and back by action (Left/Right) and by turn
(Page Up/Down), jump a round back or on, play it through at the animation speed (1x, 2x, instant).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import COLOURS, Roll, State, current_scores
from scenes.core import fonts, theme
from scenes.core.i18n import current_language, t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup, Text
from scenes.model.replay import Replay
from scenes.render.shapes import felt_backdrop, rounded_panel
from scenes.table.dice_tray import DiceTray
from scenes.table.display_view import DisplayView, draw_seat_frame
from scenes.table.log_view import LogView
from scenes.table.market_view import MarketView
from scenes.table.panels import OtherPanels
from scenes.table.round_counter import RoundCounterView
from scenes.table.turn_options import large_seat

if TYPE_CHECKING:
    from scenes.app import App

AUTOPLAY_SECONDS = 0.7  # a step's time on screen while the replay plays itself (at 1x)


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, replay: Replay, step: int = 0, note: Text | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.note = note  # shown above the table instead of the step (the review: both choices)
        self.layout = layout("table")
        glyphs = app.settings.colour_glyphs
        self.market = MarketView(self.layout["market"])
        self.tray = DiceTray(self.layout["dice"], self.layout["site"], glyphs)
        self.main = DisplayView(self.layout["display"], gap=8, max_width=150)
        large = self.layout["log"].union(self.layout["display"].inflate(16, 12))
        self.log = LogView(self.layout["log"], large, lambda card_id: self.state.card(card_id))
        states, session = self.replay.states, self.replay.session
        # the live table's log lines, one per action, told from the states around it
        actions = enumerate(session.match.actions)
        self.entries = [session.log_entry(states[i], action, states[i + 1]) for i, action in actions]
        self.panels = OtherPanels(self.layout["others"])
        self.counter = RoundCounterView(self.layout["others"])
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self.playing = False
        self.clock = 0.0
        self.step = -1
        self._still: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self._buttons()
        self.go_to(step)

    @property
    def state(self) -> State:
        return self.replay.state(self.step)

    # --- the controls ---------------------------------------------------------------------------------

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
        widgets = self._row(self.layout["controls"], first) + self._row(
            self.layout["bonus"].inflate(0, -14), second
        )
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
        here = self.state.round
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
        state = self.state
        self.market.sync(state.market, self.tweens if forward_by_one else None)
        if not forward_by_one:
            self.tweens.skip()
        kept = frozenset(c for c in COLOURS if c not in state.rerolled) if state.rolls else frozenset()
        moves = self.replay.played(step)
        last = moves[-1] if moves else None
        if forward_by_one and last is not None and isinstance(last.action, Roll):
            rolled = tuple(colour for colour, _ in last.action.faces)
            self.tray.throw(state.dice, rolled, self.tweens, seed=step)
        else:
            self.tray.show(state.dice, kept)
        self.main.arrange(state.display(self._main_seat()))
        self.panels.arrange(state, [s for s in range(state.config.players) if s != self._main_seat()])
        self.log.follow(self.entries[:step], self.replay.session.name, theme.SEAT_COLOURS)
        self._still = None
        self.app.request_draw()

    def _main_seat(self) -> int:
        return large_seat(self.state, False)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.playing:
            return
        if self.step >= self.replay.steps:
            self.playing = False
            self.app.request_draw()
            return
        instant = self.app.settings.animation_speed == "instant"
        self.clock += dt
        if instant or (self.clock >= AUTOPLAY_SECONDS and not self.tray.rolling and not self.market.moving):
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
        key = (current_language(), self.app.settings.colour_glyphs, self.step)
        if self._still is None or key != self._still_key:
            self._still = self._compose(surface)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        state = self.state
        glyphs = self.app.settings.colour_glyphs
        self.market.draw_cards(surface, state.deck, glyphs)
        self.tray.draw(surface, {}, frozenset(), {}, {})
        self.focus.draw(surface)

    def _compose(self, like: pygame.Surface) -> pygame.Surface:
        still = pygame.Surface(like.get_size()).convert(like) if pygame.display.get_init() else like.copy()
        still.blit(felt_backdrop(like.get_size()), (0, 0))
        state = self.state
        glyphs = self.app.settings.colour_glyphs
        scores = current_scores(state)
        self._draw_header(still, state)
        self._draw_prompt(still)
        self.market.draw_base(still, (len(state.piles[0]), len(state.piles[1])))
        self.tray.draw_base(still)
        seat = self._main_seat()
        area = self.layout["display"]
        draw_seat_frame(still, area, seat)
        self.main.draw(still, state.display(seat), glyphs)
        if state.config.solo:
            self.counter.draw(still, state, glyphs)
        else:
            self.panels.draw(still, state, self.replay.session, scores, theme.SEAT_COLOURS, glyphs)
        self.log.draw(still)
        return still

    def _draw_header(self, surface: pygame.Surface, state: State) -> None:
        area = self.layout["header"]
        seat = self._main_seat()
        text = t(
            "replay.header",
            round=min(state.round + 1, self.replay.rounds),
            rounds=self.replay.rounds,
            name=self.replay.session.name(seat),
            points=current_scores(state)[seat].total,
        )
        fitted = fonts.line(text, 22, area.width - 8, theme.CREAM, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 4, area.centery)))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        """Where the live table asks the human: which step this is, and the end when it is there."""
        area = self.layout["prompt"]
        rounded_panel(surface, area, (16, 44, 39), radius=12, border=theme.FOCUS, border_width=2)
        key = "replay.end" if self.step >= self.replay.steps else "replay.position"
        text = t(key, step=self.step, steps=self.replay.steps)
        if self.note is not None:
            text = f"{text} · {self.note()}"
        fitted = fonts.block(text, 18, (area.width - 20, area.height - 4), theme.FOCUS, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))


def _text(key: str) -> Text:
    return lambda: t(key)
