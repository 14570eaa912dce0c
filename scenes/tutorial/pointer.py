"""What the guided game draws over the table: a pulsing ring around each thing to use now, and a
speech bubble with the lesson's words and an arrow to the first of them."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from scenes.core import fonts, theme

BUBBLE_WIDTH = 380
TEXT_SIZE = 19
PULSE_PER_SECOND = 1.4
ARROW = 14  # how far the bubble's arrow reaches out


def draw_rings(surface: pygame.Surface, rects: Sequence[pygame.Rect], clock: float) -> None:
    """A ring around each rectangle, breathing in and out so the eye finds it."""
    swell = (math.sin(clock * PULSE_PER_SECOND * 2 * math.pi) + 1) / 2
    grow = 6 + round(6 * swell)
    for rect in rects:
        ring = rect.inflate(2 * grow, 2 * grow)
        pygame.draw.rect(surface, theme.INK, ring.inflate(4, 4), 3, border_radius=14)
        pygame.draw.rect(surface, theme.FOCUS, ring, 4, border_radius=12)


def draw_bubble(
    surface: pygame.Surface,
    text: str,
    target: pygame.Rect | None,
    home: pygame.Rect,
    keep_clear: Sequence[pygame.Rect] = (),
    width: int = BUBBLE_WIDTH,
) -> pygame.Rect | None:
    """The lesson's words in a paper bubble: beside `target` with an arrow to it (above, else
    below, else to the side), never over `target` nor over `keep_clear`; without a target, in
    `home`. Returns where the bubble was drawn."""
    fitted = fonts.block(text, TEXT_SIZE, (width - 28, 7 * 25), theme.INK, "bold")
    if fitted is None:
        return None
    label = fitted.surface
    box = label.get_rect().inflate(28, 22)
    screen = surface.get_rect().inflate(-12, -12)
    tip: tuple[int, int] | None = None
    if target is None:
        box.center = home.center
    else:
        # clear of the target and the rest if it can be, else clear of the target alone
        for blocked in ([target.inflate(24, 24), *keep_clear], [target.inflate(24, 24)]):
            placed = _beside(box, target, screen, blocked)
            if placed is not None:
                box = placed
                break
        else:
            box.clamp_ip(screen)
        tip = _nearest_edge_point(target, box)
    shadow = box.move(4, 6)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=14)
    if tip is not None:
        _draw_arrow(surface, box, tip)
    pygame.draw.rect(surface, theme.PAPER, box, border_radius=14)
    pygame.draw.rect(surface, theme.FOCUS, box, 3, border_radius=14)
    surface.blit(label, label.get_rect(center=box.center))
    return box


def _beside(
    box: pygame.Rect, target: pygame.Rect, screen: pygame.Rect, blocked: Sequence[pygame.Rect]
) -> pygame.Rect | None:
    """`box` above, below, left or right of `target` (the first that fits on the screen without
    covering anything `blocked`), or None."""
    for side in ("above", "below", "left", "right"):
        trial = box.copy()
        if side == "above":
            trial.midbottom = (target.centerx, target.top - ARROW - 12)
        elif side == "below":
            trial.midtop = (target.centerx, target.bottom + ARROW + 12)
        elif side == "left":
            trial.midright = (target.left - ARROW - 12, target.centery)
        else:
            trial.midleft = (target.right + ARROW + 12, target.centery)
        trial.clamp_ip(screen)
        if not any(trial.colliderect(other) for other in blocked):
            return trial
    return None


def _nearest_edge_point(target: pygame.Rect, box: pygame.Rect) -> tuple[int, int]:
    """The point of the target's edge the arrow touches: the one facing the bubble."""
    x = min(max(box.centerx, target.left + 6), target.right - 6)
    y = min(max(box.centery, target.top + 6), target.bottom - 6)
    if box.bottom <= target.top:
        y = target.top - 4
    elif box.top >= target.bottom:
        y = target.bottom + 4
    elif box.right <= target.left:
        x = target.left - 4
    elif box.left >= target.right:
        x = target.right + 4
    return x, y


def _draw_arrow(surface: pygame.Surface, box: pygame.Rect, tip: tuple[int, int]) -> None:
    """A wedge from the bubble's nearest side to `tip`."""
    x, y = tip
    if y < box.top:
        base = (min(max(x, box.left + 24), box.right - 24), box.top + 2)
        wings = ((base[0] - 12, base[1]), (base[0] + 12, base[1]))
    elif y > box.bottom:
        base = (min(max(x, box.left + 24), box.right - 24), box.bottom - 2)
        wings = ((base[0] - 12, base[1]), (base[0] + 12, base[1]))
    elif x < box.left:
        base = (box.left + 2, min(max(y, box.top + 20), box.bottom - 20))
        wings = ((base[0], base[1] - 12), (base[0], base[1] + 12))
    else:
        base = (box.right - 2, min(max(y, box.top + 20), box.bottom - 20))
        wings = ((base[0], base[1] - 12), (base[0], base[1] + 12))
    points = [wings[0], tip, wings[1]]
    pygame.draw.polygon(surface, theme.PAPER, points)
    pygame.draw.lines(surface, theme.FOCUS, False, points, 3)
