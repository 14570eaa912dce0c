"""One harness for every game in the registry (game/registry.py): seeded games of random legal
choices played through the typed rulebook alone, checking at every step what any game must keep.
A third game is checked by adding its registry entry; the deeper per-game checks (refused
mutants, scoring by hand, the golden playthroughs) stay with each game's own tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.registry import GAMES, Rulebook

GAMES_EACH = 60
SAVE_EVERY = 25  # actions between mid-game save round trips


def _random_game(rules: Rulebook[Any, Any], seed: int) -> Any:
    """A seeded game of random legal choices, checked at every decision; returns its match."""
    players = rules.players[seed % len(rules.players)]
    match = rules.new_match(players, seed, first=seed % players)
    rng = random.Random(seed)
    decisions = 0
    while True:
        match.advance()
        state = match.state
        if rules.is_over(state):
            break
        turn = rules.whose_turn(state)
        assert turn.kind == "seat" and turn.seat in range(players), (seed, turn)
        legal = rules.legal_actions(state)
        assert legal, f"seed {seed}: no legal action before the end"
        for action in legal:
            assert rules.parse(str(action)) == action  # every action's text reads back
            assert not rules.is_chance(action)
        with pytest.raises(ValueError):
            rules.result(state)  # no outcome before the end
        _check_views(rules, state, players, turn.seat)
        match.play(rng.choice(legal))
        decisions += 1
        if decisions % SAVE_EVERY == 0:  # a save in the middle of the game continues the same game
            assert rules.match_from_data(rules.match_to_data(match), "mid-game").state == match.state
    assert rules.whose_turn(match.state).kind == "end" and rules.legal_actions(match.state) == []
    assert decisions > 10
    return match


def _check_views(rules: Rulebook[Any, Any], state: Any, players: int, decider: int) -> None:
    """Every seat's view is a view (viewing it again changes nothing), and the decider can
    decide on its view alone: the same legal actions as on the whole state."""
    for seat in (*range(players), None):
        seen = rules.view(state, seat)
        assert rules.view(seen, seat) == seen
    assert rules.legal_actions(rules.view(state, decider)) == rules.legal_actions(state)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_games_keep_every_games_invariants(key: str) -> None:
    rules = GAMES[key]
    for seed in range(GAMES_EACH):
        match = _random_game(rules, seed)
        assert rules.replay(match, match.actions).state == match.state  # the actions replay it
        again = rules.match_from_data(rules.match_to_data(match), "finished")
        assert again.state == match.state and rules.result(again.state) == rules.result(match.state)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_names_itself_and_its_bots_play_it_to_the_end(key: str) -> None:
    rules = GAMES[key]
    assert rules.key == key
    for level in rules.bot_levels[:2]:  # the quick levels: the strong ones have their own tests
        players = min(rules.players)
        match = rules.new_match(players, 3, first=0)
        bots = [rules.bot(level) for _ in range(players)]
        rng = random.Random(level)
        while True:
            match.advance()
            if rules.is_over(match.state):
                break
            seat = rules.whose_turn(match.state).seat
            action = bots[seat](rules.view(match.state, seat), rng, 1.0)
            assert action in rules.legal_actions(match.state), (key, level, action)
            match.play(action)
        assert rules.result(match.state) is not None
