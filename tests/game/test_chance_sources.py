"""Chance sources (game/goennen/chance.py): the seed's, unchanged, and a secret key's."""

from __future__ import annotations

import hashlib
import random

import pytest

import game.penk as penk
from game.goennen.ai import decide, make_bot
from game.goennen.ai.play import play_game
from game.goennen.chance import ChanceStream
from game.goennen.engine import Roll, sample_chance
from game.goennen.match import KeyedChance, Match, SeededChance, SystemChance
from game.goennen.position import position_from_data

KEY = bytes(range(32))


def _block(key: bytes, step: int, block: int, purpose: bytes = b"") -> int:
    """The keyed source's formula, written out again from its documentation."""
    message = step.to_bytes(8, "big", signed=True) + block.to_bytes(8, "big") + purpose
    digest = hashlib.blake2b(message, key=key, digest_size=64, person=b"gk-chance").digest()
    return int.from_bytes(digest, "big")


def test_keyed_bits_are_pinned_and_follow_the_documented_formula() -> None:
    bits = KeyedChance(KEY).bits(0)
    drawn = [bits.getrandbits(64) for _ in range(3)]
    assert drawn == [15494425944017964379, 3672863250093002156, 10641917382986481974]
    block = _block(KEY, 0, 0)
    assert drawn == [(block >> (64 * n)) & (2**64 - 1) for n in range(3)]
    three = KeyedChance(KEY).bits(7)
    assert [three.getrandbits(3) for _ in range(8)] == [7, 0, 5, 5, 7, 7, 3, 4]
    assert KeyedChance(KEY).pick("0:start", 4) == 3
    assert KeyedChance(KEY).pick("penk:0:first", 3) == 1


def test_a_keyed_outcome_is_a_function_of_key_and_step_only() -> None:
    first = KeyedChance(KEY).bits(41)
    again = KeyedChance(bytes(KEY)).bits(41)
    assert [first.getrandbits(17) for _ in range(50)] == [again.getrandbits(17) for _ in range(50)]
    other_step = KeyedChance(KEY).bits(42).getrandbits(64)
    other_key = KeyedChance(bytes(31) + b"\x01").bits(41).getrandbits(64)
    assert len({KeyedChance(KEY).bits(41).getrandbits(64), other_step, other_key}) == 3


def test_a_keyed_source_never_shows_its_key() -> None:
    source = KeyedChance(KEY)
    assert KEY.hex() not in repr(source) and str(KEY) not in repr(source)
    assert "secret" in repr(source.bits(3))
    with pytest.raises(ValueError, match="32 bytes"):
        KeyedChance(b"short")


def test_keyed_dice_are_fair_over_sixty_thousand_faces() -> None:
    state = position_from_data({"phase": "roll", "rolls": 0}, "five dice to roll")
    counts = [0] * 6
    for step in range(12_000):
        roll = sample_chance(state, KeyedChance(KEY).bits(step))
        assert isinstance(roll, Roll)
        for _, face in roll.faces:
            counts[face - 1] += 1
    expected = 60_000 / 6
    chi_square = sum((count - expected) ** 2 / expected for count in counts)
    assert sum(counts) == 60_000
    assert chi_square < 20.52, (counts, chi_square)  # 5 degrees of freedom, p = 0.001


def test_the_seeds_source_is_todays_stream_and_start_player() -> None:
    for seed in (0, 1, 7, 2**40 + 3, -5):
        for step in (0, 1, 99):
            ours, todays = SeededChance(seed).bits(step), ChanceStream(seed, step)
            assert [ours.getrandbits(13) for _ in range(9)] == [todays.getrandbits(13) for _ in range(9)]
        assert Match.new(3, seed).setup.start_player == random.Random(f"{seed}:start").randrange(3)
        assert penk.PenkMatch.new(4, seed).setup.first == random.Random(f"penk:{seed}:first").randrange(4)


def test_a_keyed_game_replays_from_its_outcomes_without_the_key() -> None:
    def bots_game(chance: KeyedChance) -> Match:
        match = Match.new(3, 0, chance=chance)
        rngs = [random.Random(seat) for seat in range(3)]
        bots = [make_bot("easy") for _ in range(3)]
        while True:
            match.advance()
            if match.state.is_over:
                return match
            seat = match.state.decider
            match.play(decide(bots[seat], match.state, rngs[seat]))

    game = bots_game(KeyedChance(KEY))
    twin = bots_game(KeyedChance(bytes(KEY)))  # two processes holding the key: the same game
    assert [str(a) for a in game.actions] == [str(a) for a in twin.actions]
    assert Match.replay(game.setup, game.actions).state == game.state  # no key needed
    other = bots_game(KeyedChance(bytes(reversed(KEY))))
    assert [str(a) for a in other.actions[:12]] != [str(a) for a in game.actions[:12]]
    # and the default source still plays today's seeded games
    assert play_game([make_bot("easy")] * 2, 3).outcome == play_game([make_bot("easy")] * 2, 3).outcome


def test_penk_draws_from_a_keyed_source_too() -> None:
    played = penk.PenkMatch.new(2, 0, chance=KeyedChance(KEY))
    again = penk.PenkMatch.new(2, 0, chance=KeyedChance(KEY))
    assert played.setup.first == again.setup.first
    assert played.advance() == again.advance()
    seeded = penk.PenkMatch.new(2, 0, first=played.setup.first)
    seeded.advance()
    assert seeded.actions != played.actions  # not the seed's dice


def test_the_systems_source_plays_a_game_no_seed_can_repeat() -> None:
    games = []
    for _ in range(2):
        match = Match.new(2, 0, chance=SystemChance())
        match.advance()
        games.append([str(action) for action in match.actions])
        assert Match.replay(match.setup, match.actions).state == match.state  # the past is recorded
    assert games[0] != games[1]  # 16 draws alike twice: about 1 in 10^20
    seeded = Match.new(2, 0, start_player=0)
    seeded.advance()
    assert [str(action) for action in seeded.actions] not in games
