"""Issue 33 item 8, a replay that reads like a game record: each step in words (a roll with the
colour of each die, a reroll by the dice kept), and a timeline to click to any point."""

from __future__ import annotations

import pytest

from game.goennen.engine import COLOURS, Reroll, Roll
from scenes.app import App
from scenes.core.i18n import t
from scenes.history.replay import ReplayScene
from scenes.model.replay import Replay
from scenes.model.session import GameSession
from tests.scenes.conftest import click, settle, top
from tools import archive_bench


@pytest.fixture(scope="module")
def game() -> GameSession:
    return archive_bench.played(2, seed=12)


def _replay(app: App, game: GameSession) -> ReplayScene:
    app.change_settings(animation_speed="instant")
    app.go("replay", Replay(game), fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, ReplayScene)
    return scene


def test_each_step_is_told_in_words_rolls_with_their_colours(app: App, game: GameSession) -> None:
    scene = _replay(app, game)
    moves = scene.replay.moves
    roll = next(
        i for i, move in enumerate(moves) if isinstance(move.action, Roll) and len(move.action.faces) == 5
    )
    scene.go_to(roll + 1)
    words = scene.prompt_text()
    action = moves[roll].action
    assert isinstance(action, Roll)
    for colour, value in action.faces:
        assert t("log.die", colour=t(f"colour.{colour.word}"), value=value) in words
    reroll = next(
        i for i, move in enumerate(moves) if isinstance(move.action, Reroll) and len(move.action.dice) < 5
    )
    scene.go_to(reroll + 1)
    kept = [c for c in COLOURS if c not in moves[reroll].action.dice]  # type: ignore[attr-defined]
    assert all(t(f"colour.{c.word}") in scene.prompt_text() for c in kept)


def test_a_click_on_the_timeline_goes_to_that_point_of_the_game(app: App, game: GameSession) -> None:
    scene = _replay(app, game)
    bar = scene.timeline.rect
    click(app, (bar.right - bar.width // 4, bar.centery))  # three quarters along the bar's half
    assert 0 < scene.step < scene.replay.steps and scene.timeline.value == scene.step
    before = scene.step
    click(app, (bar.right - bar.width // 2 + 30, bar.centery))  # near the bar's start
    assert scene.step < before


def test_the_deal_shows_the_cards_dealt_and_not_placed_yet(app: App, game: GameSession) -> None:
    import pygame

    scene = _replay(app, game)
    dealing = next(i for i in range(scene.replay.steps) if scene.replay.state(i).seats[0].hand)
    scene.go_to(dealing)
    state = scene.state
    seat = 0
    surface = pygame.Surface((1280, 720))
    drawn = scene.draw_hand(surface, state, seat, scene.layout["display"])
    assert drawn == len(state.seats[seat].hand) > 0
    later = scene.replay.round_start(1)
    assert scene.draw_hand(surface, scene.replay.state(later), seat, scene.layout["display"]) == 0
