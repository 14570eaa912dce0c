"""Bots: every decision legal at every level and seat count, seeded games repeat exactly, and a bot
sees nothing but its seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from game.goennen.actions import Action
from game.goennen.ai import LEVELS, decide, make_bot
from game.goennen.ai.base import Bot
from game.goennen.ai.play import play_game
from game.goennen.engine import legal_actions, view
from game.goennen.match import Match
from game.goennen.state import Pile, State

BUDGET = 0.05  # small: the tests check legality, not strength


def _checked_game(levels: Sequence[str], seed: int, solo_level: int | None = None) -> list[str]:
    """Play one game, asserting each bot action is in the engine's full legal list; returns them."""
    played: list[str] = []

    def watch(match: Match, seat: int, action: object) -> None:
        assert match.state.decider == seat
        legal = legal_actions(match.state)
        assert action in legal, f"seat {seat} ({levels[seat]}) chose illegal {action} in {match.state.phase}"
        played.append(str(action))

    bots = [make_bot(level) for level in levels]
    play_game(bots, seed, solo_level=solo_level, budget=BUDGET, watch=watch)
    assert all(getattr(bot, "fallbacks", 0) == 0 for bot in bots)
    return played


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_easy_bot_decisions_are_legal_in_many_games(players: int) -> None:
    for seed in range(40 if players <= 2 else 15):
        _checked_game(["easy"] * players, seed, solo_level=(seed % 7) + 1 if players == 1 else None)


@pytest.mark.parametrize(
    ("levels", "solo_level"),
    [
        (("normal",), 1),
        (("hard",), 7),
        (("hard",), 3),
        (("normal", "hard"), None),
        (("hard", "easy", "normal"), None),
        (("easy", "normal", "hard", "hard"), None),
        (("expert",), 7),
        (("expert", "hard"), None),
        (("normal", "expert", "easy"), None),
    ],
)
def test_every_level_decides_legally_at_every_seat_count(
    levels: tuple[str, ...], solo_level: int | None
) -> None:
    _checked_game(levels, seed=5, solo_level=solo_level)


def test_same_seed_gives_the_same_game() -> None:
    levels = ("hard", "easy", "normal")
    assert _checked_game(levels, seed=9) == _checked_game(levels, seed=9)


def test_bots_receive_only_the_view_of_their_seat() -> None:
    seen: list[tuple[State, State]] = []

    class Spy:
        name = "spy"

        def __init__(self, inner: Bot) -> None:
            self.inner = inner

        def __call__(
            self, shown: State, legal: Sequence[Action], rng: random.Random, budget: float
        ) -> Action:
            seen.append((shown, legal_state[0]))
            return self.inner(shown, legal, rng, budget)

    legal_state: list[State] = []
    match = Match.new(3, seed=4)
    bots = [Spy(make_bot(level)) for level in LEVELS]
    rng = random.Random(1)
    for _ in range(150):
        match.advance()
        if match.is_over:
            break
        legal_state[:] = [match.state]
        match.play(decide(bots[match.state.decider], match.state, rng, BUDGET))
    assert seen
    for shown, real in seen:
        assert shown == view(real, real.decider)


def _hide_differently(state: State) -> State:
    """The same position with a different hidden order of both decks and other returned cards."""
    piles = tuple(
        Pile(tuple(reversed(p.unseen)), tuple(reversed(p.bottom)), ordered=True) for p in state.piles
    )
    return replace(state, piles=(piles[0], piles[1]))


@pytest.mark.parametrize("level", list(LEVELS))
def test_hidden_information_does_not_change_a_decision(level: str) -> None:
    match = Match.new(2, seed=12)
    driver = random.Random(3)
    checked = 0
    for _ in range(70):
        match.advance()
        if match.is_over:
            break
        state = match.state
        other = _hide_differently(state)
        assert view(other, state.decider) == view(state, state.decider)
        first = decide(make_bot(level, unhurried=True), state, random.Random(8), BUDGET)
        second = decide(make_bot(level, unhurried=True), other, random.Random(8), BUDGET)
        assert first == second
        checked += 1
        match.play(decide(make_bot("easy"), state, driver, BUDGET))
    assert checked > 40


def test_unknown_level_is_refused_with_the_levels_named() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        make_bot("grandmaster")
