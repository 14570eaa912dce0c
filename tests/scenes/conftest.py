"""Helpers for driving the real App headless: post real pygame events, step frames by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.app import App
from scenes.core.routing import RouteFactory
from scenes.core.stack import Scene
from scenes.routes import ROUTES

FRAME = 1 / 60


@pytest.fixture(autouse=True)
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """A first start speaks the system's language; tests start in English whatever this machine says."""
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])


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


def routes_with(**changes: RouteFactory | None) -> dict[str, RouteFactory]:
    """The real route table with some routes served by a stand-in or (None) not served at all;
    route names spell "-" as "_" here (table_new="table-new")."""
    routes = dict(ROUTES)
    for name, factory in changes.items():
        route = name.replace("_", "-")
        if factory is None:
            routes.pop(route, None)
        else:
            routes[route] = factory
    return routes


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
