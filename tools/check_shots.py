"""Screenshots of "Check this game" (issue 37; registered in tools/screenshots.py):

- online-verified: an online game of Anna and two bots, played to its end at a keyed table
  (game/online/room.py), archived from its "over" message and replayed; the check says every roll
  follows from the key the table committed to
- online-verify-failed: the same game hosted among friends, with one roll of round 3 edited in
  its save: the check names that action, what the log says and what the key gives, and says
  that the host's computer held the key
- online-archive: the played games with an online game and one hosted among friends, marked

`online_over` plays such a table for the tests too: a real room, its key drawn from a seed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame

from game.online import Room
from game.registry import rulebook
from scenes.app import App
from scenes.core.intents import Action, Intent
from scenes.history.check_game import CheckScene
from scenes.model import archive
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.online_games import OnlineResult, archive_online
from scenes.model.replay import Replay
from scenes.model.userdata import data_dir
from tools import archive_bench
from tools.history_shots import settled

BOT_BUDGET = 0.02  # seconds per bot decision: the shots' games need no strong play


def online_over(
    game: str = "goennen-koennen", players: int = 3, seed: int = 5, level: str = "easy"
) -> tuple[dict[str, Any], str, tuple[SeatConfig, ...]]:
    """A keyed table of Anna (seat 0, played by a bot's choices sent as her moves) and bots,
    played to its end: its "over" message, the welcome's commitment and the lobby's seats."""
    rules = rulebook(game)
    key = random.Random(seed).randbytes(32)
    room = Room.open("shots", rules, players, "Anna", "token", key=key, invite="INVITE", watch="WATCH")
    for seat in range(1, players):
        room.set_bot(0, seat, level)
    commit = room.commitment  # what a welcome carries, before any roll
    room.start(0, 0.0)
    table = room.table
    assert table is not None
    bots = {seat: rules.bot(level) for seat in range(players)}
    rng = random.Random(seed)
    while not table.is_over:
        due = table.bots_due()
        seat = due[0] if due else table.deciders()[0]
        action = bots[seat](table.decision_state(seat), rng, BOT_BUDGET)
        if due:
            table.play_bot(seat, action, 1.0)
        else:  # Anna's move, sent as a client sends it
            room.act(seat, table.acted(seat), str(action), 1.0)
    over = room.over()
    assert over is not None
    seats = tuple(
        SeatConfig(seat.name, SeatKind.HUMAN)
        if seat.kind == "human"
        else SeatConfig(f"Bot {i + 1}", SeatKind.BOT, level)
        for i, seat in enumerate(room.seats)
    )
    return over, commit, seats


def edited_roll(save: dict[str, Any], after: int = 60) -> tuple[dict[str, Any], int]:
    """A first game's save with one roll (the first at or after action `after`) showing another
    face on its last die, and that roll's index. The rules may refuse a later move with the new
    face: the caller tries the next `after` then."""
    actions = list(save["actions"])
    index = next(i for i in range(after, len(actions)) if actions[i].startswith("roll "))
    *words, last = actions[index].split()
    actions[index] = " ".join([*words, last[:-1] + str(int(last[-1]) % 6 + 1)])  # "P1" -> "P2"
    return {**save, "actions": actions}, index


def _archived_replay(result: OnlineResult) -> Replay:
    problem = archive_online(result, data_dir())
    assert problem is None, problem
    store = archive.store(data_dir())
    row = store.games()[0]
    record = store.record_of(row.id)
    assert record is not None
    return Replay.of_record(record, f"#{row.id}")


def _checked(app: App, replay: Replay, step: int) -> pygame.Surface:
    app.go("replay", replay, step, fade=False)
    settled(app)
    app.stack.top.handle(Intent(Action.CHECK))  # type: ignore[union-attr]  # the C key
    settled(app)
    scene = app.stack.top
    assert isinstance(scene, CheckScene)
    scene.job.wait(10.0)
    return settled(app)


def shot_online_verified(app: App) -> pygame.Surface:
    over, commit, seats = online_over()
    result = OnlineResult("goennen-koennen", over["save"], over["key"], commit, seats, 0, False)
    replay = _archived_replay(result)
    return _checked(app, replay, replay.round_start(10))  # mid-game: the timeline's label in sight


def shot_online_verify_failed(app: App) -> pygame.Surface:
    over, commit, seats = online_over()
    result = OnlineResult("goennen-koennen", over["save"], over["key"], commit, seats, 0, True)
    for after in range(60, len(over["save"]["actions"]), 7):  # the first edit the rules still accept
        save, index = edited_roll(over["save"], after)
        if archive_online(replace(result, save=save), data_dir()) is None:
            break
    store = archive.store(data_dir())
    record = store.record_of(store.games()[0].id)
    assert record is not None
    replay = Replay.of_record(record, "edited")
    return _checked(app, replay, index + 1)


def shot_online_archive(app: App) -> pygame.Surface:
    """The played games with an online game and one hosted among friends (focused: its hint says
    who held the key) above the sample."""
    store = archive.store(data_dir())
    store.record_many(archive_bench.sample_entries(6))
    for game, host_mode in (("goennen-koennen", False), ("penk", True)):  # the newest is focused
        over, commit, seats = online_over(game)
        result = OnlineResult(game, over["save"], over["key"], commit, seats, 0, host_mode)
        assert archive_online(result, data_dir()) is None
    app.go("archive", fade=False)
    return settled(app)


SHOTS = {
    "online-verified": shot_online_verified,
    "online-verify-failed": shot_online_verify_failed,
    "online-archive": shot_online_archive,
}
