"""The deck file: the standard deck loads with the printed counts; a broken one is refused by name."""

import hashlib
import json
from itertools import combinations
from pathlib import Path

import pytest

from game.goennen.ai.kernels.odds import one_turn_chance
from game.goennen.cards import Card, CardKind, parse_task
from game.goennen.deck import DECK_PATH, DeckError, load_deck, standard_deck

# The fingerprint of every frozen deck version (see assets/deck/README.md). Changing a card's task,
# colour, reward or points under a frozen number fails here: give the deck a new version, calibrate
# it again (docs/deck.md), and add its fingerprint.
FROZEN_VERSIONS = {
    2: "ab317c7f195b989b",
    3: "0d7d5d69a2587363",
    4: "42bd3be7cf89ff9e",
}


def test_standard_deck_has_the_printed_counts() -> None:
    deck = standard_deck()
    assert len(deck.of_kind(CardKind.SCORING)) == 29
    assert len(deck.of_kind(CardKind.BONUS)) == 20


def test_rule_book_examples_are_in_the_deck() -> None:
    tasks = {card.task.text() for card in standard_deck().cards}
    assert "W < W < O < W < W" in tasks  # rising run of five, orange in the middle
    assert "O = W, G = W = W" in tasks  # pair and triple, orange in the pair, green in the triple
    assert any(text.startswith("Y3") for text in tasks)  # a yellow 3
    assert any(text.endswith("sum >= 40") for text in tasks)  # a sum of at least 40


def _write_deck_with(tmp_path: Path, old: str, new: str) -> Path:
    text = DECK_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "deck.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ('task = "W < W < O < W < W"', 'task = "W < W < X < W < W"', ["card S01", "'task'", "'X'"]),
        ('task = "W < W < O < W < W"', 'task = "W < W <"', ["card S01", "'task'"]),
        ('task = "W < W < O < W < W"', 'task = "W6 < W1"', ["card S01", "can ever fulfil"]),
        ('scoring = "adjacent-completed"', 'scoring = "most-cards"', ["card S01", "'scoring'"]),
        ("points = ", "points = -", ["card S01", "'points'"]),
        ('colour = "orange"', 'colour = "pink"', ["card S01", "'colour'", "pink"]),
        ('id = "S02"', 'id = "S01"', ["card S01", "twice"]),
        ('bonus = "plus-minus"', 'bonus = "teleport"', ["card B01", "'bonus'"]),
    ],
)
def test_broken_card_is_refused_naming_card_and_key(
    tmp_path: Path, old: str, new: str, named: list[str]
) -> None:
    path = _write_deck_with(tmp_path, old, new)
    with pytest.raises(DeckError) as error:
        load_deck(path)
    message = str(error.value)
    assert "deck.toml" in message
    for part in named:
        assert part in message


def test_wrong_counts_are_refused(tmp_path: Path) -> None:
    path = _write_deck_with(tmp_path, 'bonus = "plus-minus"', 'bonus = "discount"')
    with pytest.raises(DeckError, match="plus-minus"):
        load_deck(path)


def test_unreadable_toml_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "mydeck.toml"
    path.write_text("version = [", encoding="utf-8")
    with pytest.raises(DeckError, match="mydeck.toml"):
        load_deck(path)


def test_missing_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="nothere.toml"):
        load_deck(tmp_path / "nothere.toml")


def test_task_notation_round_trips() -> None:
    for text in ["W < W < O < W < W", "O = W, G = W = W", "Y3, W = W = W", "P6, W < W < W"]:
        assert parse_task(text).text() == text
    assert parse_task("W, W, W", 14).text() == "W, W, W; sum >= 14"


def _fingerprint(cards: tuple[Card, ...]) -> str:
    rows = [
        [
            card.id,
            str(card.kind),
            str(card.colour) if card.colour else "",
            card.task.text(),
            str(card.bonus or card.scoring),
            card.points,
            str(card.scoring_colour) if card.scoring_colour else "",
        ]
        for card in cards
    ]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def test_a_frozen_deck_version_never_changes() -> None:
    deck = standard_deck()
    assert deck.version in FROZEN_VERSIONS, f"deck version {deck.version} has no recorded fingerprint"
    assert _fingerprint(deck.cards) == FROZEN_VERSIONS[deck.version], (
        f"the cards of deck version {deck.version} changed: a changed deck needs a new version "
        "and a new calibration (docs/deck.md)"
    )


@pytest.mark.parametrize("version", [2, 3])
def test_a_frozen_copy_of_an_old_version_is_that_version(version: int) -> None:
    # the same-games test and the progress tests play deck version 2 from its copy, the progress
    # tests version 3 from its own
    copy = load_deck(Path(__file__).resolve().parent / "data" / f"deck-v{version}.toml")
    assert copy.version == version
    assert _fingerprint(copy.cards) == FROZEN_VERSIONS[version]


def test_points_follow_difficulty_within_each_scoring_kind() -> None:
    # rules-decisions: the same scoring kind carries more points on a harder task; the yardstick is
    # the exact chance to complete the fresh card in one active turn (0 for tasks over five fields)
    scoring = standard_deck().of_kind(CardKind.SCORING)
    chance = {card.id: one_turn_chance(card.task) for card in scoring}
    for first, second in combinations(scoring, 2):
        if first.scoring != second.scoring:
            continue
        harder, easier = sorted((first, second), key=lambda card: chance[card.id])
        if chance[harder.id] < chance[easier.id]:
            assert harder.points >= easier.points, (
                f"{harder.id} ({chance[harder.id]:.0%} in one turn) scores less than "
                f"{easier.id} ({chance[easier.id]:.0%})"
            )


def test_the_deck_page_lists_the_cards_as_they_are() -> None:
    from tools.deck_doc import DOC_PATH, card_tables

    assert card_tables(standard_deck()) in DOC_PATH.read_text(encoding="utf-8"), (
        "docs/deck.md is out of date: run python -m tools.deck_doc --write"
    )
