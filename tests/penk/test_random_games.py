"""200 seeded Penk! games with random legal choices, checking invariants at every step: a legal
action until the end, the text of every action round-trips, a replay and a save give the same
state, and scores exist only at the end."""

from __future__ import annotations

import random

import pytest

from game.penk import (
    IllegalActionError,
    PenkMatch,
    Turn,
    legal_actions,
    match_from_json,
    match_to_json,
    parse,
    result,
    whose_turn,
)

GAMES = 200


def _check_game(seed: int) -> int:
    players = 2 + seed % 3
    match = PenkMatch.new(players, seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        match.advance()
        state = match.state
        if match.is_over:
            break
        turn = whose_turn(state)
        assert turn == Turn("seat", state.active)
        legal = legal_actions(state)
        assert legal, f"seed {seed}: no legal action in phase {state.phase} before the end"
        for action in legal:
            assert parse(str(action)) == action
        with pytest.raises(IllegalActionError):
            result(state)
        match.play(rng.choice(legal))
        steps += 1
        if steps % 25 == 0:  # a save in the middle of the game continues the same game
            assert match_from_json(match_to_json(match)).state == match.state
    assert whose_turn(match.state) == Turn("end") and legal_actions(match.state) == []
    assert PenkMatch.replay(match.setup, match.actions).state == match.state
    assert match_from_json(match_to_json(match)).state == match.state
    for action in match.actions:
        assert parse(str(action)) == action
    outcome = result(match.state)
    assert len(outcome.scores) == players and outcome.winners
    # every seat had the same number of turns (the game ends before the first player's turn)
    assert match.state.active in range(players)
    return steps


def test_two_hundred_random_games_keep_the_invariants() -> None:
    steps = [_check_game(seed) for seed in range(GAMES)]
    assert min(steps) > 10


def test_every_seat_gets_the_same_number_of_turns() -> None:
    for seed in range(30):
        match = PenkMatch.new(3, seed)
        rng = random.Random(seed)
        turns = [0, 0, 0]
        while True:
            match.advance()
            if match.is_over:
                break
            state = match.state
            if state.rolls == 1 and not state.used:
                turns[state.active] += 1  # the first decision of a turn
            match.play(rng.choice(legal_actions(state)))
        assert len(set(turns)) == 1, f"seed {seed}: turns by seat {turns}"
