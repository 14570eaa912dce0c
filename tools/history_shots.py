"""Screenshots of the history screens (registered in tools/screenshots.py):

- archive: the list of played games, from a sample archive (tools/archive_bench.py: 40 rows made
  from seven real bot games, seat 0 counted as the player), an unfinished game at its head
- replay: a 3-seat game of that archive halfway through, the log beside it
- statistics: the player's record counted from the same archive
- review: the game whose one bad decision is known (tools/review_sample.py), with each roll's luck,
  the pointer on the luckiest roll
- replay-penk: a 3-seat Penk! game of easy bots, archived and replayed, in its fourth round
- archive-delete: the confirmation before a game is deleted from the archive, naming it
- archive-imported: the same list with two of a friend's games imported from shared files, marked
  in their rows, the origin filter beside the order

The games are played from fixed seeds, so the pictures are the same on every run.
"""

from __future__ import annotations

import random

import pygame

from scenes.app import App
from scenes.history.archive_list import ArchiveScene
from scenes.history.review import ReviewScene
from scenes.model import archive
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.replay import Replay
from scenes.model.session import GameSession
from scenes.model.slots import table_slot
from scenes.model.userdata import data_dir
from tools import archive_bench
from tools.table_shots import human_move

FRAME = 1 / 60
SAMPLE_GAMES = 40
REVIEW_SEEDS = range(22, 23)  # the first seed whose game turns on one decision (tools/review_sample.py)


def _filled() -> archive.Archive:
    store = archive.store(data_dir())
    store.record_many(archive_bench.sample_entries(SAMPLE_GAMES))
    return store


def _unfinished() -> None:
    """A game of Anna and a bot left in round 3, in the table's slot."""
    seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.BOT, "easy"))
    session = GameSession.start(GameConfig(seats, 0), seed=4, save_path=table_slot())
    rng = random.Random(4)
    while session.state.round < 2:
        if session.human_to_decide:
            session.play(human_move(session, rng))
        elif session.bot_to_decide:
            session.bot_decision_now(budget=0.005)
        else:
            session.resolve_chance()


def settled(app: App, seconds: float = 2.0) -> pygame.Surface:
    """The screen once transitions and animations have finished (bounded), drawn."""
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
        if not app.stack.animating:
            break
    app.draw()
    return app.screen


def shot_archive(app: App) -> pygame.Surface:
    _filled()
    _unfinished()
    app.go("archive", fade=False)
    return settled(app)


def shot_replay(app: App) -> pygame.Surface:
    store = _filled()
    row = next(row for row in store.games() if row.players == 3)
    record = store.record_of(row.id)
    assert record is not None
    replay = Replay.of_record(record, "sample")
    app.go("replay", replay, replay.round_start(4) + 9, fade=False)
    return settled(app)


def shot_statistics(app: App) -> pygame.Surface:
    _filled()
    app.go("statistics", fade=False)
    return settled(app)


def shot_review(app: App) -> pygame.Surface:
    """A game whose one bad decision is known (tools/review_sample.py), reviewed, worst first."""
    from scenes.model.archive_entry import FINISHED, entry_of_session
    from scenes.model.review import ReviewJob
    from tools.review_sample import known_blunder

    session, _ = known_blunder(REVIEW_SEEDS)
    store = archive.store(data_dir())
    store.record(entry_of_session(session, FINISHED, "2026-11-26T08:30:00"))
    (row,) = store.games()
    replay = Replay(session)
    job = ReviewJob(replay)
    job.run()
    store.keep_review(row.id, job.judgements, job.rollouts, job.lucks)
    app.go("review", row.id, replay, fade=False)
    settled(app)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    scene.pointed = max(range(len(job.lucks)), key=lambda index: job.lucks[index].luck)  # the luckiest roll
    app.draw()
    return app.screen


def shot_replay_penk(app: App) -> pygame.Surface:
    """A 3-seat Penk! game of easy bots (seed 11) from the archive, in round 4 just after a roll."""
    import json

    from game import penk
    from scenes.model.archive_entry import entry_of_record

    matches: list[penk.PenkMatch] = []
    penk.play_game([penk.make_bot("easy") for _ in range(3)], 11, on_start=matches.append)
    record = json.loads(penk.match_to_json(matches[0]))
    store = archive.store(data_dir())
    store.record(entry_of_record(record, None, "2026-11-26T09:00:00", "penk.json"))
    (row,) = store.games()
    kept = store.record_of(row.id)
    assert kept is not None
    replay = Replay.of_record(kept, "penk")
    later = replay.moves[replay.round_start(3) + 4 :]
    step = next(move.index for move in later if isinstance(move.action, penk.Roll)) + 1  # just rolled
    app.go("replay", replay, step - 1, fade=False)
    settled(app)
    app.stack.top.go_to(step, animate=True)  # type: ignore[union-attr]
    return settled(app, 3.0)


def shot_archive_delete(app: App) -> pygame.Surface:
    """The confirmation before a game leaves the archive, naming it."""
    _filled()
    app.go("archive", fade=False)
    settled(app)
    scene = app.stack.top
    assert isinstance(scene, ArchiveScene)
    scene.ask_delete(scene.rows[0])
    return settled(app)


def shot_archive_imported(app: App) -> pygame.Surface:
    """Two of a friend's games (imported, the latest in the list) above the player's own."""
    from dataclasses import replace

    store = _filled()
    for number, entry in enumerate(archive_bench.sample_entries(2, seed=2)):
        friend = replace(entry, fingerprint=f"friend-{number}", played_at=f"2024-01-09T2{number}:00:00")
        store.record(friend, imported=True)
    app.go("archive", fade=False)
    return settled(app)


SHOTS = {
    "archive": shot_archive,
    "replay": shot_replay,
    "statistics": shot_statistics,
    "review": shot_review,
    "replay-penk": shot_replay_penk,
    "archive-delete": shot_archive_delete,
    "archive-imported": shot_archive_imported,
}
