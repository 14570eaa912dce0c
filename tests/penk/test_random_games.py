"""Penk!'s own invariants of random games: the active seat decides every step, and every seat gets
the same number of turns. What every game keeps (a legal action until the end, action texts that
read back, saves and replays, scores only at the end) is checked by tests/test_every_game.py."""

from __future__ import annotations

import random

from game.penk import (
    PenkMatch,
    Turn,
    legal_actions,
    whose_turn,
)


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
            assert whose_turn(state) == Turn("seat", state.active)  # Penk!'s decider is the active seat
            if state.rolls == 1 and not state.used:
                turns[state.active] += 1  # the first decision of a turn
            match.play(rng.choice(legal_actions(state)))
        assert len(set(turns)) == 1, f"seed {seed}: turns by seat {turns}"
