"""Planning helpers: the ones reusing the odds module's programme agree with its exact answers, the
states the search builds itself agree with the engine's."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from game.goennen.actions import Buy, Complete, Place
from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.kernels import odds
from game.goennen.ai.planning import (
    _card_completions,
    _Purchases,
    best_acts,
    best_place,
    buy_steps,
    complete_steps,
    forget_known_success,
    remember_success,
    roll_values,
    single_card_keep,
    value_options,
)
from game.goennen.ai.play import play_game
from game.goennen.cards import assignments
from game.goennen.colours import COLOURS, Colour
from game.goennen.deck import load_deck, standard_deck
from game.goennen.display import Display, PlacedCard
from game.goennen.engine import apply, apply_known, view
from game.goennen.match import Match
from game.goennen.state import Phase, State

# The purchase check plays seeded games, and its count of checked purchases depends on the cards;
# a frozen deck keeps those games whatever the standard deck becomes (as the same-games test does).
FROZEN_DECK = load_deck(Path(__file__).resolve().parent.parent / "game" / "data" / "deck-v2.toml")


@pytest.mark.parametrize("card_id", ["S01", "S07", "B03", "S20"])
def test_value_programme_on_success_equals_the_exact_odds(card_id: str) -> None:
    card = standard_deck()[card_id]
    filled = (None,) * len(card.task)
    rng = random.Random(card_id)
    for _ in range(5):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        for rolls_left in (1, 2):
            exact = odds.reroll_options([(card.task, filled)], dice, rolls_left)
            values = roll_values([((card.task, filled), 1.0)], [0.0] * 6)
            ours = value_options(values, dice, rolls_left)
            for mask, chance in ours.items():
                assert chance == pytest.approx(exact[mask], abs=1e-9)


@pytest.mark.parametrize("card_id", ["S02", "S14", "B06"])
def test_single_card_keep_reaches_the_exact_optimum(card_id: str) -> None:
    card = standard_deck()[card_id]
    filled = (None,) * len(card.task)
    rng = random.Random(7)
    for _ in range(20):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        rolls_left = rng.choice((1, 2))
        best = odds.best_reroll([(card.task, filled)], dice, rolls_left)[1]
        mask = single_card_keep(card.task, filled, dice, rolls_left)
        chance = odds.reroll_chance([(card.task, filled)], dice, rolls_left, mask)
        assert chance == pytest.approx(best, abs=1e-9)


@pytest.mark.parametrize(("seed", "solo_level"), [(3, None), (7, 2)])
def test_purchases_built_directly_equal_the_engines(seed: int, solo_level: int | None) -> None:
    """The search carries out a purchase and its placement with the trusted apply_known: the very
    states the engine's apply gives, for every purchase the search lists and every legal cell."""
    checked = 0

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal checked
        state = match.state
        if state.phase != Phase.ACTIVE or state.chance is not None:
            return
        for buy in buy_steps(state):
            assert isinstance(buy, Buy)
            after = apply(state, buy)
            assert apply_known(state, buy) == after
            pending = after.seats[after.decider].pending
            assert pending is not None
            for row, col in after.display(after.decider).legal_cells():
                place = Place(pending, row, col)
                assert apply_known(after, place) == apply(after, place)
                checked += 1

    bots = [make_bot("normal")] if solo_level else [make_bot("normal"), make_bot("normal")]
    play_game(bots, seed, solo_level=solo_level, watch=watch, deck=FROZEN_DECK)
    assert checked > 100


@pytest.mark.parametrize(
    ("levels", "seed", "solo_level"), [(("normal", "normal"), 4, None), (("hard",), 5, 3)]
)
def test_search_shortcuts_find_the_plain_searchs_plan(
    levels: tuple[str, ...], seed: int, solo_level: int | None
) -> None:
    """best_acts values a purchase once for all equal dice that pay for it and does not look into
    a node that surely has nothing to try: the same plan as the plain search, at every active
    decision of a game."""

    def check(seen: State, seat: int) -> None:
        for modifiers in (False, True):
            fast = best_acts(seen, Evaluator(modifiers), 1e18, modifiers, 120)
            plain = best_acts(seen, Evaluator(modifiers), 1e18, modifiers, 120, shortcuts=False)
            assert fast == plain

    assert _each_active_view(levels, seed, solo_level, check) > 20


def _each_active_view(
    levels: tuple[str, ...], seed: int, solo_level: int | None, check: Callable[[State, int], None]
) -> int:
    """Play a seeded bot game and call `check(view, seat)` at every active decision, before it is
    played; returns how many were checked."""
    checked = 0

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal checked
        if match.state.phase == Phase.ACTIVE:
            check(view(match.state, seat), seat)
            checked += 1

    play_game([make_bot(level) for level in levels], seed, solo_level=solo_level, watch=watch)
    return checked


def _completions_by_assignments(placed: PlacedCard, dice: list[tuple[Colour, int, Colour]]) -> list[Complete]:
    """The completions as `assignments` lists them, one per set of dice (the first found)."""
    empty = placed.card.task.empty_fields(placed.filled)
    found: dict[frozenset[Colour], Complete] = {}
    for used in assignments(placed.card.task, placed.filled, dice):
        if frozenset(used) not in found:
            per_field: list[Colour | None] = [None] * len(placed.filled)
            for index, die in zip(empty, used, strict=True):
                per_field[index] = die
            found[frozenset(used)] = Complete(placed.id, tuple(per_field))
    return list(found.values())


def test_completions_listed_with_masks_equal_assignments() -> None:
    """_card_completions tries only the dice in each field's mask: the same completions in the same
    order as the plain search over every die, for every open card and many random dice."""
    rng = random.Random(11)
    deck = standard_deck()
    checked = 0
    for card in deck.cards:
        task = card.task
        for _ in range(40):
            filled = tuple(rng.randint(1, 6) if rng.random() < 0.3 else None for _ in task.fields)
            if None not in filled or not task.completable(filled):
                continue
            placed = PlacedCard(card, (0, 0), filled)
            count = rng.randint(1, 5)
            dice = [(die, rng.randint(1, 6), die) for die in rng.sample(COLOURS, count)]
            if rng.random() < 0.3:  # a recoloured die
                die, value, _ = dice[0]
                dice[0] = (die, value, rng.choice(COLOURS))
            expected = _completions_by_assignments(placed, dice)
            assert _card_completions(placed, dice) == expected
            checked += bool(expected)
    assert checked > 50


@pytest.mark.parametrize(
    ("levels", "seed", "solo_level"), [(("normal", "normal"), 7, None), (("hard",), 8, 2)]
)
def test_a_purchases_bound_holds(levels: tuple[str, ...], seed: int, solo_level: int | None) -> None:
    """The search's purchases (placed and valued from the first one's states) are placed where
    best_place places them on the engine's states, and a purchase's best cell, valued with the
    turns left before the placement, is never below the value of the node after it when that
    leaves fewer turns (the search skips by it)."""
    checked = bounded = 0

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal checked, bounded
        state = match.state
        if state.phase != Phase.ACTIVE or state.chance is not None:
            return
        seen = view(state, seat)
        for foresight in (False, True):
            ev = Evaluator(foresight)
            purchases = _Purchases(ev, seen, {})  # the first purchase's states serve the others
            for buy in buy_steps(seen):
                assert isinstance(buy, Buy)
                purchase = purchases.get(buy)
                after = apply_known(seen, buy)
                place, cell_value = best_place(after, Evaluator(foresight))
                placed = apply_known(after, place)
                there = Display((*purchase.start.cards, purchase.new_card))
                assert (purchase.place, there, purchase.full) == (place, placed.display(seat), there.full)
                assert purchases.state_after(purchase, buy) == placed
                exact = Evaluator(foresight).value(placed, seat)
                if purchase.exact:
                    assert purchase.bound == exact
                else:
                    assert exact <= purchase.bound
                    assert purchase.value(ev) == exact
                    bounded += 1
                checked += 1

    play_game([make_bot(level) for level in levels], seed, solo_level=solo_level, watch=watch)
    assert checked > 20
    assert bounded > 5 or solo_level is not None  # solo: only a 9th card changes the turns


def test_completions_skipped_by_success_vectors_are_none() -> None:
    """complete_steps skips a card whose success vector (kept by the keep decision) says the five
    dice as rolled cannot complete it: the same steps as without the vectors, at every active
    decision of a game."""

    def check(seen: State, seat: int) -> None:
        cards = [
            (p.card.task, p.filled) for p in seen.display(seat) if not p.completed and p.empty_count <= 5
        ]
        forget_known_success()
        plain = complete_steps(seen)
        remember_success(cards)
        assert complete_steps(seen) == plain

    assert _each_active_view(("normal", "normal"), 9, None, check) > 50
