"""The dice tray and the construction site: rolled dice tumble in the tray (DiceRoll); dice the
player keeps sit on the construction site; used dice are dimmed; bonus changes show as badges."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

import pygame

from game.goennen.engine import COLOURS, Colour
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.tween import Tweens
from scenes.render.dice import DiceRoll, RollingDie, die_face
from scenes.render.shapes import rounded_panel

RGB = tuple[int, int, int]
TRAY_DIE = 62
SITE_DIE = 44
SLIDE_SECONDS = 0.22  # a kept die slides from the tray to the construction site


@dataclass
class Slide:
    """A die on its way to the construction site: its centre and size, moved by the tweens."""

    x: float
    y: float
    size: float


class DiceTray:
    def __init__(self, tray: pygame.Rect, site: pygame.Rect, glyphs: bool) -> None:
        self.tray = tray
        self.site = site
        self.roll = DiceRoll(tray.inflate(-60, -36), size=TRAY_DIE, glyphs=glyphs)
        self.values: tuple[int, ...] = (0,) * len(COLOURS)
        self.kept: set[Colour] = set()
        self.slides: dict[Colour, Slide] = {}  # kept dice still on their way to the site

    @property
    def rolling(self) -> bool:
        return self.roll.rolling

    def in_tray(self) -> list[Colour]:
        return [c for c in COLOURS if c not in self.kept and self.values[c.slot]]

    def show(self, values: tuple[int, ...], kept: set[Colour] | frozenset[Colour]) -> None:
        """Dice at rest: `kept` on the construction site, the others in the tray."""
        self.values = tuple(values)
        self.kept = set(kept)
        self.slides = {c: slide for c, slide in self.slides.items() if c in self.kept}
        loose = self.in_tray()
        self.roll.show([self.values[c.slot] for c in loose], loose)

    def throw(self, values: tuple[int, ...], rolled: tuple[Colour, ...], tweens: Tweens, seed: int) -> None:
        self.values = tuple(values)
        self.kept = {c for c in COLOURS if c not in rolled}
        self.roll.roll([values[c.slot] for c in rolled], tweens, seed=seed, colours=rolled)

    def toggle(self, colour: Colour, tweens: Tweens | None = None) -> None:
        """Move a die between the tray and the construction site (the others stay where they lie);
        with `tweens` a kept die slides there instead of jumping."""
        if colour in self.kept:
            self.kept.discard(colour)
            rests = {d.colour: d.rest for d in self.roll.dice}
            self.show(self.values, self.kept)
            for die in self.roll.dice:  # dice already in the tray keep their spot
                if die.colour in rests:
                    die.rest = die.start = rests[die.colour]
        else:
            start = self.die_rect(colour).center
            self.kept.add(colour)
            self.roll.dice = [d for d in self.roll.dice if d.colour != colour]
            if tweens is not None:
                self._slide(colour, start, tweens)

    def _slide(self, colour: Colour, start: tuple[int, int], tweens: Tweens) -> None:
        slide = Slide(float(start[0]), float(start[1]), float(TRAY_DIE))
        self.slides[colour] = slide
        end = self.site_rect(colour).center

        def landed() -> None:
            if self.slides.get(colour) is slide:
                del self.slides[colour]

        tweens.animate(slide, SLIDE_SECONDS, "out_cubic", landed, x=end[0], y=end[1], size=SITE_DIE)

    def site_rect(self, colour: Colour) -> pygame.Rect:
        kept = [c for c in COLOURS if c in self.kept]
        index = kept.index(colour) if colour in kept else 0
        x = self.site.x + 150 + index * (SITE_DIE + 12)
        return pygame.Rect(x, self.site.centery - SITE_DIE // 2, SITE_DIE, SITE_DIE)

    def die_rect(self, colour: Colour) -> pygame.Rect:
        if colour in self.kept:
            return self.site_rect(colour)
        for die in self.roll.dice:
            if die.colour == colour:
                rect = pygame.Rect(0, 0, TRAY_DIE, TRAY_DIE)
                rect.center = (round(die.rest[0]), round(die.rest[1]))
                return rect
        return pygame.Rect(self.tray.center, (0, 0))

    def die_at(self, point: tuple[int, int]) -> Colour | None:
        for colour in COLOURS:
            if self.values[colour.slot] and self.die_rect(colour).collidepoint(point):
                return colour
        return None

    def draw_base(self, surface: pygame.Surface) -> None:
        rounded_panel(surface, self.tray, (18, 52, 46), radius=18, border=(44, 96, 84), border_width=3)
        rounded_panel(surface, self.site, (62, 50, 38), radius=14, border=(120, 96, 66), border_width=2)
        label = fonts.text(t("table.site"), 16, theme.CREAM, "bold")
        surface.blit(label, label.get_rect(midleft=(self.site.x + 14, self.site.centery)))

    def draw(
        self,
        surface: pygame.Surface,
        shown: Mapping[Colour, int],
        used: set[Colour] | frozenset[Colour],
        rings: Mapping[Colour, RGB],
        badges: Mapping[Colour, str],
    ) -> None:
        """`shown`: the value each die counts for the decider (bonus changes applied)."""
        for die in self.roll.dice:
            if not self.roll.rolling:
                die.value = shown.get(die.colour, die.value)
        self.roll.draw(surface)
        glyphs = self.roll.glyphs
        for colour in self.kept:
            value = shown.get(colour, self.values[colour.slot])
            slide = self.slides.get(colour)
            if value and slide is not None:
                face = die_face(colour, value, round(slide.size), glyphs)
                surface.blit(face, face.get_rect(center=(round(slide.x), round(slide.y))))
            elif value:
                surface.blit(die_face(colour, value, SITE_DIE, glyphs), self.site_rect(colour))
        if self.roll.rolling:
            return
        for colour in COLOURS:
            if not self.values[colour.slot]:
                continue
            rect = self.die_rect(colour)
            if colour in used:
                surface.blit(_used_veil(rect.width), rect)
            if colour in rings:
                pygame.draw.rect(surface, rings[colour], rect.inflate(10, 10), 4, border_radius=14)
            if colour in badges:
                badge = fonts.text(badges[colour], 15, theme.WHITE, "black")
                box = badge.get_rect(center=(rect.right - 2, rect.top + 2)).inflate(10, 4)
                pygame.draw.rect(surface, theme.PEN, box, border_radius=box.height // 2)
                surface.blit(badge, badge.get_rect(center=box.center))


def rolling_dice(tray: DiceTray) -> list[RollingDie]:
    return tray.roll.dice


@cache
def _used_veil(size: int) -> pygame.Surface:
    veil = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 20, 18, 150), veil.get_rect(), border_radius=size // 5)
    pygame.draw.line(veil, (230, 230, 230, 200), (size * 0.25, size * 0.25), (size * 0.75, size * 0.75), 4)
    pygame.draw.line(veil, (230, 230, 230, 200), (size * 0.75, size * 0.25), (size * 0.25, size * 0.75), 4)
    return veil
