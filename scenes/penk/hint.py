"""The hint at the Penk! table: the first game's hint (scenes/table/hint_view.py: asked with the
Hint button or H, answered on the bots' thinker thread, counted in the save, shown until the player
acts, a second H plays it) with Penk!'s adviser, the expert bot (game.penk.advise), and its own
rings: the dice to keep or to group, the cell to circle or aimed at, the column to cross out, or
the End button. The sentence why stands in a paper box under the large sheet's column points."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.penk import Advice, Circle, Cross, End, Reroll, State, advise, without
from scenes.penk.dice_row import take
from scenes.penk.hint_words import sentence
from scenes.table.hint_view import HINT_COLOUR, HintHelper


def _advise_job(state: State, _rng: random.Random, budget: float) -> Advice:
    return advise(state, budget)


class PenkHints(HintHelper):
    job = staticmethod(_advise_job)

    def words(self, advice: Any, kept: Any = frozenset()) -> str:
        return sentence(advice, self.session.view)  # Penk!'s dice are picked, not kept back

    def area(self, scene: Any) -> pygame.Rect:
        """The box's place: under the large sheet's column points (a scoring column shows its
        points below the grid), over the tip line."""
        hint = scene.layout["hint"]
        top = scene.large_geometry.column_points_rect(1).bottom + 2
        return pygame.Rect(hint.x, top, hint.width, hint.bottom - top)

    def showing(self) -> bool:
        return self.current() is not None or self.thinking

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        advice = self.current()
        if advice is not None:
            for rect in self.rings(scene, advice):
                pygame.draw.rect(surface, HINT_COLOUR, rect, 4, border_radius=12)
        self.draw_words(surface, self.area(scene))

    def rings(self, scene: Any, advice: Advice) -> list[pygame.Rect]:
        """What the hinted action uses, on the screen."""
        state = self.session.view
        action = advice.action
        dice = scene.dice
        geometry = scene.large_geometry
        rects: list[pygame.Rect] = []
        places: list[int] = []
        if isinstance(action, Reroll):
            kept = without(state.dice, action.faces)
            places = take(dice.faces, kept or action.faces, dice.free, set()) or []
            if advice.why.cell is not None and advice.why.kind == "keep":
                rects.append(geometry.cell_rect(*advice.why.cell).inflate(4, 4))
        elif isinstance(action, Circle):
            places = take(dice.faces, action.group, dice.free, dice.picked) or []
            rects.append(geometry.cell_rect(*action.cell).inflate(4, 4))
        elif isinstance(action, Cross):
            rects.append(geometry.header_rect(action.column).inflate(6, 6))
        elif isinstance(action, End):
            rects.append(scene.end_button.rect.inflate(6, 6))
        rects += [dice.rect(place).inflate(14, 14) for place in places]
        return rects
