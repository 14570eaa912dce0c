"""Every number of the statistics screen counted again from the archive's rows, in plain Python;
a friend's imported games are in the archive but in none of them."""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from statistics import mean
from typing import Any

import pytest

from scenes.model.archive import Archive
from scenes.model.archive_stats import BIN_WIDTH, CHART_GAMES, statistics
from tools import archive_bench


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    folder: Path = tmp_path_factory.mktemp("stats")
    archive = archive_bench.build(folder / "archive.sqlite3", 400, seed=3)
    abandoned = archive_bench.sample_entries(7, seed=3)
    archive.record_many([_renamed(entry, f"abandoned-{i}", "abandoned") for i, entry in enumerate(abandoned)])
    # a friend's games, of every mode and outcome, with high scores that would show if counted
    for number, entry in enumerate(archive_bench.sample_entries(24, seed=5)):
        outcome = "abandoned" if number % 6 == 5 else entry.outcome
        seats = tuple(replace(seat, score=seat.score + 200) for seat in entry.seats)
        archive.record(
            replace(entry, fingerprint=f"friend-{number}", outcome=outcome, seats=seats), imported=True
        )
    return archive.db


def _renamed(entry: Any, key: str, outcome: str) -> Any:
    return replace(
        entry, fingerprint=key, outcome=outcome, seats=tuple(replace(s, won=False) for s in entry.seats)
    )


def _rows(db: sqlite3.Connection, table: str) -> list[dict[str, Any]]:
    cursor = db.execute(f"SELECT * FROM {table}")
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor]


def test_every_number_is_recounted_from_the_rows(db: sqlite3.Connection) -> None:
    stats = statistics(db)
    every = _rows(db, "games")
    games = [g for g in every if not g["imported"]]
    assert 0 < len(games) < len(every)  # the friend's games are there, and left out
    seats = defaultdict(list)
    for seat in _rows(db, "seats"):
        seats[seat["game_id"]].append(seat)

    def side(game: dict[str, Any]) -> list[dict[str, Any]]:
        return [s for s in seats[game["id"]] if s["kind"] == "human" or game["mode"] == "watch"]

    def won(game: dict[str, Any]) -> bool:
        return any(s["won"] for s in side(game))

    def tally(chosen: list[dict[str, Any]]) -> tuple[int, int]:
        return len(chosen), sum(won(game) for game in chosen)

    assert stats.games == len(games)
    for entry in stats.by_mode:
        assert (entry.played, entry.won) == tally([g for g in games if g["mode"] == entry.key])
    assert sum(entry.played for entry in stats.by_mode) == len(games)
    multiplayer = [g for g in games if g["mode"] == "multiplayer"]
    for entry in stats.by_players:
        assert (entry.played, entry.won) == tally(
            [g for g in multiplayer if len(seats[g["id"]]) == int(entry.key)]
        )
    for entry in stats.by_bot_level:
        against = [
            g
            for g in multiplayer
            if any(s["level"] == entry.key and s["kind"] == "bot" for s in seats[g["id"]])
        ]
        assert (entry.played, entry.won) == tally(against)
    assert {entry.key for entry in stats.by_bot_level} == {"easy", "normal", "hard"}

    scored = sorted(
        (g for g in games if g["outcome"] == "finished" and g["mode"] != "watch"),
        key=lambda g: (g["played_at"], g["id"]),
    )
    scores = [max(s["score"] for s in side(g)) for g in scored]
    assert stats.mean_score == round(mean(scores), 1) and stats.best_score == max(scores)
    assert [score for _, score in stats.scores_over_time] == scores[-CHART_GAMES:]
    assert dict(stats.histogram) == Counter(score // BIN_WIDTH * BIN_WIDTH for score in scores)

    human_seats = {
        (s["game_id"], s["seat"]) for group in seats.values() for s in group if s["kind"] == "human"
    }
    cards: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    own = {g["id"] for g in games}
    for card in _rows(db, "card_scores"):
        if (card["game_id"], card["seat"]) in human_seats and card["game_id"] in own:
            counts = cards[card["card_id"]]
            counts[0] += 1
            counts[1] += card["completed"]
            counts[2] += card["points"]
    assert {c.card_id: [c.taken, c.completed, c.points] for c in stats.cards} == cards

    solo = [g for g in games if g["mode"] == "solo"]
    for entry in stats.solo:
        assert (entry.played, entry.won) == tally([g for g in solo if g["solo_level"] == int(entry.key)])
    for level, best in stats.solo_best:
        finished = [g for g in solo if g["solo_level"] == level and g["outcome"] == "finished"]
        assert best == max(max(s["score"] for s in side(g)) for g in finished)
    campaign = [g for g in games if g["mode"] == "campaign"]
    assert (stats.campaign.played, stats.campaign.won) == tally(campaign)


def test_an_empty_archive_has_nothing_to_show(tmp_path: Path) -> None:
    stats = statistics(Archive(tmp_path / "archive.sqlite3").db)
    assert stats.games == 0 and stats.mean_score is None and stats.best_score is None
    assert stats.by_mode == () and stats.cards == () and stats.histogram == ()
