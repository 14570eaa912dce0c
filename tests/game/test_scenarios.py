"""Every rule scenario in tests/scenarios/ holds, and the scenario tool reports success, failures and
broken files with the right exit status (0, 1, 2)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from game.goennen.deck import Deck, load_deck, standard_deck
from game.goennen.position import PositionError, position_from_data, position_to_data
from tools.scenario import EXPECT_KEYS, ScenarioError, check, load

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))
RULES_DECK = ROOT / "tests" / "scenarios" / "decks" / "rules.toml"


def test_there_are_at_least_sixty_scenarios() -> None:
    assert len(SCENARIOS) >= 60


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_holds(path: Path) -> None:
    scenario = load(path)
    assert check(scenario) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_position_round_trips(path: Path) -> None:
    state = load(path).state
    again = position_from_data(position_to_data(state), "round trip", deck=state.deck)
    assert again == state
    assert again.deck is state.deck


def test_every_scenario_plays_with_the_frozen_rules_deck() -> None:
    # the rule tests must not change when the game's deck does (assets/deck/deck.toml)
    rules_deck = load_deck(RULES_DECK)
    assert rules_deck.version == 1
    for path in SCENARIOS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data.get("deck") == "decks/rules.toml", f"{path.name} does not name the rules-test deck"
        assert load(path).state.deck == rules_deck


def test_every_rules_point_is_covered_by_a_scenario() -> None:
    readme = (ROOT / "tests" / "scenarios" / "README.md").read_text(encoding="utf-8")
    named: set[str] = set()
    for path in SCENARIOS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        named.update(data.get("rules", []))
        assert path.name in readme, f"{path.name} is missing from tests/scenarios/README.md"
    points = {"2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "3.4", "3.5", "4.1", "4.2", "4.3", "4.3.1", "4.3.2"}
    points |= {"4.3.3", "4.3.4", "4.3.5", "4.4", "5.1", "5.2", "5.3", "5.4", "6.1", "6.2"}
    assert points <= named, f"rules points without a scenario: {sorted(points - named)}"


# --- the tool ---------------------------------------------------------------------------------------

# the tool's own tests play with the frozen rules-test deck too (named by its absolute path)
RULES_DECK_LINE = f"deck = '{RULES_DECK.as_posix()}'"
GOOD = f"""
description = "After roll 3 the player may end the turn"
{RULES_DECK_LINE}
rolls = 3
dice = "Y1 O2 G4 B5 P1"
legal = ["end"]

[[seats]]
cards = [{{ id = "S06", at = "0,0" }}]

[[seats]]
cards = [{{ id = "S07", at = "0,0" }}]
"""


def _run_tool(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "tools.scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_tool_exits_0_when_every_expectation_holds(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "legal actions" in run.stdout
    assert "seat 0: 0 points" in run.stdout
    assert "S06 colour-count: not completed: 0" in run.stdout


def test_tool_exits_1_on_a_failing_expectation(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD.replace('legal = ["end"]', 'legal = ["reroll Y"]'))
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL" in run.stdout and "'reroll Y' should be legal" in run.stdout


def test_tool_exits_1_when_an_illegal_action_is_accepted(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD.replace('legal = ["end"]', 'illegal = ["end"]'))
    assert run.returncode == 1
    assert "'end' should be refused but apply accepts it" in run.stdout


def test_tool_exits_1_on_a_wrong_refusal_reason(tmp_path: Path) -> None:
    text = GOOD.replace('legal = ["end"]', 'illegal = [{ action = "reroll Y", reason = "full moon" }]')
    run = _run_tool(tmp_path, text)
    assert run.returncode == 1
    assert "does not say 'full moon'" in run.stdout


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('dice = "Y1 O2 G4 B5 P1"', 'dice = "Y1 O2 G4 B5 P9"', "dice"),
        ("rolls = 3", "rolls = 7", "rolls"),
        ('{ id = "S06", at = "0,0" }', '{ id = "S99", at = "0,0" }', "seats[0].cards[0].id"),
        ('{ id = "S06", at = "0,0" }', '{ id = "S07", at = "0,0" }', "seats[1].cards[0].id"),
        ('at = "0,0" }', 'at = "0,0", filled = "4 . . ." }', "seats[0].cards[0].filled"),
        ('legal = ["end"]', 'legal = ["jump"]', "legal[0]"),
        ('legal = ["end"]', 'legal = ["end"]\ncolour = "red"', "colour"),
        ('description = "After roll 3 the player may end the turn"', "", "description"),
    ],
)
def test_tool_exits_2_on_a_broken_file_naming_the_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    assert old in GOOD
    run = _run_tool(tmp_path, GOOD.replace(old, new, 1))
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"key '{key}'" in run.stdout


def _with_deck(tmp_path: Path, deck_text: str) -> str:
    """GOOD with deck = "decks/mine.toml", that file holding `deck_text` (next to the scenario)."""
    (tmp_path / "decks").mkdir(exist_ok=True)
    (tmp_path / "decks" / "mine.toml").write_text(deck_text, encoding="utf-8")
    return GOOD.replace(RULES_DECK_LINE, 'deck = "decks/mine.toml"', 1)


def test_tool_reads_the_cards_from_the_named_deck(tmp_path: Path) -> None:
    rules_deck = RULES_DECK.read_text(encoding="utf-8")
    run = _run_tool(tmp_path, _with_deck(tmp_path, rules_deck))
    assert run.returncode == 0, run.stdout + run.stderr
    # the same scenario with a deck that lacks S07: the card is looked up in the named deck
    start = rules_deck.index('id = "S07"')
    block = rules_deck[rules_deck.rindex("[[cards]]", 0, start) : rules_deck.index("[[cards]]", start)]
    run = _run_tool(tmp_path, _with_deck(tmp_path, rules_deck.replace(block, "")))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "key 'seats[1].cards[0].id'" in run.stdout and "no card 'S07'" in run.stdout


def test_a_scenario_without_a_deck_key_uses_the_standard_deck(tmp_path: Path) -> None:
    path = tmp_path / "scenario.toml"
    path.write_text('description = "The game is over"\nphase = "over"\n', encoding="utf-8")
    assert load(path).state.deck is standard_deck()


def test_tool_exits_2_when_the_named_deck_is_missing(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD.replace(RULES_DECK_LINE, 'deck = "decks/missing.toml"', 1))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "BROKEN" in run.stdout and "key 'deck'" in run.stdout
    assert str(tmp_path / "decks" / "missing.toml") in run.stdout


def test_tool_exits_2_when_the_named_deck_is_broken(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, _with_deck(tmp_path, 'version = 1\n[[cards]]\nid = "S01"\n'))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "key 'deck'" in run.stdout and "mine.toml" in run.stdout and "card S01" in run.stdout


def test_tool_exits_2_on_invalid_toml(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD + "\nthis is = = not toml\n")
    assert run.returncode == 2
    assert "not valid TOML" in run.stdout


def test_position_error_names_key_and_reason() -> None:
    with pytest.raises(PositionError) as caught:
        position_from_data({"phase": "passive", "dice": "Y1 O2 G3 B4 P5", "rolls": 1}, "inline")
    assert caught.value.key == "rolls"
    assert "after a reroll" in str(caught.value)


def test_unknown_position_keys_are_refused_unless_ignored() -> None:
    data = {"phase": "over", "legal": []}
    with pytest.raises(PositionError):
        position_from_data(data, "inline")
    position_from_data(data, "inline", ignore=EXPECT_KEYS)


def test_position_takes_its_cards_from_the_given_deck() -> None:
    standard = standard_deck()
    cards = tuple(replace(card, points=card.points + 10) for card in standard.cards if card.id != "S02")
    deck = Deck(7, cards)
    data = {"phase": "over", "seats": [{"cards": [{"id": "S01", "at": "0,0"}]}, {}]}
    state = position_from_data(data, "inline", deck=deck)
    assert state.deck is deck
    placed = state.display(0).find("S01")
    assert placed is not None and placed.card is deck["S01"]
    assert state.card("S01").points == standard["S01"].points + 10
    assert position_from_data(data, "inline").deck is standard
    data["seats"] = [{"cards": [{"id": "S02", "at": "0,0"}]}, {}]
    with pytest.raises(PositionError) as caught:
        position_from_data(data, "inline", deck=deck)
    assert "no card 'S02' in the deck in use (version 7)" in str(caught.value)


def test_scenario_error_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError):
        load(tmp_path / "missing.toml")
