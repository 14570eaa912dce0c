"""Planning helpers: the ones reusing the odds module's programme agree with its exact answers, the
states the search builds itself agree with the engine's."""

from __future__ import annotations

import random

import pytest

from game import odds
from game.actions import Buy, Place
from game.ai import make_bot
from game.ai.evaluate import Evaluator
from game.ai.planning import (
    _bought,
    _placed,
    best_acts,
    buy_steps,
    roll_values,
    single_card_keep,
    value_options,
)
from game.ai.play import play_game
from game.deck import standard_deck
from game.engine import apply, view
from game.match import Match
from game.state import Phase


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


@pytest.mark.parametrize(("seed", "solo_level"), [(3, None), (6, 2)])
def test_purchases_built_directly_equal_the_engines(seed: int, solo_level: int | None) -> None:
    """The search builds a purchase and its placement itself (planning._bought, _placed): the very
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
            assert _bought(state, buy, {}) == after
            pending = after.seats[after.decider].pending
            assert pending is not None
            for row, col in after.display(after.decider).legal_cells():
                place = Place(pending, row, col)
                assert _placed(after, place) == apply(after, place)
                checked += 1

    bots = [make_bot("normal")] if solo_level else [make_bot("normal"), make_bot("normal")]
    play_game(bots, seed, solo_level=solo_level, watch=watch)
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
    checked = 0

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal checked
        state = match.state
        if state.phase != Phase.ACTIVE:
            return
        seen = view(state, seat)
        for modifiers in (False, True):
            fast = best_acts(seen, Evaluator(modifiers), 1e18, modifiers, 120)
            plain = best_acts(seen, Evaluator(modifiers), 1e18, modifiers, 120, shortcuts=False)
            assert fast == plain
        checked += 1

    bots = [make_bot(level) for level in levels]
    play_game(bots, seed, solo_level=solo_level, watch=watch)
    assert checked > 20
