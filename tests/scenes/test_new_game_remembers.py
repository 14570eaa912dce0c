"""New game offers the setup started last (last_setup.json, guarded like every file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from scenes.app import App
from scenes.core.stack import Scene
from scenes.menus.newgame import NewGameScene
from scenes.model.gameconfig import GameConfig
from scenes.model.last_setup import FILE_NAME, LastSetup, load_last_setup, save_last_setup
from tests.scenes.conftest import click, press, routes_with, settle, top


class FakeTable(Scene):
    name = "fake-table"

    def __init__(self, app: App, config: Any) -> None:
        super().__init__(app)
        self.config = config


def _new_game(data_dir: Path) -> tuple[App, NewGameScene]:
    app = App(data_dir=data_dir, routes=routes_with(table_new=FakeTable))
    settle(app)
    app.go("new-game", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    return app, scene


def test_new_game_offers_the_setup_started_last(data_dir: Path) -> None:
    app, scene = _new_game(data_dir)
    scene.focus.focus(scene.names[0])
    for _ in range(8):
        press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Mia"))
    settle(app)
    scene.focus.focus(scene.kinds[1])
    press(app, pygame.K_RIGHT)  # seat 2: normal -> hard
    scene.focus.focus(scene.kinds[2])
    press(app, pygame.K_RIGHT)  # seat 3: empty -> human
    scene.focus.focus(scene.start_player)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # start player: the second seat
    started = scene.config()
    click(app, scene.start_button.rect.center)
    assert isinstance(top(app), FakeTable)

    _, again = _new_game(data_dir)  # a new start of the game
    assert again.config() == started
    assert isinstance(started, GameConfig) and started.seats[0].name == "Mia"
    assert [again.seat_option(seat) for seat in range(4)] == ["human", "hard", "human", "off"]


def test_a_damaged_setup_is_set_aside_and_the_defaults_are_offered(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / FILE_NAME).write_text('{"version": 1, "seats": [1, 2]}', encoding="utf-8")
    _, scene = _new_game(data_dir)
    assert [scene.seat_option(seat) for seat in range(4)] == ["human", "normal", "off", "off"]
    assert not (data_dir / FILE_NAME).exists()
    assert list(data_dir.glob(f"{FILE_NAME}.broken-*"))


def test_a_setup_is_checked_seat_by_seat(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    save_last_setup(LastSetup(("human", "easy", "off", "off"), ("Ann\u0000a", "Ada", "", ""), 2), path)
    loaded = load_last_setup(path)
    assert loaded is not None and loaded.names[0] == "Anna" and loaded.start_player == 2
    data = json.loads(path.read_text(encoding="utf-8"))
    data["start_player"] = 3  # only two seats are taken
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_last_setup(path) is None
    data["start_player"], data["seats"][0]["option"] = 0, "off"  # the first seat is never empty
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_last_setup(path) is None
    data["seats"][0]["option"], data["version"] = "human", 2  # a newer version's file stays
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_last_setup(path) is None and path.exists()


def test_a_default_name_from_another_language_follows_todays_language(data_dir: Path) -> None:
    """Issue 33 item 5: "Player 1" kept from an English game stayed English in de and nl."""
    save_last_setup(
        LastSetup(("human", "human", "off", "off"), ("Player 1", "Mia", "", ""), 0), data_dir / FILE_NAME
    )
    app = App(data_dir=data_dir, routes=routes_with(table_new=FakeTable))
    app.change_settings(language="de")
    settle(app)
    app.go("new-game", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    assert [field.value for field in scene.names[:2]] == ["Spieler 1", "Mia"]  # a typed name stays
