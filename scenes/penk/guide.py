"""Penk!'s guided first game at the table: the lesson due drawn over the Penk! table (a pulsing
ring around the thing to use now and a bubble saying what and why, scenes/tutorial/pointer.py's)
and a guard on every move: the one the lesson asks for goes ahead, anything else is refused with a
friendly word. Picking dice is free; the bot and the dice move on as at any table."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.penk import Action, Circle, Cross, Reroll
from scenes.core.i18n import t
from scenes.model.penk_tutorial import PLAYER, Lesson
from scenes.model.penk_tutorial_session import PenkTutorialSession
from scenes.penk.dice_row import take
from scenes.tutorial.pointer import draw_bubble, draw_rings


class PenkGuide:
    def __init__(self, scene: Any, session: PenkTutorialSession) -> None:
        self.scene = scene  # the Penk! table
        self.session = session
        self.started = time.perf_counter()

    @property
    def lesson(self) -> Lesson | None:
        """The lesson waiting for the learner now (None while the bot or the dice move)."""
        if not self.scene.deciding:
            return None
        return self.session.lesson

    def allows(self, action: Action) -> bool:
        lesson = self.lesson
        return lesson is None or action == lesson.expected

    def refusal(self) -> str:
        return t("tutorial.refused")

    def targets(self) -> list[pygame.Rect]:
        """What to ring now: for the lesson's move, and how far the learner got towards it."""
        lesson = self.lesson
        if lesson is None:
            return []
        scene, action = self.scene, lesson.expected
        dice, geometry = scene.dice, scene.large_geometry
        if isinstance(action, Cross):
            return [geometry.header_rect(action.column)]
        wanted = (
            action.group if isinstance(action, Circle) else action.faces if isinstance(action, Reroll) else ()
        )
        places = take(dice.faces, wanted, dice.free, dice.picked) or []
        missing = [dice.rect(place) for place in places if place not in dice.picked]
        if missing or set(dice.picked) != set(places):
            return missing or [dice.rect(place) for place in dice.picked - set(places)]
        if isinstance(action, Circle):
            return [scene.circle_button.rect, geometry.cell_rect(*action.cell)]
        return [scene.reroll_button.rect]

    def text(self) -> str:
        lesson = self.lesson
        if lesson is not None:
            return t(f"penk.tutorial.lesson.{lesson.key}")
        state = self.session.view
        if not self.session.over and state.active != PLAYER:
            key = "penk.tutorial.last" if state.ending else "penk.tutorial.watch"
            return t(key, name=self.session.name(state.active))
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        rings = self.targets()
        draw_rings(surface, rings, time.perf_counter() - self.started)
        text = self.text()
        if text:
            layout = self.scene.layout
            others = layout["others"]
            # over the other sheets' foot, never over the dice, the buttons or the learner's sheet
            # (beside the ringed thing it would cover what the lesson needs next: the rings point)
            home = pygame.Rect(others.x, others.bottom - 170, others.width, 160)
            draw_bubble(surface, text, None, home)
