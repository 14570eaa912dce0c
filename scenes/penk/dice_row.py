"""Penk!'s six dice in a row: each keeps its place on the table while the engine sees only sorted
faces, so the player picks the very dice they look at. Picked dice lift; dice already grouped this
turn are dimmed; rerolled dice tumble back into their places (scenes/render/dice.py's DiceRoll).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import pygame

from game.penk import DICE
from scenes.core import theme
from scenes.core.tween import Tweens
from scenes.render.dice import DiceRoll, penk_face

DIE = 78
LIFT = 10  # a picked die rises this far


def take(faces: list[int], wanted: Iterable[int], among: Iterable[int], prefer: set[int]) -> list[int] | None:
    """Places among `among` whose faces are `wanted` (a multiset), preferring places in `prefer`;
    None when they are not all there."""
    need = Counter(wanted)
    chosen: list[int] = []
    ordered = sorted(among, key=lambda place: (place not in prefer, place))
    for place in ordered:
        if need[faces[place]] > 0:
            need[faces[place]] -= 1
            chosen.append(place)
    return sorted(chosen) if not +need else None


class DiceRow:
    def __init__(self, area: pygame.Rect) -> None:
        self.area = area
        self.faces: list[int] = [0] * DICE  # 0: no die here (being rolled, or before the roll)
        self.picked: set[int] = set()
        self.used: set[int] = set()
        self.roll = DiceRoll(area, size=DIE, painter=penk_face)

    # -- places ----------------------------------------------------------------------------------
    def rect(self, place: int) -> pygame.Rect:
        gap = (self.area.width - DICE * DIE) // (DICE + 1)
        rect = pygame.Rect(self.area.x + gap + place * (DIE + gap), 0, DIE, DIE)
        rect.centery = self.area.centery + 4
        return rect

    def place_at(self, point: tuple[int, int]) -> int | None:
        for place in range(DICE):
            if self.faces[place] and self.rect(place).inflate(8, LIFT * 2).collidepoint(point):
                return place
        return None

    @property
    def free(self) -> list[int]:
        return [place for place in range(DICE) if self.faces[place] and place not in self.used]

    def picked_faces(self) -> tuple[int, ...]:
        return tuple(sorted(self.faces[place] for place in self.picked))

    # -- following the engine --------------------------------------------------------------------
    def sync(self, dice: tuple[int, ...], used: tuple[int, ...], rolling: bool) -> None:
        """Agree with the engine's dice (sorted) and used dice, moving as few dice as possible."""
        if not rolling and sorted(face for face in self.faces if face) != list(dice):
            self.faces = [*dice, *[0] * (DICE - len(dice))]
            self.picked.clear()
        in_use = take(self.faces, used, [p for p in range(DICE) if self.faces[p]], self.used) or []
        self.used = set(in_use)
        self.picked -= self.used
        self.picked = {place for place in self.picked if self.faces[place]}

    def lift_for_reroll(self, faces: tuple[int, ...]) -> list[int]:
        """The places of the dice a reroll throws (the picked ones if they are these), emptied."""
        places = take(self.faces, faces, self.free, self.picked) or []
        for place in places:
            self.faces[place] = 0
        self.picked.clear()
        return places

    def throw(self, rolled: tuple[int, ...], tweens: Tweens, seed: int) -> None:
        """The rolled faces tumble into the empty places."""
        empty = [place for place in range(DICE) if not self.faces[place]]
        faces = list(rolled)
        random.Random(seed).shuffle(faces)
        for place, face in zip(empty, faces, strict=False):
            self.faces[place] = face
        self.picked.clear()
        self.roll.roll(faces, tweens, seed=seed, colours=empty)  # type: ignore[arg-type]  # names, not colours
        for die in self.roll.dice:
            die.rest = self.rect(int(die.colour)).center

    @property
    def rolling(self) -> bool:
        return self.roll.rolling

    def toggle(self, place: int) -> None:
        if place in self.picked:
            self.picked.discard(place)
        elif self.faces[place] and place not in self.used:
            self.picked.add(place)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ring: tuple[int, int, int] | None = None) -> None:
        # while a throw lasts, DiceRoll draws all of its dice (landed ones at rest)
        tumbling = {int(die.colour) for die in self.roll.dice} if self.roll.rolling else set()
        for place in range(DICE):
            face = self.faces[place]
            if not face or place in tumbling:
                if not face:
                    pygame.draw.rect(surface, theme.FELT_DARK, self.rect(place), 2, border_radius=DIE // 5)
                continue
            rect = self.rect(place).move(0, -LIFT if place in self.picked else 0)
            surface.blit(penk_face(face, DIE), rect)
            if place in self.used:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(veil, (10, 20, 18, 160), veil.get_rect(), border_radius=DIE // 5)
                surface.blit(veil, rect)
            elif place in self.picked:
                pygame.draw.rect(
                    surface, ring or theme.FOCUS, rect.inflate(10, 10), 4, border_radius=DIE // 4
                )
        if tumbling:
            self.roll.draw(surface)
