"""Any card of the deck, drawn from its data at any size, with what is written on it.

Sizes the table uses: MARKET (120x168), DISPLAY (150x210), ZOOMED (300x420). Everything is laid
out on a 300x420 design grid and multiplied by the scale, so each size is drawn sharp rather than
shrunk. Rendered cards are cached by everything that changes their look (including the language,
since the reward is also written in words).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.goennen.engine import BONUS_USES, COLOURS, BonusKind, Card, CardKind, Field, Relation, Task
from scenes.core import fonts, theme
from scenes.core.i18n import current_language, t
from scenes.core.surface_cache import SurfaceCache
from scenes.render.icons import bonus_icon, draw_tick, scoring_icon
from scenes.render.shapes import draw_glyph

MARKET = (120, 168)
DISPLAY = (150, 210)
ZOOMED = (300, 420)
SIZES = (MARKET, DISPLAY, ZOOMED)
DESIGN_WIDTH = 300
SMALL_WIDTH = 200  # below this the reward is written in its short form

# the cards of a full table in their sizes and states; the least recently drawn go first
_cache = SurfaceCache("cards", budget_bytes=32 * 2**20)


@dataclass(frozen=True)
class CardMarks:
    """What a player has written on a card: per-field values, used bonus marks, the completed tick."""

    values: tuple[int | None, ...] = ()
    used: int = 0
    completed: bool = False


@dataclass(frozen=True)
class TaskLayout:
    """Where a task's fields sit on the 300x420 design card: one row of up to 5 fields, else two
    rows, centred in the upper half. The painter and the table's click targets both use it."""

    rows: tuple[tuple[int, ...], ...]
    spots: tuple[tuple[float, float, float], ...]  # (x, y, size) of each field, design units
    gap: float
    row_gap: float
    sum_height: float
    bottom: float  # y below the last row, where the sum target's pill goes


# a bonus card's marks (crossed off when used), in the card's design units (300 x 420)
MARK_CENTRES = tuple((34 + index * 44, 390) for index in range(BONUS_USES))
MARK_RADIUS = 15


@cache
def task_layout(task: Task) -> TaskLayout:
    count = len(task.fields)
    half = (count + 1) // 2
    rows = (tuple(range(count)),) if count <= 5 else (tuple(range(half)), tuple(range(half, count)))
    widest = max(len(row) for row in rows)
    gap, row_gap = 17.0, 16.0
    size = min(60.0, (272 - (widest - 1) * gap) / widest)
    sum_height = 46.0 if task.sum_at_least else 0.0
    total = len(rows) * size + (len(rows) - 1) * row_gap + sum_height
    y = 60 + (200 - total) / 2  # the task sits in the middle of the upper half
    spots: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * count
    for row in rows:
        x = 150 - (len(row) * size + (len(row) - 1) * gap) / 2
        for index in row:
            spots[index] = (x, y, size)
            x += size + gap
        y += size + row_gap
    return TaskLayout(rows, tuple(spots), gap, row_gap, sum_height, y)


def render_card(
    card: Card,
    size: tuple[int, int] = DISPLAY,
    values: Sequence[int | None] = (),
    used: int = 0,
    completed: bool = False,
    glyphs: bool = True,
) -> pygame.Surface:
    """The card as a surface of `size` (cached)."""
    filled = tuple(values) + (None,) * (len(card.task.fields) - len(values))
    key = (card, size, filled, used, completed, glyphs, current_language())
    surface = _cache.get(key)
    if surface is None:
        surface = _cache.put(key, _CardPainter(card, size, filled, used, completed, glyphs).paint())
    return surface


def dropped_words(card: Card, size: tuple[int, int]) -> list[str]:
    """The reward words a card of `size` leaves out for want of room (painted afresh, not cached):
    the tests ask that the table's sizes leave none out in any language."""
    painter = _CardPainter(card, size, (None,) * len(card.task.fields), 0, False, True)
    painter.paint()
    return painter.dropped


def card_back(kind: CardKind, size: tuple[int, int] = DISPLAY) -> pygame.Surface:
    """The face-down side of a deck: a laurel for scoring cards, a B for bonus cards."""
    key = ("back", kind, size)
    surface = _cache.get(key)
    if surface is None:
        width, height = size
        s = width / DESIGN_WIDTH
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        body = (52, 70, 110) if kind == CardKind.SCORING else (112, 58, 72)
        pygame.draw.rect(surface, body, rect, border_radius=int(16 * s))
        pygame.draw.rect(
            surface,
            theme.CREAM,
            rect.inflate(-20 * s, -20 * s),
            max(1, int(3 * s)),
            border_radius=int(10 * s),
        )
        if kind == CardKind.SCORING:
            laurel(surface, rect.center, 70 * s, theme.CREAM)
        else:
            label = fonts.text("B", int(110 * s), theme.CREAM, "black")
            surface.blit(label, label.get_rect(center=rect.center))
        _cache.put(key, surface)
    return surface


def laurel(
    surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: tuple[int, int, int]
) -> None:
    """A laurel wreath: two branches of leaves rising from the bottom, open at the top."""
    cx, cy = centre
    leaf = max(2.0, radius * 0.22)
    pygame.draw.arc(
        surface,
        colour,
        pygame.Rect(cx - radius, cy - radius, radius * 2, radius * 2),
        math.radians(200),
        math.radians(340),
        max(1, round(radius * 0.06)),
    )
    for side in (-1, 1):
        for step in range(7):
            theta = math.radians(28 + step * 20)  # 0 is the bottom of the wreath, 180 the top
            x = cx + side * radius * math.sin(theta)
            y = cy + radius * math.cos(theta)
            leaf_surface = pygame.Surface((round(leaf * 2), round(leaf)), pygame.SRCALPHA)
            pygame.draw.ellipse(leaf_surface, colour, leaf_surface.get_rect())
            turned = pygame.transform.rotate(leaf_surface, side * (math.degrees(theta) + 25))
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))


class _CardPainter:
    """Paints one card; a class only to share the scale and the surface between the parts."""

    def __init__(
        self,
        card: Card,
        size: tuple[int, int],
        values: tuple[int | None, ...],
        used: int,
        completed: bool,
        glyphs: bool,
    ) -> None:
        self.card = card
        self.size = size
        self.dropped: list[str] = []  # reward words left out for want of room (dropped_words)
        self.values = values
        self.used = used
        self.completed = completed
        self.glyphs = glyphs
        self.s = size[0] / DESIGN_WIDTH
        self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.colour_rgb = theme.COLOUR_RGB[card.colour] if card.colour else (150, 140, 150)

    def px(self, value: float) -> int:
        return max(1, round(value * self.s))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * self.s), round(y * self.s), round(w * self.s), round(h * self.s))

    def paint(self) -> pygame.Surface:
        self._body()
        self._band()
        self._task()
        self._reward()
        self._completed_mark()
        return self.surface

    # -- parts ----------------------------------------------------------------------------------
    def _body(self) -> None:
        outer = self.surface.get_rect()
        radius = self.px(16)
        pygame.draw.rect(self.surface, theme.darker(self.colour_rgb, 0.35), outer, border_radius=radius)
        inner = outer.inflate(-self.px(6), -self.px(6))
        pygame.draw.rect(self.surface, theme.PAPER, inner, border_radius=radius - self.px(2))
        reward_area = self.rect(3, 262, 294, 155)
        pygame.draw.rect(
            self.surface,
            theme.PAPER_SHADE,
            reward_area,
            border_bottom_left_radius=radius - self.px(2),
            border_bottom_right_radius=radius - self.px(2),
        )

    def _band(self) -> None:
        band = self.rect(3, 3, 294, 54)
        radius = self.px(14)
        if self.card.colour is None:  # wild colour: a stripe of every colour until chosen
            stripe_w = band.width / len(COLOURS)
            clip = pygame.Surface(band.size, pygame.SRCALPHA)
            for index, colour in enumerate(COLOURS):
                pygame.draw.rect(
                    clip,
                    theme.COLOUR_RGB[colour],
                    pygame.Rect(round(index * stripe_w), 0, math.ceil(stripe_w), band.height),
                )
            mask = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(
                mask,
                (255, 255, 255, 255),
                mask.get_rect(),
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
            clip.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            self.surface.blit(clip, band)
        else:
            pygame.draw.rect(
                self.surface,
                self.colour_rgb,
                band,
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
            mark = theme.ink_on(self.colour_rgb)
            draw_glyph(
                self.surface, self.card.colour, (band.x + self.px(28), band.centery), self.px(15), fill=mark
            )
            word = t(f"colour.{self.card.colour.word}").upper()
            room = (band.width - self.px(110), band.height)  # between the colour mark and the emblem
            fitted = fonts.block(word, max(self.px(17), fonts.LEGIBLE), room, mark, "black", shorten=False)
            if fitted is not None:  # a small card shows its colour by the band alone
                label = fitted.surface
                self.surface.blit(label, label.get_rect(midleft=(band.x + self.px(52), band.centery)))
        # The emblem at the right tells scoring (laurel) from bonus (B) cards, as on the backs.
        emblem = (band.right - self.px(28), band.centery)
        pygame.draw.circle(self.surface, theme.PAPER, emblem, self.px(20))
        pygame.draw.circle(self.surface, theme.darker(self.colour_rgb, 0.35), emblem, self.px(20), self.px(2))
        if self.card.kind == CardKind.SCORING:
            laurel(self.surface, emblem, self.px(13), (72, 120, 60))
        else:
            label = fonts.text("B", self.px(24), theme.INK, "black")
            self.surface.blit(label, label.get_rect(center=emblem))

    def _task(self) -> None:
        task = self.card.task
        layout = task_layout(task)
        for row_index, row in enumerate(layout.rows):
            for position, index in enumerate(row):
                x, y, size = layout.spots[index]
                self._field(index, self.rect(x, y, size, size))
                if position < len(row) - 1:
                    self._relation(
                        task.relations[index],
                        (x + size + layout.gap / 2) * self.s,
                        (y + size / 2) * self.s,
                    )
            if row_index == 0 and len(layout.rows) == 2:
                # the sign that joins the two rows sits at the end of the first row
                relation = task.relations[row[-1]]
                if relation != Relation.NONE:  # a "," needs no sign across the break
                    x, y, size = layout.spots[row[-1]]
                    self._relation(relation, (x + size + layout.gap / 2) * self.s, (y + size / 2) * self.s)
        y = layout.bottom
        row_gap, sum_height = layout.row_gap, layout.sum_height
        if task.sum_at_least:
            # legible on every card: on a small card the short form, and a pill only as large as
            # the text needs ("sum" is said by the zoom on hover)
            small = self.size[0] < SMALL_WIDTH
            key = "card.sum_at_least.short" if small else "card.sum_at_least"
            text = t(key, target=task.sum_at_least)
            label = fonts.text(text, max(self.px(22), fonts.LEGIBLE), theme.INK, "black")
            if label.get_width() > self.size[0] * 0.6:
                return  # a thumbnail: the zoom on hover shows the sum
            pill = label.get_rect(center=(self.px(150), self.px(y - row_gap + 8 + sum_height / 2)))
            pill.inflate_ip(self.px(22) if not small else 8, self.px(8) if not small else 0)
            pygame.draw.rect(self.surface, theme.WHITE, pill, border_radius=pill.height // 2)
            pygame.draw.rect(self.surface, theme.INK_SOFT, pill, self.px(2), border_radius=pill.height // 2)
            self.surface.blit(label, label.get_rect(center=pill.center))

    def _field(self, index: int, rect: pygame.Rect) -> None:
        field: Field = self.card.task.fields[index]
        value = self.values[index]
        radius = max(2, rect.width // 6)
        if field.colour is None:
            fill, border = theme.WHITE_FIELD, theme.INK_SOFT
        else:
            fill = theme.COLOUR_RGB[field.colour]
            border = theme.darker(fill, 0.4)
        pygame.draw.rect(self.surface, fill, rect, border_radius=radius)
        pygame.draw.rect(self.surface, border, rect, self.px(2), border_radius=radius)
        ink = theme.ink_on(fill)
        digit_size = max(8, round(rect.height * 0.66))
        if field.number is not None:
            label = fonts.text(str(field.number), digit_size, ink, "black")
            self.surface.blit(label, label.get_rect(center=(rect.centerx, rect.centery + 1)))
            if value is not None:  # a filled printed number is circled in pen: done, not forbidden
                pen = max(2, self.px(4))
                pygame.draw.circle(self.surface, theme.PEN, rect.center, rect.width * 0.42, pen)
        elif value is not None:  # a blank field gets the value written in, like with a pen
            centre = (rect.centerx + rect.width * 0.06, rect.centery + rect.height * 0.06)
            pygame.draw.circle(self.surface, theme.WHITE, centre, rect.width * 0.34)
            label = fonts.text(str(value), max(8, round(rect.height * 0.56)), theme.PEN, "bold")
            self.surface.blit(label, label.get_rect(center=centre))
        if field.colour is not None and self.glyphs:
            corner = (rect.x + rect.width * 0.2, rect.y + rect.height * 0.2)
            draw_glyph(self.surface, field.colour, corner, rect.width * 0.14, fill=ink)

    def _relation(self, relation: Relation, x: float, y: float) -> None:
        sign = {Relation.LESS: "<", Relation.EQUAL: "=", Relation.NONE: ","}[relation]
        label = fonts.text(sign, max(11, self.px(30)), theme.INK, "black")
        lift = self.px(6) if relation == Relation.NONE else self.px(2)
        self.surface.blit(label, label.get_rect(center=(round(x), round(y) - lift)))

    def _reward(self) -> None:
        small = self.size[0] < SMALL_WIDTH
        if self.card.kind == CardKind.SCORING:
            self._scoring_reward(small)
        else:
            self._bonus_reward(small)

    def _words(self, text: str, area: pygame.Rect, size: float, weight: str = "bold") -> None:
        """The reward in words, wrapped into `area`, never smaller than legible: on a card too small
        for them the icon speaks alone, and the zoom on hover shows the words."""
        start = max(self.px(size), fonts.LEGIBLE)
        fitted = fonts.block(text, start, area.size, theme.INK, weight, "center", shorten=False)
        if fitted is not None:
            self.surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))
        else:
            self.dropped.append(text)

    def _scoring_reward(self, small: bool) -> None:
        card = self.card
        assert card.scoring is not None
        centre = (self.px(62), self.px(318))
        laurel(self.surface, centre, self.px(40), (72, 120, 60))
        points = fonts.text(str(card.points), self.px(40), theme.INK, "black")
        self.surface.blit(points, points.get_rect(center=(centre[0], centre[1] + self.px(2))))
        icon_area = self.rect(118, 272, 172, 78)
        scoring_icon(self.surface, icon_area, card.scoring, card.scoring_colour, card.colour)
        colour_word = t(f"colour.{card.scoring_colour.word}") if card.scoring_colour else ""
        words = t(f"reward.{'short.' if small else ''}{card.scoring.value}", colour=colour_word)
        self._words(
            words,
            self.rect(14, 354, 234, 56) if not small else self.rect(10, 350, 220, 62),
            15 if not small else 24,
        )

    def _bonus_reward(self, small: bool) -> None:
        card = self.card
        assert card.bonus is not None
        centre = (self.px(62), self.px(316))
        pygame.draw.circle(self.surface, theme.WHITE, centre, self.px(44))
        pygame.draw.circle(self.surface, theme.darker(self.colour_rgb, 0.3), centre, self.px(44), self.px(3))
        icon = pygame.Rect(0, 0, self.px(66), self.px(66))
        icon.center = centre
        bonus_icon(self.surface, icon, card.bonus)
        words = t(f"reward.{'short.' if small else ''}{card.bonus.value}")
        self._words(
            words,
            # clear of the card's border
            self.rect(118, 276, 168, 76) if not small else self.rect(104, 258, 194, 108),
            16 if not small else 26,
        )
        if card.bonus == BonusKind.WILD_COLOUR:
            # no marks: it acts once, at the end; the chips say "one of these colours"
            for index, colour in enumerate(COLOURS):
                chip_centre = (self.px(30 + index * 38), self.px(390))
                pygame.draw.circle(self.surface, theme.COLOUR_RGB[colour], chip_centre, self.px(14))
                pygame.draw.circle(
                    self.surface,
                    theme.darker(theme.COLOUR_RGB[colour], 0.4),
                    chip_centre,
                    self.px(14),
                    self.px(2),
                )
                draw_glyph(
                    self.surface, colour, chip_centre, self.px(7), fill=theme.ink_on(theme.COLOUR_RGB[colour])
                )
            return
        for index, (x, y) in enumerate(MARK_CENTRES):
            mark_centre = (self.px(x), self.px(y))
            pygame.draw.circle(self.surface, theme.WHITE, mark_centre, self.px(MARK_RADIUS))
            pygame.draw.circle(self.surface, theme.INK, mark_centre, self.px(MARK_RADIUS), self.px(2))
            if index < self.used:
                arm = self.px(10)
                cx, cy = mark_centre
                pygame.draw.line(
                    self.surface, theme.PEN, (cx - arm, cy - arm), (cx + arm, cy + arm), self.px(4)
                )
                pygame.draw.line(
                    self.surface, theme.PEN, (cx - arm, cy + arm), (cx + arm, cy - arm), self.px(4)
                )

    def _completed_mark(self) -> None:
        centre = (self.size[0] - self.px(32), self.size[1] - self.px(30))
        radius = self.px(17)
        if self.completed:
            pygame.draw.circle(self.surface, theme.FOCUS, centre, radius)
            pygame.draw.circle(self.surface, theme.INK, centre, radius, self.px(2))
            tick = pygame.Rect(0, 0, radius * 1.2, radius * 1.0)
            tick.center = centre
            draw_tick(self.surface, tick, theme.INK, self.px(4))
        else:
            pygame.draw.circle(self.surface, theme.WHITE, centre, radius)
            pygame.draw.circle(self.surface, theme.INK_SOFT, centre, radius, self.px(2))
