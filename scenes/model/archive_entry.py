"""One game as the archive keeps it: who sat where, the mode, the result and each card's points, and
the save itself (the record that replays it), worked out from a save's data by replaying it.

Replaying is also the check: a record the rules refuse (a damaged or tampered file, a game of
another deck version) raises SaveError, exactly as a save would, so nothing unplayable is archived.
No pygame here.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import penk
from game.goennen.engine import current_scores, result
from game.goennen.serialize import FIRST_GAME, GAME_KEY, SaveError
from scenes.model.gameconfig import SeatKind
from scenes.model.session import GameSession
from scenes.model.text import printable

FINISHED = "finished"
RESIGNED = "resigned"
ABANDONED = "abandoned"
OUTCOMES = (FINISHED, RESIGNED, ABANDONED)
MULTIPLAYER = "multiplayer"
# "online" and "online_host": a game at an online table (scenes/model/online_games.py), the second
# hosted on a player's computer, which held the dice's key during the game
MODES = (MULTIPLAYER, "solo", "campaign", "watch", "online", "online_host")
PENK = "penk"


@dataclass(frozen=True)
class CardPoints:
    card_id: str  # a scoring card's id; in Penk! a row or column ("row 1", "column 3")
    points: int
    completed: bool


@dataclass(frozen=True)
class SeatEntry:
    name: str
    kind: str  # "human" or "bot"
    level: str | None
    score: int
    won: bool
    cards: tuple[CardPoints, ...]


@dataclass(frozen=True)
class ArchiveEntry:
    game: str
    played_at: str
    outcome: str
    mode: str
    solo_level: int | None
    deck_version: int
    seed: int
    rounds: int
    actions: int
    seats: tuple[SeatEntry, ...]
    record: dict[str, Any]  # the save's data: game.goennen.serialize's envelope with seats and context
    fingerprint: str  # fingerprint(record): the archive keeps each game once
    # the player's seats (an online game: the one seat played here); None: the human seats, or
    # in a watched game the bots
    player_seats: tuple[int, ...] | None = None


def fingerprint(record: dict[str, Any]) -> str:
    """The same game (setup and actions) always gives the same key, whatever else the save holds:
    two checksums and the length of its text (zlib's: hashlib would bring OpenSSL into the
    bundle); two different games share one with a chance of about 2**-64."""
    key = {
        "game": record.get(GAME_KEY, FIRST_GAME),
        "setup": record.get("setup"),
        "actions": record.get("actions"),
    }
    text = json.dumps(key, sort_keys=True).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}-{len(text)}"


def mode_of(context: Any) -> str:
    mode = context.get("mode") if isinstance(context, dict) else None
    return mode if mode in MODES else MULTIPLAYER


def entry_of_session(session: GameSession, outcome: str, played_at: str) -> ArchiveEntry:
    """A game on the table as the archive keeps it; `outcome` says how it ended."""
    if session.game == PENK:
        source = session.save_path.name if session.save_path is not None else "penk"
        return _penk_entry(session.to_data(), outcome, played_at, source)
    state = session.state
    over = state.is_over and outcome == FINISHED
    scores = result(state).scores if over else current_scores(state)
    winners = set(result(state).winners) if over else set()
    level = state.config.solo_level
    record = session.to_data()
    seats = []
    for index, (seat, score) in enumerate(zip(session.seats, scores, strict=True)):
        if level is not None:  # solo: won when the target is reached
            won = over and result(state).solo_won is True
        else:
            won = index in winners
        cards = tuple(CardPoints(card.card_id, card.points, card.completed) for card in score.cards)
        seats.append(SeatEntry(seat.name, seat.kind.value, seat.level, score.total, won, cards))
    return ArchiveEntry(
        game=FIRST_GAME,
        played_at=played_at,
        outcome=outcome,
        mode=mode_of(session.context),
        solo_level=level,
        deck_version=state.deck.version,
        seed=session.match.setup.seed,
        rounds=state.round + 1,
        actions=len(session.match.actions),
        seats=tuple(seats),
        record=record,
        fingerprint=fingerprint(record),
    )


def entry_of_record(record: Any, outcome: str | None, played_at: str, source: str) -> ArchiveEntry:
    """An archived, imported or shared save as an entry (its game named by the envelope); raises
    SaveError naming `source` when the rules refuse it. `outcome` None: finished when the game is
    over, else resigned (the old finished/ folder held both)."""
    if not isinstance(record, dict):
        raise SaveError(f"{source} is not a saved game of Gönnen Können (unknown format)")
    if record.get(GAME_KEY, FIRST_GAME) == PENK:
        return _penk_entry(record, outcome, played_at, source)
    session = GameSession.from_data(record, Path(source))  # only the name is used, in refusals
    if outcome is None:
        outcome = FINISHED if session.over else RESIGNED
    return entry_of_session(session, outcome, played_at)


def _penk_entry(record: dict[str, Any], outcome: str | None, played_at: str, source: str) -> ArchiveEntry:
    match = penk.match_from_json(json.dumps(record), source)
    state = match.state
    if outcome is None:
        outcome = FINISHED if state.is_over else RESIGNED
    over = state.is_over and outcome == FINISHED
    scores = penk.result(state).scores if over else penk.current_scores(state)
    winners = set(penk.result(state).winners) if over else set()
    names = _penk_seats(record.get("seats"), state.players, source)
    seats = tuple(
        SeatEntry(
            name,
            kind,
            level,
            score.total,
            index in winners,
            tuple(CardPoints(f"row {i + 1}", points, points > 0) for i, points in enumerate(score.rows))
            + tuple(
                CardPoints(f"column {i + 1}", points, points > 0) for i, points in enumerate(score.columns)
            ),
        )
        for index, ((name, kind, level), score) in enumerate(zip(names, scores, strict=True))
    )
    return ArchiveEntry(
        game=PENK,
        played_at=played_at,
        outcome=outcome,
        mode=mode_of(record.get("context")),
        solo_level=None,
        deck_version=0,  # Penk! has no deck
        seed=match.setup.seed,
        rounds=state.round,
        actions=len(match.actions),
        seats=seats,
        record=record,
        fingerprint=fingerprint(record),
    )


def _penk_seats(raw: Any, players: int, source: str) -> list[tuple[str, str, str | None]]:
    if raw is None:
        return [(f"Player {i + 1}", SeatKind.HUMAN.value, None) for i in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise SaveError(f"{source} is damaged: key 'seats' should list {players} seats")
    seats = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise SaveError(f"{source} is damaged: seat {index + 1} has no name")
        kind = entry.get("kind")
        level = entry.get("level")
        if kind not in (SeatKind.HUMAN.value, SeatKind.BOT.value):
            raise SaveError(f"{source} is damaged: seat {index + 1} is neither human nor bot")
        if kind == SeatKind.BOT.value and level not in penk.LEVELS:
            raise SaveError(f"{source} is damaged: seat {index + 1} has an unknown bot level {level!r}")
        seats.append(
            (printable(entry["name"]) or f"Player {index + 1}", kind, level if kind == "bot" else None)
        )
    return seats
