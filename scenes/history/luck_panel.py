"""The luck panel of the review screen (scenes/history/review.py): each roll of the game as a bar
along it (up: the roll helped the player, down: it hurt), bright with a mark where the luck is
clear (scenes/model/luck.py's thresholds), dim where it is small or too noisy to tell; the luck of
each seat's rolls for the player, and the luck-adjusted result with the one sentence that explains it.
`roll_at` finds the roll under the pointer (the screen tells it and opens the replay there).
"""

from __future__ import annotations

import pygame

from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.luck import RollLuck, summary, viewpoint
from scenes.model.replay import Replay

LUCKY_COLOUR = (120, 200, 120)
UNLUCKY_COLOUR = (232, 96, 76)
DIM = (70, 120, 108)
FULL_SCALE = 0.4  # a luck of 40 % fills the bar's half of the strip
TEXT_HEIGHT = 26


def roll_words(replay: Replay, luck: RollLuck, rolled: str) -> str:
    """One roll's luck in words: "Round 9 · Anna rolled 1 5 4 1 2 · +21 % for Anna (give or take 8 %)"."""
    return t(
        "review.luck.roll",
        round=luck.round + 1,
        rolled=rolled,
        luck=percent(luck.luck),
        name=replay.session.name(viewpoint(replay)),
        noise=f"{100 * luck.noise:.0f}",
    )


def percent(value: float, plus: bool = True) -> str:
    """A win chance (difference) in percentage points ("+12", "−3"; "12" without `plus`)."""
    points = round(100 * value)
    if points < 0:
        return f"−{-points}"
    return f"+{points}" if plus and points > 0 else str(points)


def seat_totals(replay: Replay, lucks: list[RollLuck]) -> str:
    """The luck of each seat's rolls for the player, joined: "Anna's rolls +31 % · Bruno's −12 %"."""
    found = summary(replay, lucks)
    parts = [
        t("review.luck.seat", name=replay.session.name(seat), luck=percent(luck))
        for seat, luck in sorted(found.by_seat.items())
    ]
    return " · ".join(parts)


def headline(replay: Replay, lucks: list[RollLuck]) -> str:
    found = summary(replay, lucks)
    return t(
        "review.luck.totals",
        name=replay.session.name(found.seat),
        seats=seat_totals(replay, lucks),
        total=percent(found.total),
        noise=f"{100 * found.noise:.0f}",
    )


def adjusted(replay: Replay, lucks: list[RollLuck]) -> str:
    found = summary(replay, lucks)
    return t(
        "review.luck.adjusted",
        result=percent(found.result, plus=False),
        luck=percent(found.total),
        adjusted=percent(found.adjusted, plus=False),
    )


def strip_of(area: pygame.Rect) -> pygame.Rect:
    """Where the bars are in the panel `area`: between the totals line and the legend."""
    inner = area.inflate(-24, -16)
    return pygame.Rect(inner.x, inner.y + TEXT_HEIGHT + 2, inner.width, inner.height - 3 * TEXT_HEIGHT - 6)


def roll_at(area: pygame.Rect, lucks: list[RollLuck], point: tuple[int, int]) -> int | None:
    """The index in `lucks` of the roll whose bar (its whole column of the strip) is at `point`."""
    strip = strip_of(area)
    if not lucks or not strip.collidepoint(point):
        return None
    return min(len(lucks) - 1, int((point[0] - strip.x) * len(lucks) / strip.width))


def draw(
    surface: pygame.Surface,
    area: pygame.Rect,
    replay: Replay,
    lucks: list[RollLuck],
    pointed: int | None = None,
) -> None:
    """The panel in `area`: the totals line, the strip of rolls (`pointed` ringed), the legend
    and the luck-adjusted result."""
    pygame.draw.rect(surface, (16, 44, 39), area, border_radius=12)
    inner = area.inflate(-24, -16)
    top = fonts.line(headline(replay, lucks), 18, inner.width, theme.CREAM, "bold")
    if top is not None:
        surface.blit(top.surface, (inner.x, inner.y))
    bottom = fonts.line(adjusted(replay, lucks), 17, inner.width, theme.CREAM)
    if bottom is not None:
        surface.blit(bottom.surface, bottom.surface.get_rect(bottomleft=(inner.x, inner.bottom)))
    name = replay.session.name(summary(replay, lucks).seat)
    legend = fonts.line(t("review.luck.legend", name=name), 15, inner.width, (150, 190, 178))
    if legend is not None:
        surface.blit(
            legend.surface, legend.surface.get_rect(bottomleft=(inner.x, inner.bottom - TEXT_HEIGHT))
        )
    _draw_strip(surface, strip_of(area), lucks, pointed)


def _draw_strip(
    surface: pygame.Surface, strip: pygame.Rect, lucks: list[RollLuck], pointed: int | None
) -> None:
    middle = strip.centery
    pygame.draw.line(surface, (44, 96, 84), (strip.x, middle), (strip.right, middle), 1)
    if not lucks:
        return
    pitch = strip.width / len(lucks)
    width = max(2, int(pitch * 0.7))
    half = strip.height // 2 - 16  # room for the round numbers above the bars
    last_round = -1
    for index, luck in enumerate(lucks):
        x = strip.x + int(index * pitch)
        if luck.round != last_round:  # a tick and the round's number where a round begins
            last_round = luck.round
            pygame.draw.line(surface, (44, 96, 84), (x - 1, strip.y), (x - 1, strip.bottom), 1)
            label = fonts.text(str(luck.round + 1), 14, (150, 190, 178))
            surface.blit(label, (x + 1, strip.y))
        size = min(half, round(half * abs(luck.luck) / FULL_SCALE))
        mark = luck.mark
        colour = (LUCKY_COLOUR if luck.luck > 0 else UNLUCKY_COLOUR) if mark else DIM
        bar = pygame.Rect(x, middle - size if luck.luck > 0 else middle, width, max(1, size))
        pygame.draw.rect(surface, colour, bar)
        if index == pointed:
            column = pygame.Rect(x - 2, strip.y + 14, width + 4, strip.height - 14)
            pygame.draw.rect(surface, theme.FOCUS, column, 2, border_radius=3)
        if mark.startswith("very-"):  # a very lucky or very unlucky roll: a dot beyond the bar
            y = bar.top - 6 if luck.luck > 0 else bar.bottom + 6
            pygame.draw.circle(surface, colour, (bar.centerx, y), 3)
