"""Dice drawn from data, and the rolling animation (tumble, bounce, settle).

Each die's pips take the shape of its colour's glyph (round pips on yellow, triangles on orange,
squares on green, diamonds on blue, stars on purple), so a die is told apart without colour.
With colour glyphs switched off the pips are plain round ones.

Penk!'s dice (`penk_face`) have no colour: ivory with round pips for 1 to 5, and the jolly a gold
face with a large star and a "J", told apart by its shape as well as its colour. `DiceRoll` throws
either kind: a painter draws a die without a colour (`DiceRoll(..., painter=penk_face)`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import pygame

from game.goennen.engine import COLOURS, Colour
from game.penk import JOLLY
from scenes.core import fonts, theme
from scenes.core.tween import Tweens
from scenes.render.shapes import draw_glyph, glyph_points

# Pip centres on a unit face (0..1), standard layouts.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)),
}

ROLL_SECONDS = 1.1
PENK_IVORY = (246, 240, 226)
PENK_JOLLY = (236, 178, 40)  # gold, with a dark star: the jolly is told by its shape too
Painter = Callable[[int, int], pygame.Surface]  # (face, size) -> a die without a colour


def _die_body(rgb: tuple[int, int, int], size: int) -> tuple[pygame.Surface, pygame.Rect]:
    """A blank die of `rgb` with a soft bevel, and the rectangle of its top face."""
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    rect = face.get_rect()
    pygame.draw.rect(face, theme.darker(rgb, 0.38), rect, border_radius=radius)
    inner = rect.inflate(-max(2, size // 14), -max(2, size // 14)).move(0, -max(1, size // 40))
    pygame.draw.rect(face, rgb, inner, border_radius=radius)
    shine = inner.inflate(-size // 5, -size // 5).move(0, -size // 14)
    pygame.draw.rect(face, theme.lighter(rgb, 0.18), shine, border_radius=radius)
    return face, inner


@cache
def die_face(colour: Colour, value: int, size: int, glyphs: bool = True) -> pygame.Surface:
    """One die showing `value`, `size` pixels square, with a soft bevel."""
    rgb = theme.COLOUR_RGB[colour]
    face, inner = _die_body(rgb, size)
    pip_rgb = theme.ink_on(rgb)
    pip_radius = size * (0.1 if value < 6 else 0.092)
    for u, v in PIPS[value]:
        centre = (inner.x + u * inner.width, inner.y + v * inner.height)
        if glyphs:
            draw_glyph(face, colour, centre, pip_radius * 1.3, fill=pip_rgb)
        else:
            pygame.draw.circle(face, pip_rgb, centre, pip_radius)
    return face


@cache
def penk_face(value: int, size: int) -> pygame.Surface:
    """A Penk! die showing 1 to 5 (round pips on ivory) or the jolly (a star and a J on gold)."""
    if value == JOLLY:
        face, inner = _die_body(PENK_JOLLY, size)
        centre = (inner.centerx, inner.centery + size * 0.02)
        ink = theme.darker(PENK_JOLLY, 0.7)
        pygame.draw.polygon(face, ink, glyph_points("star", centre, size * 0.36))
        letter = fonts.text("J", max(9, round(size * 0.3)), PENK_JOLLY, "black")
        face.blit(letter, letter.get_rect(center=(centre[0], centre[1] + size * 0.02)))
        return face
    face, inner = _die_body(PENK_IVORY, size)
    for u, v in PIPS[value]:
        pip = (inner.x + u * inner.width, inner.y + v * inner.height)
        pygame.draw.circle(face, theme.INK, pip, size * 0.1)
    return face


@lru_cache(maxsize=64)
def _painted_at_rest(painter: Painter, value: int, size: int, angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(painter(value, size), angle, 1.0)


@lru_cache(maxsize=256)
def resting_face(colour: Colour, value: int, size: int, glyphs: bool, angle: float) -> pygame.Surface:
    """A die at rest, turned by its tilt (half degrees, so the cache stays small)."""
    return pygame.transform.rotozoom(die_face(colour, value, size, glyphs), angle, 1.0)


@cache
def die_shadow(size: int) -> pygame.Surface:
    shadow = pygame.Surface((size + 12, size + 12), pygame.SRCALPHA)
    for step in range(6, 0, -1):
        pygame.draw.rect(
            shadow,
            (0, 0, 0, 14 + (6 - step) * 6),
            shadow.get_rect().inflate(-step * 2, -step * 2),
            border_radius=size // 5,
        )
    return shadow


@dataclass
class RollingDie:
    colour: Colour
    value: int  # the final face
    rest: tuple[float, float]  # where it comes to rest (centre)
    start: tuple[float, float]
    spin: float  # degrees turned over the roll
    tilt: float  # its resting angle
    progress: float = 1.0  # 0 at the throw, 1 at rest
    shown: int = 1  # the face visible now (changes while tumbling)
    faces: list[int] = field(default_factory=list)


class DiceRoll:
    """Five dice thrown into `area`, tumbling, bouncing and settling on their values.

    Time comes from the owning scene's Tweens, so skip() lands the dice at once and tests
    advance it by hand. `seed` makes the throw's path repeatable (screenshots, benchmarks).
    With a `painter` the dice have no colour: their `colour` is only a name (a Penk! die's place).
    """

    def __init__(
        self, area: pygame.Rect, size: int = 72, glyphs: bool = True, painter: Painter | None = None
    ) -> None:
        self.area = area
        self.size = size
        self.glyphs = glyphs
        self.painter = painter
        self.dice: list[RollingDie] = []
        self.kept: set[Colour] = set()

    def rest_positions(self, count: int, rng: random.Random) -> list[tuple[float, float]]:
        gap = (self.area.width - self.size) / max(1, count - 1) if count > 1 else 0
        positions = []
        for i in range(count):
            x = self.area.x + self.size / 2 + gap * i + rng.uniform(-gap * 0.12, gap * 0.12)
            y = self.area.centery + rng.uniform(-self.area.height * 0.18, self.area.height * 0.18)
            positions.append((x, y))
        return positions

    def show(self, values: Sequence[int], colours: Sequence[Colour] = COLOURS) -> None:
        """Place dice at rest without animation."""
        rng = random.Random(1)
        self.dice = [
            RollingDie(colour, value, rest, rest, 0.0, rng.uniform(-6, 6), 1.0, value)
            for colour, value, rest in zip(
                colours, values, self.rest_positions(len(values), rng), strict=True
            )
        ]

    def roll(
        self,
        values: Sequence[int],
        tweens: Tweens,
        seed: int = 0,
        colours: Sequence[Colour] = COLOURS,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        """Throw the dice so that they land showing `values` (the outcome is decided elsewhere)."""
        rng = random.Random(seed)
        self.dice = []
        rests = self.rest_positions(len(values), rng)
        for index, (colour, value, rest) in enumerate(zip(colours, values, rests, strict=True)):
            start = (self.area.x - rng.uniform(80, 220), rest[1] + rng.uniform(-120, 120))
            faces = [rng.randint(1, 6) for _ in range(14)] + [value]
            die = RollingDie(
                colour,
                value,
                rest,
                start,
                rng.uniform(540, 900) * rng.choice((-1, 1)),
                rng.uniform(-9, 9),
                0.0,
                faces[0],
                faces,
            )
            self.dice.append(die)
            last = index == len(values) - 1
            tweens.animate(
                die,
                ROLL_SECONDS + index * 0.04,
                "linear",
                delay=index * 0.05,
                on_done=on_done if last else None,
                progress=1.0,
            )

    def _pose(self, die: RollingDie) -> tuple[float, float, float, float]:
        """(x, y, angle, height above the table) of a die at its progress."""
        p = die.progress
        travel = 1 - (1 - min(1.0, p / 0.8)) ** 3  # slides in, slowing down
        x = die.start[0] + (die.rest[0] - die.start[0]) * travel
        y = die.start[1] + (die.rest[1] - die.start[1]) * travel
        # Bounces: three hops of shrinking height, flat after 85% of the roll.
        hop = 0.0
        if p < 0.85:
            phase = p / 0.85 * 3
            hop = abs(math.sin(phase * math.pi)) * (0.5 ** int(phase)) * self.size * 0.9
        spin_left = (1 - min(1.0, p / 0.9)) ** 2
        angle = die.tilt + die.spin * spin_left
        if die.faces:
            die.shown = die.faces[min(len(die.faces) - 1, int(min(1.0, p / 0.75) * (len(die.faces) - 1)))]
        return x, y, angle, hop

    @property
    def rolling(self) -> bool:
        return any(die.progress < 1.0 for die in self.dice)

    def die_at(self, pos: tuple[int, int]) -> Colour | None:
        for die in self.dice:
            rect = pygame.Rect(0, 0, self.size, self.size)
            rect.center = (round(die.rest[0]), round(die.rest[1]))
            if rect.collidepoint(pos):
                return die.colour
        return None

    def _face(self, die: RollingDie, value: int) -> pygame.Surface:
        if self.painter is not None:
            return self.painter(value, self.size)
        return die_face(die.colour, value, self.size, self.glyphs)

    def _at_rest(self, die: RollingDie, angle: float) -> pygame.Surface:
        if self.painter is not None:
            return _painted_at_rest(self.painter, die.value, self.size, angle)
        return resting_face(die.colour, die.value, self.size, self.glyphs, angle)

    def draw(self, surface: pygame.Surface) -> None:
        for die in self.dice:
            x, y, angle, hop = self._pose(die)
            face = self._face(die, die.shown if die.progress < 1 else die.value)
            shadow = die_shadow(self.size)
            spread = 1 + hop / self.size * 0.6
            scaled = shadow if spread < 1.02 else pygame.transform.scale_by(shadow, spread)
            shadow_rect = scaled.get_rect(center=(round(x + 5 + hop * 0.3), round(y + 7)))
            surface.blit(scaled, shadow_rect)
            if die.progress >= 1 and abs(angle) > 0.5:
                # a die at rest keeps its tilt: turn it once, not every frame (rotozoom lets go
                # of the GIL, and with a bot thinking on its thread each hand-back costs a slice)
                face = self._at_rest(die, round(angle * 2) / 2)
            elif abs(angle) > 0.5:
                face = pygame.transform.rotozoom(face, angle, 1.0)  # smooth edges while tumbling
            rect = face.get_rect(center=(round(x), round(y - hop)))
            surface.blit(face, rect)
            if die.colour in self.kept:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 3, border_radius=self.size // 5)
