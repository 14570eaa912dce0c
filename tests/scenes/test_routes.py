"""The route table: every route a game, a mode or a screen names is served, and App.go by route
name shows the scene that serves it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scenes.app import App
from scenes.core.routing import ModeRoutes, UnknownRouteError
from scenes.menus.rules import RulesScene
from scenes.model.games import GAMES, game_info
from scenes.routes import MODES, ROUTES
from tests.scenes.conftest import settle, top

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def _route_names_in_screens() -> set[str]:
    """The literal first arguments of app.go(...) and app.scene(...) calls under scenes/."""
    names: set[str] = set()
    for path in SCENES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("go", "scene", "serves")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                names.add(node.args[0].value)
    return names


def test_every_route_the_screens_games_and_modes_name_is_served() -> None:
    named = _route_names_in_screens()
    assert {"title", "solo-card", "campaign", "table", "pause", "pass-device"} <= named
    for info in GAMES:
        named |= {info.new_game_route, info.continue_route} | (
            {info.solo_route} if info.solo_route else set()
        )
    for mode in MODES.values():
        named |= {route for route in (mode.after_game, mode.resign) if route is not None}
    assert sorted(named - set(ROUTES)) == []
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", name) for name in ROUTES)


def test_go_by_route_shows_the_scene_serving_it(app: App) -> None:
    app.go("rules", fade=False)
    settle(app)
    assert isinstance(top(app), RulesScene)
    with pytest.raises(UnknownRouteError, match="no scene serves the route 'nowhere'"):
        app.go("nowhere")
    with pytest.raises(TypeError):
        app.go(top(app), "replace")  # the stack operation is a keyword (how=), never a route argument


def test_a_mode_nobody_knows_plays_like_a_plain_table(app: App) -> None:
    from scenes.solo.play import book_and_keep

    campaign = ModeRoutes("solo-finished", "solo-resigned", can_restart=False, book=book_and_keep)
    assert app.mode_routes("campaign") == campaign
    assert app.mode_routes("???") == ModeRoutes() == app.mode_routes(None)


def test_the_games_registry_names_its_games() -> None:
    assert game_info("goennen-koennen").max_seats == 4
    assert (game_info("penk").min_seats, game_info("penk").max_seats) == (2, 4)
    with pytest.raises(KeyError, match="known: goennen-koennen, penk"):
        game_info("yahtzee")
