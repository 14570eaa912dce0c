"""Penk!'s guided first game (scenes/model/penk_tutorial.py, scenes/penk/guide.py): the script
plays out from the prepared position with its seed, the whole guided game is played to its final
score by posted clicks only, a move off the lesson is refused, a game left is resumed at its
lesson, a damaged save starts afresh, and it is offered from New game (once) and the rules."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.penk as penk
from scenes.app import App
from scenes.model import penk_tutorial
from scenes.model.penk_tutorial_session import PenkTutorialSession, should_offer, tutorial_slot
from scenes.penk.dice_row import take
from scenes.penk.scoring import PenkScoringScene
from scenes.penk.table import PenkTableScene
from tests.scenes.conftest import click, settle, top
from tools.penk_tutorial_seed import plays_out


def test_the_script_plays_out_with_its_seed() -> None:
    assert plays_out(penk_tutorial.SEED, penk_tutorial.SCRIPT)
    assert [lesson.key for lesson in penk_tutorial.SCRIPT] == list(penk_tutorial.LESSON_KEYS)


def learner_deciding(app: App) -> PenkTableScene | None:
    """Frames until the learner's lesson is due (None once the game is over)."""
    for _ in range(2000):
        settle(app, 0.3)
        scene = top(app)
        if isinstance(scene, PenkTableScene) and scene.guide is not None and scene.guide.lesson is not None:
            return scene
        if not isinstance(scene, PenkTableScene):
            return None
    raise AssertionError("the lesson never came")


def clicks_for(scene: PenkTableScene, action: penk.Action) -> list[tuple[int, int]]:
    """Where a learner clicks to make the lesson's move: its dice, then its button or the die
    above the column."""
    if isinstance(action, penk.Cross):
        return [scene.large_geometry.header_rect(action.column).center]
    faces = action.group if isinstance(action, penk.Circle) else action.faces  # type: ignore[union-attr]
    places = take(scene.dice.faces, faces, scene.dice.free, set()) or []
    button = scene.circle_button if isinstance(action, penk.Circle) else scene.reroll_button
    return [scene.dice.rect(place).center for place in places] + [button.rect.center]


def test_the_guided_game_is_played_to_its_end_by_posted_clicks(app: App, data_dir: Path) -> None:
    app.go("penk-tutorial", how="reset", fade=False)
    played = []
    refused_once = False
    while (scene := learner_deciding(app)) is not None:
        assert scene.guide is not None
        lesson = scene.guide.lesson
        assert lesson is not None
        session = scene.session
        if not refused_once:  # a click on a cell the lesson does not ask for circles nothing
            before = session.state
            click(app, scene.large_geometry.cell_rect(1, 2).center)
            assert session.state is before
            refused_once = True
        assert scene.guide.targets(), "the lesson rings nothing"
        count = len(session.match.actions)
        for pos in clicks_for(scene, lesson.expected):
            click(app, pos)
        assert session.match.actions[count] == lesson.expected
        played.append(lesson.key)
    assert played == list(penk_tutorial.LESSON_KEYS)
    assert isinstance(top(app), PenkScoringScene)
    assert not tutorial_slot(data_dir).exists()  # done: its save is gone, no game in the archive


def test_a_guided_game_left_is_resumed_at_its_lesson(app: App, data_dir: Path) -> None:
    app.go("penk-tutorial", how="reset", fade=False)
    scene = learner_deciding(app)
    assert scene is not None and scene.guide is not None
    scene.play(penk_tutorial.SCRIPT[0].expected)
    settle(app, 0.5)
    assert tutorial_slot(data_dir).exists()
    app.go("title", how="reset", fade=False)
    app.go("penk-tutorial", how="reset", fade=False)
    again = learner_deciding(app)
    assert again is not None and isinstance(again.session, PenkTutorialSession)
    assert again.session.lessons_done == 1 and again.guide is not None
    assert again.guide.lesson == penk_tutorial.SCRIPT[1]
    assert not again.session.can_undo


@pytest.mark.parametrize(
    "saved",
    [
        b"\x00\xffnot json at all",
        # well-formed, but its dice are not the seed's: the lessons could not be played
        b'{"format": "penk-tutorial", "version": 1, "seed": 46, "names": ["a", "b"],'
        b' "actions": ["roll 111111"]}',
    ],
)
def test_a_damaged_save_starts_the_guided_game_afresh(app: App, data_dir: Path, saved: bytes) -> None:
    tutorial_slot(data_dir).parent.mkdir(parents=True, exist_ok=True)
    tutorial_slot(data_dir).write_bytes(saved)
    app.go("penk-tutorial", how="reset", fade=False)
    scene = learner_deciding(app)
    assert scene is not None and isinstance(scene.session, PenkTutorialSession)
    assert scene.session.lessons_done == 0


def test_new_game_offers_it_once_and_the_rules_pages_too(app: App, data_dir: Path) -> None:
    from scenes.core.confirm import ConfirmScene
    from scenes.menus.newgame import NewGameScene
    from scenes.menus.rules import PENK_FIRST_PAGE, RulesScene

    assert should_offer(data_dir)
    scene = NewGameScene(app)
    app.go(scene, how="reset", fade=False)
    scene.game.adjust(1)  # Penk!
    settle(app, 0.3)
    assert isinstance(top(app), ConfirmScene) and not should_offer(data_dir)
    app.go("new-game", how="reset", fade=False)
    settle(app, 0.3)
    again = top(app)
    assert isinstance(again, NewGameScene)
    again.game.adjust(1)
    settle(app, 0.3)
    assert isinstance(top(app), NewGameScene)  # not a second time
    rules = RulesScene(app, PENK_FIRST_PAGE)
    app.go(rules, how="reset", fade=False)
    settle(app, 0.3)
    assert rules.learn_button.visible
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=rules.learn_button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    click(app, rules.learn_button.rect.center)
    settle(app, 1.0)
    assert isinstance(top(app), PenkTableScene)
    assert not RulesScene(app, 0).learn_button.visible
