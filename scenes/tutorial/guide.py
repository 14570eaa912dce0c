"""The guided first game's guide at the table (scenes/table/guide.py): the lesson due drawn over
the turn scene (a pulsing ring around the thing to use now and a bubble saying what and why), and
a guard on every choice: the one the lesson asks for goes ahead, anything else is refused with a
friendly word instead of being played. Bots and chance move on as at any table."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

import pygame

from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    Buy,
    Colour,
    Complete,
    End,
    Pass,
    Place,
    Reroll,
    Write,
)
from scenes.core.i18n import t
from scenes.core.widgets import Button
from scenes.model.tutorial import PLAYER, Lesson
from scenes.model.tutorial_session import TutorialSession
from scenes.table.geometry import field_rects
from scenes.table.turn_options import Step
from scenes.tutorial.pointer import draw_bubble, draw_rings

if TYPE_CHECKING:
    from scenes.core.layout import Layout
    from scenes.core.widgets import FocusGroup
    from scenes.table.dice_tray import DiceTray
    from scenes.table.display_view import DisplayView
    from scenes.table.market_view import MarketView
    from scenes.table.turn_controls import Controls


class GuidedTable(Protocol):
    """What of the turn scene (scenes/table/turn.py) a lesson rings and watches."""

    layout: Layout
    controls: Controls
    focus: FocusGroup
    tray: DiceTray
    main: DisplayView
    market: MarketView

    @property
    def paced(self) -> bool: ...


# control steps that never change the game by themselves (the move they lead to is checked)
FREE_STEPS = frozenset({"play", "cycle", "cancel"})


class TutorialGuide:
    def __init__(self, scene: GuidedTable, session: TutorialSession) -> None:
        self.scene = scene
        self.session = session
        self.started = time.perf_counter()

    # -- the lesson due ----------------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson | None:
        """The lesson waiting for the learner now (None while the bot or chance plays)."""
        if not self.session.human_to_decide or self.scene.paced:
            return None
        return self.session.lesson

    def targets(self) -> list[pygame.Rect]:
        """What to ring now: for the lesson's action, and how far the player got towards it."""
        lesson = self.lesson
        if lesson is None:
            return []
        action = lesson.expected
        scene = self.scene
        controls = scene.controls
        state = self.session.view
        if isinstance(action, Reroll):
            wrong = self._dice_to_toggle(action)
            if wrong:
                return [scene.tray.die_rect(colour) for colour in wrong]
            return self._buttons("reroll")
        if isinstance(action, (Complete, Buy)):
            if controls.mode == "proposal":
                return self._buttons("confirm" if controls.proposal == action else "cancel")
            if isinstance(action, Buy):
                return [scene.market.slot_rect(action.row, action.slot)]
            placed = state.display(state.decider).find(action.card)
            return [] if placed is None else [scene.main.rect_of(placed.pos)]
        if isinstance(action, Adjust):  # its button appears once the table found it helpful
            return [
                widget.rect
                for widget in scene.focus.widgets
                if isinstance(widget, Button) and _plays(widget) == action
            ]
        if isinstance(action, Place):
            return [scene.main.rect_of((action.row, action.col))]
        if isinstance(action, End):
            return self._buttons("end_anyway", "end")
        if isinstance(action, Pass):
            return self._buttons("pass")
        if isinstance(action, Write):
            if controls.mode != "write":
                return self._buttons("chance_write")
            if controls.selected != action.die:
                return [scene.tray.die_rect(action.die)]
            placed = state.display(state.decider).find(action.card)
            if placed is None:
                return []
            return [field_rects(placed.card, scene.main.rect_of(placed.pos))[action.field].inflate(4, 4)]
        return []

    def _buttons(self, *keys: str) -> list[pygame.Rect]:
        for key in keys:
            button = self.scene.controls.buttons.get(key)
            if button is not None:
                return [button.rect]
        return []

    def _dice_to_toggle(self, reroll: Reroll) -> list[Colour]:
        """The dice whose keeping differs from what the lesson asks (kept = not rerolled)."""
        dice = self.session.view.dice
        kept = self.scene.tray.kept
        keep = {c for c in COLOURS if c not in reroll.dice}
        return [c for c in COLOURS if dice[c.slot] and (c in keep) != (c in kept)]

    # -- the guard (scenes/table/guide.py) -----------------------------------------------------------
    def allows_action(self, action: Action) -> bool:
        lesson = self.lesson
        return lesson is None or action == lesson.expected

    def allows_step(self, step: Step) -> bool:
        """Whether a control's step leads towards the lesson's action."""
        if step.kind in FREE_STEPS:
            return True
        lesson = self.lesson
        if lesson is None:
            return False
        action = lesson.expected
        if step.kind == "toggle":
            return isinstance(action, Reroll) and step.colour in self._dice_to_toggle(action)
        if step.kind == "reroll":
            return isinstance(action, Reroll) and not self._dice_to_toggle(action)
        if step.kind == "propose_complete":
            return isinstance(action, Complete) and step.card == action.card
        if step.kind == "propose_buy":
            return isinstance(action, Buy) and step.slot == (action.row, action.slot)
        if step.kind == "end":
            return isinstance(action, End)
        if step.kind == "start_write":
            return isinstance(action, Write)
        if step.kind == "select":
            return isinstance(action, Write) and step.colour == action.die
        return False  # undo: each lesson waits for one move

    def chose(self, step: Step) -> None:
        """A proposal shows the lesson's own dice (the first of several may be another)."""
        lesson = self.lesson
        options = self.scene.controls.options
        if step.kind not in ("propose_complete", "propose_buy") or lesson is None:
            return
        for index, option in enumerate(options.options):
            if option == lesson.expected:
                options.index = index
                self.scene.controls.layout_widgets()

    def refusal(self) -> str:
        return t("tutorial.refused")

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        rings = self.targets()
        draw_rings(surface, rings, time.perf_counter() - self.started)
        text = self.text()
        if not text:
            return None
        layout = self.scene.layout
        display = layout["display"]
        home = pygame.Rect(display.x, display.y + 10, display.width, 120)
        # never over the buttons the lesson may need next, nor over the dice kept so far
        keep_clear = [layout["controls"], layout["site"]]
        return draw_bubble(surface, text, rings[0] if rings else None, home, keep_clear)

    def text(self) -> str:
        """The bubble's words: the lesson due, or while the bot plays, what to watch for."""
        lesson = self.lesson
        if lesson is not None:
            return t(f"tutorial.lesson.{lesson.key}")
        state = self.session.view
        if not self.session.over and not self.session.human_to_decide and state.active != PLAYER:
            return t("tutorial.watch", name=self.session.name(state.active))
        return ""


def _plays(button: Button) -> Action | None:
    """The action a bonus button plays (its press is `choose(Step("play", action))`)."""
    arguments = getattr(button.on_press, "args", ())
    step = arguments[0] if arguments else None
    return step.action if isinstance(step, Step) and step.kind == "play" else None
