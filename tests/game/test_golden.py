"""Golden playthroughs: four seeded bot games written out step by step, diffed against tests/golden/.

As OpenSpiel keeps them: each file is the whole game as text, every chance outcome and every
action played, and at each decision the position and the legal actions. A changed line says
exactly where a rule, the flow or a bot now does something else. The text is built from public
things only (`game.goennen.engine.legal_actions`, `game.goennen.position.position_to_data`, the action texts,
`play_game`'s outcome), so a re-layering of the state's inside does not change it; the games use a
frozen copy of deck version 2 (`data/deck-v2.toml`), so a new deck version does not either.

Write them again (only for a deliberate change of the rules, the bots or the position format,
said in the commit):
    python -m tests.game.test_golden --write
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby, islice
from pathlib import Path
from typing import Any

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.deck import load_deck
from game.goennen.engine import legal_actions
from game.goennen.match import Match
from game.goennen.position import position_to_data

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
DECK = Path(__file__).resolve().parent / "data" / "deck-v2.toml"

# position keys shown per seat or in the header, not on the decision's state line
_NOT_ON_STATE_LINE = ("players", "start", "solo_level", "market", "decks", "seats")

HEADER = """\
# Golden playthrough: {title}.
# Seed {seed}, seats played by {bots}{solo}; deck tests/game/data/deck-v2.toml (frozen v2).
# Written by tests/game/test_golden.py (python -m tests.game.test_golden --write); the suite
# plays the game again and diffs it with this file.
#
# The cut: every step of the game is here. "chance:" lines are the rolls and draws as the match
# drew them. At each seat's decision ("== step N"): the position, then the legal actions and
# "> " the action the bot played. The position is the state's keys as game.goennen.position writes
# them, then the market, the decks (unseen card counts, the cards under them) and each seat's
# display (card id@cell, filled fields with '.' for empty ones, bonus marks used, wild colour;
# then hand and pending card); these last lines only when they changed since the last
# decision, so an unwritten line reads "as before". The legal actions are in full, sorted, one
# line per kind with their count, except that 31 rerolls (every non-empty set of the five
# dice) read "any set of dice". Hidden information is shown: this is the whole state, not a
# seat's view. The last line is the result.
"""


@dataclass(frozen=True)
class GoldenGame:
    name: str
    title: str
    bots: tuple[str, ...]
    seed: int
    solo_level: int | None = None


# every action's first word (docs/engine.md); the four games together play each of them
ACTION_KINDS = (
    "roll",
    "draw",
    "return",
    "place",
    "reroll",
    "plus",
    "minus",
    "recolour",
    "complete",
    "buy",
    "write",
    "take",
    "discard",
    "remove",
    "wild",
    "pass",
    "end",
)

GAMES = (
    GoldenGame("solo-level-1", "solo, level 1", ("hard",), 1, solo_level=1),
    GoldenGame("two-seats", "two seats", ("easy", "hard"), 1),
    GoldenGame("three-seats", "three seats", ("normal", "hard", "easy"), 1),
    GoldenGame("four-seats", "four seats", ("hard", "normal", "easy", "hard"), 1),
)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ",".join(str(item) for item in value) or "-"
    return str(value) if value != "" else "-"


def position_text(data: dict[str, Any]) -> dict[str, str]:
    """A position (as game.goennen.position writes it) in a few stable lines, keyed by what each shows:
    "state", "market", "decks", "seat 0", "seat 1", ..."""
    state = " ".join(f"{key}={_value_text(v)}" for key, v in data.items() if key not in _NOT_ON_STATE_LINE)
    lines = {"state": state}
    lines["market"] = "market " + " | ".join(f"{row} {cards}" for row, cards in data["market"].items())
    decks = data["decks"]
    piles = []
    for row in ("scoring", "bonus"):
        unseen = decks[row].split()
        pile = f"{row} {0 if unseen == ['-'] else len(unseen)} unseen"
        if f"{row}_bottom" in decks:
            pile += f", under it {decks[f'{row}_bottom']}"
        piles.append(pile)
    lines["decks"] = "decks " + " | ".join(piles)
    for index, seat in enumerate(data["seats"]):
        cards = []
        for card in seat["cards"]:
            text = f"{card['id']}@{card['at']}"
            text += f" {card['filled']}" if "filled" in card else ""
            text += f" marks {card['marks']}" if "marks" in card else ""
            text += f" wild {card['wild']}" if "wild" in card else ""
            cards.append(text)
        line = f"seat {index}: " + (" | ".join(cards) or "no cards")
        line += f"; hand {seat['hand']}" if "hand" in seat else ""
        line += f"; pending {seat['pending']}" if "pending" in seat else ""
        lines[f"seat {index}"] = line
    return lines


def legal_text(texts: Sequence[str]) -> list[str]:
    """The legal actions sorted, one line per kind (the action's first word) with its count; 31
    rerolls are every non-empty set of the five dice, said in words."""
    lines = []
    for kind, group in groupby(sorted(texts), key=lambda text: text.split()[0]):
        actions = list(group)
        listed = "any set of dice" if kind == "reroll" and len(actions) == 31 else " | ".join(actions)
        lines.append(f"  {kind} ({len(actions)}): {listed}")
    return lines


def playthrough(game: GoldenGame) -> str:
    """Play `game` and write it out step by step."""
    solo = f", solo level {game.solo_level}" if game.solo_level is not None else ""
    lines = HEADER.format(title=game.title, seed=game.seed, bots=", ".join(game.bots), solo=solo).splitlines()
    written = 0  # actions of the match already in the text
    shown: dict[str, str] = {}  # the market, decks and seat lines as last written
    matches: list[Match] = []  # the match, as the watch sees it

    def chance_since(match: Match) -> None:
        nonlocal written
        lines.extend(f"chance: {action}" for action in match.actions[written:])
        written = len(match.actions)

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal written
        chance_since(match)
        lines.append(f"== step {written}: seat {seat} ({game.bots[seat]}) decides")
        for key, line in position_text(position_to_data(match.state)).items():
            if key == "state" or shown.get(key) != line:
                lines.append(line)
                shown[key] = line
        lines.extend(legal_text([str(legal) for legal in legal_actions(match.state)]))
        lines.append(f"> {action}")
        written += 1  # the match plays it next
        matches[:] = [match]

    bots = [make_bot(level, unhurried=True) for level in game.bots]
    record = play_game(bots, game.seed, solo_level=game.solo_level, deck=load_deck(DECK), watch=watch)
    chance_since(matches[0])
    outcome = record.outcome
    totals = " ".join(f"{score.total} ({score.empty_fields} empty)" for score in outcome.scores)
    winners = ",".join(str(seat) for seat in outcome.winners)
    end = f"== over after {record.turns} turns: totals {totals}; winners {winners}"
    end += "; tie broken by empty fields" if outcome.tie_broken else ""
    if outcome.solo_won is not None:
        end += "; solo won" if outcome.solo_won else "; solo lost"
    lines.append(end)
    return "\n".join(lines) + "\n"


def golden_file(game: GoldenGame) -> Path:
    return GOLDEN / f"{game.name}.txt"


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_the_game_plays_as_its_golden_playthrough(game: GoldenGame) -> None:
    expected = golden_file(game).read_text(encoding="utf-8").splitlines()
    played = playthrough(game).splitlines()
    if played != expected:
        diff = difflib.unified_diff(expected, played, "golden", "played", n=2, lineterm="")
        shown = "\n".join(islice(diff, 60))
        pytest.fail(f"{golden_file(game).name} is not played again:\n{shown}", pytrace=False)


def test_the_golden_games_play_every_kind_of_action() -> None:
    played = set()
    for game in GAMES:
        for line in golden_file(game).read_text(encoding="utf-8").splitlines():
            if line.startswith(("> ", "chance: ")):
                played.add(line.removeprefix("chance: ").removeprefix("> ").split()[0])
    assert played == set(ACTION_KINDS)


def main() -> None:
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    GOLDEN.mkdir(exist_ok=True)
    for game in GAMES:
        golden_file(game).write_text(playthrough(game), encoding="utf-8")
        print(f"wrote {golden_file(game)}")


if __name__ == "__main__":
    main()
