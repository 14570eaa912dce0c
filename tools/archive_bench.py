"""How fast the history screens' questions are answered from a large archive (tools.bench's
"archive_query_ms"; tests/scenes/test_archive.py checks the 50 ms budget with 10,000 games).

    python -m tools.archive_bench [--games 10000]     # prints one JSON object

The sample archive holds `games` rows made from a few real bot games (multiplayer with 2, 3 and 4
seats, solo levels 1-4): each row copies one of them under its own fingerprint, with its own date,
seed, mode and names, so the rows, seats and card scores are as many and as varied as a player's
10,000 games would be, while building it takes seconds rather than the hours of 10,000 real games.
Each question is timed as the median of several runs, in milliseconds of the process's CPU time
(the answers come from SQLite's page cache, so on an idle machine that is the wall-clock time too;
on a shared one the wall clock measures the other programs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from scenes.model.archive import Archive
from scenes.model.archive_entry import FINISHED, ArchiveEntry, SeatEntry, entry_of_session
from scenes.model.archive_stats import statistics as archive_statistics
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession

BUDGET_MS = 50.0
RUNS = 5
NAMES = ("Anna", "Bruno", "Cleo", "Dirk", "Eva", "Femke")
LEVELS = ("easy", "normal", "hard")


def played(players: int, seed: int, solo_level: int | None = None) -> GameSession:
    """A whole game of easy bots (quick), seat 0 then marked as the human player."""
    seats = tuple(SeatConfig(NAMES[i], SeatKind.BOT, "easy") for i in range(players))
    session = GameSession.start(GameConfig(seats, 0), seed=seed, solo_level=solo_level)
    while not session.over:
        if session.bot_to_decide:
            session.bot_decision_now(budget=0.005)
        else:
            session.resolve_chance()
    human = (SeatConfig(NAMES[0], SeatKind.HUMAN),)
    mode = {"mode": "solo"} if solo_level is not None else {}
    return GameSession(human + seats[1:], session.match, context=mode)


def real_games(seed: int = 1) -> list[ArchiveEntry]:
    sessions = [played(players, seed + players) for players in (2, 3, 4)]
    sessions += [played(1, seed + 10 + level, level) for level in (1, 2, 3, 4)]
    return [entry_of_session(session, FINISHED, "2026-01-01T12:00:00") for session in sessions]


def sample_entries(count: int, seed: int = 1) -> list[ArchiveEntry]:
    """`count` archive entries spread over the real games (see the module's note)."""
    originals = real_games(seed)
    start = datetime(2024, 1, 1, 9, 0)
    entries = []
    for number in range(count):
        original = originals[number % len(originals)]
        solo = original.solo_level is not None
        mode = ("solo", "solo", "campaign", "watch")[number % 4] if solo else "multiplayer"
        seats = tuple(
            replace(
                seat,
                name=NAMES[(number + index) % len(NAMES)],
                kind="bot" if mode == "watch" or (index > 0) else "human",
                level=LEVELS[(number + index) % 3] if mode == "watch" or index > 0 else None,
                won=seat.won if number % 3 else not seat.won,
            )
            for index, seat in enumerate(original.seats)
        )
        entries.append(
            replace(
                original,
                fingerprint=f"sample-{number}",
                played_at=(start + timedelta(hours=number * 3 + number % 7)).isoformat(timespec="seconds"),
                mode=mode,
                seed=number,
                seats=_scored(seats, number),
            )
        )
    return entries


def _scored(seats: tuple[SeatEntry, ...], number: int) -> tuple[SeatEntry, ...]:
    """Scores varied a little from game to game, so the chart and histogram have a spread."""
    return tuple(
        replace(seat, score=max(0, seat.score + (number * 7 + index * 13) % 31 - 15))
        for index, seat in enumerate(seats)
    )


def build(path: Path, games: int, seed: int = 1) -> Archive:
    archive = Archive(path)
    problem = archive.record_many(sample_entries(games, seed))
    if problem is not None:
        raise RuntimeError(f"the sample archive could not be written: {problem.reason} ({problem.detail})")
    return archive


def questions(archive: Archive) -> dict[str, Callable[[], Any]]:
    """What the history screens ask, by name."""
    return {
        "list_newest": lambda: archive.games(order="newest", limit=50),
        "list_solo_best": lambda: archive.games(mode="solo", order="best", limit=50),
        "list_page_100": lambda: archive.games(order="oldest", limit=50, offset=5000),
        "count": lambda: archive.count(),
        # a friend's games only: none in the sample, the whole list is looked through (the worst case)
        "list_imported": lambda: archive.games(order="newest", limit=50, imported=True),
        "count_imported": lambda: archive.count(imported=True),
        "statistics": lambda: archive_statistics(archive.db),
        "record": lambda: archive.record_of(archive.games(limit=1)[0].id),
    }


def time_questions(archive: Archive, runs: int = RUNS) -> dict[str, float]:
    timings = {}
    for name, ask in questions(archive).items():
        ask()  # the first run reads the pages into SQLite's cache, as the screen's first visit does
        samples = []
        for _ in range(runs):
            # this thread's CPU time: process_time also counted every other thread of the process
            # (numpy's BLAS workers, the bots' thinker), which made the statistics look 40 % slower
            started = time.thread_time()
            ask()
            samples.append(time.thread_time() - started)
        timings[name] = round(1000 * statistics.median(samples), 2)
    return timings


def measure(games: int = 10_000, seed: int = 1) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        archive = build(Path(folder) / "archive.sqlite3", games, seed)
        built = time.perf_counter() - started
        timings = time_questions(archive)
        size = (Path(folder) / "archive.sqlite3").stat().st_size
        archive.close()
    return {
        "games": games,
        "build_s": round(built, 1),
        "file_mb": round(size / 1e6, 1),
        "ms": timings,
        "slowest_ms": max(timings.values()),
        "budget_ms": BUDGET_MS,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.archive_bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.games, args.seed), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
