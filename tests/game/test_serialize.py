"""Saves: the JSON round trip, continuing a loaded game, atomic writing, and clear refusals."""

from __future__ import annotations

import json
import os
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.goennen.actions import Row
from game.goennen.deck import standard_deck
from game.goennen.engine import legal_actions
from game.goennen.match import Match, Setup
from game.goennen.serialize import (
    FORMAT,
    VERSION,
    SaveError,
    load_match,
    match_from_json,
    match_to_json,
    save_match,
    set_aside,
)


def _play(match: Match, choices: int, seed: int = 0) -> Match:
    """Advance `match` through `choices` seat decisions picked at random (and all chance between)."""
    rng = random.Random(seed)
    for _ in range(choices):
        match.advance()
        if match.is_over:
            break
        match.play(rng.choice(legal_actions(match.state)))
    return match


def _saved(tmp_path: Path, choices: int = 40) -> Path:
    path = tmp_path / "game.json"
    save_match(_play(Match.new(2, seed=11), choices), path)
    return path


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _refusal(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_match(path)
    message = str(caught.value)
    assert path.name in message, f"the message does not name the file: {message}"
    return message


# --- round trip -----------------------------------------------------------------------------------


def test_save_lists_setup_and_actions_in_text_form(tmp_path: Path) -> None:
    data = json.loads(_saved(tmp_path).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["deck_version"] == standard_deck().version
    assert set(data["setup"]) == {"players", "seed", "start_player", "solo_level", "deck_order"}
    assert data["actions"][0].startswith("draw ")
    assert any(text.startswith("roll ") for text in data["actions"])


def test_load_gives_the_same_state_and_the_same_text(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    loaded = load_match(path)
    again = tmp_path / "again.json"
    save_match(loaded, again)
    assert again.read_bytes() == path.read_bytes()
    original = _play(Match.new(2, seed=11), 40)
    assert loaded.state == original.state and loaded.actions == original.actions


def test_a_loaded_game_continues_exactly_as_the_original_would() -> None:
    original = _play(Match.new(3, seed=5), 30)
    loaded = match_from_json(match_to_json(original))
    _play(original, 60, seed=9)
    _play(loaded, 60, seed=9)
    assert loaded.actions == original.actions and loaded.state == original.state


def test_start_player_is_drawn_from_the_seed_and_recorded() -> None:
    starts = {Match.new(4, seed=seed).setup.start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Match.new(4, seed=3).setup == Match.new(4, seed=3).setup
    assert Match.new(4, seed=3, start_player=2).setup.start_player == 2


def test_fixed_deck_order_and_solo_level_survive_the_round_trip() -> None:
    deck = standard_deck()
    order = {Row.BONUS: tuple(reversed([c.id for c in deck.cards if c.id.startswith("B")]))}
    match = _play(Match.new(1, seed=2, solo_level=4, deck_order=order), 20)
    loaded = match_from_json(match_to_json(match))
    assert loaded.setup == match.setup == Setup(1, 2, 0, 4, order)
    assert loaded.state == match.state
    bonus_draws = [str(a) for a in match.actions if str(a).startswith("draw B")]
    assert bonus_draws[:3] == [f"draw {card}" for card in order[Row.BONUS][:3]]


# --- atomic writing -------------------------------------------------------------------------------


def test_writing_leaves_no_temp_file(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    save_match(load_match(path), path)  # overwrite
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_keeps_the_old_file_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _saved(tmp_path, choices=5)
    before = path.read_bytes()

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_match(_play(Match.new(2, seed=11), 40), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# --- refusals -------------------------------------------------------------------------------------


def test_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path, choices=3)
    _edit(path, lambda d: d.update(version=3))
    message = _refusal(path)
    assert f"saved by a newer version of the game (format 3); this version reads up to {VERSION}" in message


@pytest.mark.parametrize("version", ["1", 0, None, True])
def test_an_unknown_version_is_refused(tmp_path: Path, version: Any) -> None:
    path = _saved(tmp_path, choices=3)
    _edit(path, lambda d: d.update(version=version))
    assert "unknown save version" in _refusal(path)


@pytest.mark.parametrize("data", [{"format": "other-game", "version": 1}, [1, 2], "save", {"version": 1}])
def test_an_unknown_format_is_refused(tmp_path: Path, data: Any) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "not a saved game" in _refusal(path)


def test_damaged_json_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = _saved(tmp_path, choices=3)
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")  # cut short
    assert "not valid JSON" in _refusal(path)


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "damaged" in _refusal(path)


def test_a_missing_file_is_refused_naming_it(tmp_path: Path) -> None:
    assert "cannot be read" in _refusal(tmp_path / "nowhere.json")


@pytest.mark.parametrize("key", ["setup", "actions", "deck_version"])
def test_a_missing_key_is_refused(tmp_path: Path, key: str) -> None:
    path = _saved(tmp_path, choices=3)
    _edit(path, lambda d: d.pop(key))
    assert f"key '{key}' is missing" in _refusal(path)


def test_a_wrong_setup_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path, choices=3)
    _edit(path, lambda d: d["setup"].update(players=7))
    assert "setup cannot start a game" in _refusal(path)


def test_an_action_that_does_not_parse_is_refused_naming_it(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    _edit(path, lambda d: d["actions"].__setitem__(5, "rol Y3"))
    assert "action 6 ('rol Y3') cannot be read" in _refusal(path)


def test_an_illegal_action_is_refused_naming_its_number(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    number = next(i for i, text in enumerate(data["actions"], start=1) if text.startswith("reroll"))
    _edit(path, lambda d: d["actions"].__setitem__(number - 1, "end"))
    message = _refusal(path)
    assert f"action {number} ('end') is not legal at that point" in message


def test_a_card_unknown_to_the_deck_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    _edit(path, lambda d: d["actions"].__setitem__(0, "draw X99"))
    assert "action 1 ('draw X99') is not legal" in _refusal(path)


def test_a_different_deck_version_is_refused(tmp_path: Path) -> None:
    path = _saved(tmp_path, choices=3)
    _edit(path, lambda d: d.update(deck_version=standard_deck().version + 1))
    assert "deck version" in _refusal(path)


# --- setting an unreadable save aside ---------------------------------------------------------------


def test_set_aside_renames_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{broken", encoding="utf-8")
    moment = datetime(2026, 5, 1, 12, 30, 5)
    first = set_aside(path, moment)
    assert first.name == "game.json.broken-20260501-123005"
    assert first.read_text(encoding="utf-8") == "{broken" and not path.exists()
    path.write_text("{broken again", encoding="utf-8")
    second = set_aside(path, moment)  # same second: a new name, the first stays
    assert second != first and first.exists() and second.read_text(encoding="utf-8") == "{broken again"
