"""Decision windows (game/goennen/seats.py): seats that decide at once, each on its own copy.

The windows property: in a bot game where every window (the opening deal, the passive writes
after a reroll, the wild colours) is decided by each of its seats on the private state
`decision_window` gives it, in an order the engine never sees, and the buffered actions are
applied afterwards in the engine's seat order, every action is legal, every window closes exactly
where its buffer ends, and the game is the one the seat-by-seat game plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from game.goennen.ai import Bot, decide, make_bot
from game.goennen.ai.play import play_game
from game.goennen.engine import Phase, apply, decision_window, parse, window_seats
from game.goennen.match import Match
from game.goennen.state import State


@dataclass
class WindowCount:
    windows: int = 0
    buffered: int = 0
    phases: set[Phase] = field(default_factory=set)


def _decide_window(bot: Bot, state: State, seat: int, rng: random.Random) -> list[object]:
    """A seat's whole window, decided on its private copy (checked there by `apply`)."""
    private = decision_window(state, seat)
    assert private is not None and private.decider == seat
    buffer = []
    while private is not None:
        action = decide(bot, private, rng)
        buffer.append(action)
        private = decision_window(apply(private, action), seat)
    return buffer


def play_in_windows(bots: Sequence[Bot], seed: int, count: WindowCount, *, order_seed: int = 0) -> Match:
    """A game in which every window is decided in parallel and applied in the engine's order."""
    players = len(bots)
    match = Match.new(players, seed, start_player=0)
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
    shuffler = random.Random(order_seed)
    while True:
        match.advance()
        state = match.state
        if state.is_over:
            return match
        seats = list(window_seats(state))
        if not seats:
            seat = state.decider
            match.play(decide(bots[seat], state, rngs[seat]))
            continue
        shuffler.shuffle(seats)  # the engine must not care who decides first
        buffers = {seat: _decide_window(bots[seat], state, seat, rngs[seat]) for seat in seats}
        count.windows += len(seats)
        count.phases.add(state.phase)
        while buffers:
            seat = match.state.decider
            assert not match.state.is_chance, "a window group ended before every buffer was applied"
            buffer = buffers.pop(seat)  # the engine asks a seat that has decided a window
            for index, action in enumerate(buffer):
                match.play(action)  # checked again: the real state must take it too
                closed = decision_window(match.state, seat) is None
                assert closed == (index == len(buffer) - 1), (
                    f"seed {seed}: seat {seat}'s window closed at action {index + 1} of {len(buffer)}"
                )
                count.buffered += 1


def _games(total: int) -> list[tuple[int, str, int]]:
    """(players, level, seed): 2 to 4 seats, nine easy games in ten, one hard."""
    games = []
    for index in range(total):
        level = "hard" if index % 10 == 9 else "easy"
        games.append((2 + index % 3, level, 1000 + index))
    return games


@pytest.mark.slow
def test_windows_decided_apart_and_applied_in_engine_order_give_the_seat_by_seat_game() -> None:
    count = WindowCount()
    for players, level, seed in _games(1000):
        bots = [make_bot(level, unhurried=True) for _ in range(players)]
        windowed = play_in_windows(bots, seed, count, order_seed=seed)
        assert Match.replay(windowed.setup, windowed.actions).state == windowed.state
        plain = _plain_actions([make_bot(level, unhurried=True) for _ in range(players)], seed)
        assert [str(a) for a in windowed.actions] == plain, f"seed {seed} ({level}, {players} seats)"
    assert count.phases == {Phase.SETUP_RETURN, Phase.PASSIVE, Phase.WILD}
    assert count.windows > 50_000 and count.buffered > count.windows


def _plain_actions(bots: Sequence[Bot], seed: int) -> list[str]:
    """Today's seat-by-seat game with the same bots and seed, as action texts."""
    return [str(action) for action in play_game(bots, seed).actions]


def test_a_short_run_of_windowed_games_covers_every_window_kind() -> None:
    count = WindowCount()
    for players, seed in ((2, 3), (3, 4), (4, 5), (4, 6)):
        bots = [make_bot("easy") for _ in range(players)]
        windowed = play_in_windows(bots, seed, count, order_seed=seed)
        assert windowed.state.is_over
        plain = _plain_actions([make_bot("easy") for _ in range(players)], seed)
        assert [str(a) for a in windowed.actions] == plain
    assert {Phase.SETUP_RETURN, Phase.PASSIVE} <= count.phases


def _wild_state() -> State:
    """The end of a game: seat 0 chooses one wild colour, seat 1 two (B15 and B16)."""
    from game.goennen.position import position_from_data

    return position_from_data(
        {
            "players": 2,
            "phase": "wild",
            "seats": [
                {"cards": [{"id": "B14", "at": "0,0", "filled": "done"}]},
                {
                    "cards": [
                        {"id": "B15", "at": "0,0", "filled": "done"},
                        {"id": "B16", "at": "0,1", "filled": "done"},
                    ]
                },
            ],
        },
        "two seats choose wild colours",
    )


def test_a_seat_with_two_wild_cards_keeps_its_window_when_the_engine_hands_off() -> None:
    state = _wild_state()
    assert state.decider == 0 and window_seats(state) == (0, 1)
    private = decision_window(state, 1)
    assert private is not None and private.decider == 1
    after_first = apply(private, parse("wild B15 G"))
    # the engine hands the decision back to seat 0, whose card is still open ...
    assert after_first.decider == 0
    # ... but seat 1's own window is not closed: its second wild card is still open
    again = decision_window(after_first, 1)
    assert again is not None and again.decider == 1
    assert decision_window(apply(again, parse("wild B16 Y")), 1) is None


def test_window_seats_is_empty_where_one_seat_decides() -> None:
    match = Match.new(3, 11, start_player=0)
    match.advance()
    assert window_seats(match.state) == (0, 1, 2)
    bots = [make_bot("easy") for _ in range(3)]
    rngs = [random.Random(seat) for seat in range(3)]
    while match.state.phase is not Phase.ACTIVE:
        state = match.state
        match.play(decide(bots[state.decider], state, rngs[state.decider]))
        match.advance()
    assert window_seats(match.state) == ()
    assert decision_window(match.state, 1) is None
