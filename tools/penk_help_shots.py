"""Screenshots of the help at the Penk! table for tools/screenshots.py: the expert's hint with its
sentence (H pressed at a keep decision: the dice to keep and the cell aimed at ringed). Each
position is reached by a fixed seed, the human seat played by the normal bot
(tools/penk_shots.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

import game.penk as penk
from scenes.app import App
from scenes.model.session import GameSession
from tools.penk_shots import FRAME, open_table, session_at


def press(app: App, key: int, unicode: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    app.step(FRAME)


def _keep_hint(session: GameSession) -> bool:
    state = session.state
    if not (state.round >= 3 and state.phase is penk.Phase.CHOOSE and state.rolls == 1):
        return False
    return penk.advise(state).why.kind == "keep"


def shot_hint(app: App) -> pygame.Surface:
    """H pressed at a keep decision: the expert's hint, its rings and its sentence."""
    scene = open_table(app, session_at(_keep_hint))
    press(app, pygame.K_h, "h")
    scene.hints.wait()
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "penk-hint": shot_hint,
}
