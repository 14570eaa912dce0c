"""Settings change live, are saved atomically, survive a restart, and a broken file is kept aside."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from scenes.app import App
from scenes.core.i18n import t
from scenes.menus.settings import SettingsScene
from scenes.menus.title import TitleScene
from scenes.model.settings import FORMAT_VERSION, Settings, load_settings, settings_from_data
from tests.scenes.conftest import press, settle, top


def open_settings(app: App) -> SettingsScene:
    title = top(app)
    assert isinstance(title, TitleScene)
    title.focus.focus(title.buttons["settings"])
    press(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    return scene


def test_language_switches_live_on_the_title(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    assert title.buttons["new_game"].label() == "New game"
    open_settings(app)
    press(app, pygame.K_RIGHT)  # language: English -> Deutsch
    assert t("settings.title") == "Einstellungen"
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    assert title.buttons["new_game"].label() == "Neues Spiel"
    press(app, pygame.K_RETURN)
    top(app).draw(app.screen)  # the German screen draws


def test_a_setting_survives_a_restart(app: App, data_dir: Path) -> None:
    scene = open_settings(app)
    press(app, pygame.K_RIGHT)  # Deutsch
    press(app, pygame.K_RIGHT)  # Nederlands
    scene.focus.focus(scene.speed)
    press(app, pygame.K_RIGHT)  # 2x
    scene.focus.focus(scene.volume)
    press(app, pygame.K_LEFT)  # 7 -> 6
    restarted = App(data_dir=data_dir)
    settle(restarted)
    assert restarted.settings == Settings(language="nl", animation_speed="2x", volume=6)
    title = top(restarted)
    assert isinstance(title, TitleScene)
    assert title.buttons["new_game"].label() == "Nieuw spel"


def test_settings_file_is_versioned_and_leaves_no_temporary_file(app: App, data_dir: Path) -> None:
    app.change_settings(colour_glyphs=False)
    data = json.loads((data_dir / "settings.json").read_text(encoding="utf-8"))
    assert data["version"] == FORMAT_VERSION
    assert data["colour_glyphs"] is False
    # beside the running program's lock (scenes/model/folder_lock.py)
    assert sorted(path.name for path in data_dir.iterdir() if path.name != "game.lock") == ["settings.json"]


def test_unreadable_settings_are_kept_aside_and_reported(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("{ not json", encoding="utf-8")
    app = App(data_dir=data_dir)
    assert app.settings == Settings()
    kept = [path for path in data_dir.iterdir() if ".broken-" in path.name]
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == "{ not json"
    assert app.notice is not None and kept[0].name in app.notice
    app.draw()  # the notice is shown on the title
    press(app, pygame.K_RETURN)  # the first Enter dismisses the notice instead of acting
    assert app.notice is None
    assert top(app).name == "title"


def test_values_out_of_range_are_clamped_and_old_versions_upgraded() -> None:
    assert settings_from_data({"version": 1, "language": "fr", "volume": 99}) == Settings(volume=10)
    assert settings_from_data({"volume": 0.3}).volume == 3  # version 0 stored a fraction


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.json").settings == Settings()


def test_f11_toggles_full_screen_and_remembers_it(app: App, data_dir: Path) -> None:
    press(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert load_settings(data_dir / "settings.json").settings.fullscreen
    press(app, pygame.K_F11)
    assert not app.settings.fullscreen


def test_volume_slider_click_sets_the_volume(app: App) -> None:
    scene = open_settings(app)
    bar = scene.volume._bar()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(bar.x + 1, bar.centery)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(bar.x + 1, bar.centery)))
    settle(app)
    assert app.settings.volume == 0
