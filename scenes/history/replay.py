"""The replay viewer: an archived game (or the unfinished one) as the table stood at any step, drawn
by the live table's own views (market, dice tray, display, the other players' panels or the solo
round counter, the log). Read-only; the controls (by action, by turn, by round, autoplay at the
animation speed) are the ones both games' replays share (scenes/history/replay_controls.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import COLOURS, Reroll, Roll, State, current_scores
from scenes.core import fonts, theme
from scenes.core.i18n import current_language, t
from scenes.core.widgets import Slider, Text
from scenes.history.replay_controls import ReplayBase
from scenes.model.replay import Move, Replay
from scenes.render.cards import MARKET, render_card
from scenes.render.shapes import felt_backdrop
from scenes.table.dice_tray import DiceTray
from scenes.table.display_view import DisplayView, draw_seat_frame
from scenes.table.log_view import LogView
from scenes.table.market_view import MarketView
from scenes.table.panels import OtherPanels
from scenes.table.round_counter import RoundCounterView
from scenes.table.turn_options import large_seat
from scenes.table.words import describe, reroll_words, roll_words

if TYPE_CHECKING:
    from scenes.core.stack import Host

TIMELINE_WIDTH = 520  # the timeline slider at the header's right end
HAND_CARD = MARKET  # the dealt cards during the deal: at most the market's size, as many as fit


class ReplayScene(ReplayBase):
    def __init__(self, app: Host, replay: Replay, step: int = 0, note: Text | None = None) -> None:
        super().__init__(app, replay, note, "table")
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
        self._still: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self.add_buttons(self.layout["controls"], self.layout["bonus"].inflate(0, -14))
        header = self.layout["header"]
        self.timeline = Slider(  # drag or click anywhere in the game; Left/Right still step
            pygame.Rect(header.right - TIMELINE_WIDTH, header.y + 2, TIMELINE_WIDTH, header.height - 4),
            lambda: t("replay.timeline"),
            0,
            max(1, self.replay.steps),
            self.go_to,
            hint=lambda: t("replay.timeline.hint"),
            show=lambda value: f"{value}/{self.replay.steps}",
        )
        self.focus.widgets.append(self.timeline)
        self.go_to(step)

    @property
    def state(self) -> State:
        state: State = self.replay.state(self.step)
        return state

    # --- moving through the game --------------------------------------------------------------------

    def show(self, arrived_by: Move | None) -> None:
        self.timeline.value = self.step
        state = self.state
        self.market.sync(state.market, self.tweens if arrived_by is not None else None)
        if arrived_by is None:
            self.tweens.skip()
        kept = frozenset(c for c in COLOURS if c not in state.rerolled) if state.rolls else frozenset()
        if arrived_by is not None and isinstance(arrived_by.action, Roll):
            rolled = tuple(colour for colour, _ in arrived_by.action.faces)
            self.tray.throw(state.dice, rolled, self.tweens, seed=self.step)
        else:
            self.tray.show(state.dice, kept)
        self.main.arrange(state.display(self._main_seat()))
        self.panels.arrange(state, [s for s in range(state.config.players) if s != self._main_seat()])
        self.log.follow(self.entries[: self.step], self.replay.session.name, theme.SEAT_COLOURS)
        self._still = None

    def prompt_text(self) -> str:
        """Which step this is, and the move that led here in the log's words (a roll with the
        colour of each die), so the replay reads as a game record."""
        where = super().prompt_text()
        if self.step == 0:
            return where
        index = self.step - 1
        entry = self.entries[index]
        before = self.replay.states[index]
        name = self.replay.session.name(entry.seat if entry.seat is not None else entry.active)
        action = entry.action
        if isinstance(action, Roll):
            words = t("replay.roll", name=name, faces=roll_words(action))
        elif isinstance(action, Reroll):
            words = reroll_words(action, name, before)
        else:
            words = describe(action, name, before.card, entry.value, entry.bought)
        return t("replay.position_words", where=where, words=words)

    def _main_seat(self) -> int:
        return large_seat(self.state, False)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.play_on(dt, moving=self.tray.rolling or self.market.moving)

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
        self.draw_prompt(still)
        self.market.draw_base(still, (len(state.piles[0]), len(state.piles[1])))
        self.tray.draw_base(still)
        seat = self._main_seat()
        area = self.layout["display"]
        draw_seat_frame(still, area, seat)
        self.main.draw(still, state.display(seat), glyphs)
        self.draw_hand(still, state, seat, area)
        if state.config.solo:
            self.counter.draw(still, state, glyphs)
        else:
            self.panels.draw(still, state, self.replay.session, scores, theme.SEAT_COLOURS, glyphs)
        self.log.draw(still)
        return still

    def draw_hand(self, surface: pygame.Surface, state: State, seat: int, area: pygame.Rect) -> int:
        """During the deal: the cards dealt to the seat and not yet placed or put back, in a row
        under its display with whose they are (the live deal screen shows them in the hand);
        returns how many were drawn."""
        hand = state.seats[seat].hand
        if not hand:
            return 0
        caption = fonts.line(
            t("replay.hand", name=self.replay.session.name(seat)), 18, area.width - 20, theme.CREAM, "bold"
        )
        gap = 12
        width = min(HAND_CARD[0], (area.width - 24 - gap * (len(hand) - 1)) // len(hand))
        height = round(width * HAND_CARD[1] / HAND_CARD[0])
        row = pygame.Rect(0, 0, len(hand) * width + (len(hand) - 1) * gap, height)
        row.midbottom = (area.centerx, area.bottom - 12)
        if caption is not None:
            surface.blit(caption.surface, caption.surface.get_rect(midbottom=(area.centerx, row.top - 6)))
        for index, card_id in enumerate(hand):
            image = render_card(state.card(card_id), (width, height), glyphs=self.app.settings.colour_glyphs)
            surface.blit(image, (row.x + index * (width + gap), row.y))
        return len(hand)

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
        fitted = fonts.line(text, 22, area.width - TIMELINE_WIDTH - 16, theme.CREAM, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 4, area.centery)))
