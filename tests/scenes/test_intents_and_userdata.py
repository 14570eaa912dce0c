"""Events map to intents; user data lives in the platform's folder; resources resolve in a bundle."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from scenes.core import resources
from scenes.core.intents import Action, IntentMapper
from scenes.model import files, userdata


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


@pytest.mark.parametrize(
    ("event", "action"),
    [
        (key(pygame.K_UP), Action.UP),
        (key(pygame.K_RETURN), Action.CONFIRM),
        (key(pygame.K_SPACE), Action.CONFIRM),
        (key(pygame.K_ESCAPE), Action.BACK),
        (key(pygame.K_TAB), Action.NEXT),
        (key(pygame.K_TAB, pygame.KMOD_LSHIFT), Action.PREVIOUS),
        (key(pygame.K_F11), Action.TOGGLE_FULLSCREEN),
        (key(pygame.K_z, pygame.KMOD_LCTRL), Action.UNDO),
        (key(pygame.K_z, pygame.KMOD_LGUI), Action.UNDO),
        (
            pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A, instance_id=0),
            Action.CONFIRM,
        ),
        (
            pygame.event.Event(
                pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_START, instance_id=0
            ),
            Action.MENU,
        ),
        (pygame.event.Event(pygame.JOYHATMOTION, value=(0, -1), instance_id=5, hat=0), Action.DOWN),
        (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(3, 4)), Action.POINTER_DOWN),
    ],
)
def test_events_become_intents(event: pygame.event.Event, action: Action) -> None:
    assert [intent.action for intent in IntentMapper().map(event)] == [action]


def test_space_types_a_space_in_a_name_field() -> None:
    mapper = IntentMapper()
    mapper.text_entry = True
    assert mapper.map(key(pygame.K_SPACE)) == []
    typed = mapper.map(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    assert typed[0].action == Action.TEXT and typed[0].text == " "


def test_unplugging_an_unknown_pad_is_harmless() -> None:
    mapper = IntentMapper()
    assert mapper.map(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=42)) == []
    assert mapper.gamepads == 0


def test_the_data_folder_follows_the_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(userdata.ENV_OVERRIDE, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert userdata.data_dir() == tmp_path / "goennen-koennen"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert userdata.data_dir() == Path.home() / ".local" / "share" / "goennen-koennen"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path))
    assert userdata.data_dir() == tmp_path / "GoennenKoennen"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert userdata.data_dir() == Path.home() / "Library" / "Application Support" / "GoennenKoennen"
    monkeypatch.setenv(userdata.ENV_OVERRIDE, str(tmp_path / "override"))
    assert userdata.data_dir() == tmp_path / "override"


def test_an_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    assert files.write_text(target, "one") is None
    assert files.write_text(target, "two") is None
    assert target.read_text(encoding="utf-8") == "two"
    assert [path.name for path in target.parent.iterdir()] == ["file.json"]


def test_resources_resolve_inside_a_one_file_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_path("assets/fonts/x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"


def test_resources_resolve_beside_a_one_folder_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "game.exe"))
    assert resources.resource_path("assets/a.wav") == tmp_path / "assets" / "a.wav"
