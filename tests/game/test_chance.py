"""Chance sampling: a match's dice and draws are a fixed function of (seed, step), evenly spread.

Saved games and seeded simulations depend on the very stream of faces, not only on its
distribution, so the stream is pinned here: a change to it changes every seeded game (and the solo
calibration in docs/deck.md must then be measured again).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.goennen.actions import Draw, Roll
from game.goennen.chance import ChanceStream, sample_chance
from game.goennen.colours import COLOURS
from game.goennen.engine import apply, legal_actions, new_game
from game.goennen.match import Match
from game.goennen.state import Phase


def _rolling(dice: int = 5):  # type: ignore[no-untyped-def]
    state = new_game(2)
    return state.evolve(phase=Phase.ROLL, to_roll=COLOURS[:dice])


def test_each_step_reads_its_own_stretch_of_one_sequence() -> None:
    # the stream of step n + 1 starts 16 blocks of 64 bits after that of step n
    for seed in (0, 7, -3, 2**70):
        stream = ChanceStream(seed, 4)
        blocks = [stream.getrandbits(64) for _ in range(17)]
        assert ChanceStream(seed, 5).getrandbits(64) == blocks[16]


def test_the_stream_is_pinned_for_seed_and_step() -> None:
    # what every saved game and seeded simulation rolls: these numbers must never change
    assert ChanceStream(1, 0).getrandbits(64) == 6791897765849424158
    assert ChanceStream(123456789, 42).getrandbits(64) == 7808707779096925027
    assert ChanceStream(-1, 5).getrandbits(64) == 9041167593750760926
    assert ChanceStream(2**80 + 1, 5).getrandbits(64) == 4589490329312591826


def test_seeds_and_steps_give_their_own_bits() -> None:
    seen = {
        ChanceStream(seed, step).getrandbits(64)
        for seed in (0, 1, 2, -1, 2**64, 2**64 + 1)
        for step in range(50)
    }
    assert len(seen) == 6 * 50
    first, again = ChanceStream(9, 3), ChanceStream(9, 3)
    assert [first.getrandbits(5) for _ in range(40)] == [again.getrandbits(5) for _ in range(40)]


def test_rolled_faces_are_even() -> None:
    state = _rolling()
    counts: Counter[int] = Counter()
    per_die: Counter[tuple[str, int]] = Counter()
    for step in range(12_000):
        roll = sample_chance(state, ChanceStream(7, step))
        assert isinstance(roll, Roll) and [die for die, _ in roll.faces] == list(COLOURS)
        for die, face in roll.faces:
            counts[face] += 1
            per_die[die.name, face] += 1
    total = sum(counts.values())
    expected = total / 6
    chi_square = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert chi_square < 20.5  # 5 degrees of freedom: p = 0.001
    assert all(abs(count - total / 30) < total / 30 * 0.06 for count in per_die.values())


def test_randrange_is_even_and_refuses_an_empty_range() -> None:
    stream = ChanceStream(3, 1)
    counts = Counter(stream.randrange(7) for _ in range(14_000))
    assert sorted(counts) == list(range(7))
    assert all(abs(count - 2_000) < 200 for count in counts.values())
    assert ChanceStream(3, 2).randrange(1) == 0
    with pytest.raises(ValueError, match="empty range"):
        ChanceStream(3, 2).randrange(0)


def test_a_sampled_roll_with_a_random_generator_is_randint_per_die_in_order() -> None:
    # tests and tools may pass a random.Random: it draws exactly what randint(1, 6) would
    state = _rolling()
    for seed in range(200):
        mine, theirs = random.Random(f"{seed}:7"), random.Random(f"{seed}:7")
        for _ in range(10):  # one generator, roll after roll: the stream stays in step
            expected = Roll(tuple((die, theirs.randint(1, 6)) for die in COLOURS))
            assert sample_chance(state, mine) == expected


def test_a_match_draws_from_the_stream_of_its_seed_and_step() -> None:
    match = Match.new(2, seed=11)
    match.advance()
    for step, action in enumerate(match.actions):
        if isinstance(action, Roll):
            state = Match.replay(match.setup, match.actions[:step]).state
            assert sample_chance(state, ChanceStream(11, step)) == action
        else:
            assert isinstance(action, Draw)
    again = Match.new(2, seed=11)
    again.advance()
    assert again.actions == match.actions


def test_a_roll_may_name_its_dice_in_any_order() -> None:
    rng = random.Random(8)
    state = new_game(2)
    while state.phase == Phase.DRAW:
        state = apply(state, sample_chance(state, rng))
    while state.phase is not Phase.ROLL:
        state = apply(state, legal_actions(state)[0])
    roll = sample_chance(state, rng)
    assert isinstance(roll, Roll)
    backwards = apply(state, Roll(tuple(reversed(roll.faces))))
    assert backwards == apply(state, roll)
    assert backwards.rerolled == state.to_roll
