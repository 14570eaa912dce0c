"""The same seeded bot games, action for action, whatever the engine's inside looks like.

`data/same_games.txt` holds one line per game (bot level, seats, seed, SHA-256 of the game's
action texts and final totals), recorded at the commit before the engine was re-layered
(99e9978). The games are played with a frozen copy of deck version 2 (`data/deck-v2.toml`), so a
new deck version does not touch them, by unhurried bots (no clock stop, so a loaded machine
plays the same moves). A changed hash means the engine or a bot now plays a
different game: a rule or a bot changed, which a refactoring must never do.

Record again (only for a deliberate change of the rules or the bots, said in the commit):
    python -m tests.game.test_same_games --record
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.deck import Deck, load_deck
from game.goennen.match import Match

DATA = Path(__file__).resolve().parent / "data"
RECORD = DATA / "same_games.txt"
LEVELS = ("easy", "normal", "hard")
SEATS = (1, 2, 3, 4)
GAMES_PER_CELL = 25  # 3 levels x 4 seat counts x 25 = 300 games


def frozen_deck() -> Deck:
    return load_deck(DATA / "deck-v2.toml")


def game_specs() -> list[tuple[str, int, int]]:
    return [(level, seats, seed) for level in LEVELS for seats in SEATS for seed in range(GAMES_PER_CELL)]


def game_hash(level: str, seats: int, seed: int, deck: Deck) -> str:
    """Play one seeded game (solo levels 1..7 in turn for one seat) and hash its whole record."""
    solo_level = seed % 7 + 1 if seats == 1 else None
    matches: list[Match] = []

    def keep_match(match: Match, seat: int, action: object) -> None:
        if not matches:
            matches.append(match)

    bots = [make_bot(level, unhurried=True) for _ in range(seats)]
    record = play_game(bots, seed, solo_level=solo_level, deck=deck, watch=keep_match)
    texts = [str(action) for action in matches[0].actions]
    texts.append(" ".join(str(score.total) for score in record.outcome.scores))
    texts.append(f"turns {record.turns}")
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def read_record() -> dict[tuple[str, int, int], str]:
    recorded = {}
    for line in RECORD.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            level, seats, seed, digest = line.split()
            recorded[(level, int(seats), int(seed))] = digest
    return recorded


@pytest.mark.slow
def test_every_recorded_game_is_played_again_action_for_action() -> None:
    recorded = read_record()
    assert sorted(recorded) == sorted(game_specs())
    deck = frozen_deck()
    changed = [spec for spec in game_specs() if game_hash(*spec, deck) != recorded[spec]]
    assert changed == [], f"{len(changed)} of {len(recorded)} seeded games changed, first: {changed[:5]}"


def main() -> None:
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    deck = frozen_deck()
    lines = ["# level seats seed sha256 (tests/game/test_same_games.py)"]
    for spec in game_specs():
        level, seats, seed = spec
        lines.append(f"{level} {seats} {seed} {game_hash(level, seats, seed, deck)}")
    RECORD.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
