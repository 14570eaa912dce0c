"""The table (game/kit/table.py) over every registered game: seats, windows, refusals, time,
what each seat reads, and a replay of the log equal to the live table."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.engine import IllegalActionError
from game.goennen.match import KeyedChance
from game.kit.rulebook import Decider, Rulebook
from game.kit.table import Table, TableSeat, Timers
from game.registry import GAMES, rulebook

BUDGET = 0.05


def _bots(rules: Rulebook[Any, Any], players: int, level: str = "easy") -> dict[int, Decider[Any, Any]]:
    return {seat: rules.bot(level) for seat in range(players)}


def run_bots(
    table: Table[Any, Any], bots: dict[int, Decider[Any, Any]], rngs: list[random.Random], now: float
) -> int:
    """Let every due bot move until a human must (bounded: a stall is a bug)."""
    moves = 0
    while due := table.bots_due():
        seat = due[0]
        state = table.decision_state(seat)
        table.play_bot(seat, bots[seat](state, rngs[seat], BUDGET), now)
        moves += 1
        assert moves < 5_000, "the bots do not end the game"
    return moves


def _bot_table(key: str, players: int, seed: int) -> Table[Any, Any]:
    rules = rulebook(key)
    seats = [TableSeat(f"Bot {seat + 1}", "bot", "easy") for seat in range(players)]
    table: Table[Any, Any] = Table(rules, rules.new_match(players, seed, first=0), seats)
    rngs = [random.Random(f"bot:{seed}:{seat}") for seat in range(players)]
    run_bots(table, _bots(rules, players), rngs, now=1.0)
    return table


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_table_of_bots_ends_and_its_log_replays_to_the_same_table(key: str, players: int) -> None:
    for seed in range(3):
        table = _bot_table(key, players, seed)
        assert table.is_over and table.deciders() == ()
        rules = table.rules
        again = Table.replay(rules, rules.new_match(players, seed, first=0), table.seats, table.log)
        assert again.state == table.state and again.log == table.log
        for viewer in [*range(players), None]:
            assert again.events_since(viewer, 0) == table.events_since(viewer, 0)
            assert json.dumps(again.snapshot(viewer)) == json.dumps(table.snapshot(viewer))


def test_the_first_game_at_a_table_is_the_seat_by_seat_game() -> None:
    """Windows decided at the table in any order give today's game, action for action."""
    for players in (2, 3, 4):
        seed = 40 + players
        table = _bot_table("goennen-koennen", players, seed)
        played = play_game([make_bot("easy") for _ in range(players)], seed)
        assert table.match.actions == list(played.actions)


def _dealt_table(players: int = 3, **kwargs: Any) -> Table[Any, Any]:
    rules = rulebook("goennen-koennen")
    seats = [TableSeat(name) for name in ("Anna", "Ben", "Cleo", "Dirk")[:players]]
    return Table(rules, rules.new_match(players, 7, first=0), seats, **kwargs)


def test_every_seat_decides_the_opening_deal_at_once_and_sees_its_own_cards_only() -> None:
    table = _dealt_table()
    assert table.deciders() == (0, 1, 2)
    mine = table.view(2).seats[2].hand
    # seat 2 goes first although the engine asks seat 0 first: buffered, not yet played
    table.play(2, f"return {mine[0]}", now=3.0)
    assert table.view(2).seats[2].hand == mine[1:]
    assert table.state.seats[2].hand == mine  # the engine has not reached seat 2
    assert table.version == 8 + 3 * 4  # the market, then four cards dealt to each seat
    assert [event.text for event in table.events_since(0, 0)][8:] == (
        [f"draw {card}" for card in table.view(0).seats[0].hand] + ["draw ?"] * 8
    )
    hidden = set(table.state.seats[1].hand) | set(table.state.seats[2].hand)
    for event in table.events_since(0, 0):
        assert not any(card in event.text for card in hidden)
    # a hidden card is in no seat of the snapshot, only pooled, unordered, among its deck's cards
    for viewer, unseen in ((0, hidden), (None, hidden | set(table.state.seats[0].hand))):
        snapshot = table.snapshot(viewer)
        assert not any(card in json.dumps(snapshot["view"]["seats"]) for card in unseen)
        decks = snapshot["view"]["decks"]
        assert unseen <= set(decks["scoring"].split()) | set(decks["bonus"].split())


def test_a_table_refuses_with_the_reason_a_player_can_read() -> None:
    table = _dealt_table()
    card = table.view(0).seats[0].hand[0]
    refusals = {
        "not_seated": lambda: table.play(None, f"return {card}", 1.0),
        "stale": lambda: table.play(0, f"return {card}", 1.0, seq=3),
        "chance_is_drawn": lambda: table.play(0, "roll Y6 O6 G6 B6 P6", 1.0),
        "text_too_long": lambda: table.play(0, "return " + "S" * 70, 1.0),
        "not_dealt": lambda: table.play(0, "return S99", 1.0),
    }
    for key, move in refusals.items():
        with pytest.raises(IllegalActionError) as refused:
            move()
        assert refused.value.key == key
    assert table.log[-1].kind == "chance" and table.acted(0) == 0  # nothing changed
    with pytest.raises(IllegalActionError) as refused:
        table.play_bot(0, table.legal(0)[0], 1.0)  # seat 0 is a person, and in time
    assert refused.value.key == "not_your_turn"


def _finish_deal(table: Table[Any, Any], now: float) -> None:
    rules = table.rules
    bots = _bots(rules, len(table.seats))
    rngs = [random.Random(seat) for seat in range(len(table.seats))]
    while table.deciders() and rules.window_seats(table.state):
        for seat in table.deciders():
            action = bots[seat](table.decision_state(seat), rngs[seat], BUDGET)
            table.play(seat, str(action), now, seq=table.acted(seat))


def test_a_seat_that_has_decided_its_window_waits_and_one_not_asked_is_told_so() -> None:
    table = _dealt_table(2)
    rules = table.rules
    rng = random.Random(1)
    bot = rules.bot("easy")
    while 1 in table.deciders():  # seat 1 decides its whole deal first
        table.play(1, str(bot(table.decision_state(1), rng, BUDGET)), 2.0)
    with pytest.raises(IllegalActionError) as refused:
        table.play(1, "pass", 2.0)
    assert refused.value.key == "window_closed"
    assert table.deciders() == (0,)
    _finish_deal(table, 3.0)
    active = table.deciders()
    assert len(active) == 1
    with pytest.raises(IllegalActionError) as refused:
        table.play(1 - active[0], "end", 4.0)
    assert refused.value.key == "not_your_turn"


def test_when_time_runs_out_a_bot_finishes_the_seats_decision() -> None:
    table = _dealt_table(2, timers=Timers(turn=90.0, window=120.0), now=0.0)
    assert table.deadline() == 120.0
    assert table.expire(119.0) == () and table.bots_due() == ()
    assert table.expire(120.0) == (0, 1) and table.bots_due() == (0, 1)
    rngs = [random.Random(0), random.Random(1)]
    run_bots(table, _bots(table.rules, 2), rngs, now=121.0)
    assert {entry.kind for entry in table.log[-8:]} == {"timeout", "chance"}
    assert table.deciders() and table.bots_due() == ()  # the player has the next decision again
    assert table.deadline() == 121.0 + 90.0


def test_an_away_seat_is_played_by_a_bot_and_taken_back() -> None:
    table = _dealt_table(2)
    table.away.add(1)
    assert table.bots_due() == (1,)
    rules = table.rules
    bot = rules.bot("normal")
    rng = random.Random(3)
    table.play_bot(1, bot(table.decision_state(1), rng, BUDGET), 5.0)
    assert table.log[-1].kind == "bot" and table.acted(1) == 1
    table.away.discard(1)
    assert table.bots_due() == ()


def test_a_keyed_table_replays_from_its_log_without_the_key() -> None:
    rules = rulebook("goennen-koennen")
    seats = [TableSeat("Bot", "bot", "easy")] * 3
    match = rules.new_match(3, 0, chance=KeyedChance(bytes(range(32))))
    table: Table[Any, Any] = Table(rules, match, seats)
    run_bots(table, _bots(rules, 3), [random.Random(seat) for seat in range(3)], now=1.0)
    fresh = rules.new_match(3, 0, first=match.setup.start_player)  # the seed's source: never used
    again = Table.replay(rules, fresh, seats, table.log)
    assert again.state == table.state


def test_penk_at_a_table_has_one_decider_and_no_window() -> None:
    rules = rulebook("penk")
    table: Table[Any, Any] = Table(rules, rules.new_match(2, 5, first=1), [TableSeat("A"), TableSeat("B")])
    assert table.deciders() == (1,)
    with pytest.raises(IllegalActionError) as refused:
        table.play(0, "end", 1.0)
    assert refused.value.key == "not_your_turn"
    with pytest.raises(IllegalActionError) as refused:
        table.play(1, "roll 11111J", 1.0)
    assert refused.value.key == "chance_is_drawn"
