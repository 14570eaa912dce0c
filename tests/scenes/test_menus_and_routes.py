"""Buttons for routes: disabled with a reason while no scene serves the route."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from scenes.app import App
from scenes.core.routing import PauseHooks
from scenes.core.stack import Scene
from scenes.menus.newgame import NewGameScene
from scenes.menus.pause import PauseScene
from scenes.menus.title import TitleScene
from scenes.model.gameconfig import GameConfig, SeatKind
from tests.scenes.conftest import click, press, routes_with, settle, top


class FakeTable(Scene):
    name = "fake-table"

    def __init__(self, app: App, config: Any) -> None:
        super().__init__(app)
        self.config = config


def open_new_game(app: App) -> NewGameScene:
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    return scene


def test_start_is_disabled_with_a_reason_without_a_table(data_dir: Path) -> None:
    app = App(data_dir=data_dir, routes=routes_with(table_new=None))  # a build without the table
    settle(app)
    scene = open_new_game(app)
    assert not scene.start_button.enabled
    assert "not part of this version" in scene.start_button.tooltip()
    click(app, scene.start_button.rect.center)
    assert top(app) is scene


def test_start_hands_the_configuration_to_the_table_route(data_dir: Path) -> None:
    app = App(data_dir=data_dir, routes=routes_with(table_new=FakeTable))
    settle(app)
    scene = open_new_game(app)
    scene.focus.focus(scene.kinds[2])
    press(app, pygame.K_RIGHT)  # seat 3: empty -> human
    press(app, pygame.K_RIGHT)  # -> bot easy
    scene.focus.focus(scene.start_player)
    press(app, pygame.K_RIGHT)  # start player: random -> first seat
    assert scene.start_button.enabled
    click(app, scene.start_button.rect.center)
    table = top(app)
    assert isinstance(table, FakeTable)
    config = table.config
    assert isinstance(config, GameConfig)
    assert [seat.kind for seat in config.seats] == [SeatKind.HUMAN, SeatKind.BOT, SeatKind.BOT]
    assert [seat.level for seat in config.seats] == [None, "normal", "easy"]
    assert config.seats[2].name == "Clara"
    assert config.start_player == 0


def test_start_refuses_two_seats_with_one_name(data_dir: Path) -> None:
    app = App(data_dir=data_dir, routes=routes_with(table_new=FakeTable))
    settle(app)
    scene = open_new_game(app)
    scene.names[1].value = "Player 1"
    scene._refresh()
    assert not scene.start_button.enabled
    assert scene.start_button.tooltip() == "Two seats have the same name"


def test_solo_follows_the_route_table(data_dir: Path) -> None:
    app = App(data_dir=data_dir, routes=routes_with(solo_card=None))  # the button without a solo scene
    title = top(app)
    assert isinstance(title, TitleScene)
    assert not title.buttons["solo"].enabled
    app = App(data_dir=data_dir, routes=routes_with(solo_card=lambda app: FakeTable(app, None)))
    settle(app)
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["solo"].rect.center)
    assert top(app).name == "fake-table"


def test_continue_appears_only_when_a_save_exists(data_dir: Path) -> None:
    app = App(data_dir=data_dir)
    title = top(app)
    assert isinstance(title, TitleScene)
    assert "continue" not in title.buttons
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "save.json").write_text("{}", encoding="utf-8")
    app = App(data_dir=data_dir, routes=routes_with(table_continue=None))  # nothing serves Continue
    title = top(app)
    assert isinstance(title, TitleScene)
    assert "continue" in title.buttons
    assert not title.buttons["continue"].enabled  # no route to resume saves


def test_the_titles_hint_line_clears_the_footer_with_every_button_shown(data_dir: Path) -> None:
    """Issue 33 item 10: with Continue shown (seven buttons) the hint line ran into the footer."""
    from scenes.core.i18n import set_language

    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "save.json").write_text("{}", encoding="utf-8")
    try:
        for language in ("en", "de", "nl"):
            set_language(language)
            app = App(data_dir=data_dir)
            title = top(app)
            assert isinstance(title, TitleScene) and "continue" in title.buttons
            for button in title.buttons.values():
                title.focus.focus(button)
                spot = title.draw_hint_line(app.screen)
                assert (spot is not None) == bool(button.tooltip()), (language, button.tooltip())
                if spot is None:
                    continue
                assert spot.bottom < title.layout["footer"].centery - 8, language
                assert spot.top > max(b.rect.bottom for b in title.buttons.values())
    finally:
        set_language("en")


class Game(Scene):
    name = "game"


def test_pause_overlay_draws_over_the_game_and_escape_resumes(app: App) -> None:
    game = Game(app)
    app.stack.reset(game)
    app.stack.push(PauseScene(app))
    settle(app)
    assert [scene.name for scene in app.stack.visible()] == ["game", "pause"]
    press(app, pygame.K_ESCAPE)
    assert top(app) is game


def test_pause_offers_the_hooks_the_game_supplies(app: App) -> None:
    calls: list[str] = []
    game = Game(app)
    app.stack.reset(game)
    pause = PauseScene(app, PauseHooks(restart=lambda: calls.append("restart")))
    app.stack.push(pause)
    settle(app)
    assert list(pause.buttons) == ["resume", "restart", "settings", "quit_to_title"]
    click(app, pause.buttons["restart"].rect.center)
    assert calls == ["restart"]
    assert top(app) is game


def test_quit_to_title_leaves_the_game(app: App) -> None:
    app.stack.reset(Game(app))
    pause = PauseScene(app)
    app.stack.push(pause)
    settle(app)
    click(app, pause.buttons["quit_to_title"].rect.center)
    assert [scene.name for scene in app.stack.scenes] == ["title"]


def test_settings_from_pause_return_to_pause(app: App) -> None:
    app.stack.reset(Game(app))
    pause = PauseScene(app)
    app.stack.push(pause)
    settle(app)
    click(app, pause.buttons["settings"].rect.center)
    assert top(app).name == "settings"
    press(app, pygame.K_ESCAPE)
    assert top(app) is pause
