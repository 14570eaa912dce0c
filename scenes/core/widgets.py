"""Menu controls (button, choice, slider, text field) and the focus group that drives them.

Keyboard and gamepad move the focus (arrows spatially, Tab in order) and Enter/A activates; the
mouse focuses by hovering and activates by a click that starts and ends on the same control.
Labels are functions, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes.core import fonts, theme
from scenes.core.intents import Action, Intent
from scenes.model.text import printable
from scenes.render.shapes import rounded_panel

Text = Callable[[], str]
HINT_TWO_LINES = 36  # a hint line may take two lines of legible text (fonts.LEGIBLE)


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect, hint: Text | None = None) -> None:
        self.rect = rect
        self.hint = hint or (lambda: "")
        self.enabled = True
        self.visible = True
        self.disabled_reason: Text = lambda: ""

    def tooltip(self) -> str:
        """What the hint line says while this control has the focus."""
        return self.disabled_reason() if not self.enabled else self.hint()

    def activate(self) -> bool:
        """Enter / A / a click. Returns whether something happened."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        return self.activate()

    def adjust(self, step: int) -> bool:
        """Left / right. Returns whether the control used it (else the focus moves)."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        raise NotImplementedError


class Pressable(Widget):
    """A control that does one thing when pressed (buttons, and the table's spots)."""

    def __init__(self, rect: pygame.Rect, on_press: Callable[[], None], hint: Text | None = None) -> None:
        super().__init__(rect, hint)
        self.on_press = on_press

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.on_press()
        return True


class Button(Pressable):
    def __init__(
        self,
        rect: pygame.Rect,
        label: Text,
        on_press: Callable[[], None],
        hint: Text | None = None,
        primary: bool = False,
        size: int = 26,
    ) -> None:
        super().__init__(rect, on_press, hint)
        self.label = label
        self.primary = primary
        self.size = size

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        rect = self.rect
        if not self.enabled:
            fill, ink = (70, 92, 88), (160, 176, 172)
        elif self.primary:
            fill, ink = (theme.FOCUS if focused else (240, 190, 70)), theme.INK
        else:
            fill, ink = (theme.CREAM if focused else theme.PAPER_SHADE), theme.INK
        lift = -3 if focused and self.enabled else 0
        body = rect.move(0, lift)
        pygame.draw.rect(surface, theme.darker(fill, 0.35), rect.move(0, 4), border_radius=12)
        pygame.draw.rect(surface, fill, body, border_radius=12)
        if focused:
            pygame.draw.rect(
                surface, theme.WHITE if self.enabled else theme.FOCUS, body.inflate(8, 8), 3, border_radius=15
            )
        fitted = fonts.block(self.label(), self.size, self.label_box(), ink, "bold", "center")
        if fitted is not None:  # wrapped to two lines rather than shrunk below legible
            surface.blit(fitted.surface, fitted.surface.get_rect(center=body.center))

    def label_box(self) -> tuple[int, int]:
        """The room for the label inside the button."""
        return self.rect.width - 24, self.rect.height - 6


class Choice(Widget):
    """A value picked from a short list with left/right (or a click on the arrows)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Text,
        options: Callable[[], Sequence[str]],
        index: int,
        on_change: Callable[[int], None],
        hint: Text | None = None,
        wrap: bool = True,
    ) -> None:
        super().__init__(rect, hint)
        self.label = label
        self.options = options
        self.index = index
        self.on_change = on_change
        self.wrap = wrap

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        count = len(self.options())
        new = (self.index + step) % count if self.wrap else max(0, min(count - 1, self.index + step))
        if new != self.index:
            self.index = new
            self.on_change(new)
        return True

    def activate(self) -> bool:
        return self.adjust(1)

    def click(self, pos: tuple[int, int]) -> bool:
        left_arrow, _ = self._arrows()
        return self.adjust(-1 if pos[0] <= left_arrow.right + 8 else 1)

    def _value_box(self) -> pygame.Rect:
        box = self.rect.copy()
        if self.label():
            box.width = int(self.rect.width * 0.5)
            box.right = self.rect.right
        return box

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._value_box()
        left = pygame.Rect(box.x + 6, box.y + 6, box.height - 12, box.height - 12)
        right = left.copy()
        right.right = box.right - 6
        return left, right

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        ink = theme.CREAM if self.enabled else (150, 170, 166)
        if self.label():
            label = fonts.text(self.label(), 24, ink, "bold")
            surface.blit(label, label.get_rect(midleft=(self.rect.x + 18, self.rect.centery)))
        box = self._value_box()
        fill = theme.CREAM if focused else theme.PAPER_SHADE
        if not self.enabled:
            fill = (70, 92, 88)
        rounded_panel(surface, box, fill, radius=12)
        if focused:
            pygame.draw.rect(surface, theme.WHITE, box.inflate(8, 8), 3, border_radius=15)
        left, right = self._arrows()
        arrow_ink = theme.INK if self.enabled else (150, 160, 160)
        for arrow, direction in ((left, -1), (right, 1)):
            cx, cy = arrow.center
            w = min(arrow.width * 0.16, 7)
            points = [
                (cx - w * direction, cy - w * 1.5),
                (cx + w * direction, cy),
                (cx - w * direction, cy + w * 1.5),
            ]
            pygame.draw.polygon(surface, arrow_ink, points)
        options = self.options()
        value = options[self.index] if 0 <= self.index < len(options) else ""
        size = fonts.fit_size(value, 24, box.width - 2 * left.width - 24, "bold")
        text = fonts.text(value, size, theme.INK if self.enabled else (150, 160, 160), "bold")
        surface.blit(text, text.get_rect(center=box.center))


class Slider(Widget):
    """A whole number 0..maximum shown as a bar; left/right step it, a click sets it."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: Text,
        value: int,
        maximum: int,
        on_change: Callable[[int], None],
        hint: Text | None = None,
        show: Callable[[int], str] = str,
    ) -> None:
        super().__init__(rect, hint)
        self.label = label
        self.value = value
        self.maximum = maximum
        self.on_change = on_change
        self.show = show

    def _bar(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, int(self.rect.width * 0.5), self.rect.height)
        box.right = self.rect.right
        box.y = self.rect.y
        return box.inflate(-36, -int(self.rect.height * 0.62))

    def adjust(self, step: int) -> bool:
        new = max(0, min(self.maximum, self.value + step))
        if new != self.value:
            self.value = new
            self.on_change(new)
        return True

    def activate(self) -> bool:
        return self.adjust(1 if self.value < self.maximum else -self.maximum)

    def click(self, pos: tuple[int, int]) -> bool:
        bar = self._bar()
        fraction = (pos[0] - bar.x) / max(1, bar.width)
        return self.adjust(round(max(0.0, min(1.0, fraction)) * self.maximum) - self.value)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        label = fonts.text(self.label(), 24, theme.CREAM, "bold")
        surface.blit(label, label.get_rect(midleft=(self.rect.x + 18, self.rect.centery)))
        box = pygame.Rect(0, 0, int(self.rect.width * 0.5), self.rect.height)
        box.topright = self.rect.topright
        rounded_panel(surface, box, theme.CREAM if focused else theme.PAPER_SHADE, radius=12)
        if focused:
            pygame.draw.rect(surface, theme.WHITE, box.inflate(8, 8), 3, border_radius=15)
        bar = self._bar()
        bar.width -= 56
        pygame.draw.rect(surface, (190, 182, 160), bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = round(bar.width * self.value / self.maximum)
        if filled.width:
            pygame.draw.rect(surface, (60, 140, 120), filled, border_radius=bar.height // 2)
        pygame.draw.circle(surface, theme.INK, (bar.x + filled.width, bar.centery), bar.height * 0.75)
        shown = fonts.text(self.show(self.value), 20, theme.INK, "bold")
        surface.blit(shown, shown.get_rect(midright=(box.right - 16, box.centery)))


class TextField(Widget):
    """A short line of text (a player's name); typing needs the focus, Backspace erases."""

    def __init__(
        self,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        limit: int = 16,
        hint: Text | None = None,
    ) -> None:
        super().__init__(rect, hint)
        self.value = value
        self.on_change = on_change
        self.limit = limit
        self.blink = 0.0

    def type(self, characters: str) -> None:
        if not self.enabled:
            return
        room = self.limit - len(self.value)
        characters = printable(characters, max(0, room))  # no control characters reach the renderer
        if characters:
            self.value += characters
            self.on_change(self.value)

    def erase(self) -> None:
        if self.enabled and self.value:
            self.value = self.value[:-1]
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        fill = theme.WHITE if focused else theme.PAPER
        if not self.enabled:
            fill = (70, 92, 88)
        rounded_panel(surface, self.rect, fill, radius=10)
        if focused:
            pygame.draw.rect(surface, theme.WHITE, self.rect.inflate(8, 8), 3, border_radius=13)
        ink = theme.INK if self.enabled else (150, 165, 160)
        label = fonts.text(self.value, 24, ink, "bold")
        spot = label.get_rect(midleft=(self.rect.x + 16, self.rect.centery))
        surface.blit(label, spot)
        if focused and self.enabled:
            pygame.draw.line(
                surface, theme.INK, (spot.right + 3, spot.top + 2), (spot.right + 3, spot.bottom - 2), 2
            )


class FocusGroup:
    """The controls of one screen and which has the focus."""

    def __init__(self, widgets: Sequence[Widget] = (), on_activate: Callable[[], None] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index = 0
        self.pressed: Widget | None = None
        self.on_activate = on_activate  # e.g. the click sound

    @property
    def focused(self) -> Widget | None:
        candidates = self._usable()
        if not candidates:
            return None
        if self.focus_index >= len(self.widgets) or self.widgets[self.focus_index] not in candidates:
            self.focus_index = self.widgets.index(candidates[0])
        return self.widgets[self.focus_index]

    def focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus_index = self.widgets.index(widget)

    def _usable(self) -> list[Widget]:
        # Disabled controls still take the focus, so keyboard players can read why they are off.
        return [widget for widget in self.widgets if widget.visible and widget.focusable]

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for widget in self._usable():
            if widget.rect.collidepoint(pos):
                return widget
        return None

    def _step(self, step: int) -> None:
        usable = self._usable()
        current = self.focused
        if not usable or current is None:
            return
        index = (usable.index(current) + step) % len(usable)
        self.focus(usable[index])

    def _move(self, dx: int, dy: int) -> None:
        """Focus the nearest control in a direction (spatial navigation), wrapping if none."""
        current = self.focused
        if current is None:
            return
        cx, cy = current.rect.center
        best: tuple[float, Widget] | None = None
        for widget in self._usable():
            if widget is current:
                continue
            wx, wy = widget.rect.center
            along = (wx - cx) * dx + (wy - cy) * dy
            if along <= 0:
                continue
            across = abs((wx - cx) * dy) + abs((wy - cy) * dx)
            score = along + across * 2.5
            if best is None or score < best[0]:
                best = (score, widget)
        if best is not None:
            self.focus(best[1])
        elif dy:
            self._step(dy)

    def handle(self, intent: Intent) -> bool:
        """Apply an intent; returns whether the group used it."""
        action = intent.action
        focused = self.focused
        if action in (Action.UP, Action.DOWN):
            self._move(0, -1 if action == Action.UP else 1)
            return True
        if action in (Action.LEFT, Action.RIGHT):
            step = -1 if action == Action.LEFT else 1
            if focused is not None and focused.adjust(step):
                self._activated()
            else:
                self._move(step, 0)
            return True
        if action in (Action.NEXT, Action.PREVIOUS):
            self._step(1 if action == Action.NEXT else -1)
            return True
        if action == Action.CONFIRM and focused is not None:
            if isinstance(focused, TextField):
                self._step(1)  # Enter in a name field moves on, like Tab
                return True
            if focused.activate():
                self._activated()
            return True
        if action == Action.POINTER_MOVE and intent.pos is not None:
            hovered = self.widget_at(intent.pos)
            if hovered is not None:
                self.focus(hovered)
            return hovered is not None
        if action == Action.POINTER_DOWN and intent.pos is not None:
            self.pressed = self.widget_at(intent.pos)
            if self.pressed is not None:
                self.focus(self.pressed)
            return self.pressed is not None
        if action == Action.POINTER_UP and intent.pos is not None:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed is self.widget_at(intent.pos):
                if pressed.click(intent.pos):
                    self._activated()
                return True
            return False
        if isinstance(focused, TextField):
            if action == Action.TEXT:
                focused.type(intent.text)
                return True
            if action == Action.ERASE:
                focused.erase()
                return True
        return False

    def _activated(self) -> None:
        if self.on_activate is not None:
            self.on_activate()

    @property
    def wants_text(self) -> bool:
        return isinstance(self.focused, TextField) and self.focused.enabled

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, widget is focused)

    def draw_hint(self, surface: pygame.Surface, area: pygame.Rect) -> fonts.Block | None:
        """The focused control's hint (or why it is disabled) in the screen's hint line: as large
        as fits, on two lines if need be, never below the legible size (cut short with "…" then;
        the pointer's tooltip gives it whole). Returns what was drawn."""
        focused = self.focused
        message = focused.tooltip() if focused is not None else ""
        if not message:
            return None
        colour = theme.FOCUS if focused is not None and not focused.enabled else theme.CREAM
        room = (area.width - 20, max(area.height, HINT_TWO_LINES))
        fitted = fonts.block(message, 22, room, colour, "regular", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))
        return fitted
