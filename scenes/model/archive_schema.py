"""The archive's SQLite schema, version by version: MIGRATIONS[n] turns a version-n database into
version n+1, each step in its own transaction, so a database of any earlier version is brought up to
date one step at a time (and a step that fails leaves the database as it was).

The version is SQLite's own `PRAGMA user_version` (0 for a new, empty file). A later step may only
add: tables, columns, indexes (or remake one with more columns), and values worked out from what the
earlier versions stored.

    version 1   games (one row per game), records (the action record that replays it), seats,
                card_scores, facts
    version 2   games.player_score and games.player_won (the player's side: the humans, or the
                watched bot) and card_scores.player (a human seat's card), worked out from the seats;
                the indexes the history screens ask
    version 3   reviews and review_judgements: a finished game's review, kept once computed
    version 4   review_luck: each roll's luck in a reviewed game, and reviews.luck (1 once it is
                kept; a review kept before has its luck computed when it is next opened)
    version 5   games.imported: 1 for a game read from a shared file (a friend's), which the
                statistics and the odds' first-games count leave out. Before version 5 an imported
                game of the first game is stored exactly as one played here (its record is rebuilt
                by replaying it, the shared file's "archived" note dropped), so it stays counted as
                the player's own; an imported Penk! game kept the whole file as its record, and is
                recognised by that note
    version 6   reviews.adviser: the bot a review judged with ("expert": the Hint's adviser; a
                review kept before says "hard", the bot reviews used then, and keeps it);
                games.hints: the hints the player asked in the game (read from the kept record's
                context; 0 for a record without them), so the statistics can mark a best score
                reached with hints
    version 7   games.bot_levels: the levels of the bots at the table, one bit each (BOT_LEVEL_BITS),
                worked out from the seats, so the statistics count the games against each level
                from one index instead of joining every bot seat to its game
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from scenes.model import files
from scenes.model.gameconfig import BOT_LEVELS
from scenes.model.hints import hints_used

Migration = Callable[[sqlite3.Connection], None]


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when anything inside raises (the connection is in
    autocommit mode, isolation_level None, so these statements are the only transactions)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _version_1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,  -- the setup and actions: one row per game played
            game TEXT NOT NULL,                -- the save envelope's game: goennen-koennen or penk
            played_at TEXT NOT NULL,           -- local time, ISO 8601 to the second
            outcome TEXT NOT NULL,             -- finished, resigned or abandoned
            mode TEXT NOT NULL,                -- multiplayer, solo, campaign or watch
            solo_level INTEGER,
            deck_version INTEGER NOT NULL,
            seed TEXT NOT NULL,                -- as text: a save may hold a seed past 64 bits
            players INTEGER NOT NULL,
            rounds INTEGER NOT NULL,           -- rounds begun
            actions INTEGER NOT NULL
        )"""
    )
    # the records apart from the games, so the screens' questions scan small rows
    db.execute(
        """CREATE TABLE records (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            record BLOB NOT NULL               -- the save (its serialize envelope), zlib-compressed JSON
        )"""
    )
    db.execute(
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,                -- human or bot
            level TEXT,                        -- the bot's level
            score INTEGER NOT NULL,            -- at the end, or as it stood when the game stopped
            won INTEGER NOT NULL,              -- among the winners (solo: reached the target)
            PRIMARY KEY (game_id, seat)
        )"""
    )
    db.execute(
        """CREATE TABLE card_scores (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            card_id TEXT NOT NULL,
            points INTEGER NOT NULL,
            completed INTEGER NOT NULL
        )"""
    )
    db.execute("CREATE TABLE facts (key TEXT PRIMARY KEY, value TEXT NOT NULL)")


def _version_2(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN player_score INTEGER")
    db.execute("ALTER TABLE games ADD COLUMN player_won INTEGER NOT NULL DEFAULT 0")
    # the player's side: the human seats; in a watched game the bot the player watched
    mine = "seats.game_id = games.id AND (seats.kind = 'human' OR games.mode = 'watch')"
    db.execute(
        f"""UPDATE games SET
            player_score = (SELECT MAX(score) FROM seats WHERE {mine}),
            player_won = COALESCE((SELECT MAX(won) FROM seats WHERE {mine}), 0)"""
    )
    # the cards of human seats: the per-card statistics read only these rows
    db.execute("ALTER TABLE card_scores ADD COLUMN player INTEGER NOT NULL DEFAULT 0")
    db.execute(
        """UPDATE card_scores SET player = 1 WHERE EXISTS (
            SELECT 1 FROM seats WHERE seats.game_id = card_scores.game_id AND seats.seat = card_scores.seat
              AND seats.kind = 'human')"""
    )
    db.execute("CREATE INDEX games_by_time ON games (played_at)")
    db.execute("CREATE INDEX games_by_mode ON games (mode, played_at)")
    db.execute("CREATE INDEX games_by_score ON games (player_score)")
    db.execute("CREATE INDEX games_by_mode_score ON games (mode, player_score)")
    db.execute("CREATE INDEX seats_by_level ON seats (kind, level, game_id)")
    db.execute("CREATE INDEX games_scored ON games (game, outcome, mode, player_score, solo_level)")
    db.execute("CREATE INDEX card_scores_by_game ON card_scores (game_id, seat)")
    db.execute(
        "CREATE INDEX card_scores_of_player ON card_scores (player, card_id, game_id, points, completed)"
    )
    db.execute("CREATE INDEX games_tally ON games (game, mode, players, player_won)")


def _version_3(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE reviews (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            computed_at TEXT NOT NULL,
            decisions INTEGER NOT NULL,        -- the human decisions looked at
            rollouts INTEGER NOT NULL          -- pairs of rollouts per differing decision
        )"""
    )
    db.execute(
        """CREATE TABLE review_judgements (
            game_id INTEGER NOT NULL REFERENCES reviews(game_id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            round INTEGER NOT NULL,
            played TEXT NOT NULL,
            suggested TEXT NOT NULL,
            loss REAL NOT NULL,
            noise REAL NOT NULL,
            mark TEXT NOT NULL,
            PRIMARY KEY (game_id, step)
        )"""
    )


def _version_4(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE reviews ADD COLUMN luck INTEGER NOT NULL DEFAULT 0")
    db.execute(
        """CREATE TABLE review_luck (
            game_id INTEGER NOT NULL REFERENCES reviews(game_id) ON DELETE CASCADE,
            step INTEGER NOT NULL,             -- the roll's index in the game
            seat INTEGER NOT NULL,             -- who rolled
            round INTEGER NOT NULL,
            roll TEXT NOT NULL,                -- the roll's text form
            luck REAL NOT NULL,                -- win chance it gave the player (negative: took)
            noise REAL NOT NULL,               -- its standard error
            PRIMARY KEY (game_id, step)
        )"""
    )


SHARED_NOTE = "archived"  # the key an exported file adds to the save (archive_share.ARCHIVED_KEY)


def _version_5(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0")
    penk_records = db.execute(
        "SELECT games.id, records.record FROM games JOIN records ON records.game_id = games.id"
        " WHERE games.game = 'penk'"
    ).fetchall()
    shared = [(game_id,) for game_id, blob in penk_records if _is_shared_file(blob)]
    db.executemany("UPDATE games SET imported = 1 WHERE id = ?", shared)
    # the statistics ask of the player's own games only: their indexes remade to lead with that
    db.execute("DROP INDEX IF EXISTS games_scored")
    db.execute("DROP INDEX IF EXISTS games_tally")
    db.execute("CREATE INDEX games_scored ON games (game, imported, outcome, mode, player_score, solo_level)")
    db.execute("CREATE INDEX games_tally ON games (game, imported, mode, players, player_won)")


def _version_6(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE reviews ADD COLUMN adviser TEXT NOT NULL DEFAULT 'hard'")
    db.execute("ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
    records = db.execute("SELECT game_id, record FROM records").fetchall()
    counted = [(hints, game_id) for game_id, blob in records if (hints := _hints_of(blob))]
    db.executemany("UPDATE games SET hints = ? WHERE id = ?", counted)


# A game's bot levels as one number: bit i for BOT_LEVELS[i] (a level outside them sets no bit)
BOT_LEVEL_BITS = {level: 1 << index for index, level in enumerate(BOT_LEVELS)}


def bot_level_bits(levels: Iterable[str | None]) -> int:
    bits = 0
    for level in levels:
        bits |= BOT_LEVEL_BITS.get(level or "", 0)
    return bits


def _version_7(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN bot_levels INTEGER NOT NULL DEFAULT 0")
    levels: dict[int, list[str]] = {}
    for game_id, level in db.execute("SELECT game_id, level FROM seats WHERE kind = 'bot'"):
        levels.setdefault(game_id, []).append(level)
    db.executemany(
        "UPDATE games SET bot_levels = ? WHERE id = ?",
        [(bot_level_bits(found), game_id) for game_id, found in levels.items()],
    )
    db.execute("DROP INDEX IF EXISTS games_tally")
    db.execute("CREATE INDEX games_tally ON games (game, imported, mode, players, player_won, bot_levels)")


def _hints_of(blob: bytes) -> int:
    """The hints counted in a kept record's context; 0 for a damaged record or one without."""
    try:
        text = zlib.decompressobj().decompress(blob, files.MAX_FILE_BYTES).decode("utf-8")
        record = files.parse_json(text)
    except (zlib.error, UnicodeDecodeError, files.DamagedFile):
        return 0
    context = record.get("context") if isinstance(record, dict) else None
    return hints_used(context) if isinstance(context, dict) else 0


def _is_shared_file(blob: bytes) -> bool:
    """Whether a kept record (zlib-compressed JSON) is a whole shared file, its note included; a
    damaged record is not (it stays the player's own, as before)."""
    try:
        text = zlib.decompressobj().decompress(blob, files.MAX_FILE_BYTES).decode("utf-8")
        record = files.parse_json(text)
    except (zlib.error, UnicodeDecodeError, files.DamagedFile):
        return False
    return isinstance(record, dict) and SHARED_NOTE in record


MIGRATIONS: tuple[Migration, ...] = (
    _version_1,
    _version_2,
    _version_3,
    _version_4,
    _version_5,
    _version_6,
    _version_7,
)
SCHEMA_VERSION = len(MIGRATIONS)
# the tables of the current version: a file that claims it but lacks one is damaged
TABLES = frozenset(
    {"games", "records", "seats", "card_scores", "facts", "reviews", "review_judgements", "review_luck"}
)


def version_of(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target`, one step per transaction; returns the version it had."""
    found = version_of(connection)
    for version in range(found, target):
        with transaction(connection):
            MIGRATIONS[version](connection)
            connection.execute(f"PRAGMA user_version = {version + 1}")
    return found
