"""The player's record, counted from the archive's rows (scenes/model/archive.py).

"The player" is the side the person at the screen plays: the human seats of a game, or in a watched
game the bot they watched (games.player_score, player_won and card_scores.player hold it, set when
a game is archived). A game counts as played whatever its outcome (finished, resigned, abandoned);
only a finished game can be won. Scores (mean, best, chart, histogram) are of finished games the
player played themselves (not watched). Only games played here count: a friend's game imported from
a shared file (games.imported) is listed in the archive but in no statistic. Every number is one SQL
query over the rows, so it can be traced to them (tests/scenes/test_archive_stats.py counts them
again from the rows in Python).
No pygame here.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from game.goennen.serialize import FIRST_GAME
from scenes.model.archive_schema import BOT_LEVEL_BITS

CHART_GAMES = 100  # the score-over-time chart shows the latest games
BIN_WIDTH = 10  # points per bar of the histogram


@dataclass(frozen=True)
class Tally:
    key: str  # a mode, a number of players, a bot level or a solo level, as text
    played: int
    won: int


@dataclass(frozen=True)
class CardTally:
    card_id: str
    taken: int  # games in which the player had the card in their display at the end
    completed: int
    points: int


@dataclass(frozen=True)
class Statistics:
    games: int
    by_mode: tuple[Tally, ...]
    by_players: tuple[Tally, ...]  # multiplayer games by their number of seats
    by_bot_level: tuple[Tally, ...]  # multiplayer games against at least one bot of the level
    mean_score: float | None
    best_score: int | None
    scores_over_time: tuple[tuple[str, int], ...]  # (played_at, score), oldest first
    histogram: tuple[tuple[int, int], ...]  # (lowest score of the bar, games)
    cards: tuple[CardTally, ...]  # most taken first
    solo: tuple[Tally, ...]  # solo practice games by level
    solo_best: tuple[tuple[int, int], ...]  # (level, best score) of finished solo games
    campaign: Tally
    best_with_hints: bool = False  # the best score was reached only in games with hints
    solo_best_with_hints: frozenset[int] = frozenset()  # levels whose best came only with hints


# What the statistics show when the archive cannot answer (busy or damaged: the screen says so)
NOTHING = Statistics(0, (), (), (), None, None, (), (), (), (), (), Tally("campaign", 0, 0))

# The games played here (not imported) of one game, the first condition of every question
OWN = "game = ? AND imported = 0"
# The player's own finished games with a score (watched games are the bot's)
SCORED = f"{OWN} AND outcome = 'finished' AND mode != 'watch' AND player_score IS NOT NULL"
# The same, for the latest scores: the unary + keeps SQLite off the index of these columns, so it
# walks the index by time from the newest and stops at CHART_GAMES instead of sorting them all
LATEST = (
    "+game = ? AND +imported = 0 AND +outcome = 'finished' AND +mode != 'watch' AND player_score IS NOT NULL"
)


def statistics(db: sqlite3.Connection, game: str = FIRST_GAME) -> Statistics:
    def tallies(sql: str, *arguments: object) -> tuple[Tally, ...]:
        return tuple(
            Tally(str(key), played, won or 0) for key, played, won in db.execute(sql, (game, *arguments))
        )

    total = db.execute(f"SELECT COUNT(*) FROM games WHERE {OWN}", (game,)).fetchone()[0]
    by_mode = tallies(
        f"SELECT mode, COUNT(*), SUM(player_won) FROM games WHERE {OWN} GROUP BY mode ORDER BY mode"
    )
    by_players = tallies(
        f"SELECT players, COUNT(*), SUM(player_won) FROM games WHERE {OWN} AND mode = 'multiplayer'"
        " GROUP BY players ORDER BY players"
    )
    by_level = _level_tallies(db, game)
    # a best score reached only with hints is marked (a game with hints sets no solo best either):
    # the mean and best from the covering index alone, then whether a game without hints reached
    # the best (asking for both at once read every scored game's row for its hints)
    mean, best = db.execute(
        f"SELECT AVG(player_score), MAX(player_score) FROM games WHERE {SCORED}", (game,)
    ).fetchone()
    clean_best = (
        best is not None
        and db.execute(
            f"SELECT 1 FROM games WHERE {SCORED} AND player_score = ? AND hints = 0 LIMIT 1", (game, best)
        ).fetchone()
        is not None
    )
    latest = db.execute(
        f"SELECT played_at, player_score FROM games WHERE {LATEST} ORDER BY played_at DESC, id DESC LIMIT ?",
        (game, CHART_GAMES),
    ).fetchall()
    histogram = db.execute(
        f"""SELECT (player_score / {BIN_WIDTH}) * {BIN_WIDTH} AS bar, COUNT(*) FROM games WHERE {SCORED}
            GROUP BY bar ORDER BY bar""",
        (game,),
    ).fetchall()
    cards = _card_tallies(db, game)
    solo = tallies(
        f"SELECT solo_level, COUNT(*), SUM(player_won) FROM games WHERE {OWN} AND mode = 'solo'"
        " GROUP BY solo_level ORDER BY solo_level"
    )
    solo_rows = db.execute(
        f"SELECT solo_level, MAX(player_score), MAX(CASE WHEN hints = 0 THEN player_score END) FROM games"
        f" WHERE {SCORED} AND mode = 'solo' GROUP BY solo_level ORDER BY solo_level",
        (game,),
    ).fetchall()
    solo_best = [(level, score) for level, score, _ in solo_rows]
    solo_hinted = frozenset(level for level, score, clean in solo_rows if clean is None or score > clean)
    played, won = db.execute(
        f"SELECT COUNT(*), SUM(player_won) FROM games WHERE {OWN} AND mode = 'campaign'", (game,)
    ).fetchone()
    return Statistics(
        games=total,
        by_mode=by_mode,
        by_players=by_players,
        by_bot_level=by_level,
        mean_score=None if mean is None else round(mean, 1),
        best_score=best,
        scores_over_time=tuple((when, score) for when, score in reversed(latest)),
        histogram=tuple((bar, count) for bar, count in histogram),
        cards=cards,
        solo=solo,
        solo_best=tuple((level, score) for level, score in solo_best),
        campaign=Tally("campaign", played, won or 0),
        best_with_hints=best is not None and not clean_best,
        solo_best_with_hints=solo_hinted,
    )


def _level_tallies(db: sqlite3.Connection, game: str) -> tuple[Tally, ...]:
    """The multiplayer games against at least one bot of each level, in the levels' order: one pass
    over the games' tally index, a sum per level bit (archive_schema.BOT_LEVEL_BITS)."""
    sums = ", ".join(
        f"SUM(bot_levels & {bit} != 0), SUM(CASE WHEN bot_levels & {bit} THEN player_won ELSE 0 END)"
        for bit in BOT_LEVEL_BITS.values()
    )
    row = db.execute(f"SELECT {sums} FROM games WHERE {OWN} AND mode = 'multiplayer'", (game,)).fetchone()
    counts = [value or 0 for value in row]
    return tuple(
        Tally(level, counts[2 * index], counts[2 * index + 1])
        for index, level in enumerate(BOT_LEVEL_BITS)
        if counts[2 * index]
    )


CARD_SUMS = "SELECT card_id, COUNT(*), SUM(completed), SUM(points) FROM card_scores WHERE player = 1"
SUBTRACTED_AT_ONCE = 500  # games per query taken back out of the sums (SQLite's variable limit)


def _card_tallies(db: sqlite3.Connection, game: str) -> tuple[CardTally, ...]:
    """Per card the player's takes, completions and points in the games played here of `game`,
    most taken first: the sums over every game's cards, less those of the other games (a friend's
    imported ones, the other game's), which are few. Filtering each card row by its game instead
    took 16.7 ms of the statistics' 44 ms at 10,000 games; this takes 7.4 (docs/performance.md)."""
    sums = {
        card: [taken, completed, points]
        for card, taken, completed, points in db.execute(f"{CARD_SUMS} GROUP BY card_id")
    }
    others = [
        game_id for (game_id,) in db.execute("SELECT id FROM games WHERE game != ? OR imported != 0", (game,))
    ]
    for start in range(0, len(others), SUBTRACTED_AT_ONCE):
        part = others[start : start + SUBTRACTED_AT_ONCE]
        marks = ",".join("?" * len(part))
        for card, taken, completed, points in db.execute(
            f"{CARD_SUMS} AND game_id IN ({marks}) GROUP BY card_id", part
        ):
            kept = sums[card]
            kept[0], kept[1], kept[2] = kept[0] - taken, kept[1] - completed, kept[2] - points
    tallies = [CardTally(card, *kept) for card, kept in sums.items() if kept[0] > 0]
    return tuple(sorted(tallies, key=lambda tally: (-tally.taken, tally.card_id)))
