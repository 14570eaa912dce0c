"""Screenshots of the saved games and the confirmations (registered in tools/screenshots.py):

- continue: the Continue list with a table game, a solo level, the campaign and a damaged save
- confirm-replace: New game -> Start while the table's slot holds an unfinished game
- confirm-resign: Resign asked over the table
- resigned: the tally after Resign, with the scores as they stood

The saves are played from fixed seeds and dated 2026-11-20, so the pictures are the same on every run.
"""

from __future__ import annotations

import os
import random
from datetime import datetime

import pygame

from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.slots import slot_path, table_slot
from tools.table_shots import SEATS, human_move

FRAME = 1 / 60
SAVED = datetime(2026, 11, 20, 19, 30).timestamp()


def _played(session: GameSession, rounds: int, seed: int) -> GameSession:
    rng = random.Random(seed)
    while session.state.round < rounds and not session.over:
        if session.human_to_decide:
            session.play(human_move(session, rng))
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    return session


def _saved(session: GameSession, minutes_earlier: int) -> None:
    assert session.save_path is not None
    session.save()
    os.utime(session.save_path, (SAVED - 60 * minutes_earlier, SAVED - 60 * minutes_earlier))


def _table_game(rounds: int = 4) -> GameSession:
    seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.HUMAN), *SEATS[2:3])
    session = GameSession.start(GameConfig(seats, 0), seed=4, save_path=table_slot())
    return _played(session, rounds, 4)


def _solo_game(level: int, mode: str, rounds: int) -> GameSession:
    seat = SeatConfig("Me", SeatKind.HUMAN)
    path = slot_path(mode, level)
    session = GameSession.start(
        GameConfig((seat,)), seed=level, solo_level=level, save_path=path, context={"mode": mode}
    )
    return _played(session, rounds, level)


def _settle(app: App, seconds: float = 2.0) -> pygame.Surface:
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
        if not app.stack.animating:
            break
    app.draw()
    return app.screen


def shot_continue(app: App) -> pygame.Surface:
    _saved(_table_game(), 0)
    _saved(_solo_game(3, "solo", 6), 90)
    _saved(_solo_game(2, "campaign", 2), 60 * 26)
    damaged = slot_path("solo", 5)
    assert damaged is not None
    damaged.write_text('{"version": 1, "setup": [', encoding="utf-8")
    os.utime(damaged, (SAVED - 60 * 24 * 60 * 3, SAVED - 60 * 24 * 60 * 3))
    app.go("continue", fade=False)
    return _settle(app)


def shot_confirm_replace(app: App) -> pygame.Surface:
    from scenes.menus.newgame import NewGameScene

    _table_game()
    app.go("new-game", fade=False)
    _settle(app)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    scene.start()
    return _settle(app)


def _table_open(app: App) -> object:
    from scenes.table.opening import open_table

    app.change_settings(animation_speed="instant")
    open_table(app, _table_game(3), how="reset")
    _settle(app)
    return app.stack.top


def shot_confirm_resign(app: App) -> pygame.Surface:
    from scenes.table.base import TableBase

    table = _table_open(app)
    assert isinstance(table, TableBase)
    table.resign()
    return _settle(app)


def shot_resigned(app: App) -> pygame.Surface:
    from scenes.core.confirm import ConfirmScene
    from scenes.table.base import TableBase

    table = _table_open(app)
    assert isinstance(table, TableBase)
    table.resign()
    _settle(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    dialog.confirm()
    return _settle(app, 4.0)


SHOTS = {
    "continue": shot_continue,
    "confirm-replace": shot_confirm_replace,
    "confirm-resign": shot_confirm_resign,
    "resigned": shot_resigned,
}
