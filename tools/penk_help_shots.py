"""Screenshots of the help at the Penk! table for tools/screenshots.py: the expert's hint with its
sentence (H pressed at a keep decision: the dice to keep and the cell aimed at ringed), the odds on
the sheet, "why not?" beside a cell, and the review of an archived game. Each position is reached
by a fixed seed, the human seat played by the normal bot (tools/penk_shots.py; the reviewed game's
by the easy bot, so that its choices differ from the expert's)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

import game.penk as penk
from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.rulebooks import PENK_RULES
from scenes.model.session import GameSession
from tools.penk_shots import FRAME, open_table, session_at


def press(app: App, key: int, unicode: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    app.step(FRAME)


def _keep_hint(session: GameSession) -> bool:
    """A keep hint with a column of the player's already scoring, so that the shot shows the box
    clear of the column points under the sheet."""
    state = session.state
    if not (state.round >= 3 and state.phase is penk.Phase.CHOOSE and state.rolls == 1):
        return False
    if not any(penk.current_scores(state)[state.active].columns):
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


def _two_values(session: GameSession) -> bool:
    state = session.state
    ready = state.round >= 3 and state.phase is penk.Phase.CHOOSE and state.rolls == 1
    return ready and len({face for face in state.dice if face != penk.JOLLY}) >= 2


def shot_why_not(app: App) -> pygame.Surface:
    """Two dice of different values picked and a right-click on a cell: the engine's reason (a
    group's dice must show one number) beside it."""
    session = session_at(_two_values)
    scene = open_table(app, session)
    faces = scene.dice.faces
    first = next(place for place in scene.dice.free if faces[place] != penk.JOLLY)
    second = next(place for place in scene.dice.free if faces[place] not in (penk.JOLLY, faces[first]))
    scene.toggle(first)
    scene.toggle(second)
    pos = scene.large_geometry.cell_rect(2, faces[first]).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=pos))
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


SHOTS["penk-why-not"] = shot_why_not


def _odds_turn(session: GameSession) -> bool:
    state = session.state
    return state.round >= 3 and state.phase is penk.Phase.CHOOSE and state.rolls == 1


def shot_odds(app: App) -> pygame.Surface:
    """The odds at a keep decision, two equal dice and the jolly kept (the others picked to
    reroll): each clear cell's chance this turn, what circling adds, the lines and a failed roll."""
    app.change_settings(odds="on")
    session = session_at(_odds_turn)
    scene = open_table(app, session)
    faces = scene.dice.faces
    value = max((f for f in faces if f != penk.JOLLY), key=faces.count)
    for place in scene.dice.free:
        if faces[place] not in (value, penk.JOLLY):
            scene.toggle(place)
    for _ in range(200):  # the worker thread's numbers arrive
        app.step(FRAME)
        if scene.odds.last is not None and scene.odds.last.done:
            break
        time.sleep(0.01)
    app.draw()
    return app.screen


SHOTS["penk-odds"] = shot_odds


REVIEW_SEATS = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "hard"))


def finished_penk_game(seed: int = 4) -> GameSession:
    """A whole Penk! game, Anna played by the easy bot (so some choices differ from the expert's)."""
    import random

    session = GameSession.start(GameConfig(REVIEW_SEATS, 0), seed=seed, rules=PENK_RULES)
    anna = penk.make_bot("easy")
    rng = random.Random(seed)
    while not session.over:
        if session.human_to_decide:
            session.play(penk.decide(anna, session.state, rng))
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    return session


def shot_review(app: App) -> pygame.Surface:
    """That game archived and reviewed: Anna's decisions against the expert's, worst first, and
    each roll's luck, the pointer on the luckiest roll."""
    from scenes.history.review import ReviewScene
    from scenes.model import archive
    from scenes.model.archive_entry import FINISHED, entry_of_session
    from scenes.model.penk_review import PenkReviewJob
    from scenes.model.replay import Replay
    from scenes.model.userdata import data_dir

    session = finished_penk_game()
    store = archive.store(data_dir())
    store.record(entry_of_session(session, FINISHED, "2026-12-02T06:00:00"))
    (row,) = store.games()
    replay = Replay(session)
    job = PenkReviewJob(replay)
    job.run()
    store.keep_review(row.id, job.judgements, job.rollouts, job.lucks)
    app.go("review", row.id, replay, fade=False)
    for _ in range(30):
        app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    scene.pointed = max(range(len(job.lucks)), key=lambda index: job.lucks[index].luck)
    app.draw()
    return app.screen


SHOTS["penk-review"] = shot_review


def tutorial_at(app: App, lessons: int) -> pygame.Surface:
    """Penk!'s guided game begun from the menu, its first `lessons` lessons done as the learner
    would (the lesson's move played), the next one ringed with its bubble."""
    from scenes.penk.table import PenkTableScene

    app.change_settings(animation_speed="instant")  # the bot's turn goes by at once
    app.go("penk-tutorial", how="reset", fade=False)
    for _ in range(6000):
        app.step(FRAME)
        scene = app.stack.top
        if not isinstance(scene, PenkTableScene) or scene.guide is None:
            continue
        lesson = scene.guide.lesson
        if lesson is not None and scene.session.lessons_done == lessons:
            break
        if lesson is not None:
            scene.play(lesson.expected)
        time.sleep(0.002)  # the easy bot answers on its thread
    for _ in range(200):  # a Penk! banner fades
        app.step(FRAME)
    app.draw()
    return app.screen


for number, done in enumerate((0, 1, 2, 4), start=1):  # the pair, the jolly, the Penk!, the failed roll
    SHOTS[f"penk-tutorial-{number}"] = lambda app, done=done: tutorial_at(app, done)


def shot_tutorial_offer(app: App) -> pygame.Surface:
    """New game, Penk! chosen the first time: the offer of its guided game."""
    from scenes.menus.newgame import NewGameScene

    scene = NewGameScene(app)
    app.go(scene, how="reset", fade=False)
    scene.game.adjust(1)  # Penk!
    for _ in range(30):
        app.step(FRAME)
    app.draw()
    return app.screen


SHOTS["penk-tutorial-offer"] = shot_tutorial_offer
