"""The turn scene: the market, the dice tray and construction site, the deciding player's display
large and the others small, a log, and the controls for whatever the engine asks of a human now.
Bots' moves and chance events are shown at the chosen animation speed and can be skipped."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    Card,
    IllegalActionError,
    Phase,
    Recolour,
    State,
    Write,
    current_scores,
)
from scenes.core import fonts, theme
from scenes.core.i18n import current_language, t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.tooltip import Tip
from scenes.core.widgets import FocusGroup
from scenes.render.shapes import felt_backdrop
from scenes.table.base import SPEED_WIDTH, TableBase
from scenes.table.choices import Choices
from scenes.table.dice_tray import DiceTray
from scenes.table.display_view import DisplayView, draw_seat_frame
from scenes.table.effects import Effects
from scenes.table.guide import Guide
from scenes.table.hint_view import HintHelper
from scenes.table.log_view import LogView
from scenes.table.market_view import MarketView
from scenes.table.odds_view import OddsView
from scenes.table.panels import OtherPanels
from scenes.table.refusals import explain
from scenes.table.round_counter import RoundCounterView
from scenes.table.spots import Spot
from scenes.table.tips import turn_tip_at
from scenes.table.turn_controls import Controls
from scenes.table.turn_hits import TurnHits
from scenes.table.turn_moves import MoveShow
from scenes.table.turn_options import Step, large_seat
from scenes.table.why_not import WhyNotNote, answer
from scenes.table.words import round_note

if TYPE_CHECKING:
    from scenes.core.stack import Host
    from scenes.model.session import GameSession


class TurnScene(TableBase):
    name = "turn"

    def __init__(self, app: Host, session: GameSession) -> None:
        super().__init__(app, session)
        self.layout = layout("table")
        self.notice_top = self.layout["display"].top
        glyphs = app.settings.colour_glyphs
        self.market = MarketView(self.layout["market"])
        self.market.sync(session.view.market, None)
        self.tray = DiceTray(self.layout["dice"], self.layout["site"], glyphs)
        self.main = DisplayView(self.layout["display"], gap=8, max_width=150)
        # opened, the log lies over the prompt, the player's display and the small log
        large = self.layout["prompt"].union(self.layout["log"]).union(self.layout["display"].inflate(16, 12))
        self.log = LogView(self.layout["log"], large, lambda card_id: self.session.view.card(card_id))
        self.pointer: tuple[int, int] | None = None  # where the mouse is (the wheel scrolls what is under it)
        self.panels = OtherPanels(self.layout["others"])
        self.counter = RoundCounterView(self.layout["others"])
        self.effects = Effects(self.tweens)
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        views = (self.market, self.tray, self.main)
        self.controls = Controls(app, session, self.layout, views, self.focus, self.choose)
        self.hints = HintHelper(session)  # the Hint button and H (hint_view.py)
        self.controls.on_hint = self.hint
        self.why_not = WhyNotNote()  # ? and right-click (why_not.py)
        self.seen: State | None = None
        self.cued: tuple[object, ...] | None = None  # the human decision last announced (see _cue)
        self.log_hover: str | None = None  # the whole text of a shortened log line under the pointer
        self.choices: Choices | None = None
        self.scores = current_scores(session.view)
        self._still: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None
        self._under_log: pygame.Surface | None = None  # the still picture where the small log lies
        self.log_moved = False  # only the small log changed: redraw it alone, not the whole table
        self.dirty = True
        self.guide: Guide | None = None  # a guided game's lessons (scenes/tutorial/); None in a plain game
        self.odds = OddsView(app)
        self.moves = MoveShow(self)
        self.hits = TurnHits(self)
        state = session.view
        kept = frozenset(c for c in COLOURS if c not in state.rerolled) if state.rolls else frozenset()
        self.tray.show(state.dice, kept)
        self._sync()

    # -- which display is large ------------------------------------------------------------------
    def main_seat(self) -> int:
        return large_seat(self.session.view, self.session.human_to_decide)

    # -- the game moving on ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.left:
            return
        # nothing moves on while the market slides or dice still tumble (they land last)
        self.move_game(held=self.market.moving or self.tray.rolling)
        if self.session.view is not self.seen:
            self._sync()
        self.controls.step_helpers()
        if self.hints.poll() | self.why_not.update(dt):
            self.app.request_draw()
        seat = self.session.view.decider if self.session.human_to_decide and not self.tray.rolling else None
        if self.odds.update(self.session.view, seat, self.tray.kept, self.controls.selected):
            self.app.request_draw()

    # -- what moves show (turn_moves.py) ---------------------------------------------------------
    def show_chance(self, before: State, action: Action) -> None:
        self.moves.show_chance(action)

    def show_move(self, before: State, action: Action, seat: int, bot: bool) -> None:
        self.moves.show_move(before, action, seat, bot)

    def seat_area(self, seat: int) -> pygame.Rect:
        """Where a seat's display is on screen: the large display, or its panel."""
        return self.moves.seat_area(seat)

    def _sync(self) -> None:
        """The state changed: rebuild what depends on it (once, not per frame)."""
        session = self.session
        state = session.view
        previous = self.seen
        self.seen = state
        self.scores = current_scores(state)
        self.log.follow(session.log, session.name, theme.SEAT_COLOURS)
        if session.human_to_decide and not state.is_chance:
            from scenes.table.choices import build

            self.choices = build(state, session.legal())
        else:
            self.choices = None
        self.market.sync(state.market, self.tweens if previous is not None else None)
        if not self.tray.rolling and state.dice != self.tray.values:
            kept = frozenset(c for c in COLOURS if c not in state.rerolled) if state.rolls else frozenset()
            self.tray.show(state.dice, kept)
        self.panels.arrange(state, [s for s in range(state.config.players) if s != self.main_seat()])
        self.controls.rebuild(previous, self.choices)
        self._cue(state)
        self.dirty = True
        self.app.request_draw()

    def _cue(self, state: State) -> None:
        """A sound and a banner when a human's turn or passive choice begins (once per window)."""
        if not self.session.human_to_decide or state.is_chance:
            return
        if state.phase == Phase.ACTIVE:
            window: tuple[object, ...] = ("turn", state.round, state.active)
        elif state.phase == Phase.PASSIVE:
            window = ("passive", state.round, state.active, state.rolls, state.decider)
        elif state.phase == Phase.SOLO_PASSIVE:
            window = ("solo_passive", state.round)
        else:
            return
        if window == self.cued:
            return
        first = self.cued is None and self.session.log and self.session.log[-1].seat == state.decider
        self.cued = window
        if first:  # a game reopened in the middle of the human's own decision: no fanfare
            return
        name = self.session.name(state.decider)
        self.app.play("click")
        self.effects.banner(self.layout["display"], partial(t, f"table.cue.{window[0]}", name=name))

    # -- the human's moves -----------------------------------------------------------------------
    def play(self, action: Action, near: pygame.Rect | None = None) -> bool:
        """Play a human's move; a refusal is told next to `near` (where the player clicked)."""
        guide = self.guide
        if guide is not None and not guide.allows_action(action):
            self.refuse(guide.refusal, near)
            return False
        before = self.session.view
        seat = before.decider
        try:
            self.session.play(action)
        except IllegalActionError as error:
            reason, lookup = error, self.session.view.card
            self.refuse(lambda: explain(reason, lookup), near)
            return False
        self.show_move(before, action, seat, bot=False)
        self._sync()
        return True

    def choose(self, step: Step) -> None:
        """Carry out what the human chose among the controls: a move, an undo, a die kept or
        released, or a change of selection (a proposal, a die to write, a question)."""
        guide = self.guide
        if guide is not None and not guide.allows_step(step):
            self.refuse(guide.refusal)
            return
        self._choose(step)
        if guide is not None:
            guide.chose(step)

    def _choose(self, step: Step) -> None:
        if step.kind == "undo":
            self.undo()
            return
        if step.kind == "toggle" and step.colour is not None:
            self.tray.toggle(step.colour, self.tweens)
            self.controls.layout_widgets()
            return
        action, changed = self.controls.options.apply(step, self.session.view, self.choices, self.tray.kept)
        if action is not None:
            if self.play(action) and isinstance(action, (Adjust, Recolour)):
                self.app.play("click")
        elif changed:
            self.controls.show(step)

    def undo(self) -> None:
        if self.session.undo():
            self.app.play("click")
            state = self.session.view
            self.tray.show(state.dice, self.tray.kept)
            self._sync()
        else:
            self.refuse(lambda: t("table.undo.none"))

    def handle(self, intent: Intent) -> None:
        self.observe_tip(intent, self.focus)
        if intent.pos is not None:
            self.pointer = intent.pos
        if self._handle_log(intent) or self.handle_common(intent):
            return
        if intent.action == Key.ODDS:
            self.odds.toggle()
            return
        session = self.session
        if not session.human_to_decide or self.paced:
            if intent.action == Key.HINT and not session.human_to_decide:  # "why?" of the bot's move
                if self.hints.ask_bot_why():
                    self.app.play("click")
                self.app.request_draw()
                return
            if intent.action in (Key.CONFIRM, Key.POINTER_UP) or (
                intent.action == Key.POINTER_DOWN and not self.focus.widget_at(intent.pos or (0, 0))
            ):
                self.skip()
            if intent.action == Key.POINTER_MOVE:
                self._hover(intent.pos)
            return
        if intent.action == Key.HINT:
            self.hint()
            return
        if intent.action == Key.WHY_NOT:
            self.ask_why_not(intent.pos or self._asked_point())
            return
        if intent.action in (Key.ERASE, Key.UNDO):  # Backspace or Ctrl+Z
            self.undo()
            return
        if intent.action in (Key.PAGE_NEXT, Key.PAGE_PREVIOUS):
            self.controls.cycle(1 if intent.action == Key.PAGE_NEXT else -1)
            return
        if intent.action == Key.POINTER_MOVE:
            self._hover(intent.pos)
        used = self.focus.handle(intent)
        if intent.action in (Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.NEXT, Key.PREVIOUS):
            focused = self.focus.focused
            if isinstance(focused, Spot) and focused.card is not None:
                self.set_zoom(focused.card, focused.values, focused.rect)
            else:
                self.set_zoom(None)
        if not used and intent.action == Key.POINTER_UP:
            if intent.pos is not None and self._try_field(intent.pos):
                return
            self.controls.clicked_nothing()

    # -- hints and "why not?" (hint_view.py, why_not.py) -------------------------------------------
    def hint(self) -> None:
        """Ask the hard bot; asked again while its hint shows, do what it says."""
        advice = self.hints.current()
        if advice is not None:
            self.play(advice.action)
        elif self.hints.ask():
            self.app.play("click")
        self.app.request_draw()

    def _asked_point(self) -> tuple[int, int] | None:
        """Where ? asks: the focused spot after keys moved the focus, else the pointer."""
        focused = self.focus.focused
        if self.tip_source is not None and focused is not None:
            return focused.rect.center
        return self.pointer

    def ask_why_not(self, pos: tuple[int, int] | None) -> None:
        """Say what the rules allow with the die, field, card or slot at `pos`."""
        state = self.session.view
        thing = self.hits.thing_at(pos) if pos is not None else None
        found = answer(state, thing[0], self.controls.options.selected) if thing is not None else None
        if thing is None or found is None:
            self.why_not.show(lambda: t("why_not.nothing"), False, None)
        else:
            lookup = state.card
            self.why_not.show(lambda: found.text(state, lookup), found.action is not None, thing[1])
        self.app.play("click")
        self.app.request_draw()

    @property
    def animating(self) -> bool:
        # a guide's pointer moves, a hint's thinking mark and a why-not note fade, odds arrive
        return (
            super().animating
            or self.guide is not None
            or self.hints.thinking
            or self.why_not.showing
            or self.odds.waiting
        )

    def _handle_log(self, intent: Intent) -> bool:
        """The log: the wheel scrolls it under the pointer, a click opens it large; while open it
        takes every input (wheel, arrows and page keys scroll; Escape or a click outside close)."""
        log = self.log
        over = self.pointer is not None and log.contains(self.pointer)
        scrolls = {Key.PAGE_NEXT: -3, Key.PAGE_PREVIOUS: 3}
        if log.expanded:
            scrolls.update({Key.DOWN: -1, Key.UP: 1})
        if intent.action in scrolls and (over or log.expanded):
            if log.scroll(scrolls[intent.action]):
                self.log_moved = not log.expanded  # the small log is part of the still picture
                self.app.request_draw()
            return True
        if not log.expanded:
            pos = intent.pos
            if intent.action == Key.POINTER_UP and pos is not None and log.area.collidepoint(pos):
                log.open()
                self._log_changed()
                return True
            return intent.action == Key.POINTER_DOWN and over
        if intent.action == Key.POINTER_MOVE:
            self._hover(intent.pos)
        closing = intent.action in (Key.BACK, Key.MENU, Key.CONFIRM) or (
            intent.action == Key.POINTER_UP
            and intent.pos is not None
            and (not log.large.collidepoint(intent.pos) or log.toggle_rect().collidepoint(intent.pos))
        )
        if closing:
            log.close()
            self._log_changed()
        return intent.action != Key.SPEED

    def _log_changed(self) -> None:
        self.app.play("click")
        self.log_hover = None
        self.set_zoom(None)
        self.dirty = True
        self.app.request_draw()

    def _try_field(self, pos: tuple[int, int]) -> bool:
        """A die is chosen and a field that cannot take it was clicked: ask the engine, which says
        why not, and show that next to the field (rather than silently dropping the die)."""
        options = self.controls.options
        if options.mode != "write" or options.selected is None:
            return False
        field = self.hits.field_at(pos)
        if field is None:
            return False
        card, index, rect = field
        self.play(Write(options.selected, card, index), near=rect)
        return True

    def _hover(self, pos: tuple[int, int] | None) -> None:
        if pos is None:
            return
        full = self.log.full_text_at(pos)
        if full != self.log_hover:
            self.log_hover = full
            self.app.request_draw()
        logged = self.log.card_at(pos)
        if logged is not None:  # a line about a card: the card large
            self.set_zoom(logged[0], (), logged[1])
            return
        if self.log.expanded:
            self.set_zoom(None)
            return
        found = self.card_at(pos) if not self.odds.covers(pos) else None
        if found is None:
            self.set_zoom(None)
        else:
            card, values, rect = found
            self.set_zoom(card, values, rect)

    def card_at(self, pos: tuple[int, int]) -> tuple[Card, tuple[int | None, ...], pygame.Rect] | None:
        return self.hits.card_at(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = (current_language(), self.app.settings.colour_glyphs)
        if self.dirty or self.controls.changed or self._still is None or key != self._still_key:
            self._still = self._compose(surface)
            self._still_key = key
            self.dirty = self.controls.changed = self.log_moved = False
        elif self.log_moved and self._under_log is not None:
            # a scroll of the small log: its corner of the still picture, not the whole table
            self._still.blit(self._under_log, self.log.area.topleft)
            self.log.draw(self._still)
            self.log_moved = False
        surface.blit(self._still, (0, 0))
        state = self.session.view
        self.market.draw_cards(
            surface, state.deck, self.app.settings.colour_glyphs, self.controls.slot_glow()
        )
        if state.phase != Phase.PLACE:  # the card to place is shown in the tray instead
            self.tray.draw(
                surface,
                self.controls.shown_values(),
                state.used,  # a bot's used dice are veiled too, so its turn can be followed
                self.controls.dice_rings(),
                self.controls.dice_badges(),
            )
        self.focus.draw(surface)
        self.odds.draw(surface, state, self.main_seat(), self.main, self.market, self.controls.buttons)
        self.effects.draw(surface)
        self.hints.draw(surface, self)
        self.controls.draw_overlay(surface)
        self.draw_speed(surface)
        self.log.draw_large(surface)
        if self.log_hover:
            self.log.draw_full(surface, self.log_hover)
        self.draw_hover(surface)
        self.why_not.draw(surface, self.layout["display"])  # over the zoomed card it asks about
        bubble = self.guide.draw(surface) if self.guide is not None else None
        display = self.layout["display"]  # a refusal last: nothing may cover it (docs/scenes.md)
        area = pygame.Rect(display.x, display.bottom - 60, display.width, 50)
        self.draw_notice(surface, area, [bubble] if bubble is not None else [])

    def tip_at(self, point: tuple[int, int]) -> Tip | None:
        state = self.session.view
        tray = self.tray if state.phase != Phase.PLACE else None
        views = (self.main, self.market, self.panels, self.counter)
        return self.odds.tip_at(point, state) or turn_tip_at(state, self.main_seat(), point, tray, *views)

    def speed_rect(self) -> pygame.Rect:
        header = self.layout["header"]
        return pygame.Rect(header.right - SPEED_WIDTH, header.y + 4, SPEED_WIDTH, header.height - 8)

    def _compose(self, like: pygame.Surface) -> pygame.Surface:
        still = pygame.Surface(like.get_size()).convert(like) if pygame.display.get_init() else like.copy()
        still.blit(felt_backdrop(like.get_size()), (0, 0))
        state = self.session.view
        glyphs = self.app.settings.colour_glyphs
        self._draw_header(still, state)
        self.market.draw_base(still, (len(state.piles[0]), len(state.piles[1])))
        self.tray.draw_base(still)
        area = self.layout["display"]
        seat = self.main_seat()
        draw_seat_frame(still, area, seat)
        self.main.draw(
            still, state.display(seat), glyphs, self.controls.card_glow(), self.controls.cell_glow()
        )
        self.controls.draw_field_glow(still, seat)
        self.controls.draw_still(still)
        if state.config.solo:  # no other players: the round counter's pile takes their place
            self.counter.draw(still, state, glyphs)
        else:
            self.panels.draw(still, state, self.session, self.scores, theme.SEAT_COLOURS, glyphs)
        self._under_log = still.subsurface(self.log.area.clip(still.get_rect())).copy()
        self.log.draw(still)
        return still

    def _draw_header(self, surface: pygame.Surface, state: State) -> None:
        area = self.layout["header"]
        text = self.header_text(state)
        room = area.width - SPEED_WIDTH - 24  # the speed pill sits at the right end
        fitted = fonts.line(text, 22, room, theme.CREAM, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 4, area.centery)))

    def header_text(self, state: State) -> str:
        """The line at the top: level or round, whose turn, rolls left."""
        session = self.session
        parts = []
        if state.config.solo:
            from game.goennen.engine import level_info

            info = level_info(state.config.solo_level or 1)
            parts.append(
                t(
                    "table.header.solo",
                    level=info.level,
                    counter=len(state.removed),
                    rounds=info.rounds,
                    target=info.target,
                    score=self.scores[0].total,
                )
            )
        else:
            last = round_note(state.round, state.last_round)
            parts.append(t("table.header.round", round=state.round + 1) + last)
            # the large display's score: the others' stand on their panels, so every seat's shows
            seat = self.main_seat()
            parts.append(t("table.header.score", name=session.name(seat), points=self.scores[seat].total))
        if state.phase not in (Phase.WILD, Phase.OVER):
            if not state.config.solo:  # one player: whose turn it is goes without saying
                parts.append(t("table.header.turn", name=session.name(state.active)))
            # the rolls are over once the solo passive move begins (it writes the last roll)
            if state.rolls and state.phase != Phase.SOLO_PASSIVE:
                left = max(0, 3 - state.rolls)
                parts.append(t("table.header.rolls_left", count=left))
        return "   ·   ".join(parts)
