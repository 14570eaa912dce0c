"""Penk! through the real App with posted events: a human turn (roll, pick, reroll, group, circle),
a failed roll answered by a column, undo inside the decision, the Penk! moment, Continue of a saved
Penk! game, New game's choice of game, and the 4-bot self-test."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import game.penk as penk
from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.slots import PENK_KIND, penk_slot, unfinished_games
from scenes.penk.opening import start_session
from scenes.penk.table import PenkTableScene
from tests.scenes.conftest import click, settle, top
from tools.penk_shots import session_at

SEATS = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy"))


def table(app: App, session: GameSession) -> PenkTableScene:
    app.go("table", session, how="reset", fade=False)
    settle(app, 6.0)
    scene = top(app)
    assert isinstance(scene, PenkTableScene)
    return scene


def anna_deciding(app: App, session: GameSession) -> PenkTableScene:
    """Let bots and dice move until Anna decides and nothing moves."""
    scene = top(app)
    for _ in range(600):
        settle(app, 0.5)
        scene = top(app)
        if isinstance(scene, PenkTableScene) and scene.deciding:
            return scene
    raise AssertionError("Anna never got to decide")


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return rect.center


def press(app: App, pos: tuple[int, int]) -> None:
    """A click, and one frame: what follows is still moving."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(1 / 60)


def test_a_human_turn_picks_rerolls_groups_and_circles(app: App) -> None:
    session = start_session(GameConfig(SEATS, 0), seed=11)
    scene = table(app, session)
    scene = anna_deciding(app, session)
    state = session.state
    assert state.active == 0 and state.rolls == 1
    # pick two dice and reroll them: they leave their places and tumble back
    for place in (0, 1):
        click(app, centre(scene.dice.rect(place)))
    assert scene.dice.picked == {0, 1}
    click(app, centre(scene.reroll_button.rect))
    scene = anna_deciding(app, session)
    assert session.state.rolls == 2
    assert str(session.match.actions[-2]).startswith("reroll")
    # pick the dice of a legal group: its cell glows and Circle circles it
    group = max(scene.circles(), key=lambda action: len(action.group))
    places = scene.places_of(group)
    assert places is not None
    for place in places:
        click(app, centre(scene.dice.rect(place)))
    assert scene.picked_group() == group and scene.circle_button.enabled
    before = session.state.sheets[0]
    click(app, centre(scene.circle_button.rect))
    settle(app, 1.0)
    assert session.state.sheets[0].circled == before.circled | (
        1 << ((group.cell[0] - 1) * 5 + group.cell[1] - 1)
    )
    assert penk.Circle(group.group) in session.match.actions


def test_a_click_on_a_reachable_cell_circles_it_and_undo_takes_it_back(app: App) -> None:
    session = start_session(GameConfig(SEATS, 0), seed=12)
    table(app, session)
    scene = anna_deciding(app, session)
    circles = scene.circles()
    # a circle that leaves the turn open (a group of one die leaves five free dice)
    single = next(action for action in circles if len(action.group) == 1)
    before = session.state
    click(app, centre(scene.large_geometry.cell_rect(*single.cell)))
    assert session.state.sheets[0].circled != before.sheets[0].circled
    if session.state.phase is penk.Phase.CIRCLE:
        assert session.can_undo
        scene = anna_deciding(app, session)
        click(app, centre(scene.undo_button.rect))
        assert session.state == before
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        )
        settle(app)
        assert session.state == before  # nothing more to take back: the roll stands


def test_a_failed_roll_is_answered_by_choosing_a_column(app: App, data_dir: Path) -> None:
    session = session_at(lambda s: any(isinstance(action, penk.Cross) for action in s.legal()))
    session.save_path = penk_slot()
    scene = table(app, session)
    scene = anna_deciding(app, session)
    assert scene.failed()
    column = next(action.column for action in session.legal() if isinstance(action, penk.Cross))
    assert scene.column_spots[column].visible
    before = session.state.sheets[0]
    click(app, centre(scene.large_geometry.header_rect(column)))
    after = session.state.sheets[0]
    mask = sum(1 << ((row - 1) * 5 + column - 1) for row in range(1, 6))
    assert after.crossed == before.crossed | (mask & before.clear)
    assert session.match.actions[-1] == penk.Cross(column) or penk.Cross(column) in session.match.actions


def test_continue_resumes_a_saved_penk_game(app: App, data_dir: Path) -> None:
    session = start_session(GameConfig(SEATS, 0), seed=13)
    table(app, session)
    anna_deciding(app, session)
    actions = list(session.match.actions)
    slots = unfinished_games()
    assert [slot.kind for slot in slots] == [PENK_KIND] and slots[0].names == ("Anna", "Robo")
    app.go("title", how="reset", fade=False)
    settle(app)
    app.go("continue", fade=False)
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    settle(app, 4.0)
    resumed = top(app)
    assert isinstance(resumed, PenkTableScene)
    assert resumed.session.game == "penk" and list(resumed.session.match.actions) == actions


def test_new_game_starts_penk_with_two_seats_at_least(app: App, data_dir: Path) -> None:
    from scenes.menus.newgame import NewGameScene

    app.go("new-game", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    scene.game.adjust(1)
    assert scene.info.key == "penk"
    scene.kinds[1].adjust(-3)  # seat 2 (a normal bot) empty: Penk! needs two players
    assert not scene.start_button.enabled and "2" in scene.start_button.tooltip()
    scene.kinds[1].adjust(2)  # an easy bot
    assert scene.start_button.enabled
    scene.start()
    settle(app, 4.0)
    assert isinstance(top(app), PenkTableScene)
    assert penk_slot().exists()


@pytest.mark.slow
def test_the_penk_selftest_plays_a_whole_game_to_the_final_score() -> None:
    from scenes.table.selftest import run

    passed, report = run(seed=2, game="penk")
    assert passed, report
    assert "Penk!" in report


def test_the_penk_moment_flashes_the_line_and_draws_the_crosses_on_the_other_sheets(app: App) -> None:
    from tools.penk_shots import penk_circle

    session = session_at(lambda s: penk_circle(s) is not None)
    table(app, session)
    scene = anna_deciding(app, session)
    action = penk_circle(session)
    assert action is not None
    before = session.state
    press(app, centre(scene.large_geometry.cell_rect(*action.cell)))
    kinds = {(mark.seat, mark.kind) for mark in scene.marks}
    assert (0, "line") in kinds and scene.banner > 0
    crossed = [
        seat for seat in range(1, 4) if session.state.sheets[seat].crossed != before.sheets[seat].crossed
    ]
    assert crossed and all((seat, "crosses") in kinds for seat in crossed)
    assert "Penk!" in scene._prompt(session.state)
    settle(app, 4.0)
    assert not [mark for mark in scene.marks if mark.kind == "line"]


def test_couch_play_passes_the_screen_to_each_person(app: App) -> None:
    people = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bea", SeatKind.HUMAN))
    session = start_session(GameConfig(people, 0), seed=14)
    app.go("table", session, how="reset", fade=False)
    settle(app, 4.0)
    assert top(app).name == "pass" and top(app).player == "Anna"
    click(app, centre(top(app).button.rect))
    scene = anna_deciding(app, session)
    while session.state.active == 0:  # Anna circles until her turn is over
        circles = scene.circles()
        action = circles[0] if circles else None
        if action is None:
            scene.cross(next(a.column for a in session.legal() if isinstance(a, penk.Cross)))
        else:
            scene.press_cell(*action.cell)
        settle(app, 3.0)
        if session.state.active == 0 and session.state.phase is penk.Phase.CIRCLE:
            scene.end_turn()
    settle(app, 4.0)
    assert top(app).name == "pass" and top(app).player == "Bea"


def test_a_bots_move_is_paced_and_a_click_skips_it(app: App) -> None:
    session = start_session(GameConfig(SEATS, 1), seed=15)  # Robo, a bot, plays first
    app.go("table", session, how="reset", fade=False)
    app.step(1 / 60)
    scene = top(app)
    assert isinstance(scene, PenkTableScene)
    for _ in range(30):
        app.step(1 / 60)
    assert scene.paced  # the bot's first roll is being shown
    press(app, (5, 700))
    assert not scene.paced and not scene.dice.rolling


def test_resign_shows_the_scores_as_they_stood_and_files_the_game_away(app: App, data_dir: Path) -> None:
    from scenes.core.routing import Resignation
    from scenes.penk.scoring import PenkScoringScene

    session = start_session(GameConfig(SEATS, 0), seed=16)
    table(app, session)
    anna_deciding(app, session)
    app.go("penk-resigned", session, Resignation(), how="replace", fade=False)
    settle(app, 10.0)
    scene = top(app)
    assert isinstance(scene, PenkScoringScene) and scene.resigned and scene.done
    assert scene.outcome.scores == penk.current_scores(session.state)
    assert not penk_slot().exists()


def test_the_winner_and_the_tie_rule_are_told_in_words() -> None:
    from game.penk import Outcome, SheetScore
    from scenes.core.i18n import set_language
    from scenes.penk.words import winner_words

    set_language("en")
    names = ("Anna", "Bea", "Max")
    anna, bea, max_ = (
        SheetScore(seat, (10, 0, 0, 0, 0), (0,) * 5, circled) for seat, circled in enumerate((9, 11, 7))
    )
    assert winner_words(Outcome((anna, bea, max_), (1,), True), names) == (
        "Bea and Anna, Max both have 10 points; Bea wins with more circled cells (11 to 9)."
    )
    shared = Outcome((anna, SheetScore(1, (10, 0, 0, 0, 0), (0,) * 5, 9)), (0, 1), False)
    assert "share the victory" in winner_words(shared, names)
    assert winner_words(Outcome((anna,), (0,), False), names) == "Anna wins with 10 points!"


def test_the_continue_list_names_a_penk_game(data_dir: Path) -> None:
    from scenes.core.i18n import set_language
    from scenes.menus.slot_words import mode_words, row_words

    set_language("en")
    start_session(GameConfig(SEATS, 0), seed=17)
    (slot,) = unfinished_games()
    assert mode_words(slot) == "Penk!, 2 players"
    assert row_words(slot).startswith("Anna, Robo")


def test_the_rules_jump_between_the_two_games(app: App) -> None:
    from scenes.menus.rules import PAGES, RulesScene

    app.go("rules", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, RulesScene)
    click(app, centre(scene.game_button.rect))
    assert PAGES[scene.page].key == "penk_sheet"
    click(app, centre(scene.game_button.rect))
    assert scene.page == 0
