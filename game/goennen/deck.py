"""Loading and checking the card deck from its data file (TOML, see assets/deck/README.md).

A broken deck is refused with a `DeckError` naming the file, the card and the key, so the game
never starts on a broken deck (rules-decisions.md section 1).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.goennen.cards import (
    SCORING_KINDS_WITH_COLOUR,
    BonusKind,
    Card,
    CardKind,
    ScoringKind,
    parse_task,
)
from game.goennen.colours import Colour
from game.kit.plain_files import read_plain_text

MAX_DECK_BYTES = 1_000_000  # the deck is some 10 kB: a larger file (or /dev/zero) is not one
DECK_PATH = Path(__file__).resolve().parents[2] / "assets" / "deck" / "deck.toml"

SCORING_COUNT = 29
BONUS_COUNT = 20
BONUS_KIND_COUNTS: Mapping[BonusKind, int] = {
    BonusKind.PLUS_MINUS: 5,
    BonusKind.RECOLOUR: 4,
    BonusKind.EXTRA_DIE: 4,
    BonusKind.WILD_COLOUR: 3,
    BonusKind.DISCOUNT: 4,
}
SCORING_KIND_COUNTS: Mapping[ScoringKind, int] = {
    ScoringKind.ADJACENT_COMPLETED: 5,
    ScoringKind.COLOUR_COUNT: 5,
    ScoringKind.ADJACENT_COLOUR: 5,
    ScoringKind.COMPLETE_LINES: 4,
    ScoringKind.FIVE_COLOURS: 3,
    ScoringKind.MONO_LINES: 3,
    ScoringKind.BONUS_KINDS: 4,
}

_CARD_KEYS = {
    "id",
    "kind",
    "colour",
    "task",
    "sum",
    "bonus",
    "scoring",
    "points",
    "scoring_colour",
    "title",
}


class DeckError(ValueError):
    """The deck file cannot be used; the message names the file, the card and the key."""


@dataclass(frozen=True)
class Deck:
    """All cards of one deck version, looked up by id."""

    version: int
    cards: tuple[Card, ...]
    by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {card.id: card for card in self.cards})

    def __getitem__(self, card_id: str) -> Card:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise KeyError(f"no card {card_id!r} in deck version {self.version}") from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def of_kind(self, kind: CardKind) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.kind == kind)

    def ids(self, kind: CardKind) -> tuple[str, ...]:
        return tuple(card.id for card in self.of_kind(kind))


@lru_cache(maxsize=1)
def standard_deck() -> Deck:
    """The game's own deck (assets/deck/deck.toml), loaded once and checked in full."""
    return load_deck(DECK_PATH)


def load_deck(path: Path, *, check_counts: bool = True) -> Deck:
    """Read a deck file. With check_counts, the printed counts of each kind are enforced."""
    name = path.name
    try:
        raw = tomllib.loads(read_plain_text(path, MAX_DECK_BYTES))
    except OSError as error:
        raise DeckError(f"deck file {name}: cannot be read ({error.strerror})") from error
    except UnicodeDecodeError as error:
        raise DeckError(f"deck file {name}: not valid TOML ({error})") from error
    except ValueError as error:  # too large, TOML errors, and Python's limit on a number's digits
        what = str(error) if str(error).startswith("larger than") else f"not valid TOML ({error})"
        raise DeckError(f"deck file {name}: {what}") from error
    return deck_from_data(raw, source=name, check_counts=check_counts)


def deck_from_data(raw: Mapping[str, Any], *, source: str, check_counts: bool = True) -> Deck:
    version = raw.get("version")
    if not isinstance(version, int) or version < 1:
        raise DeckError(f"deck file {source}: key 'version' must be a whole number of at least 1")
    entries = raw.get("cards")
    if not isinstance(entries, list) or not entries:
        raise DeckError(f"deck file {source}: no [[cards]] tables found")
    cards: list[Card] = []
    seen: set[str] = set()
    for position, entry in enumerate(entries, start=1):
        card = _card_from_entry(entry, source, position)
        if card.id in seen:
            raise DeckError(f"deck file {source}, card {card.id}: the id is used twice")
        seen.add(card.id)
        cards.append(card)
    if check_counts:
        _check_counts(cards, source)
    return Deck(version, tuple(cards))


def _card_from_entry(entry: Any, source: str, position: int) -> Card:
    if not isinstance(entry, dict):
        raise DeckError(f"deck file {source}, card number {position}: not a table")
    card_id = entry.get("id")
    if not isinstance(card_id, str) or not card_id.strip():
        raise DeckError(f"deck file {source}, card number {position}: key 'id' is missing")
    where = f"deck file {source}, card {card_id}"

    def fail(key: str, reason: str) -> DeckError:
        return DeckError(f"{where}, key '{key}': {reason}")

    unknown = set(entry) - _CARD_KEYS
    if unknown:
        raise fail(sorted(unknown)[0], "unknown key")
    try:
        kind = CardKind(str(entry.get("kind")))
    except ValueError:
        raise fail("kind", "must be 'scoring' or 'bonus'") from None
    total = entry.get("sum", 0)
    if not isinstance(total, int) or total < 0:
        raise fail("sum", "must be a whole number, the least sum of the fields")
    task_text = entry.get("task")
    if not isinstance(task_text, str):
        raise fail("task", 'missing (for example task = "W < W < W")')
    try:
        task = parse_task(task_text, total)
    except ValueError as error:
        raise fail("task", str(error)) from None
    bonus = _enum_or_none(BonusKind, entry.get("bonus"), lambda r: fail("bonus", r))
    scoring = _enum_or_none(ScoringKind, entry.get("scoring"), lambda r: fail("scoring", r))
    colour = _colour_or_none(entry.get("colour"), lambda r: fail("colour", r))
    scoring_colour = _colour_or_none(entry.get("scoring_colour"), lambda r: fail("scoring_colour", r))
    points = entry.get("points", 0)
    if kind == CardKind.BONUS:
        if bonus is None:
            raise fail("bonus", f"a bonus card needs one of: {_names(BonusKind)}")
        if scoring is not None or "points" in entry or scoring_colour is not None:
            raise fail("scoring", "a bonus card has no scoring, points or scoring_colour")
        if (bonus == BonusKind.WILD_COLOUR) != (colour is None):
            raise fail("colour", "wild-colour cards have no colour, every other card has one")
    else:
        if scoring is None:
            raise fail("scoring", f"a scoring card needs one of: {_names(ScoringKind)}")
        if bonus is not None:
            raise fail("bonus", "a scoring card has no bonus")
        if colour is None:
            raise fail("colour", "a scoring card needs a colour")
        if not isinstance(points, int) or points < 1:
            raise fail("points", "must be a whole number of at least 1")
        if (scoring in SCORING_KINDS_WITH_COLOUR) != (scoring_colour is not None):
            raise fail("scoring_colour", "needed by colour-count and adjacent-colour cards only")
    title = entry.get("title", "")
    if not isinstance(title, str):
        raise fail("title", "must be text")
    return Card(
        id=card_id,
        kind=kind,
        colour=colour,
        task=task,
        bonus=bonus,
        scoring=scoring,
        points=points if kind == CardKind.SCORING else 0,
        scoring_colour=scoring_colour,
        title=title,
    )


def _names(kinds: Iterable[Any]) -> str:
    return ", ".join(str(kind.value) for kind in kinds)


def _enum_or_none(enum: Any, value: Any, fail: Any) -> Any:
    if value is None:
        return None
    try:
        return enum(value)
    except ValueError:
        raise fail(f"unknown value {value!r} (expected one of: {_names(enum)})") from None


def _colour_or_none(value: Any, fail: Any) -> Colour | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise fail("must be a colour word such as 'yellow'")
    try:
        return Colour.from_word(value)
    except ValueError as error:
        raise fail(str(error)) from None


def _check_counts(cards: list[Card], source: str) -> None:
    scoring = Counter(card.scoring for card in cards if card.kind == CardKind.SCORING)
    bonus = Counter(card.bonus for card in cards if card.kind == CardKind.BONUS)
    if sum(scoring.values()) != SCORING_COUNT or sum(bonus.values()) != BONUS_COUNT:
        raise DeckError(
            f"deck file {source}: needs {SCORING_COUNT} scoring and {BONUS_COUNT} bonus cards, "
            f"has {sum(scoring.values())} and {sum(bonus.values())}"
        )
    for bonus_kind, wanted in BONUS_KIND_COUNTS.items():
        if bonus[bonus_kind] != wanted:
            raise DeckError(
                f"deck file {source}: needs {wanted} '{bonus_kind}' bonus cards, has {bonus[bonus_kind]}"
            )
    for scoring_kind, wanted in SCORING_KIND_COUNTS.items():
        if scoring[scoring_kind] != wanted:
            raise DeckError(
                f"deck file {source}: needs {wanted} '{scoring_kind}' scoring cards, "
                f"has {scoring[scoring_kind]}"
            )
