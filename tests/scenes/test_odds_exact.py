"""The odds shown at the table are exact: on 200 seeded positions of bot games, with a kept set
drawn for each, every card's and market slot's badge says what an independent computation says
(the kernel's union programme `reroll_options` on that card alone, a purchase as a task of equal
white fields), to the percent shown; and for 10 positions a Monte-Carlo run of 20,000 turns of
the same keeping (the kernel's keep tables) agrees within three standard errors."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.kernels.odds import MASKS, keep_table, reroll_options, roll_index, success_vector
from game.goennen.ai.play import play_game
from game.goennen.engine import (
    COLOURS,
    MARKET_SLOTS,
    ROWS,
    BonusKind,
    Field,
    Phase,
    Relation,
    State,
    Task,
    price,
)
from scenes.model.odds_numbers import Badge, OddsRequest, badges
from scenes.table.odds_view import badge_face

POSITIONS = 200
MONTE_CARLO_POSITIONS = 10
TURNS = 20_000


def _positions() -> list[tuple[State, tuple[bool, ...]]]:
    """Active decisions after roll 1 or 2 of seeded two-player games, each with a kept set."""
    found: list[tuple[State, tuple[bool, ...]]] = []
    rng = random.Random(21)

    def watch(match: object, seat: int, action: object) -> None:
        state = match.state  # type: ignore[attr-defined]
        if len(found) < POSITIONS and state.phase == Phase.ACTIVE and state.rolls in (1, 2):
            if not state.acted and rng.random() < 0.5:
                found.append((state, tuple(rng.random() < 0.4 for _ in COLOURS)))

    seed = 0
    while len(found) < POSITIONS:
        play_game([make_bot("easy"), make_bot("normal")], seed, watch=watch)
        seed += 1
    return found


def _equal_task(count: int) -> Task:
    """A task of `count` white fields that must show the same number: a purchase's dice."""
    return Task((Field(None, None),) * count, (Relation.EQUAL,) * (count - 1))


def _goal(state: State, badge: Badge) -> tuple[Task, tuple[int | None, ...]] | None:
    """The card (or the purchase as a task) a badge is about; None for a purchase of 0 or 1 dice."""
    if badge.kind == "complete":
        placed = state.display(state.decider).find(str(badge.target[1]))
        assert placed is not None
        return placed.card.task, placed.filled
    discount = state.display(state.decider).marks_left(BonusKind.DISCOUNT)
    cost = max(0, price(int(str(badge.target[2]))) - discount)
    return (_equal_task(cost), (None,) * cost) if cost >= 2 else None


def _exact(state: State, badge: Badge, kept: tuple[bool, ...]) -> float:
    goal = _goal(state, badge)
    if goal is None:
        return 1.0
    dice = tuple(state.value(colour) for colour in COLOURS)
    options = reroll_options([goal], dice, 3 - state.rolls)
    reroll = tuple(not flag for flag in kept)
    if options[None] == 1.0 or not any(reroll):
        return options[None]
    return options[reroll]


def _expected_targets(state: State) -> set[tuple[object, ...]]:
    display = state.display(state.decider)
    targets: set[tuple[object, ...]] = {("card", p.id) for p in display.cards if not p.completed}
    if not display.full:
        targets |= {
            ("slot", row, slot)
            for row in ROWS
            if row not in state.bought
            for slot in range(1, MARKET_SLOTS + 1)
            if state.market_card(row, slot) is not None
        }
    return targets


@pytest.fixture(scope="module")
def positions() -> list[tuple[State, tuple[bool, ...]]]:
    return _positions()


def test_every_badge_shows_the_exact_odds(positions: list[tuple[State, tuple[bool, ...]]]) -> None:
    assert len(positions) == POSITIONS
    checked = 0
    for state, kept in positions:
        shown = [b for batch in badges(OddsRequest(state, state.decider, kept)) for b in batch]
        assert {b.target for b in shown} == _expected_targets(state)
        for badge in shown:
            exact = _exact(state, badge, kept)
            assert badge.value == pytest.approx(exact, abs=1e-9)
            assert badge_face(badge)[0] == badge_face(Badge(badge.kind, badge.target, exact))[0]
            checked += 1
    assert checked > 1000  # cards and market slots of 200 positions


def _simulate(
    goal: tuple[Task, tuple[int | None, ...]],
    dice: tuple[int, ...],
    kept: tuple[bool, ...],
    left: int,
    seed: int,
) -> float:
    """The share of TURNS simulated turns reaching the goal: the dice not kept rerolled, then the
    kernel's keep table for the goal on the rolls left."""
    rng = np.random.default_rng(seed)
    task, filled = goal
    success = success_vector(task, filled)
    weights = 6 ** np.arange(4, -1, -1)
    rolls = np.tile(np.array(dice), (TURNS, 1))
    reroll = ~np.array(kept)
    if not reroll.any() or success[roll_index(dice)]:
        return float(success[roll_index(dice)])
    rolls[:, reroll] = rng.integers(1, 7, size=(TURNS, int(reroll.sum())))
    for rolls_left in range(left - 1, 0, -1):
        choice = keep_table(task, filled, rolls_left)[(rolls - 1) @ weights]
        again = choice >= 0
        masks = np.array(MASKS)[np.where(again, choice, 0)] & again[:, None]
        rolls = np.where(masks, rng.integers(1, 7, size=rolls.shape), rolls)
    return float(success[(rolls - 1) @ weights].mean())


def test_monte_carlo_agrees_with_the_badges(positions: list[tuple[State, tuple[bool, ...]]]) -> None:
    chosen = [(s, k) for s, k in positions if s.rolls == 1 and any(not f for f in k)][:MONTE_CARLO_POSITIONS]
    assert len(chosen) == MONTE_CARLO_POSITIONS
    compared = 0
    for state, kept in chosen:
        dice = tuple(state.value(colour) for colour in COLOURS)
        for badge in [b for batch in badges(OddsRequest(state, state.decider, kept)) for b in batch]:
            goal = _goal(state, badge)
            if goal is None:
                continue
            estimate = _simulate(goal, dice, kept, 3 - state.rolls, seed=compared)
            error = (badge.value * (1 - badge.value) / TURNS) ** 0.5
            assert abs(estimate - badge.value) <= max(3 * error, 1e-12), (badge, estimate)
            compared += 1
    assert compared >= 3 * MONTE_CARLO_POSITIONS
