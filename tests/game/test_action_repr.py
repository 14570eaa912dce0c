"""An action's repr rebuilds it: `engine.parse('reroll YOG')`, `penk.parse('circle 44J')`."""

from __future__ import annotations

import random
from typing import Any

import pytest

import game.penk as penk
from game.goennen import engine
from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.match import Match


def test_every_action_of_a_game_of_each_kind_rebuilds_from_its_repr() -> None:
    first = play_game([make_bot("easy")] * 3, 4).actions
    played = penk.PenkMatch.new(2, 4)
    rng = random.Random(4)
    bots = [penk.make_bot("easy"), penk.make_bot("easy")]
    while not played.is_over:
        played.advance()
        if not played.is_over:
            played.play(penk.decide(bots[played.state.active], played.state, rng))
    for action in [*first, *played.actions]:
        assert eval(repr(action), {"engine": engine, "penk": penk}) == action
        assert not hasattr(action, "__dict__")  # still a slotted value
    assert repr(first[0]).startswith("engine.parse('draw ")


GAMES_PER_CASE = 5


def _seeds(case: int) -> range:
    return range(case * 100, case * 100 + GAMES_PER_CASE)


def _rebuilds(action: object, door: str) -> bool:
    """The repr is the door's parse of the canonical text, and evaluating it gives the action."""
    text = repr(action)
    return text == f"{door}.parse({str(action)!r})" and eval(text, {"engine": engine, "penk": penk}) == action


def _random_game_actions(match: Any, legal: Any, seed: int) -> set[object]:
    """Every legal action at every decision of a game played by random choices, and every chance
    outcome it drew (listing all outcomes of a roll of many dice would cost seconds a game)."""
    rng = random.Random(seed)
    seen: set[object] = set()
    while not match.is_over:
        if match.state.is_chance:
            match.resolve_chance()
        else:
            choices = legal(match.state)
            seen.update(choices)
            match.play(rng.choice(choices))
    return seen | set(match.actions)


@pytest.mark.parametrize(
    ("players", "solo_level", "seed"), [(1, 3, 1), (2, None, 2), (3, None, 3), (4, None, 4)]
)
def test_every_legal_action_of_random_first_games_rebuilds_from_its_repr(
    players: int, solo_level: int | None, seed: int
) -> None:
    seen = set().union(
        *(
            _random_game_actions(Match.new(players, s, solo_level=solo_level), engine.legal_actions, s)
            for s in _seeds(seed)
        )
    )
    wrong = [action for action in seen if not _rebuilds(action, "engine")]
    assert len(seen) > 100 and wrong == []


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_legal_action_of_random_penk_games_rebuilds_from_its_repr(players: int, seed: int) -> None:
    seen = set().union(
        *(_random_game_actions(penk.PenkMatch.new(players, s), penk.legal_actions, s) for s in _seeds(seed))
    )
    wrong = [action for action in seen if not _rebuilds(action, "penk")]
    assert len(seen) > 50 and wrong == []
