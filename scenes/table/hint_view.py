"""The hint at the table: asked with the Hint button or H, answered by the adviser (game.goennen.ai.advise)
on the bots' thinker thread, shown until the player acts: the things to use ringed in the hint's
own colour (the dice to keep or to use, the card, the field, the market slot, the cell, the deck,
or the button to press) and the sentence why in a paper box over the log. While the bot thinks, a
small "thinking" mark stands there instead. Asking again while the hint shows does what it says.

Every hint asked is counted in the game's save (scenes/model/hints.py). While a bot plays, H asks
"why?" of the bot's latest move instead: the same sentence, from that bot's own numbers
(game.goennen.ai.explain), shown until the player next acts; it counts as no hint."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.goennen.ai import DEFAULT_BUDGET, Advice, advise, explain
from game.goennen.engine import (
    COLOURS,
    MARKET_SLOTS,
    Action,
    Adjust,
    Buy,
    Colour,
    Complete,
    End,
    Place,
    Recolour,
    Remove,
    Reroll,
    State,
    Take,
    Write,
)
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.hints import count_hint
from scenes.model.session import BotWorker
from scenes.table.geometry import field_rects
from scenes.table.hint_words import sentence

if TYPE_CHECKING:
    from scenes.core.layout import Layout
    from scenes.core.widgets import Button
    from scenes.model.session import GameSession
    from scenes.table.dice_tray import DiceTray
    from scenes.table.display_view import DisplayView
    from scenes.table.market_view import MarketView
    from scenes.table.turn_controls import Controls


class Table(Protocol):
    """What the hint draws on: the turn scene's views."""

    layout: Layout
    main: DisplayView
    market: MarketView
    tray: DiceTray
    controls: Controls


HINT_COLOUR = (120, 215, 255)  # unlike every glow of the controls (green, gold, red)
BOX_PADDING = 10


def _advise_job(state: State, _rng: random.Random, budget: float) -> Advice:
    return advise(state, budget)


def _explain_job(action: Action, level: str, state: State, _rng: random.Random, _budget: float) -> Advice:
    return explain(state, action, level)


class HintHelper:
    """One table's hints: the question on the thinker thread, the answer for the position asked.
    Another game's table (Penk!) gives its own `job` (the adviser), `words` and `draw`."""

    # (state, rng, budget) -> the game's advice, on the thinker thread
    job: Callable[[Any, random.Random, float], Any] = staticmethod(_advise_job)

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._worker: BotWorker | None = None
        self._advice: Any = None  # the game's advice (the first game's Advice, or Penk!'s)
        self._advice_for: Any = None
        self._why_worker: BotWorker | None = None
        self._bot_why: tuple[Advice, State, int] | None = None  # the answer, its state, log length

    # -- asking ---------------------------------------------------------------------------------
    def can_ask(self) -> bool:
        session = self.session
        return session.human_to_decide and not session.view.is_chance

    def ask(self) -> bool:
        """Start the adviser on the current decision (counted once per decision); False when
        there is nothing to ask or the answer is already there or coming."""
        if not self.can_ask() or self.thinking or self.current() is not None:
            return False
        count_hint(self.session)
        state = self.session.view
        self._worker = BotWorker(self.job, state, random.Random(0), DEFAULT_BUDGET)
        return True

    # -- "why?" of a bot's move -------------------------------------------------------------------
    def bot_move(self) -> tuple[State, Action, int] | None:
        """The latest bot move worth asking about (an End is told by the move before it), with the
        state it was decided in and the bot's seat."""
        for before, action in reversed(self.session.bot_moves):
            if not isinstance(action, End) and not before.is_chance:
                return before, action, before.decider
        return None

    def ask_bot_why(self) -> bool:
        """While a bot plays: start explaining its latest move; False when there is none to ask
        about or the answer is already there or coming."""
        found = self.bot_move()
        if self.session.human_to_decide or found is None or self._why_worker is not None:
            return False
        before, action, seat = found
        if self._bot_why is not None and self._bot_why[1] is before:
            return False
        level = self.session.seats[seat].level or "normal"
        self._why_worker = BotWorker(partial(_explain_job, action, level), before, random.Random(0), 0.0)
        return True

    def bot_why(self) -> tuple[Advice, State] | None:
        """The bot's move explained, until a human acts after it was asked."""
        if self._bot_why is None:
            return None
        advice, state, asked_at = self._bot_why
        humans = set(self.session.humans)
        if any(entry.seat in humans for entry in self.session.log[asked_at:]):
            self._bot_why = None
            return None
        return advice, state

    @property
    def thinking(self) -> bool:
        worker = self._worker
        return worker is not None and worker.state is self.session.view and not worker.done

    def poll(self) -> bool:
        """Collect a finished answer (once); whether something to draw changed."""
        explaining = self._why_worker
        if explaining is not None and explaining.done:
            self._why_worker = None
            self._bot_why = (explaining.result(), explaining.state, len(self.session.log))
            return True
        worker = self._worker
        if worker is None or not worker.done:
            return False
        self._worker = None
        if worker.state is not self.session.view:
            return True  # the player acted meanwhile: the answer is for a position gone by
        self._advice = worker.result()
        self._advice_for = worker.state
        return True

    def wait(self) -> None:
        """Tests and tools: block until the answer (a hint, or a bot move's why) is there."""
        for worker in (self._worker, self._why_worker):
            if worker is not None:
                worker.result()

    def current(self) -> Any:
        """The answer for the position on the table now (None once the player acted)."""
        if self._advice is not None and self._advice_for is self.session.view:
            return self._advice
        return None

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, scene: Table) -> None:
        advice = self.current()
        if advice is not None:
            self._draw_marks(surface, scene, advice)
        self.draw_words(surface, scene.layout["log"], scene.tray.kept)

    def draw_words(
        self, surface: pygame.Surface, area: pygame.Rect, kept: frozenset[Colour] | set[Colour] = frozenset()
    ) -> bool:
        """The hint's sentence, or the thinking mark, in a paper box filling `area`; whether there
        was one to draw (the deal screen draws its own marks and shows this in place of its guide)."""
        advice = self.current()
        explained = self.bot_why()
        if advice is not None:
            self._draw_box(surface, area, t("hint.title"), self.words(advice, kept))
        elif explained is not None:
            why, state = explained
            name = self.session.name(state.decider)
            title = t("hint.why_bot.title", name=name, bot=t(f"hint.why_bot.{why.bot}"))
            self._draw_box(surface, area, title, sentence(why, state, state.card))
        elif self._why_worker is not None:
            self._draw_box(surface, area, t("hint.why_bot.asking"), t("hint.why_bot.working"))
        elif self.thinking:
            self._draw_box(surface, area, t("hint.title"), t("hint.thinking"))
        else:
            return False
        return True

    def words(self, advice: Advice, kept: frozenset[Colour] | set[Colour] = frozenset()) -> str:
        """The hint's sentence for the position on the table (`kept`: the dice the player has put
        back on the construction site, which the sentence says why to take back)."""
        state = self.session.view
        return sentence(advice, state, state.card, kept)

    def _draw_box(self, surface: pygame.Surface, area: pygame.Rect, title: str, text: str) -> None:
        box = area.inflate(-4, -4)
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=10)
        pygame.draw.rect(surface, HINT_COLOUR, box, 3, border_radius=10)
        inner = box.inflate(-2 * BOX_PADDING, -2 * BOX_PADDING)
        heading = fonts.line(title, 15, inner.width, theme.INK_SOFT, "bold")
        top = inner.y
        if heading is not None:
            surface.blit(heading.surface, (inner.x, top))
            top += heading.surface.get_height()
        fitted = fonts.block(text, 17, (inner.width, inner.bottom - top), theme.INK, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, (inner.x, top))

    def _draw_marks(self, surface: pygame.Surface, scene: Table, advice: Advice) -> None:
        """Ring what the hinted step uses: dice, the card or its fields, the slot, the cell."""
        state = self.session.view
        main = next((s for s in advice.steps if not isinstance(s, (Adjust, Recolour))), advice.action)
        rects: list[pygame.Rect] = []
        dice: tuple[Colour, ...] = ()
        action: Action = advice.action
        if isinstance(action, (Adjust, Recolour)):
            dice = (action.die,)
            action = main
        if isinstance(action, Reroll):
            dice = tuple(c for c in COLOURS if c not in action.dice) or action.dice
            why = advice.why  # the card the keep aims at: in the market or in the display
            if why.row is not None and why.slot is not None:
                rects.append(scene.market.slot_rect(why.row, why.slot))
            elif why.card is not None:
                target = state.display(state.decider).find(why.card)
                if target is not None:
                    rects.append(scene.main.rect_of(target.pos))
        elif isinstance(action, Complete):
            dice += tuple(d for d in action.dice if d is not None)
            card = state.display(state.decider).find(action.card)
            if card is not None:
                cell = scene.main.rect_of(card.pos)
                fields = field_rects(card.card, cell)
                rects += [fields[i] for i, d in enumerate(action.dice) if d is not None and i < len(fields)]
                rects.append(cell)
        elif isinstance(action, Buy):
            dice += action.dice
            rects.append(scene.market.slot_rect(action.row, action.slot))
        elif isinstance(action, Write):
            dice += (action.die,)
            card = state.display(state.decider).find(action.card)
            if card is not None:
                fields = field_rects(card.card, scene.main.rect_of(card.pos))
                if action.field < len(fields):
                    rects.append(fields[action.field].inflate(6, 6))
        elif isinstance(action, Place):
            rects.append(scene.main.rect_of((action.row, action.col)))
        elif isinstance(action, Take):
            rects.append(scene.market.deck_rect(action.row))
        elif isinstance(action, Remove) and action.row is not None:
            rects.append(scene.market.slot_rect(action.row, MARKET_SLOTS))
        else:
            button = _button_for(scene, action)
            if button is not None:
                rects.append(button.rect.inflate(6, 6))
        if state.phase != "place":
            for die in dice:
                rect = scene.tray.die_rect(die)
                if rect.width:
                    pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(16, 16), 4, border_radius=16)
        for rect in rects:
            pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(4, 4), 4, border_radius=10)


def _button_for(scene: Table, action: Action) -> Button | None:
    """The turn controls' button that plays `action` (End, Pass, Discard, a wild colour ...)."""
    controls = scene.controls
    if controls.choices is None:
        return None
    offers, _targets = controls.options.offers(controls.state, controls.choices, scene.tray.kept)
    for offer in offers:
        if offer.step.action == action:
            return controls.buttons.get(offer.key)
    return None
