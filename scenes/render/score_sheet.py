"""What the end-of-game screens share (the solo end screen and the table's final score): a final
display with each scoring card's points on a badge, a card's score told in words ("per yellow card
in your display", "3 × 4 points"), one line of a card-by-card breakdown, and a card shown large.

Everything here draws from values it is given (a display, the engine's CardScores), so a replay
viewer can draw a finished game's sheet without a live session."""

from __future__ import annotations

from collections.abc import Collection, Mapping

import pygame

from game.goennen.engine import Card, CardScore, Display
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.render.card_names import card_name
from scenes.render.cards import ZOOMED, render_card
from scenes.render.shapes import colour_chip, rounded_panel

RGB = tuple[int, int, int]
GOLD = (236, 178, 44)
MUTED = (140, 160, 154)  # a card that earned nothing
SUB = (170, 200, 190)  # the second line of a breakdown entry
CARD_RATIO = 1.4
LINE_HEIGHT = 46  # a breakdown entry at its full height


def display_rects(
    display: Display, area: pygame.Rect, gap: int = 12, max_width: int = 112
) -> dict[str, pygame.Rect]:
    """Where each card of a final display goes: as large as fits `area` (at most `max_width`
    wide), the display's own bounding box centred in it. Keyed by card id."""
    if not display.cards:
        return {}
    rows = [placed.pos[0] for placed in display]
    cols = [placed.pos[1] for placed in display]
    top, left = min(rows), min(cols)
    across, down = max(cols) - left + 1, max(rows) - top + 1
    width = min(
        max_width,
        (area.width - gap * (across - 1)) // across,
        int((area.height - gap * (down - 1)) / down / CARD_RATIO),
    )
    width = max(8, width)
    height = round(width * CARD_RATIO)
    used_w = across * (width + gap) - gap
    used_h = down * (height + gap) - gap
    x0, y0 = area.centerx - used_w // 2, area.centery - used_h // 2
    return {
        placed.id: pygame.Rect(
            x0 + (placed.pos[1] - left) * (width + gap),
            y0 + (placed.pos[0] - top) * (height + gap),
            width,
            height,
        )
        for placed in display
    }


def draw_display(
    surface: pygame.Surface,
    display: Display,
    rects: Mapping[str, pygame.Rect],
    points: Mapping[str, CardScore],
    glyphs: bool,
    counted: Collection[str] | None = None,
) -> None:
    """The final display with a points badge on each scoring card; `counted`: the cards whose
    badge shows yet (None: all), as the tally counts them in."""
    for placed in display:
        rect = rects.get(placed.id)
        if rect is None:
            continue
        image = render_card(
            placed.card, rect.size, placed.filled, placed.marks_used, placed.completed, glyphs
        )
        surface.blit(image, rect)
        score = points.get(placed.id)
        if score is not None and (counted is None or placed.id in counted):
            radius = max(10, min(18, rect.width // 6))
            badge(surface, (rect.right - radius // 3, rect.bottom - radius // 2), score.points, radius)


def badge(surface: pygame.Surface, centre: tuple[int, int], points: int, radius: int = 18) -> None:
    """A round gold badge with a card's points (grey when it earned none)."""
    fill = GOLD if points else (120, 120, 120)
    pygame.draw.circle(surface, theme.darker(fill, 0.4), (centre[0], centre[1] + 2), radius + 1)
    pygame.draw.circle(surface, fill, centre, radius)
    size = radius if points < 100 else round(radius * 0.78)
    label = fonts.text(str(points), max(10, size), theme.INK, "black")
    surface.blit(label, label.get_rect(center=centre))


def rule_words(score: CardScore, card: Card) -> str:
    """What the card pays for, in words: "per yellow card in your display"."""
    colour = card.scoring_colour
    return t(f"reward.{score.kind.value}", colour=t(f"colour.{colour.word}") if colour else "")


def count_words(score: CardScore) -> str:
    """How the points came about: "3 × 4 points", or that an open card earns nothing."""
    if score.completed:
        return t("solo.end.units", units=score.units, each=score.points_per_unit)
    return t("solo.end.not_completed")


def draw_score_line(surface: pygame.Surface, rect: pygame.Rect, score: CardScore, card: Card) -> None:
    """One entry of a breakdown in `rect`: the card's colour chip, what it pays for, how the points
    came about ("3 × 4 points"), and the points at the right."""
    if card.colour is not None:
        surface.blit(colour_chip(card.colour, 22), (rect.x, rect.centery - 11))
    ink = theme.CREAM if score.completed else MUTED
    text_x = rect.x + 32
    fitted = fonts.line(rule_words(score, card), 16, rect.right - text_x - 52, ink)
    if fitted is not None:
        surface.blit(fitted.surface, (text_x, rect.y + 2))
    surface.blit(fonts.text(count_words(score), 15, SUB), (text_x, rect.y + 21))
    _draw_points(surface, rect, score)


def draw_named_line(surface: pygame.Surface, rect: pygame.Rect, score: CardScore, card: Card) -> None:
    """A breakdown entry that names the card (the table's final score, where the display is not
    beside it): the name, then what it pays for (or that it was not completed); "3 × 4" beside
    the points."""
    if card.colour is not None:
        surface.blit(colour_chip(card.colour, 22), (rect.x, rect.centery - 11))
    ink = theme.CREAM if score.completed else MUTED
    text_x = rect.x + 32
    count = fonts.text(t("scoring.count", units=score.units, each=score.points_per_unit), 16, SUB, "bold")
    count_rect = count.get_rect(midright=(rect.right - 48, rect.centery))
    room = (count_rect.left if score.completed else rect.right - 48) - text_x - 10
    name = fonts.line(card_name(card), 16, room, ink, "bold")
    if name is not None:
        surface.blit(name.surface, (text_x, rect.y + 1))
    words = rule_words(score, card) if score.completed else t("solo.end.not_completed")
    rule = fonts.line(words, 15, room, SUB if score.completed else MUTED)
    if rule is not None:
        surface.blit(rule.surface, (text_x, rect.y + 20))
    if score.completed:
        surface.blit(count, count_rect)
    _draw_points(surface, rect, score)


def _draw_points(surface: pygame.Surface, rect: pygame.Rect, score: CardScore) -> None:
    value = fonts.text(str(score.points), 24, GOLD if score.points else MUTED, "black")
    surface.blit(value, value.get_rect(midright=(rect.right, rect.centery)))


def draw_zoomed(
    surface: pygame.Surface,
    card: Card,
    values: tuple[int | None, ...],
    anchor: pygame.Rect,
    glyphs: bool,
    marks_used: int = 0,
    completed: bool = False,
    left: bool = False,
) -> pygame.Rect:
    """`card` large beside `anchor` (right of it if there is room, else left; `left`: the other
    way round), on the screen; returns the rectangle it covers."""
    image = render_card(card, ZOOMED, values, marks_used, completed, glyphs=glyphs)
    rect = image.get_rect()
    rect.midright = (anchor.left - 16, anchor.centery)
    if not left or rect.left < 8:
        rect.midleft = (anchor.right + 16, anchor.centery)
        if rect.right > surface.get_width() - 8:
            rect.midright = (anchor.left - 16, anchor.centery)
    rect.clamp_ip(surface.get_rect().inflate(-16, -16))
    rounded_panel(surface, rect.inflate(12, 12), theme.FELT_DARK, radius=18, shadow=16)
    surface.blit(image, rect)
    return rect.inflate(12, 12)
