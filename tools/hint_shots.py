"""Screenshots of the hint and of "why not?" for tools/screenshots.py: a human's keep decision with
the hard bot's hint shown (the dice to keep ringed, the target card marked, the sentence over the
log), and a right-click on a field that the dice cannot fill, with the engine's reason beside it.
Each position is reached by a fixed seed and a plain scripted human (tools/table_shots.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.goennen.ai import advise
from game.goennen.engine import Phase, State
from scenes.app import App
from scenes.table.why_not import Thing, answer
from tools.table_shots import FRAME, open_settled, session_at


def _keep_hint(state: State) -> bool:
    if not (state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 1 and state.round >= 2):
        return False
    return advise(state).why.kind == "keep"


def shot_hint(app: App) -> pygame.Surface:
    """H pressed in a keep decision: the hard bot's hint with its sentence."""
    from scenes.table.turn import TurnScene
    from tools.advice_shots import press_hint

    scene = open_settled(app, session_at(_keep_hint))
    assert isinstance(scene, TurnScene)
    press_hint(app, scene)
    app.draw()
    return app.screen


def _refused_field(state: State) -> bool:
    return state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 1 and state.round >= 2


def shot_why_not(app: App) -> pygame.Surface:
    """A right-click on a field of a card the dice cannot complete: the engine's reason beside it."""
    from scenes.table.geometry import field_rects
    from scenes.table.turn import TurnScene

    scene = open_settled(app, session_at(_refused_field))
    assert isinstance(scene, TurnScene)
    state = scene.session.state
    for placed in state.display(0):
        rects = field_rects(placed.card, scene.main.rect_of(placed.pos))
        for index, value in enumerate(placed.filled):
            found = answer(state, Thing(card=placed.id, field=index)) if value is None else None
            if found is not None and found.error is not None:
                pos = rects[index].center
                moved = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                pygame.event.post(moved)
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=pos))
                for _ in range(3):
                    app.step(FRAME)
                app.draw()
                return app.screen
    raise RuntimeError("no field of this position is refused")


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {"hint": shot_hint, "why-not": shot_why_not}
