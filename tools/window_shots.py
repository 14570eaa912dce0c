"""Screenshots for tools/screenshots.py: a tooltip at the table, and the title as a window of
960x540, 1920x1080 and 2560x1440 shows it.

The game draws a 1280x720 picture; the window (pygame.SCALED | RESIZABLE, and full screen) scales
it to any size with black bars where the shapes differ, as SDL's logical-size scaling does. The
window shots reproduce that scaling on the headless picture; the real window is checked under a
window manager on Xvfb (docs/scenes.md, "The window").
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.goennen.engine import Phase, State
from scenes.app import App
from scenes.core import tooltip
from scenes.table.geometry import field_rects
from scenes.table.opening import open_table
from scenes.table.turn import TurnScene
from tools.table_shots import session_at

FRAME = 1 / 60


def letterboxed(picture: pygame.Surface, window: tuple[int, int]) -> pygame.Surface:
    """`picture` scaled to fit `window`, centred, with black bars on the sides that are left over."""
    width, height = picture.get_size()
    scale = min(window[0] / width, window[1] / height)
    size = (round(width * scale), round(height * scale))
    canvas = pygame.Surface(window)
    canvas.fill((0, 0, 0))
    scaled = pygame.transform.smoothscale(picture, size)
    canvas.blit(scaled, scaled.get_rect(center=canvas.get_rect().center))
    return canvas


def _steps(app: App, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME)


def shot_tooltip(app: App) -> pygame.Surface:
    """The pointer resting on an empty field of the player's display during their turn."""

    def active(state: State) -> bool:
        return state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 1 and state.round >= 2

    open_table(app, session_at(active), how="reset")
    _steps(app, 2.5)
    scene = app.stack.top
    assert isinstance(scene, TurnScene)
    state = scene.session.state
    placed = next(p for p in state.display(0) if None in p.filled)
    field = field_rects(placed.card, scene.main.rect_of(placed.pos))[placed.filled.index(None)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=field.center, rel=(1, 1), buttons=(0, 0, 0)))
    _steps(app, tooltip.DELAY + 0.1)
    app.draw()
    return app.screen


def _window(size: tuple[int, int]) -> Callable[[App], pygame.Surface]:
    def shot(app: App) -> pygame.Surface:
        _steps(app, 3.0)
        app.draw()
        return letterboxed(app.screen, size)

    return shot


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "tooltip": shot_tooltip,
    "window-960": _window((960, 540)),
    "window-1920": _window((1920, 1080)),
    "window-2560": _window((2560, 1440)),
}
