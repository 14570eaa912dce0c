"""Write candidates valued in one batch (`Evaluator.writes`): the very numbers of a plain valuation,
bounds that never fall below them, and the write `best_write` picks with bounds skipping candidates
is the one valuing every candidate picks."""

from __future__ import annotations

import time

import pytest

from game.goennen.actions import Action
from game.goennen.ai import evaluate, make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.kernels import odds
from game.goennen.ai.planning import Plan, best_write, spends_extra_die, usable_dice
from game.goennen.ai.play import play_game
from game.goennen.cards import BonusKind
from game.goennen.display import Display, PlacedCard
from game.goennen.match import Match
from game.goennen.state import Phase, State
from game.goennen.writes import legal_writes


def _write_states(seed: int, players: int, level: str) -> list[State]:
    """States of one bot game in which a seat chooses a single-field write (one player: solo
    level 1, where the hard bot holds open cells in reserve)."""
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if match.state.phase in (Phase.PASSIVE, Phase.CHANCE_WRITE, Phase.SOLO_PASSIVE):
            seen.append(match.state)

    solo_level = 1 if players == 1 else None
    bots = [make_bot(level, unhurried=True) for _ in range(players)]
    play_game(bots, seed, solo_level=solo_level, watch=watch)
    return seen


def _candidates(state: State) -> list[tuple[list[Action], Display, PlacedCard]]:
    me = state.decider
    display = state.display(me)
    if spends_extra_die(state):
        display = display.spend_marks(BonusKind.EXTRA_DIE, 1)
    found: list[tuple[list[Action], Display, PlacedCard]] = []
    for write in legal_writes(state, usable_dice(state)):
        placed = display.find(write.card)
        assert placed is not None
        written = placed.with_value(write.field, state.value(write.die))
        found.append(([write], display.replace_card(written), written))
    return found


@pytest.mark.parametrize(("seed", "players", "level"), [(3, 2, "normal"), (6, 3, "hard"), (5, 1, "hard")])
def test_batch_values_equal_fresh_ones_and_bounds_hold(seed: int, players: int, level: str) -> None:
    # A write gets a bound only where its card's chance is not yet known; what is known depends on
    # the evaluators' and the odds' shared memories, which earlier tests of the process fill (the
    # values are the same either way). Start from empty ones, as a process of its own would.
    evaluate._card_chances.clear()
    odds._turn_chances.clear()
    foresight = level == "hard"
    busy = Evaluator(foresight)
    checked = 0
    for state in _write_states(seed, players, level)[::3]:
        me = state.decider
        writes = busy.writes(state, me)
        for _, display, placed in _candidates(state):
            bound = writes.bound(display, placed)
            value = writes.value(display, placed)
            assert value == Evaluator(foresight).value(state, me, display)
            if bound is not None:
                assert bound >= value
                checked += 1
    assert checked > 10


@pytest.mark.parametrize(("seed", "players", "level"), [(4, 2, "normal"), (7, 2, "hard"), (2, 1, "hard")])
def test_best_write_is_the_plain_best(seed: int, players: int, level: str) -> None:
    foresight = level == "hard"
    for state in _write_states(seed, players, level):
        if state.phase == Phase.CHANCE_WRITE and state.writes:
            continue
        me = state.decider
        plain = Evaluator(foresight)
        best = Plan(plain.value(state, me))
        for steps, display, _ in _candidates(state):
            value = plain.value(state, me, display)
            if value > best.value + 1e-9:
                best = Plan(value, steps)
        found = best_write(state, Evaluator(foresight), False, time.perf_counter() + 60)
        assert (found.steps, found.value) == (best.steps, best.value)


@pytest.mark.parametrize(("seed", "players", "level"), [(5, 2, "normal"), (8, 3, "hard")])
def test_one_sure_bound_per_card_and_empty_count(seed: int, players: int, level: str) -> None:
    """`Writes.sure` (the written card sure to be completed) never falls below a candidate's value
    and is the same bits for every write into one card that leaves as many empty fields: best_write
    works it out once per card."""
    foresight = level == "hard"
    checked = 0
    for state in _write_states(seed, players, level):
        writes = Evaluator(foresight).writes(state, state.decider)
        sure: dict[tuple[str, int], float] = {}
        for _, display, placed in _candidates(state):
            bound = writes.sure(display, placed)
            assert bound >= writes.value(display, placed)
            key = (placed.id, placed.empty_count)
            if key in sure:
                assert sure[key] == bound
                checked += 1
            sure[key] = bound
    assert checked > 10
