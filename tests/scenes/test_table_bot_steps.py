"""Bot moves can be followed: at Normal speed each bot step stays on screen for a minimum time on
the frame clock (the test steps frames by hand and lets the bots decide at once, so only the
pacing counts), a step that uses dice marks them and flies them to where they go, 2x halves the
time, and a click skips it."""

from __future__ import annotations

import pygame

from game.goennen.engine import Buy, Complete, Write
from scenes.app import App
from scenes.core import theme
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession, LogEntry
from scenes.table.base import BOT_DICE_STEP_SECONDS, BOT_STEP_SECONDS
from scenes.table.opening import open_table
from scenes.table.turn import TurnScene
from tests.scenes.table_driver import FRAME, top

BOTS = GameConfig(tuple(SeatConfig(name, SeatKind.BOT, "easy") for name in ("Ada", "Bo", "Cy")), 0)
DICE_MOVES = (Buy, Complete, Write)


def _watch(app: App, session: GameSession, steps: int) -> list[tuple[float, LogEntry]]:
    """Step frames until `steps` bot moves of the turns have landed; each with its frame time."""
    landed: list[tuple[float, LogEntry]] = []
    clock, seen = 0.0, len(session.log)
    for _ in range(200_000):
        if session.thinking:
            session.bot_decision_wait()  # the bot decides at once: only the pacing takes time
        app.step(FRAME)
        clock += FRAME
        for entry in session.log[seen:]:
            landed.append((clock, entry))
        seen = len(session.log)
        turn_moves = [e for _, e in landed if e.seat is not None and isinstance(top(app), TurnScene)]
        if len(turn_moves) >= steps:
            break
    return landed


def _gaps(landed: list[tuple[float, LogEntry]]) -> list[tuple[float, LogEntry]]:
    """How long each bot move stayed before the next thing happened (a move or a roll)."""
    return [
        (later - at, entry)
        for (at, entry), (later, _) in zip(landed, landed[1:], strict=False)
        if entry.seat is not None and entry.round >= 1  # the deal's choices take no visible time
    ]


def test_each_bot_step_stays_on_screen_at_normal_speed(app: App) -> None:
    app.change_settings(animation_speed="1x")
    session = GameSession.start(BOTS, seed=6)
    open_table(app, session)
    gaps = _gaps(_watch(app, session, 60))
    assert len(gaps) >= 30
    for seconds, entry in gaps:
        least = BOT_DICE_STEP_SECONDS if isinstance(entry.action, DICE_MOVES) else BOT_STEP_SECONDS
        assert seconds >= least - FRAME, (seconds, entry.action)
    assert any(isinstance(entry.action, DICE_MOVES) for _, entry in gaps)


def test_a_bots_dice_are_marked_and_fly_to_where_they_are_used(app: App) -> None:
    app.change_settings(animation_speed="1x")
    session = GameSession.start(BOTS, seed=6)
    open_table(app, session)
    for _ in range(100_000):
        if session.thinking:
            session.bot_decision_wait()
        app.step(FRAME)
        scene = top(app)
        if isinstance(scene, TurnScene) and session.log and isinstance(session.log[-1].action, DICE_MOVES):
            if session.log[-1].round >= 1 and scene.effects.flyers:
                break
    entry = session.log[-1]
    scene = top(app)
    assert isinstance(scene, TurnScene)
    dice = [f for f in scene.effects.flyers if f.aspect == 1.0]
    action = entry.action
    used = (
        [action.die]
        if isinstance(action, Write)
        else [d for d in action.dice if d is not None]
        if isinstance(action, (Buy, Complete))
        else []
    )
    assert len(dice) == len(used)  # one flight per die used
    ring = theme.SEAT_COLOURS[entry.seat or 0]
    assert all(flyer.ring == ring for flyer in dice)  # ringed in the bot's colour
    assert all(flyer.progress == 0.0 for flyer in dice)  # marked first, then on their way
    for _ in range(int(BOT_DICE_STEP_SECONDS / FRAME)):
        app.step(FRAME)
    assert not [f for f in scene.effects.flyers if f.aspect == 1.0]  # landed


def test_twice_the_speed_halves_the_step_and_a_click_skips_it(app: App) -> None:
    app.change_settings(animation_speed="2x")
    session = GameSession.start(BOTS, seed=6)
    open_table(app, session)
    gaps = _gaps(_watch(app, session, 40))
    shortest = min(seconds for seconds, _ in gaps)
    assert BOT_STEP_SECONDS / 2 - FRAME <= shortest < BOT_STEP_SECONDS
    scene = top(app)
    assert isinstance(scene, TurnScene)
    app.change_settings(animation_speed="1x")
    for _ in range(2000):  # until the next bot move lands and holds the table
        if session.thinking:
            session.bot_decision_wait()
        app.step(FRAME)
        if scene.paced and session.log[-1].seat is not None:
            break
    count = len(session.log)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 400)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(640, 400)))
    for _ in range(4):
        if session.thinking:
            session.bot_decision_wait()
        app.step(FRAME)
    assert len(session.log) > count  # skipped: the game moved on at once
