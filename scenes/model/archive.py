"""The archive: every game played, finished, resigned or abandoned, in one SQLite file in the user
data folder (`archive.sqlite3`), with the record that replays it.

Like every file of the game (scenes/model/files.py), the archive never stops play:
- a write is one transaction; when it fails (disk full, read-only folder) `record` returns the
  FileProblem, the game goes on, the save stays in its slot and the next end of a game tries again;
- a damaged database is set aside as `archive.sqlite3.broken-<time>` and a new one started (`problem`
  says so); one written by a newer version of the game is left untouched, and the archive lives in
  memory for this run;
- the schema is versioned (scenes/model/archive_schema.py) and brought up to date on opening;
- the old `finished/*.json` files (one per finished game, before the archive) are imported once;
- another program holding the archive's lock never blocks a frame: reads and the opening never wait
  for it (they answer at once, and the screen says the archive is busy); an archive busy at its
  opening is opened again off the frame loop once the other program lets go, and until then every
  write is refused as busy, so a game stays in its slot rather than going into a stand-in.

`store(folder)` is the one open archive of a data folder; `open_early(folder)` opens it on a worker
thread at the start, so no screen waits for its opening (a check of the whole file). No pygame here.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from game.goennen.serialize import SaveError
from scenes.model import files
from scenes.model.archive_entry import ABANDONED, FINISHED, ArchiveEntry, entry_of_record, entry_of_session
from scenes.model.archive_schema import (
    SCHEMA_VERSION,
    TABLES,
    bot_level_bits,
    migrate,
    transaction,
    version_of,
)
from scenes.model.files import FileProblem
from scenes.model.hints import hints_used
from scenes.model.luck import RollLuck
from scenes.model.review import REVIEW_BOT, Judgement
from scenes.model.session import GameSession
from scenes.model.text import printable
from scenes.model.userdata import data_dir

T = TypeVar("T")

LOG = logging.getLogger("goennen.files")
ARCHIVE_FILE = "archive.sqlite3"
FINISHED_FOLDER = "finished"
IMPORTED_FINISHED = "imported_finished"  # the facts key set once finished/ was read
RECORD_LIMIT = files.MAX_FILE_BYTES  # a record longer than any real game is damage
# the tables holding a game's rows besides `games`, those that refer to others first
DELETED_WITH_A_GAME = ("review_luck", "review_judgements", "reviews", "card_scores", "seats", "records")
BUSY = "busy"  # a FileProblem reason: another program holds the archive's lock
BUSY_TIMEOUT = 0.05  # how long a write waits for another program's lock: never the 5 s default
BUSY_PAUSE = 5.0  # after a busy answer, reads give their empty answer at once for this long
LOCKED = "database is locked by another program since the opening"  # a write refused meanwhile
GAMES = ("goennen-koennen", "penk")
MAX_TEXT = 64  # a name, a date, a mode or a kind longer than this in a row is hand-made
MAX_SEED_DIGITS = 30  # like files.MAX_DIGITS: a 5,000-digit seed is damage


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    kind: str
    level: str | None
    score: int
    won: bool


@dataclass(frozen=True)
class GameRow:
    """One archived game as the lists show it."""

    id: int
    game: str
    played_at: str
    outcome: str
    mode: str
    solo_level: int | None
    deck_version: int
    seed: int
    players: int
    rounds: int
    player_score: int | None
    player_won: bool
    seats: tuple[SeatRow, ...]
    imported: bool  # read from a shared file: a friend's game, in no statistic


def _pack(record: dict[str, Any]) -> bytes:
    return zlib.compress(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode(), 6)


def _unpack(blob: bytes) -> Any:
    text = zlib.decompressobj().decompress(blob, RECORD_LIMIT).decode("utf-8")
    return files.parse_json(text)


def _is_busy(error: BaseException) -> bool:
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _problem_of(error: Exception, name: str = ARCHIVE_FILE) -> FileProblem:
    """An archive error of any type in the words of files.py (SQLite's messages, since it gives no
    errno; damaged pages may even surface as a UnicodeDecodeError)."""
    text = str(error).lower()
    if not isinstance(error, sqlite3.Error) or "no such" in text or "malformed" in text:
        reason = files.DAMAGED  # a damaged page, or a schema not of its version
    elif _is_busy(error):
        reason = BUSY
    elif "readonly" in text or "read-only" in text or "unable to open" in text:
        reason = files.READ_ONLY
    elif "full" in text:
        reason = files.DISK_FULL
    elif isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError):
        reason = files.DAMAGED
    else:
        reason = files.OTHER
    return FileProblem(name, reason, files.shorten(str(error)))


CLOSE_WAIT = 30.0  # seconds close() waits for a reopening in flight (its quick check and import)


class Archive:
    """An open archive. `problem`: why it could not be opened as it was (damaged and set aside,
    newer, or not writable), or why the last write failed; None when all is well."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem: FileProblem | None = None
        self.in_memory = False  # the file could not be used: games are kept for this run only
        self.busy = False  # the last read found the archive locked by another program
        self._busy_until = 0.0  # until then reads answer at once, without asking SQLite
        # another program held the lock at the opening: `db` is an empty stand-in that nothing is
        # written to, and the opening is tried again on a worker thread after BUSY_PAUSE
        self.locked = False
        self._lockouts = 0  # how often the opening found the lock held
        self._reopening = False
        self._reopener: threading.Thread | None = None
        self.db = self._open()
        self.opening_problem = self.problem  # damaged and set aside, newer, not writable, or busy
        self.told = False  # whether the player was told of the opening problem (news())
        self.read_problem: FileProblem | None = None  # the last read failed (damage found late)
        self.skipped = 0  # rows of the last list left out as hand-edited or damaged

    # --- opening ----------------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        if self.path is None:
            return self._memory()
        if files.leads_out(self.path):  # SQLite would write through the link
            files.LOG.warning("%s leads out of the data folder through a link: kept in memory", self.path)
            self.problem = FileProblem(ARCHIVE_FILE, files.LINK_OUT, "a link leads out of the data folder")
            return self._memory()
        if self.path.is_dir():  # SQLite would call it "unable to open": a read-only folder, it is not
            return self._unusable(IsADirectoryError(21, "a folder has the archive's name", str(self.path)))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connect(self.path)
        except sqlite3.OperationalError as error:  # cannot be opened or written: not its contents
            return self._locked_out(error) if _is_busy(error) else self._unusable(error)
        except sqlite3.DatabaseError as error:  # not a database, or damaged inside
            return self._set_aside(str(error))
        except (sqlite3.Error, OSError) as error:
            return self._unusable(error)
        except Exception as error:  # noqa: BLE001 (damaged pages answer quick_check with bad UTF-8)
            return self._set_aside(f"{type(error).__name__}: {error}")
        if db is None:  # a newer version's archive: kept for it
            return self._memory()
        return db

    def _unusable(self, error: sqlite3.Error | OSError) -> sqlite3.Connection:
        """The archive's folder or file cannot be used: games are kept in memory for this run."""
        if isinstance(error, sqlite3.Error):
            problem = _problem_of(error)
        else:
            problem = FileProblem(ARCHIVE_FILE, files.write_reason(error), files.shorten(str(error)))
        LOG.warning("could not open %s: %s (%s)", self.path, problem.reason, problem.detail)
        self.problem = problem
        return self._memory()

    def _locked_out(self, error: sqlite3.Error) -> sqlite3.Connection:
        """Another program holds the archive's lock: an empty stand-in, reads answer busy, writes
        are refused (the game stays in its slot), and the opening is tried again later."""
        LOG.warning("%s is locked by another program: opened again when it is free", self.path)
        self.problem = _problem_of(error)
        self.locked = self.busy = True
        self._lockouts += 1
        self._busy_until = time.monotonic() + BUSY_PAUSE
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        migrate(db)
        return db

    def _reopen_later(self) -> None:
        """Busy at the opening: once BUSY_PAUSE is over, open again on a worker thread (the
        opening checks the whole file, and the other program may still hold it)."""
        if not self.locked or self._reopening or time.monotonic() < self._busy_until:
            return
        self._reopening = True
        self._reopener = threading.Thread(target=self._reopen, name="archive-reopen", daemon=True)
        self._reopener.start()

    def _reopen(self) -> None:
        try:
            stand_in, lockouts = self.db, self._lockouts
            self.problem = None  # _open says what is wrong, if anything
            db = self._open()
            if self._lockouts != lockouts:  # still held: the stand-in stays, tried again later
                db.close()
                return
            self.db = db  # the real archive first, then reads may reach it
            self.locked = self.busy = False
            stand_in.close()
            self.opening_problem, self.told = self.problem, self.problem is None
            if self.path is not None:
                self.import_finished(self.path.parent / FINISHED_FOLDER)
        except Exception as error:  # noqa: BLE001 (a worker's failure is logged, never raised)
            LOG.warning("could not open %s again: %s", self.path, files.shorten(str(error)))
        finally:
            self._reopening = False

    def _connect(self, path: Path) -> sqlite3.Connection | None:
        # timeout 0: the opening never waits for another program's lock (it says busy at once)
        db = sqlite3.connect(path, timeout=0, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            found = version_of(db)
            if found > SCHEMA_VERSION:
                detail = f"schema {found}; this version reads up to {SCHEMA_VERSION}"
                LOG.warning("%s comes from a newer version of the game (%s): left untouched", path, detail)
                self.problem = FileProblem(ARCHIVE_FILE, files.NEWER, detail)
                db.close()
                return None
            check = db.execute("PRAGMA quick_check(1)").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {check}")
            migrate(db)
            missing = TABLES - {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
            if missing:
                raise sqlite3.DatabaseError(f"tables missing: {', '.join(sorted(missing))}")
        except sqlite3.OperationalError as error:
            db.close()
            if "no such" in str(error) or "duplicate" in str(error):  # a schema not of its version
                raise sqlite3.DatabaseError(str(error)) from None
            raise  # the file or its folder cannot be used (read-only, full, locked): not damage
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, detail: str) -> sqlite3.Connection:
        assert self.path is not None
        aside = files.set_aside(self.path)
        for suffix in ("-journal", "-wal", "-shm"):  # SQLite's companions belong to the old file
            companion = self.path.with_name(self.path.name + suffix)
            if aside is not None and companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
        LOG.warning(
            "%s could not be used (%s); %s",
            self.path,
            files.shorten(detail),
            f"kept as {aside.name}" if aside else "it could not be moved and is left where it is",
        )
        self.problem = FileProblem(
            ARCHIVE_FILE, files.DAMAGED, files.shorten(detail), aside.name if aside else None
        )
        if aside is None:
            return self._memory()
        try:
            db = self._connect(self.path)
        except Exception:  # noqa: BLE001 (whatever the new file's trouble, the run goes on in memory)
            return self._memory()
        return db if db is not None else self._memory()

    def _memory(self) -> sqlite3.Connection:
        self.in_memory = self.path is not None
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        migrate(db)
        return db

    def close(self) -> None:
        # a connection closed while the reopening thread still writes through it crashes the
        # process (SQLite frees what the other thread is using): that thread finishes first
        reopener = self._reopener
        if reopener is not None and reopener is not threading.current_thread():
            reopener.join(CLOSE_WAIT)
        self.db.close()

    # --- writing ----------------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A write's transaction, which waits up to BUSY_TIMEOUT for another program's lock (reads
        never wait); refused as busy while the archive is locked out since its opening."""
        if self.locked:
            self._reopen_later()
            raise sqlite3.OperationalError(LOCKED)
        self.db.execute(f"PRAGMA busy_timeout = {round(BUSY_TIMEOUT * 1000)}")
        try:
            with transaction(self.db) as db:
                yield db
        finally:
            self.db.execute("PRAGMA busy_timeout = 0")

    def record(self, entry: ArchiveEntry, imported: bool = False) -> FileProblem | None:
        """Keep one game (once: the same game again changes nothing); None when it is kept.
        `imported`: the game came from a shared file (a friend's), not played here."""
        try:
            with self._writing() as db:
                self._insert(db, entry, imported)
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            problem = _problem_of(error)
            LOG.warning("could not archive a game in %s: %s (%s)", self.path, problem.reason, problem.detail)
            self.problem = problem
            return problem
        return None

    def _insert(self, db: sqlite3.Connection, entry: ArchiveEntry, imported: bool = False) -> int | None:
        found = db.execute("SELECT id FROM games WHERE fingerprint = ?", (entry.fingerprint,)).fetchone()
        if found is not None:
            return None
        # the player's side: the human seats, or the bot the player watched
        mine = {i for i, s in enumerate(entry.seats) if s.kind == "human" or entry.mode == "watch"}
        if entry.player_seats is not None:  # an online game: the other people are not the player
            mine = set(entry.player_seats)
        player = [entry.seats[i] for i in sorted(mine)]
        human = {i for i in mine if entry.seats[i].kind == "human"}  # the player's cards: a person's
        cursor = db.execute(
            """INSERT INTO games (fingerprint, game, played_at, outcome, mode, solo_level, deck_version,
                seed, players, rounds, actions, player_score, player_won, imported, hints, bot_levels)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                entry.fingerprint,
                entry.game,
                entry.played_at,
                entry.outcome,
                entry.mode,
                entry.solo_level,
                entry.deck_version,
                str(entry.seed),
                len(entry.seats),
                entry.rounds,
                entry.actions,
                max((s.score for s in player), default=None),
                int(any(s.won for s in player)),
                int(imported),
                _hints(entry.record),
                bot_level_bits(s.level for s in entry.seats if s.kind == "bot"),
            ),
        )
        game_id = cursor.lastrowid
        db.execute("INSERT INTO records (game_id, record) VALUES (?, ?)", (game_id, _pack(entry.record)))
        db.executemany(
            "INSERT INTO seats (game_id, seat, name, kind, level, score, won) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, i, s.name, s.kind, s.level, s.score, int(s.won)) for i, s in enumerate(entry.seats)],
        )
        db.executemany(
            "INSERT INTO card_scores (game_id, seat, card_id, points, completed, player)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, i, card.card_id, card.points, int(card.completed), int(i in human))
                for i, s in enumerate(entry.seats)
                for card in s.cards
            ],
        )
        return game_id

    def record_many(self, entries: list[ArchiveEntry]) -> FileProblem | None:
        """Keep several games in one transaction (the import, and tests building large archives)."""
        try:
            with self._writing() as db:
                for entry in entries:
                    self._insert(db, entry)
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            self.problem = _problem_of(error)
            return self.problem
        return None

    def delete(self, game_id: int) -> FileProblem | None:
        """Take game `game_id` out of the archive with everything kept of it (its record, seats,
        card scores, review and luck), in one transaction; None when done. Table by table rather
        than by the schema's ON DELETE CASCADE, which SQLite applies only where foreign keys are on."""
        try:
            with self._writing() as db:
                for table in DELETED_WITH_A_GAME:
                    db.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            problem = _problem_of(error)
            LOG.warning("could not delete game %s: %s (%s)", game_id, problem.reason, problem.detail)
            self.problem = problem
            return problem
        return None

    # --- reading: every read through `read`, so no archive error reaches a screen ------------------

    def read(self, question: Callable[[sqlite3.Connection], T], default: T) -> T:
        """`question(db)`, or `default` when the archive cannot answer: busy (another program holds
        its lock: then `busy`, and for BUSY_PAUSE every read answers at once) or damaged (any
        error of any type: then `read_problem`). Screens say so and go on."""
        now = time.monotonic()
        if self.locked:  # the stand-in answers nothing: the real archive is opened again later
            self.busy = True
            self._reopen_later()
            return default
        if now < self._busy_until:
            return default
        try:
            answer = question(self.db)
        except Exception as error:  # noqa: BLE001 (damaged pages raise UnicodeDecodeError, ValueError...)
            if _is_busy(error):
                self.busy, self._busy_until = True, now + BUSY_PAUSE
            else:
                self.read_problem = _problem_of(error)
                LOG.warning(
                    "could not read %s: %s", self.path, files.shorten(f"{type(error).__name__}: {error}")
                )
            return default
        self.busy = False
        return answer

    def count(self, mode: str | None = None, imported: bool | None = None) -> int:
        where, arguments = _filter(mode, imported)
        return self.read(
            lambda db: _whole(db.execute(f"SELECT COUNT(*) FROM games {where}", arguments).fetchone()[0]), 0
        )

    def games(
        self,
        mode: str | None = None,
        order: str = "newest",
        limit: int = 50,
        offset: int = 0,
        imported: bool | None = None,
    ) -> list[GameRow]:
        """A page of the list: newest, oldest or best (the player's score) first; `mode` filters, and
        `imported` (True: a friend's games only, False: the player's own only)."""
        sort = {
            "newest": "played_at DESC, id DESC",
            "oldest": "played_at ASC, id ASC",
            "best": "player_score DESC, played_at DESC",
        }[order]
        where, arguments = _filter(mode, imported)
        return self.read(
            lambda db: self._rows(
                db, f"{where} ORDER BY {sort} LIMIT ? OFFSET ?", [*arguments, limit, offset]
            ),
            [],
        )

    def game(self, game_id: int) -> GameRow | None:
        none: list[GameRow] = []
        rows = self.read(lambda db: self._rows(db, "WHERE id = ?", [game_id]), none)
        return rows[0] if rows else None

    def _rows(self, db: sqlite3.Connection, clauses: str, arguments: list[Any]) -> list[GameRow]:
        """The rows as GameRows; a hand-edited or damaged row (text in a number column, a NUL in a
        name, a 5,000-digit seed) is left out and counted in `skipped`, never drawn raw."""
        rows = db.execute(
            f"""SELECT id, game, played_at, outcome, mode, solo_level, deck_version, seed, players, rounds,
                    player_score, player_won, imported
                FROM games {clauses}""",
            arguments,
        ).fetchall()
        seats: dict[Any, list[SeatRow] | None] = {row[0]: [] for row in rows}
        if rows:
            marks = ",".join("?" * len(rows))
            for game_id, *seat in db.execute(
                f"SELECT game_id, seat, name, kind, level, score, won FROM seats WHERE game_id IN ({marks})"
                " ORDER BY game_id, seat",
                list(seats),
            ):
                kept = seats.get(game_id)
                if kept is not None:
                    row = _seat_row(seat)
                    seats[game_id] = None if row is None else [*kept, row]
        games = [_game_row(row, seats.get(row[0])) for row in rows]
        self.skipped = sum(game is None for game in games)
        if self.skipped:
            LOG.warning("%s: %d hand-edited or damaged rows left out of the list", self.path, self.skipped)
        return [game for game in games if game is not None]

    def record_of(self, game_id: int) -> dict[str, Any] | None:
        """The save that replays game `game_id` (None: no such game, or its record is damaged)."""
        found = self.read(
            lambda db: db.execute("SELECT record FROM records WHERE game_id = ?", (game_id,)).fetchone(), None
        )
        if found is None:
            return None
        try:
            record = _unpack(found[0])
        except (zlib.error, UnicodeDecodeError, files.DamagedFile, TypeError, ValueError) as error:
            LOG.warning("the record of archived game %s is damaged: %s", game_id, files.shorten(str(error)))
            return None
        return record if isinstance(record, dict) else None

    # --- reviews ---------------------------------------------------------------------------------

    def keep_review(
        self,
        game_id: int,
        judgements: list[Judgement],
        rollouts: int,
        lucks: list[RollLuck] | None = None,
        adviser: str = REVIEW_BOT,
    ) -> FileProblem | None:
        """Keep a computed review of game `game_id` (replacing an earlier one), with its rolls'
        luck when `lucks` is given, and the bot it judged with."""
        try:
            with self._writing() as db:
                db.execute("DELETE FROM reviews WHERE game_id = ?", (game_id,))
                db.execute(
                    "INSERT INTO reviews (game_id, computed_at, decisions, rollouts, adviser)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, _now(), len(judgements), rollouts, adviser),
                )
                db.executemany(
                    """INSERT INTO review_judgements
                       (game_id, step, seat, round, played, suggested, loss, noise, mark)
                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    [(game_id, *_review_row(j)) for j in judgements],
                )
                if lucks is not None:
                    self._insert_luck(db, game_id, lucks)
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            self.problem = _problem_of(error)
            return self.problem
        return None

    def keep_luck(self, game_id: int, lucks: list[RollLuck]) -> FileProblem | None:
        """Add the rolls' luck to the kept review of game `game_id` (one kept before luck was
        measured); nothing when the game has no kept review."""
        try:
            with self._writing() as db:
                if db.execute("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,)).fetchone() is not None:
                    self._insert_luck(db, game_id, lucks)
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            self.problem = _problem_of(error)
            return self.problem
        return None

    @staticmethod
    def _insert_luck(db: sqlite3.Connection, game_id: int, lucks: list[RollLuck]) -> None:
        db.execute("DELETE FROM review_luck WHERE game_id = ?", (game_id,))
        db.executemany(
            "INSERT INTO review_luck (game_id, step, seat, round, roll, luck, noise)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, r.step, r.seat, r.round, r.roll, r.luck, _finite(r.noise)) for r in lucks],
        )
        db.execute("UPDATE reviews SET luck = 1 WHERE game_id = ?", (game_id,))

    def luck_of(self, game_id: int) -> list[RollLuck] | None:
        """The kept luck of game `game_id`'s rolls, in game order; None when it was not measured
        (no review, or one kept before luck was)."""
        return self.read(lambda db: _luck_of(db, game_id), None)

    def review_adviser(self, game_id: int) -> str | None:
        """The bot the kept review of game `game_id` judged with ("expert", or "hard" for a review
        kept before the Hint's adviser judged), None without a kept review."""
        found = self.read(
            lambda db: db.execute("SELECT adviser FROM reviews WHERE game_id = ?", (game_id,)).fetchone(),
            None,
        )
        adviser = None if found is None else found[0]
        return adviser if isinstance(adviser, str) and printable(adviser, MAX_TEXT) == adviser else None

    def review_of(self, game_id: int) -> list[Judgement] | None:
        """The kept review of game `game_id` (every human decision, in game order), or None."""
        return self.read(lambda db: _review_of(db, game_id), None)

    # --- the old finished/ folder -----------------------------------------------------------------

    def import_finished(self, folder: Path) -> int:
        """Read `folder` (the old finished-game files) into the archive, once per archive; how many
        games came in. A file the rules refuse is logged and left where it is."""
        done = self.read(
            lambda db: db.execute("SELECT 1 FROM facts WHERE key = ?", (IMPORTED_FINISHED,)).fetchone(), 1
        )
        if done:  # imported before, or the archive cannot say: the files stay for a later start
            return 0
        entries = []
        try:
            paths = sorted(path for path in folder.glob("*.json") if path.is_file())
        except OSError:
            paths = []
        for path in paths:
            try:
                entries.append(entry_of_record(files.read_json(path), None, _time_of(path), path.name))
            except (OSError, files.DamagedFile, SaveError, *files.REFUSALS) as error:
                LOG.warning("could not import %s into the archive: %s", path, files.shorten(str(error)))
        before = self.count()
        try:
            with self._writing() as db:
                for entry in entries:
                    self._insert(db, entry)
                db.execute("INSERT INTO facts (key, value) VALUES (?, ?)", (IMPORTED_FINISHED, _now()))
        except Exception as error:  # noqa: BLE001 (any archive error is a problem, never a crash)
            self.problem = _problem_of(error)
            return 0
        return self.count() - before


def _luck_of(db: sqlite3.Connection, game_id: int) -> list[RollLuck] | None:
    found = db.execute("SELECT luck FROM reviews WHERE game_id = ?", (game_id,)).fetchone()
    if found is None or not found[0]:
        return None
    rows = db.execute(
        "SELECT step, seat, round, roll, luck, noise FROM review_luck WHERE game_id = ? ORDER BY step",
        (game_id,),
    ).fetchall()
    return [
        RollLuck(_whole(a), _whole(b), _whole(c), _text(d, 200), float(e), float(f))
        for a, b, c, d, e, f in rows
    ]


def _review_of(db: sqlite3.Connection, game_id: int) -> list[Judgement] | None:
    if db.execute("SELECT 1 FROM reviews WHERE game_id = ?", (game_id,)).fetchone() is None:
        return None
    rows = db.execute(
        """SELECT step, seat, round, played, suggested, loss, noise, mark FROM review_judgements
           WHERE game_id = ? ORDER BY step""",
        (game_id,),
    ).fetchall()
    return [
        Judgement(_whole(a), _whole(b), _whole(c), _text(d, 200), _text(e, 200), float(f), float(g), _text(h))
        for a, b, c, d, e, f, g, h in rows
    ]


def _whole(value: Any, low: int = -(10**9), high: int = 10**9) -> int:
    """A number column's value as the game wrote it; anything else raises ValueError."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"not a whole number in range: {files.shorten(repr(value), 40)}")
    return value


def _text(value: Any, limit: int = MAX_TEXT) -> str:
    """A text column's value as the game wrote it (printable, short); else ValueError."""
    if not isinstance(value, str) or len(value) > limit or printable(value, limit) != value:
        raise ValueError(f"not a plain text: {files.shorten(repr(value), 40)}")
    return value


def _seat_row(row: list[Any]) -> SeatRow | None:
    seat, name, kind, level, score, won = row
    try:
        return SeatRow(
            _whole(seat, 0, 5),
            _text(name),
            _text(kind),
            None if level is None else _text(level),
            _whole(score),
            bool(_whole(won, 0, 1)),
        )
    except ValueError:
        return None


def _game_row(row: tuple[Any, ...], seats: list[SeatRow] | None) -> GameRow | None:
    """One row of `games` with its seats, checked column by column; None: hand-edited or damaged."""
    game_id, game, played_at, outcome, mode, level, deck, seed, players, rounds, score, won, imported = row
    if seats is None or not isinstance(seed, str) or not seed.isdigit() or len(seed) > MAX_SEED_DIGITS:
        return None
    try:
        if game not in GAMES:
            raise ValueError("an unknown game")
        return GameRow(
            _whole(game_id, 1, 2**62),
            game,
            _text(played_at),
            _text(outcome),
            _text(mode),
            None if level is None else _whole(level, 0, 99),
            _whole(deck, 0, 10**6),
            int(seed),
            _whole(players, 1, 6),
            _whole(rounds, 0, 10**4),
            None if score is None else _whole(score),
            bool(_whole(won, 0, 1)),
            tuple(seats),
            bool(_whole(imported, 0, 1)),
        )
    except ValueError:
        return None


def _filter(mode: str | None, imported: bool | None) -> tuple[str, list[Any]]:
    """The WHERE clause (empty when nothing is chosen) and its arguments for the list's filters."""
    conditions: list[str] = []
    arguments: list[Any] = []
    if mode is not None:
        conditions.append("mode = ?")
        arguments.append(mode)
    if imported is not None:
        conditions.append("imported = ?")
        arguments.append(int(imported))
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), arguments


def _review_row(j: Judgement) -> tuple[object, ...]:
    return (j.step, j.seat, j.round, j.played, j.suggested, j.loss, _finite(j.noise), j.mark)


def _hints(record: dict[str, Any]) -> int:
    context = record.get("context")
    return hints_used(context) if isinstance(context, dict) else 0


def _finite(value: float) -> float:
    """A noise too large to know (one rollout: infinite) is kept as 1, the most two chances differ."""
    return value if value < 1.0 else 1.0


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def _time_of(path: Path) -> str:
    """When a finished-game file was written: its name is its time (files.archive), else its date."""
    try:
        return datetime.strptime(path.stem[:15], "%Y%m%d-%H%M%S").isoformat(timespec="seconds")
    except ValueError:
        try:
            return datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="seconds")
        except OSError:
            return _now()


_open: dict[Path, Archive] = {}
_opening = threading.RLock()  # one opening at a time: a screen's store() waits for open_early's


def store(folder: Path) -> Archive:
    """The open archive of the data folder `folder` (opened, migrated and the old finished games
    imported on first use)."""
    path = folder / ARCHIVE_FILE
    with _opening:
        found = _open.get(path)
        if found is None:
            close_all()  # one data folder at a time: a new one (tests, --data-dir) closes the last
            found = Archive(path)
            found.import_finished(folder / FINISHED_FOLDER)
            _open[path] = found
        return found


def open_early(folder: Path) -> threading.Thread | None:
    """Open the archive of `folder` on a worker thread, when there is one, so that no screen waits
    for its opening (a check of every page of the file); the thread, or None."""
    if not has_archive(folder) or folder / ARCHIVE_FILE in _open:
        return None
    worker = threading.Thread(target=_open_quietly, args=(folder,), name="archive-open", daemon=True)
    worker.start()
    return worker


def _open_quietly(folder: Path) -> None:
    try:
        store(folder)
    except Exception as error:  # noqa: BLE001 (a worker's failure is logged; the screen opens it again)
        LOG.warning("could not open the archive early: %s", files.shorten(str(error)))


def has_archive(folder: Path | None = None) -> bool:
    """Whether there are played games to show (cheap: only whether their files exist), as the
    title shows Played games only then, like Continue."""
    folder = folder or data_dir()
    try:
        return (folder / ARCHIVE_FILE).is_file() or any((folder / FINISHED_FOLDER).glob("*.json"))
    except OSError:
        return False


def news() -> FileProblem | None:
    """What the player has not been told yet of the open archive: a damaged one set aside, a newer
    version's left untouched, one that could not be opened (once, then None)."""
    for archive in _open.values():
        if archive.opening_problem is not None and not archive.told:
            archive.told = True
            return archive.opening_problem
    return None


def close_all() -> None:
    """Close every open archive (tests, and a data folder that changed under the program)."""
    with _opening:
        for archive in _open.values():
            archive.close()
        _open.clear()


def keep(session: GameSession, outcome: str, folder: Path | None = None) -> FileProblem | None:
    """A game that ended (finished, resigned, or abandoned when replaced or deleted) into the archive
    of `folder` (the save's folder, else the data folder), then out of its Continue slot. A failure
    is kept in `session.archive_problem` and the save stays in its slot."""
    if folder is None:
        folder = session.save_path.parent if session.save_path is not None else data_dir()
    archive = store(folder)
    problem = archive.record(entry_of_session(session, outcome, _now()))
    if problem is None and archive.in_memory:  # kept for this run only: the save stays in its slot
        problem = archive.opening_problem
    if problem is None and session.save_path is not None:
        try:
            files.remove(session.save_path)
        except OSError as error:  # archived all the same: said so, not as a game left out
            reason = files.write_reason(error)
            problem = FileProblem(session.save_path.name, reason, files.shorten(str(error)), archived=True)
    session.archive_problem = problem
    return problem


def keep_abandoned(path: Path) -> FileProblem | None:
    """The game in the slot `path`, about to be replaced or deleted, into the archive as abandoned
    (finished, if it was played to its end); a save that cannot be read has nothing to archive.
    A problem when the archive could not keep it (busy, read-only, full, or only in memory)."""
    try:
        session = GameSession.resume(path)
    except SaveError:
        return None
    outcome = FINISHED if session.over else ABANDONED
    archive = store(path.parent)
    problem = archive.record(entry_of_session(session, outcome, _now()))
    if problem is None and archive.in_memory:  # kept for this run only: not kept
        problem = archive.opening_problem
    return problem
