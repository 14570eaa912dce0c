"""Screenshots of the odds at the table for tools/screenshots.py: `odds` (the human's turn after
the first reroll, a die kept, badges on the display and the market, one badge's tooltip) and
`odds-passive` (the human choosing where a rerolled die goes, badges beside the fields) and
`odds-chance` (after the third roll: the hard bot's points on the chance buttons)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.goennen.engine import Phase, State
from scenes.app import App
from scenes.core.intents import Action, Intent
from scenes.table.turn import TurnScene
from scenes.table.turn_options import Step
from tools.table_shots import open_settled, session_at

FRAME = 1 / 60


def wait_for_odds(app: App, scene: TurnScene, seconds: float = 10.0) -> None:
    """Run frames until the odds worker has answered (bounded by the clock: it works on a thread)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.step(FRAME)
        if scene.odds.last is not None and scene.odds.last.done:
            break
        time.sleep(0.002)
    app.step(FRAME)


def _point_at_badge(app: App, scene: TurnScene, kind: str) -> None:
    found = [placed for placed in scene.odds.placed if placed.badge.kind == kind]
    if found:
        scene.handle(Intent(Action.POINTER_MOVE, pos=found[0].rect.center))
        for _ in range(int(0.7 / FRAME)):
            app.step(FRAME)


def shot_odds(app: App) -> pygame.Surface:
    session = session_at(
        lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == 2 and s.round >= 2
    )
    scene = open_settled(app, session)
    assert isinstance(scene, TurnScene)
    loose = scene.tray.in_tray()
    scene.choose(Step("toggle", colour=loose[0]))
    wait_for_odds(app, scene)
    _point_at_badge(app, scene, "complete")
    app.draw()
    return app.screen


def shot_odds_passive(app: App) -> pygame.Surface:
    session = session_at(lambda s: s.phase == Phase.PASSIVE and s.decider == 0 and s.round >= 2)
    scene = open_settled(app, session)
    assert isinstance(scene, TurnScene) and scene.choices is not None
    scene.choose(Step("select", colour=next(iter(scene.choices.writes))))
    wait_for_odds(app, scene)
    _point_at_badge(app, scene, "write")
    app.draw()
    return app.screen


def shot_odds_chance(app: App) -> pygame.Surface:
    def chance_open(s: State) -> bool:
        return s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == 3 and not s.acted and s.round >= 2

    session = session_at(chance_open, seed=6)
    scene = open_settled(app, session)
    assert isinstance(scene, TurnScene)
    wait_for_odds(app, scene)
    _point_at_badge(app, scene, "chance")
    app.draw()
    return app.screen


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "odds": shot_odds,
    "odds-passive": shot_odds_passive,
    "odds-chance": shot_odds_chance,
}
