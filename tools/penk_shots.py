"""Screenshots of Penk! for tools/screenshots.py: New game with Penk! chosen, a turn, dice picked
as a group (the cell glowing), the Penk! moment (a line completed, crosses drawn on the other
sheets), a failed roll asking for a column, the final score counting up and at its end. Each
position is reached by a fixed seed, the human seat played by the normal bot."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

import game.penk as penk
from scenes.app import App
from scenes.model.gameconfig import GameConfig
from scenes.model.rulebooks import PENK_RULES
from scenes.model.session import GameSession
from scenes.penk.table import PenkTableScene
from tools.table_shots import SEATS  # Anna at the screen, three bots

FRAME = 1 / 60
Wanted = Callable[[GameSession], bool]


def session_at(wanted: Wanted, seed: int = 3, tries: int = 30) -> GameSession:
    """A Penk! game played until `wanted` holds at a decision of Anna's (the normal bot plays her
    other decisions), from the first of `tries` seeds from `seed` on that gets there."""
    for attempt in range(seed, seed + tries):
        session = _played_until(wanted, attempt)
        if session is not None:
            return session
    raise ValueError(f"no seed from {seed} to {seed + tries - 1} reaches the wanted position")


def _played_until(wanted: Wanted, seed: int, limit: int = 2000) -> GameSession | None:
    session = GameSession.start(GameConfig(SEATS, 0), seed=seed, rules=PENK_RULES)
    anna = penk.make_bot("normal")
    rng = random.Random(seed)
    for _ in range(limit):
        if session.over:
            break
        if session.human_to_decide:
            if wanted(session):
                return session
            session.play(penk.decide(anna, session.state, rng))
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    return session if wanted(session) else None


def open_table(app: App, session: GameSession, seconds: float = 2.5) -> PenkTableScene:
    app.go("table", session, how="reset", fade=False)
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, PenkTableScene)
    return scene


def circles(session: GameSession) -> list[penk.Circle]:
    return [action for action in session.legal() if isinstance(action, penk.Circle)]


def shot_newgame(app: App) -> pygame.Surface:
    from scenes.menus.newgame import NewGameScene
    from scenes.model.penk_tutorial_session import offered

    offered()  # New game as a player sees it after the guided game's one offer
    scene = NewGameScene(app)
    app.go(scene, how="reset", fade=False)
    scene.game.adjust(1)  # Penk!
    scene.kinds[2].adjust(2)  # a third seat: an easy bot
    for _ in range(20):
        app.step(FRAME)
    app.draw()
    return app.screen


def _turn(session: GameSession) -> bool:
    state = session.state
    return (
        state.round >= 3 and state.phase is penk.Phase.CHOOSE and state.rolls == 1 and bool(circles(session))
    )


def shot_turn(app: App) -> pygame.Surface:
    open_table(app, session_at(_turn))
    app.draw()
    return app.screen


def _grouping(session: GameSession) -> bool:
    return _turn(session) and any(len(action.group) >= 2 for action in circles(session))


def shot_groups(app: App) -> pygame.Surface:
    session = session_at(_grouping, seed=5)
    scene = open_table(app, session)
    group = max(circles(session), key=lambda action: (len(action.group), action.cell))
    for place in scene.places_of(group) or []:
        scene.toggle(place)
    app.step(FRAME)
    app.draw()
    return app.screen


def penk_circle(session: GameSession) -> penk.Circle | None:
    state = session.state
    for action in circles(session):
        after = penk.apply(state, action)
        if penk.completed_lines(state.sheet, after.sheets[state.active]):
            return action
    return None


def shot_blocked(app: App) -> pygame.Surface:
    session = session_at(lambda s: penk_circle(s) is not None, seed=3)
    scene = open_table(app, session)
    action = penk_circle(session)
    assert action is not None
    scene.press_cell(*action.cell)
    for _ in range(int(1.2 / FRAME)):  # the line has flashed; the crosses are being drawn
        app.step(FRAME)
    app.draw()
    return app.screen


def _failed(session: GameSession) -> bool:
    return any(isinstance(action, penk.Cross) for action in session.legal())


def shot_failed_roll(app: App) -> pygame.Surface:
    open_table(app, session_at(_failed, seed=3))
    app.draw()
    return app.screen


def _scoring(app: App, seconds: float) -> pygame.Surface:
    session = session_at(lambda s: s.over, seed=3)
    app.go("table", session, how="reset", fade=False)
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_scoring(app: App) -> pygame.Surface:
    return _scoring(app, 1.6)  # mid count-up: the first scoring lines lit


def shot_final(app: App) -> pygame.Surface:
    return _scoring(app, 12.0)


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "penk-newgame": shot_newgame,
    "penk-turn": shot_turn,
    "penk-groups": shot_groups,
    "penk-blocked": shot_blocked,
    "penk-failed-roll": shot_failed_roll,
    "penk-scoring": shot_scoring,
    "penk-final": shot_final,
}
