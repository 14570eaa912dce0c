"""Screenshots of the guided first game (python -m tools.screenshots): six characteristic steps,
reached by clicking the ringed things as a learner would.

    tutorial-1  keep the ringed dice (the first lesson's bubble)
    tutorial-2  the plus/minus bonus: the ringed +1 button makes three equal dice
    tutorial-3  the ninth card placed on the one free cell (the end comes)
    tutorial-4  the passive die: the bot rerolled, a die picked, its field ringed
    tutorial-5  the chance after the third roll, the die picked, its field ringed
    tutorial-6  after the final score: the scoring in words, a real game or the title
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.app import App
from scenes.table.turn import TurnScene
from scenes.tutorial.guide import TutorialGuide

Shot = Callable[[App], pygame.Surface]
FRAME = 1 / 60


def _guide(app: App) -> TutorialGuide | None:
    """The guide once a lesson waits for the learner (bots and chance played); None off the table."""
    for _ in range(3000):
        scene = app.stack.top
        if not isinstance(scene, TurnScene) or not isinstance(scene.guide, TutorialGuide):
            return None
        guide = scene.guide
        if guide.lesson is not None and guide.targets():
            return guide
        if scene.session.bot_to_decide:
            scene.session.bot_decision_wait()
        app.step(FRAME)
    raise RuntimeError("the tutorial never asked the learner")


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    for _ in range(2):
        app.step(FRAME)


def _reach(app: App, lesson: str, clicks_into: int = 0) -> pygame.Surface:
    """Play the tutorial by its rings up to `lesson` (and `clicks_into` clicks inside it); then the
    picture at normal speed, the pointer away from the table."""
    app.change_settings(animation_speed="instant")
    app.go("tutorial", fade=False)
    app.step(FRAME)  # the stack changes between frames
    inside = 0
    while True:
        guide = _guide(app)
        if guide is None:
            raise RuntimeError(f"the tutorial ended before the lesson {lesson}")
        assert guide.lesson is not None
        if guide.lesson.key == lesson:
            if inside == clicks_into:
                break
            inside += 1
        _click(app, guide.targets()[0].center)
    app.change_settings(animation_speed="normal")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1279, 719), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(40):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_keep(app: App) -> pygame.Surface:
    return _reach(app, "keep")


def shot_bonus(app: App) -> pygame.Surface:
    return _reach(app, "bonus")


def shot_place(app: App) -> pygame.Surface:
    return _reach(app, "place")


def shot_passive(app: App) -> pygame.Surface:
    return _reach(app, "passive", clicks_into=1)


def shot_chance(app: App) -> pygame.Surface:
    return _reach(app, "chance", clicks_into=2)


def shot_reroll_again(app: App) -> pygame.Surface:
    """Issue 33: the second reroll lesson with the odds on (its words agree with the badges), and a
    die clicked against the lesson: the refusal drawn over the bubble."""
    app.change_settings(odds="on")
    _reach(app, "reroll_again")
    guide = _guide(app)
    assert guide is not None
    scene = guide.scene
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1279, 719), rel=(0, 0), buttons=(0, 0, 0)))
    _click(app, scene.tray.die_rect(next(iter(scene.tray.in_tray()))).center)
    app.draw()
    return app.screen


def shot_done(app: App) -> pygame.Surface:
    _reach(app, "pass", clicks_into=0)
    app.change_settings(animation_speed="instant")
    for _ in range(2000):
        scene = app.stack.top
        if scene is not None and scene.name == "tutorial-done":
            break
        guide = _guide(app)
        if guide is not None:
            _click(app, guide.targets()[0].center)
            continue
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        )
        for _ in range(30):
            app.step(FRAME)
    for _ in range(40):
        app.step(FRAME)
    app.draw()
    return app.screen


SHOTS: dict[str, Shot] = {
    "tutorial-1": shot_keep,
    "tutorial-2": shot_bonus,
    "tutorial-3": shot_place,
    "tutorial-4": shot_passive,
    "tutorial-5": shot_chance,
    "tutorial-6": shot_done,
    "tutorial-reroll-again": shot_reroll_again,
}
