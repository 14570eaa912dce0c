"""Tooltips: a short text about the thing under the pointer or in the keyboard/gamepad focus.

A screen says what is pointed at with `Tooltip.point(Tip(key, rect, text))` whenever the pointer
moves or the focus moves by keys or buttons (`focus_tip` makes the tip of a focused control), and
`hide()` when the player acts. The tip appears after DELAY seconds on the same thing, beside it and
never over it (nor over the rectangles the screen asks to keep clear, such as a zoomed card),
wrapped to fit the window; where no such spot exists, not at all. The text is a function, so a
language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from scenes.core import fonts, theme
from scenes.core.widgets import Widget

DELAY = 0.5  # seconds on the same thing before its tip shows
GAP = 10  # between the tip and the thing it explains
MAX_WIDTH = 380  # a tip wraps within this width
TEXT_SIZE = 17
PADDING = (14, 10)


@dataclass(frozen=True)
class Tip:
    key: object  # what is pointed at: the same key keeps the running delay
    rect: pygame.Rect  # the thing itself, never covered
    text: Callable[[], str]


def focus_tip(widget: Widget | None, text: Callable[[], str] | None = None) -> Tip | None:
    """The tip of a focused control: its own hint (or why it is disabled) unless `text` is given."""
    if widget is None or not widget.visible:
        return None
    return Tip(widget, widget.rect.copy(), text or widget.tooltip)


def place(
    size: tuple[int, int], target: pygame.Rect, bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = ()
) -> pygame.Rect:
    """Where a tip of `size` goes: below `target`, else above, right or left of it, the first
    spot inside `bounds` that covers neither the target nor anything in `avoid`; failing all,
    the spot below moved inside `bounds`."""
    box = pygame.Rect((0, 0), size)
    candidates = []
    for side in ("below", "above", "right", "left"):
        spot = box.copy()
        if side == "below":
            spot.midtop = (target.centerx, target.bottom + GAP)
        elif side == "above":
            spot.midbottom = (target.centerx, target.top - GAP)
        elif side == "right":
            spot.midleft = (target.right + GAP, target.centery)
        else:
            spot.midright = (target.left - GAP, target.centery)
        # slide along the side to stay in the window; moving along it never reaches the target
        if side in ("below", "above"):
            spot.x = max(bounds.left, min(spot.x, bounds.right - spot.width))
        else:
            spot.y = max(bounds.top, min(spot.y, bounds.bottom - spot.height))
        candidates.append(spot)
        if bounds.contains(spot) and not spot.colliderect(target) and spot.collidelist(list(avoid)) < 0:
            return spot
    for spot in candidates:  # nothing is clear of `avoid`: at least keep the target visible
        if bounds.contains(spot) and not spot.colliderect(target):
            return spot
    return candidates[0].clamp(bounds)


class Tooltip:
    def __init__(self) -> None:
        self.tip: Tip | None = None
        self.time = 0.0

    def point(self, tip: Tip | None) -> None:
        """The thing now pointed at (None: nothing with a tip); a new thing starts the delay."""
        if tip is None:
            self.hide()
            return
        if self.tip is None or tip.key != self.tip.key:
            self.time = 0.0
        self.tip = tip

    def hide(self) -> None:
        self.tip = None
        self.time = 0.0

    def update(self, dt: float) -> bool:
        """Advance the delay; True in the frame the tip appears (the screen must be drawn)."""
        if self.tip is None or self.time >= DELAY:
            return False
        self.time += dt
        return self.time >= DELAY

    @property
    def waiting(self) -> bool:
        """A tip is due but not shown yet: frames must keep coming."""
        return self.tip is not None and self.time < DELAY

    @property
    def shown(self) -> str:
        """The text on screen now ("" while there is none)."""
        if self.tip is None or self.time < DELAY:
            return ""
        return self.tip.text()

    def draw(self, surface: pygame.Surface, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """Draw the tip if it is due; returns where it went."""
        text = self.shown
        if not text or self.tip is None:
            return None
        bounds = surface.get_rect().inflate(-8, -8)
        width = min(MAX_WIDTH, bounds.width) - 2 * PADDING[0]
        fitted = fonts.block(text, TEXT_SIZE, (width, bounds.height // 3), theme.INK, "bold")
        if fitted is None:
            return None
        label = fitted.surface
        used = label.get_bounding_rect()
        size = (used.right + 2 * PADDING[0], label.get_height() + 2 * PADDING[1])
        box = place(size, self.tip.rect, bounds, avoid)
        if box.collidelist(list(avoid)) >= 0:
            return None  # no room beside it: better no tip than one over a zoomed card
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=10)
        pygame.draw.rect(surface, theme.INK_SOFT, box, 2, border_radius=10)
        surface.blit(label, (box.x + PADDING[0], box.y + PADDING[1]))
        return box
