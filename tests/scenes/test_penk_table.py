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
