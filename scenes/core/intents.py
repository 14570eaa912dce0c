"""Raw pygame events become intents here, and only here.

Mouse, keyboard and gamepad map to the same small vocabulary, so every screen works with any of
them. Scenes never look at pygame events themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

import pygame

STICK_THRESHOLD = 0.6  # how far a stick must be pushed to count as a direction
STICK_AXIS_MAX = 32767


class Action(Enum):
    UP = auto()
    DOWN = auto()
    LEFT = auto()
    RIGHT = auto()
    NEXT = auto()  # Tab: the next control
    PREVIOUS = auto()  # Shift+Tab
    CONFIRM = auto()  # Enter, Space, gamepad A, a click (POINTER_UP over the pressed control)
    BACK = auto()  # Escape, gamepad B
    MENU = auto()  # gamepad Start (Escape also reaches a game scene as BACK)
    PAGE_NEXT = auto()  # Page Down, gamepad right shoulder, mouse wheel down
    PAGE_PREVIOUS = auto()
    POINTER_MOVE = auto()
    POINTER_DOWN = auto()
    POINTER_UP = auto()
    TEXT = auto()  # typed characters (names)
    ERASE = auto()  # Backspace
    UNDO = auto()  # Ctrl+Z (Cmd+Z on a Mac): take back the last step
    SPEED = auto()  # S: the next animation speed (1x, 2x, instant), e.g. while watching a bot
    TOGGLE_FULLSCREEN = auto()  # F11
    QUIT = auto()  # the window's close button
    HINT = auto()  # H: ask the hard bot what it would do now (the table's hint)
    WHY_NOT = auto()  # ? or a right-click: why the thing under the pointer cannot be chosen
    ODDS = auto()  # O: show or hide the odds at the table
    CHECK = auto()  # C: check an archived online game's dice against the table's key


@dataclass(frozen=True)
class Intent:
    action: Action
    pos: tuple[int, int] | None = None  # for pointer intents, in 1280x720 screen coordinates
    text: str = ""


_KEYS: dict[int, Action] = {
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_RETURN: Action.CONFIRM,
    pygame.K_KP_ENTER: Action.CONFIRM,
    pygame.K_ESCAPE: Action.BACK,
    pygame.K_PAGEDOWN: Action.PAGE_NEXT,
    pygame.K_PAGEUP: Action.PAGE_PREVIOUS,
    pygame.K_BACKSPACE: Action.ERASE,
    pygame.K_F11: Action.TOGGLE_FULLSCREEN,
}

_CONTROLLER_BUTTONS: dict[int, Action] = {
    pygame.CONTROLLER_BUTTON_A: Action.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Action.BACK,
    pygame.CONTROLLER_BUTTON_START: Action.MENU,
    pygame.CONTROLLER_BUTTON_BACK: Action.BACK,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Action.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Action.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Action.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Action.RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Action.PAGE_PREVIOUS,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Action.PAGE_NEXT,
}

# Plain joysticks (not known to SDL as game controllers): the usual first two buttons and the hat.
_JOYSTICK_BUTTONS: dict[int, Action] = {0: Action.CONFIRM, 1: Action.BACK, 7: Action.MENU}


class IntentMapper:
    """Turns pygame events into intents; also owns the opened gamepads (hot-plugged)."""

    def __init__(self) -> None:
        self._controllers: dict[int, object] = {}  # instance id -> opened controller
        self._joysticks: dict[int, pygame.joystick.JoystickType] = {}
        self._stick: dict[tuple[int, int], int] = {}  # (device, axis) -> -1, 0 or 1 last reported
        self.text_entry = False  # a focused name field wants Space and letters as text

    # -- gamepads -------------------------------------------------------------------------------
    def start_gamepads(self) -> None:
        """Start SDL's game controller support, so pads plugged in now or later send events."""
        try:
            from pygame._sdl2 import controller

            pygame.joystick.init()
            controller.init()
        except (pygame.error, ImportError):
            pass  # no gamepad support in this SDL build: keyboard and mouse still work

    def _add_device(self, device_index: int) -> None:
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            if controller.is_controller(device_index):
                pad = controller.Controller(device_index)
                self._controllers[pad.as_joystick().get_instance_id()] = pad
                return
            stick = pygame.joystick.Joystick(device_index)
            self._joysticks[stick.get_instance_id()] = stick
        except (pygame.error, ImportError):
            pass  # a pad we cannot open is simply not used; keyboard and mouse still work

    def _remove_device(self, instance_id: int) -> None:
        self._controllers.pop(instance_id, None)
        self._joysticks.pop(instance_id, None)

    @property
    def gamepads(self) -> int:
        return len(self._controllers) + len(self._joysticks)

    # -- events ---------------------------------------------------------------------------------
    def map(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Intent(Action.QUIT)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Intent(Action.TEXT, text=event.text)] if self.text_entry else []
        if kind == pygame.MOUSEMOTION:
            return [Intent(Action.POINTER_MOVE, pos=_pos(event.pos))]
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return [Intent(Action.POINTER_DOWN, pos=_pos(event.pos))]
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return [Intent(Action.POINTER_UP, pos=_pos(event.pos))]
        if kind == pygame.MOUSEBUTTONUP and event.button == 3:
            return [Intent(Action.WHY_NOT, pos=_pos(event.pos))]
        if kind == pygame.MOUSEWHEEL:
            return [Intent(Action.PAGE_NEXT if event.y < 0 else Action.PAGE_PREVIOUS)] if event.y else []
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add_device(event.device_index)
        elif kind == pygame.JOYDEVICEADDED:
            self._add_device(event.device_index)
        elif kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self._remove_device(event.instance_id)
        elif kind == pygame.CONTROLLERBUTTONDOWN:
            action = _CONTROLLER_BUTTONS.get(event.button)
            return [Intent(action)] if action else []
        elif kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.instance_id, event.axis, event.value / STICK_AXIS_MAX)
        elif kind == pygame.JOYBUTTONDOWN and event.instance_id not in self._controllers:
            action = _JOYSTICK_BUTTONS.get(event.button)
            return [Intent(action)] if action else []
        elif kind == pygame.JOYHATMOTION and event.instance_id not in self._controllers:
            x, y = event.value
            return [
                Intent(a)
                for a, on in (
                    (Action.LEFT, x < 0),
                    (Action.RIGHT, x > 0),
                    (Action.UP, y > 0),
                    (Action.DOWN, y < 0),
                )
                if on
            ]
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        if event.key == pygame.K_TAB:
            backwards = bool(event.mod & pygame.KMOD_SHIFT)
            return [Intent(Action.PREVIOUS if backwards else Action.NEXT)]
        if event.key == pygame.K_SPACE and not self.text_entry:
            return [Intent(Action.CONFIRM)]
        if event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
            return [Intent(Action.TOGGLE_FULLSCREEN)]
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI):
            return [Intent(Action.UNDO)]
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI)
        if event.key == pygame.K_s and plain and not self.text_entry:
            return [Intent(Action.SPEED)]
        if event.key == pygame.K_h and plain and not self.text_entry:
            return [Intent(Action.HINT)]
        question = event.key == pygame.K_QUESTION or getattr(event, "unicode", "") == "?"
        if question and not self.text_entry:  # "?" lies on different keys in each layout
            return [Intent(Action.WHY_NOT)]
        if event.key == pygame.K_o and plain and not self.text_entry:
            return [Intent(Action.ODDS)]
        if event.key == pygame.K_c and plain and not self.text_entry:
            return [Intent(Action.CHECK)]
        action = _KEYS.get(event.key)
        return [Intent(action)] if action else []

    def _axis(self, device: int, axis: int, value: float) -> list[Intent]:
        # Edge-triggered: a push past the threshold is one step, like one press of an arrow key.
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        direction = 0 if abs(value) < STICK_THRESHOLD else (1 if value > 0 else -1)
        previous = self._stick.get((device, axis), 0)
        self._stick[(device, axis)] = direction
        if direction == 0 or direction == previous:
            return []
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            return [Intent(Action.RIGHT if direction > 0 else Action.LEFT)]
        return [Intent(Action.DOWN if direction > 0 else Action.UP)]


def _pos(pos: tuple[float, float]) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])
