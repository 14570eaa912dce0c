"""Helpers for driving the real App headless: post real pygame events, step frames by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes import registry
from scenes.app import App, import_optional_scenes
from scenes.core.stack import Scene

# The scene modules that register themselves (scenes.table, scenes.solo) are imported here, before
# clean_registry takes its first snapshot: imported later, during a test (by App), their entries
# would be dropped when that test's snapshot is restored, and a module is imported only once, so
# the following tests of a file run alone (tests/scenes/test_solo.py) would miss them.
import_optional_scenes()

FRAME = 1 / 60


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    application = App(data_dir=data_dir)
    pygame.event.clear()
    settle(application)
    yield application


@pytest.fixture(autouse=True)
def clean_registry() -> Iterator[None]:
    saved = dict(registry._factories)
    yield
    registry._factories.clear()
    registry._factories.update(saved)


def settle(app: App, seconds: float = 3.0) -> None:
    """Step frames until nothing animates (fades, dice), at most `seconds` of game time."""
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
        if not app.stack.animating:
            return


def press(app: App, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    settle(app)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    settle(app)


def pad(app: App, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    settle(app)


def top(app: App) -> Scene:
    scene = app.stack.top
    assert scene is not None
    return scene
