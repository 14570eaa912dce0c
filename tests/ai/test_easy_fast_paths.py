"""The easy bot's fast paths give the general path's answers: the dice at hand read straight off a
roll nothing changed, and the roll index read from a table."""

from __future__ import annotations

import itertools

from game.ai import easy, make_bot
from game.ai.kernels import odds
from game.ai.kernels.rolls import ROLL_OF_DICE
from game.ai.play import play_game
from game.engine import usable_dice, view
from game.match import Match
from game.state import Phase, State


def _decision_views(seed: int, players: int, solo_level: int | None = None) -> list[State]:
    """The views of every active, passive and solo passive decision of one easy game."""
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if match.state.phase in (Phase.ACTIVE, Phase.PASSIVE, Phase.SOLO_PASSIVE):
            seen.append(view(match.state, seat))

    bots = [make_bot("easy") for _ in range(players)]
    play_game(bots, seed, solo_level=solo_level, watch=watch)
    return seen


def test_dice_at_hand_is_each_usable_die_with_its_value_and_colour() -> None:
    fast = 0
    for seed, players, solo_level in ((5, 2, None), (6, 3, None), (7, 1, 4)):
        for seen in _decision_views(seed, players, solo_level):
            expected = [(die, seen.value(die), seen.colour(die)) for die in usable_dice(seen)]
            assert easy.dice_at_hand(seen) == expected
            fast += len(expected) == 5 and not seen.used
    assert fast > 50  # the five dice as rolled: the fast path was taken


def test_the_table_of_rolls_is_the_place_value_index_of_every_roll() -> None:
    assert len(ROLL_OF_DICE) == odds.ROLLS
    for dice in itertools.product(range(1, 7), repeat=5):
        place_value = sum((value - 1) * 6 ** (4 - die) for die, value in enumerate(dice))
        assert ROLL_OF_DICE[dice] == place_value == odds.roll_index(dice)
