"""The deck file: the standard deck loads with the printed counts; a broken one is refused by name."""

from pathlib import Path

import pytest

from game.cards import CardKind, parse_task
from game.deck import DECK_PATH, DeckError, load_deck, standard_deck


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
        ("points = 4", "points = 0", ["card S01", "'points'"]),
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
