"""Penk! saves use the table's envelope naming the game; each game's loader refuses the other's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.goennen.match import Match
from game.goennen.serialize import FORMAT, VERSION, SaveError
from game.goennen.serialize import load_match as load_first_game
from game.goennen.serialize import save_match as save_first_game
from game.penk import PenkMatch, legal_actions, load_match, save_match


def _played(seed: int = 4, choices: int = 30) -> PenkMatch:
    match = PenkMatch.new(3, seed)
    rng = random.Random(seed)
    for _ in range(choices):
        match.advance()
        if match.is_over:
            break
        match.play(rng.choice(legal_actions(match.state)))
    return match


def test_a_penk_save_names_the_game_and_loads_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "penk.json"
    match = _played()
    save_match(match, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["game"]) == (FORMAT, VERSION, "penk")
    assert data["setup"] == {"players": 3, "seed": 4, "first": match.setup.first}
    loaded = load_match(path)
    assert loaded.state == match.state and loaded.actions == match.actions
    loaded.advance()
    match.advance()
    assert loaded.state == match.state  # the loaded game rolls on as the original would


def test_the_first_games_loader_refuses_a_penk_save_and_the_other_way_round(tmp_path: Path) -> None:
    penk = tmp_path / "penk.json"
    save_match(_played(), penk)
    with pytest.raises(SaveError, match="saved game of Penk!, not of Gönnen Können"):
        load_first_game(penk)
    first = tmp_path / "first.json"
    save_first_game(Match.new(2, seed=3), first)
    assert "game" not in json.loads(first.read_text(encoding="utf-8"))  # first-game saves unchanged
    with pytest.raises(SaveError, match="saved game of Gönnen Können, not of Penk!"):
        load_match(first)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["actions"].__setitem__(0, "roll 7"), "cannot be read"),
        (lambda d: d["actions"].__setitem__(1, "cross 9"), "cannot be read"),
        (lambda d: d["actions"].insert(1, "end"), "not legal at that point"),
        (lambda d: d["setup"].__setitem__("players", 9), "cannot start a game"),
        (lambda d: d.pop("setup"), "key 'setup' is missing"),
    ],
)
def test_a_damaged_penk_save_is_refused_naming_the_file(tmp_path: Path, change, words: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "penk.json"
    save_match(_played(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_match(path)
    assert "penk.json" in str(caught.value) and words in str(caught.value)
