"""The odds at the table, driven by real posted events: badges appear after a roll, change when a
die is kept, go away and come back with the O key; the setting and its "first games" default."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.goennen.ai import chance_values
from game.goennen.ai.kernels.odds import goal_chances, success_vector
from game.goennen.engine import COLOURS, Phase, Row
from scenes.app import App
from scenes.model.odds_numbers import dice_values, rolls_left
from scenes.model.odds_setting import FIRST_GAMES, finished_games, odds_shown, toggled
from scenes.table.opening import open_table
from scenes.table.turn import TurnScene
from tests.scenes.conftest import settle
from tests.scenes.table_driver import click, key, step
from tools.table_shots import session_at


def _wait_for_odds(app: App, scene: TurnScene) -> dict[tuple[object, ...], float]:
    """Frames until the worker's answer is shown (it works on its own thread): target -> value."""
    end = time.perf_counter() + 10
    while time.perf_counter() < end:
        step(app)
        if scene.odds.last is not None and scene.odds.last.done:
            break
        time.sleep(0.002)
    app.draw()  # the badges are placed where they are drawn
    return {badge.target: badge.value for badge in scene.odds.badges}


def _turn(app: App) -> TurnScene:
    session = session_at(
        lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == 1 and s.round >= 2
    )
    open_table(app, session, how="reset")
    settle(app)
    scene = app.stack.top
    assert isinstance(scene, TurnScene)
    return scene


def test_keeping_a_die_changes_the_badges(app: App) -> None:
    scene = _turn(app)
    before = _wait_for_odds(app, scene)
    state = scene.session.state
    cards = [p for p in state.display(0).cards if not p.completed]
    assert {("card", p.id) for p in cards} <= set(before)
    assert any(target[0] == "slot" for target in before)
    assert scene.tray.kept == set()  # after the first roll nothing is kept: all five are rerolled
    # keep each die in turn (a click on it in the tray) until some card's number changes
    for colour in COLOURS:
        click(app, scene.tray.die_rect(colour).center)
        assert colour in scene.tray.kept
        after = _wait_for_odds(app, scene)
        kept = tuple(c in scene.tray.kept for c in COLOURS)
        for placed in cards:  # each card's badge is the chance under the kept dice, exactly
            chances = goal_chances(
                success_vector(placed.card.task, placed.filled), dice_values(state), rolls_left(state)
            )
            assert after[("card", placed.id)] == chances.given_kept(kept)
        if after != before:
            break
    assert after != before
    assert scene.odds.placed  # drawn: each badge has its place, and a tooltip there
    badge = scene.odds.placed[0]
    tip = scene.tip_at(badge.rect.center)
    assert tip is not None and "%" in tip.text()


def test_the_o_key_hides_and_shows_the_odds(app: App) -> None:
    scene = _turn(app)
    assert app.settings.odds == "first_games" and scene.odds.enabled  # a new player sees them
    assert _wait_for_odds(app, scene)
    key(app, pygame.K_o)
    assert app.settings.odds == "off" and not scene.odds.enabled
    app.draw()
    assert scene.odds.badges == () and scene.odds.placed == []
    key(app, pygame.K_o)
    assert app.settings.odds == "on"
    assert _wait_for_odds(app, scene)


def test_the_settings_screen_offers_the_odds(app: App) -> None:
    app.go("settings", how="reset")
    settle(app)
    scene = app.stack.top
    choice = scene.odds  # type: ignore[union-attr]
    assert choice.index == 0
    choice.adjust(2)  # first games -> on -> off
    assert app.settings.odds == "off"
    assert "Off" in choice.options()[choice.index]


def test_first_games_means_ten_finished_games(tmp_path: Path) -> None:
    assert finished_games(tmp_path) == 0  # no archive yet
    assert odds_shown("first_games", FIRST_GAMES - 1) and not odds_shown("first_games", FIRST_GAMES)
    assert odds_shown("on", 500) and not odds_shown("off", 0)
    assert toggled(True) == "off" and toggled(False) == "on"


def test_after_the_third_roll_the_chance_buttons_show_the_hard_bots_points(app: App) -> None:
    session = session_at(
        lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == 3 and not s.acted and s.round > 1,
        seed=6,
    )
    open_table(app, session, how="reset")
    settle(app)
    scene = app.stack.top
    assert isinstance(scene, TurnScene)
    shown = _wait_for_odds(app, scene)
    assert scene.odds.last is not None and scene.odds.last.done  # the chance options come last
    values = chance_values(session.state)
    assert shown[("chance", "end")] == values.end
    for row, worth in values.take.items():
        assert shown[("chance", "take_s" if row == Row.SCORING else "take_b")] == pytest.approx(worth)
    on_buttons = [p for p in scene.odds.placed if p.badge.kind == "chance"]
    assert len(on_buttons) == len([t for t in shown if t[0] == "chance"])
    assert all(p.anchor in [b.rect for b in scene.controls.buttons.values()] for p in on_buttons)


def test_a_passive_writes_badges_cover_no_field_and_are_coloured_by_the_change(app: App) -> None:
    """Issue 33 item 3: the field badges said the level in colour and could sit on the next row of
    fields; they say the change, beside their field, over none."""
    from scenes.table.geometry import field_rects
    from scenes.table.odds_view import GREEN, GREY, RED, badge_face
    from scenes.table.turn_options import Step

    session = session_at(lambda s: s.phase == Phase.PASSIVE and s.decider == 0 and s.round >= 2)
    open_table(app, session, how="reset")
    settle(app)
    scene = app.stack.top
    assert isinstance(scene, TurnScene) and scene.controls.choices is not None
    scene.choose(Step("select", colour=next(iter(scene.controls.choices.writes))))
    _wait_for_odds(app, scene)
    state = scene.session.state
    fields = [r for p in state.display(0) for r in field_rects(p.card, scene.main.rect_of(p.pos))]
    writes = [placed for placed in scene.odds.placed if placed.badge.kind == "write"]
    assert writes
    for placed in writes:
        assert placed.rect.collidelist(fields) < 0
        badge = placed.badge
        change = round(100 * badge.value) - round(100 * badge.best)
        assert badge_face(badge)[1] == (GREEN if change > 0 else RED if change < 0 else GREY)


def test_a_seat_with_no_turn_left_gets_badges_only_for_completing_writes() -> None:
    from scenes.model.odds_numbers import later_turn

    state = session_at(lambda s: s.phase == Phase.PASSIVE and s.decider == 0 and s.round >= 2).state
    assert later_turn(state, 0)  # no 9th card yet
    last = state.evolve(last_round=state.round)  # as if a 9th card had made this the last round
    order = [(state.config.start_player + i) % state.config.players for i in range(state.config.players)]
    for seat in range(state.config.players):
        assert later_turn(last, seat) == (order.index(seat) > order.index(state.active))
    assert later_turn(state.evolve(last_round=state.round + 1), 0)
