"""Screenshots of the one voice of advice (issue 33) for tools/screenshots.py: `chance-hint` (after
the third roll, the chance buttons' points with the best one marked, and the Hint recommending that
very option with the same numbers)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai import advise
from game.engine import Phase, State
from scenes.app import App
from scenes.table.turn import TurnScene
from tools.odds_shots import wait_for_odds
from tools.table_shots import FRAME, open_settled, session_at


def press_hint(app: App, scene: TurnScene) -> None:
    """H, then frames until the hint's answer is drawn."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(FRAME)
    scene.hints.wait()
    for _ in range(3):
        app.step(FRAME)


def _chance_advised(state: State) -> bool:
    if not (state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 3 and not state.acted):
        return False
    return state.round >= 2 and advise(state).why.kind == "chance_take"


def shot_chance_hint(app: App) -> pygame.Surface:
    scene = open_settled(app, session_at(_chance_advised, seed=6))
    assert isinstance(scene, TurnScene)
    wait_for_odds(app, scene)
    press_hint(app, scene)
    app.draw()
    return app.screen


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {"chance-hint": shot_chance_hint}
