"""The guided first game: its seed and script meet every lesson (the seeded chance and the easy
bot's answers are pinned), a posted-event run clicks the ringed things to the end, a wrong choice
is refused with the friendly word and changes nothing, the tutorial is left and resumed at the
same lesson, and every text exists in English, German and Dutch."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.goennen.engine import COLOURS, Complete, Reroll
from scenes.app import App
from scenes.core import i18n, theme
from scenes.core.i18n import t
from scenes.menus.title import TitleScene
from scenes.model import tutorial
from scenes.model.odds_numbers import active_goals
from scenes.model.tutorial_session import TutorialSession, tutorial_slot
from scenes.table.scoring import ScoringScene
from scenes.table.turn import TurnScene
from scenes.table.turn_options import Step
from scenes.tutorial.done import TutorialDoneScene
from scenes.tutorial.guide import TutorialGuide
from tests.scenes.table_driver import click, key, step, top
from tools.tutorial_seed import check, settle

LESSONS_MET = {lesson.key for lesson in tutorial.SCRIPT}


def test_the_seed_and_script_meet_every_lesson_and_end_the_game() -> None:
    assert check(tutorial.SEED, tutorial.SCRIPT) is None
    assert LESSONS_MET == set(tutorial.LESSON_KEYS)


def test_a_changed_script_is_caught_by_the_check() -> None:
    changed = (tutorial.Lesson("keep", "reroll YOGBP"), *tutorial.SCRIPT[1:])
    assert check(tutorial.SEED, changed) is not None


def test_the_first_turn_teaches_on_the_dice_the_seed_rolls() -> None:
    """The dice the lessons speak of: the kept die fits S11 (the completion uses it), the bonus
    then makes three equal dice."""
    match = tutorial.new_match()
    settle(match)
    keep, complete = tutorial.SCRIPT[0].expected, tutorial.SCRIPT[1].expected
    assert isinstance(keep, Reroll) and isinstance(complete, Complete)
    kept = [c for c in COLOURS if c not in keep.dice]
    assert kept and set(kept) <= set(complete.dice) and complete.card == "S11"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_tutorial_text_exists_in_each_language(language: str) -> None:
    keys = [f"tutorial.lesson.{name}" for name in (*tutorial.LESSON_KEYS, "scoring")]
    keys += ["tutorial.refused", "tutorial.watch", "tutorial.learner", "tutorial.bot_name", "title.learn"]
    keys += ["tutorial.end.heading", "tutorial.end.new_game", "tutorial.end.title", "title.learn.hint"]
    previous = i18n.current_language()
    i18n.set_language(language)
    try:
        for text_key in keys:
            assert t(text_key, name="Ada") != text_key, f"{text_key} missing in {language}"
    finally:
        i18n.set_language(previous)


def guide_of(app: App) -> TutorialGuide:
    scene = top(app)
    assert isinstance(scene, TurnScene) and isinstance(scene.guide, TutorialGuide)
    return scene.guide


def wait_for_lesson(app: App, frames: int = 2000) -> TutorialGuide | None:
    """Frames until the learner is asked (bots and chance move on); None once the table is left."""
    for _ in range(frames):
        scene = top(app)
        if not isinstance(scene, TurnScene):
            return None
        guide = scene.guide
        assert isinstance(guide, TutorialGuide)
        if guide.lesson is not None and guide.targets():
            return guide
        if scene.session.bot_to_decide:
            scene.session.bot_decision_wait()
        step(app)
    raise AssertionError("the tutorial never asked the learner")


def start_tutorial(app: App) -> TutorialGuide:
    app.change_settings(animation_speed="instant")
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["learn"].rect.center)
    step(app, 60)  # the fade
    guide = wait_for_lesson(app)
    assert guide is not None
    return guide


def test_posted_clicks_on_the_ringed_things_play_the_whole_tutorial(app: App, data_dir: Path) -> None:
    guide: TutorialGuide | None = start_tutorial(app)
    met: dict[int, str] = {}  # each lesson asked, by its place in the script
    for _ in range(200):
        if guide is None:
            break
        lesson = guide.lesson
        assert lesson is not None
        met[guide.session.lessons_done] = lesson.key
        click(app, guide.targets()[0].center)
        guide = wait_for_lesson(app)
    assert [met[index] for index in sorted(met)] == [lesson.key for lesson in tutorial.SCRIPT]
    step(app, 30)
    scoring = top(app)
    assert isinstance(scoring, ScoringScene)
    assert not tutorial_slot(data_dir).exists()  # a finished tutorial leaves no save
    for _ in range(3):  # the tally (unless already counted), then Continue
        if isinstance(top(app), TutorialDoneScene):
            break
        key(app, pygame.K_RETURN)
        step(app, 60)
    done = top(app)
    assert isinstance(done, TutorialDoneScene)
    key(app, pygame.K_RETURN)  # the focus is on a real game
    step(app, 60)
    assert top(app).name == "newgame"


def _readable(surface: pygame.Surface, box: pygame.Rect) -> bool:
    """The refusal's red box is whole: its padding left, right and above the text is still red."""
    inner = box.inflate(-10, -6)
    points = [(inner.left, box.centery), (inner.right - 1, box.centery), (box.centerx, inner.top)]
    return all(surface.get_at(point)[:3] == theme.WARNING for point in points)


def test_every_lesson_agrees_with_the_badges_and_every_refusal_is_readable(app: App) -> None:
    """Issue 33: a lesson that says nothing can be completed meets no card the dice complete (its
    badge would say 100 %), one that says a card can be completed meets it; a refusal at any lesson
    is drawn whole, over the bubble and everything else."""
    app.change_settings(odds="on")
    guide: TutorialGuide | None = start_tutorial(app)
    checked: set[int] = set()  # the lessons met, by their place in the script
    while guide is not None:
        lesson = guide.lesson
        assert lesson is not None
        state = guide.session.state
        sure = {goal.target for goal in active_goals(state, tutorial.PLAYER) if goal.chances.now == 1.0}
        sure_cards = {target for target in sure if target[0] == "card"}
        if lesson.key in tutorial.SAYS_NOTHING_TO_COMPLETE:
            assert not sure_cards, (lesson.key, sure_cards)
        if lesson.key in tutorial.SAYS_COMPLETE_NOW:
            expected = lesson.expected
            assert isinstance(expected, Complete) and ("card", expected.card) in sure_cards
        scene = guide.scene
        scene.choose(Step("undo"))  # never what a lesson asks: refused
        assert scene.notice == t("tutorial.refused")
        app.draw()
        assert scene.notice_rect is not None and _readable(app.screen, scene.notice_rect), lesson.key
        scene.notice_time = 0.0
        scene.notice_text = None
        checked.add(guide.session.lessons_done)
        click(app, guide.targets()[0].center)
        guide = wait_for_lesson(app)
    assert checked == set(range(len(tutorial.SCRIPT)))


def test_a_wrong_choice_is_refused_with_the_friendly_word(app: App) -> None:
    guide = start_tutorial(app)
    scene = guide.scene
    state = scene.session.state
    lesson = guide.lesson
    assert lesson is not None and isinstance(lesson.expected, Reroll)
    loose = lesson.expected.dice  # the dice the first lesson rerolls
    click(app, scene.tray.die_rect(loose[0]).center)  # keeping one of them
    assert scene.notice == t("tutorial.refused")
    assert scene.tray.kept == frozenset()
    click(app, scene.controls.buttons["reroll"].rect.center)  # reroll before keeping
    assert scene.notice == t("tutorial.refused")
    assert scene.session.state is state  # nothing was played


def test_the_tutorial_is_left_and_resumed_at_the_same_lesson(app: App, data_dir: Path) -> None:
    guide: TutorialGuide | None = start_tutorial(app)
    for _ in range(3):  # keep the ringed die, reroll, then propose the card
        assert guide is not None
        click(app, guide.targets()[0].center)
        guide = wait_for_lesson(app)
    assert guide is not None
    done, actions = guide.session.lessons_done, list(guide.session.match.actions)
    assert done == 1
    key(app, pygame.K_ESCAPE)
    step(app, 10)
    pause = top(app)
    assert "resign" not in pause.buttons and "restart" not in pause.buttons  # type: ignore[attr-defined]
    click(app, pause.buttons["save_and_quit"].rect.center)  # type: ignore[attr-defined]
    step(app, 60)
    assert isinstance(top(app), TitleScene)
    assert tutorial_slot(data_dir).is_file()
    resumed = TutorialSession.resume(tutorial_slot(data_dir))
    assert isinstance(resumed, TutorialSession)
    assert resumed.lessons_done == done and resumed.match.actions == actions
    again = start_tutorial(app)
    assert again.session.lessons_done == done
    assert again.session.state == resumed.state
    assert again.lesson == tutorial.SCRIPT[done]


def test_a_damaged_tutorial_save_begins_the_tutorial_again(app: App, data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    tutorial_slot(data_dir).write_text('{"format": "goennen-koennen-tutorial", "version": 1}', "utf-8")
    guide = start_tutorial(app)
    assert guide.session.lessons_done == 0


def test_the_first_start_offers_the_guided_game_until_answered(app: App, data_dir: Path) -> None:
    title = top(app)
    assert isinstance(title, TitleScene) and title.offering
    assert title.focus.focused is title.buttons["new_game"]  # Enter still starts a new game
    click(app, title.buttons["offer_skip"].rect.center)
    assert not title.offering and "offer_learn" not in title.buttons
    assert title.focus.widgets[-1] is title.buttons["quit"]
    again = TitleScene(app)
    assert not again.offering  # answered: not asked again


def test_learn_by_playing_opens_the_guided_game(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    app.change_settings(animation_speed="instant")
    click(app, title.buttons["offer_learn"].rect.center)
    step(app, 60)
    assert wait_for_lesson(app) is not None
