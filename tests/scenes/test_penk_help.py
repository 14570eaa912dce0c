"""The help at the Penk! table: the expert's hint (H and its button, a second H plays it), its
sentence in words from the expert's numbers, and a whole turn played by H alone."""

from __future__ import annotations

import pygame

import game.penk as penk
from game.penk.advice import why
from scenes.app import App
from scenes.core.i18n import set_language
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.hints import hints_used
from scenes.penk.hint_words import dice_words, sentence
from scenes.penk.opening import start_session
from tests.scenes.conftest import click, press, settle
from tests.scenes.test_penk_table import anna_deciding

SEATS = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy"))


def test_a_whole_turn_is_played_by_h_alone(app: App) -> None:
    session = start_session(GameConfig(SEATS, 0), seed=11)
    app.go("table", session, how="reset", fade=False)
    scene = anna_deciding(app, session)
    turn = (session.state.round, session.state.active)
    played: list[penk.Action] = []
    for _ in range(40):
        if (session.state.round, session.state.active) != turn:
            break
        scene = anna_deciding(app, session)
        expected = penk.advise(session.state).action
        press(app, pygame.K_h)  # ask
        scene.hints.wait()
        settle(app, 0.2)
        assert scene.hints.current() is not None
        before = len(session.match.actions)
        press(app, pygame.K_h)  # and do it
        assert session.match.actions[before] == expected
        played.append(expected)
    assert (session.state.round, session.state.active) != turn, "the turn never ended"
    assert any(isinstance(action, penk.Circle | penk.Cross) for action in played)
    assert hints_used(session.context) == len(played)


def test_the_hint_button_asks_too(app: App) -> None:
    session = start_session(GameConfig(SEATS, 0), seed=11)
    app.go("table", session, how="reset", fade=False)
    scene = anna_deciding(app, session)
    pos = scene.hint_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    click(app, pos)
    scene.hints.wait()
    settle(app, 0.2)
    assert scene.hints.current() is not None


def test_the_sentences_name_the_dice_the_cell_and_the_reason() -> None:
    set_language("en")
    assert dice_words((4, 4, 4)) == "the three 4s"
    assert dice_words((4, 4, penk.JOLLY)) == "the two 4s and the jolly"
    assert dice_words((1, 5, 5, penk.JOLLY)) == "the 1, the two 5s and the jolly"
    state = penk.new_game(2).evolve(
        phase=penk.Phase.CHOOSE,
        rolls=3,
        dice=(2, 4, 4, 4, 5, 5),
        sheets=(penk.read_sheet("...../...../o..../...../....."), penk.Sheet()),
    )
    action = penk.Circle((4, 4, 4))
    words = sentence(penk.Advice("expert", action, why(state, action)), state)
    assert words.startswith("Circle the three 4s in row 3, column 4: ")
    assert "row 3 needs one more circle to score" in words
    set_language("de")
    assert dice_words((4, 4, 4)) == "die drei 4er"
    set_language("en")


def _choosing(dice: tuple[int, ...], sheet: str = "...../...../...../...../.....") -> penk.State:
    return penk.new_game(2).evolve(
        phase=penk.Phase.CHOOSE, rolls=1, rolling=0, dice=dice, sheets=(penk.read_sheet(sheet), penk.Sheet())
    )


def test_why_not_tells_the_engines_reason_for_a_refused_circle_or_reroll() -> None:
    from scenes.penk.why_not import Asked, answer

    set_language("en")
    state = _choosing((1, 2, 4, 4, 5, penk.JOLLY), "...../.o.../...../...../.....")
    free = state.dice
    taken = answer(state, Asked(cell=(2, 2)), (), free)
    assert taken is not None and taken.error is not None and taken.error.key == "penk.cell_not_clear"
    assert taken.text(state) == "The cell in row 2, column 2 is not free"
    mixed = answer(state, Asked(cell=(2, 4)), (4, 5), free)
    assert mixed is not None and mixed.error is not None
    assert mixed.error.key == penk.refusal(state, penk.Circle((4, 5))).key  # type: ignore[union-attr]
    two_jollies = answer(state, Asked(cell=(4, 4)), (), free)
    assert two_jollies is not None and two_jollies.cell == (4, 4)
    assert "needs 4 dice showing 4" in two_jollies.text(state)
    possible = answer(state, Asked(cell=(3, 4)), (), free)
    assert possible is not None and possible.action == penk.Circle((4, 4, penk.JOLLY))
    assert possible.text(state) == "You can: Circle the two 4s and the jolly in row 3, column 4."
    circled = penk.apply(state, penk.Circle((4, 4)))
    late = answer(circled, Asked(reroll=(1,)), (), (1, 2, 5, penk.JOLLY))
    assert late is not None and late.error is not None and late.error.key == "penk.reroll_after_circle"
    cross = answer(state, Asked(column=3), (), free)
    assert cross is not None and cross.error is not None and cross.error.key == "penk.must_circle"


def test_a_right_click_asks_and_a_refused_click_tells_the_engines_reason(app: App) -> None:
    from scenes.penk.why_not import group_for

    set_language("en")
    session = start_session(GameConfig(SEATS, 0), seed=11)
    app.go("table", session, how="reset", fade=False)
    scene = anna_deciding(app, session)
    state = session.state
    cell = next(
        (r, c)
        for r in (5, 4, 3)
        for c in range(1, 6)
        if state.sheet.is_clear(r, c) and group_for((r, c), state.dice) is None
    )
    pos = scene.large_geometry.cell_rect(*cell).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=pos))
    settle(app, 0.1)
    assert scene.why_not.showing and scene.why_not.text is not None
    assert f"needs {cell[0]} dice showing {cell[1]}" in scene.why_not.text()
    scene.press_cell(*cell)
    assert f"needs {cell[0]} dice showing {cell[1]}" in scene.notice
    assert session.state is state  # nothing was played
