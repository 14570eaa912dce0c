"""Exact completion odds (game/goennen/ai/kernels/odds.py) against an independent plain-Python enumerator
and known values."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.goennen.ai.kernels import odds, rolls, success
from game.goennen.ai.kernels.classes import classes_for_blocks
from game.goennen.ai.kernels.deck_table import deck_table
from game.goennen.cards import Field, Relation, Task, parse_task
from game.goennen.colours import COLOURS
from game.goennen.deck import standard_deck

Dice = tuple[int, ...]
ALL_ROLLS: tuple[Dice, ...] = tuple(itertools.product(range(1, 7), repeat=5))


# --- an independent enumerator: every placement, every reroll set, every outcome -------------------


def rules_hold(task: Task, values: Sequence[int]) -> bool:
    """The task's rules, written out again from the rule text (not via game.goennen.cards)."""
    for field, value in zip(task.fields, values, strict=True):
        if field.number is not None and value != field.number:
            return False
    for i, relation in enumerate(task.relations):
        if relation == Relation.LESS and not values[i] < values[i + 1]:
            return False
        if relation == Relation.EQUAL and values[i] != values[i + 1]:
            return False
    return sum(values) >= task.sum_at_least


def can_complete(task: Task, filled: Sequence[int | None], dice: Dice) -> bool:
    """Try every placement of distinct dice on the empty fields (colour and number checked early)."""
    empty = [i for i, value in enumerate(filled) if value is None]
    values = list(filled)

    def place(position: int, used: frozenset[int]) -> bool:
        if position == len(empty):
            return rules_hold(task, [v for v in values if v is not None])
        field = task.fields[empty[position]]
        for die in range(5):
            if die in used or field.colour not in (None, COLOURS[die]):
                continue
            if field.number is not None and dice[die] != field.number:
                continue
            values[empty[position]] = dice[die]
            if place(position + 1, used | {die}):
                return True
        values[empty[position]] = None
        return False

    return len(empty) <= 5 and place(0, frozenset())


Card = tuple[Task, tuple[int | None, ...]]


def any_completes(cards: Sequence[Card]) -> Callable[[Dice], bool]:
    @cache
    def success(dice: Dice) -> bool:
        return any(can_complete(task, filled, dice) for task, filled in cards)

    return success


def outcomes(dice: Dice, mask: Sequence[bool]) -> list[Dice]:
    """Every equally likely result of rerolling the dice flagged in `mask`."""
    rerolled = [i for i in range(5) if mask[i]]
    results = []
    for faces in itertools.product(range(1, 7), repeat=len(rerolled)):
        new = list(dice)
        for i, face in zip(rerolled, faces, strict=True):
            new[i] = face
        results.append(tuple(new))
    return results


def brute_option(
    success: Callable[[Dice], bool], dice: Dice, mask: Sequence[bool], rolls_left: int
) -> Fraction:
    """The chance of rerolling `mask` now and then playing on optimally, by enumeration."""
    results = outcomes(dice, mask)
    if rolls_left == 1:
        return Fraction(sum(map(success, results)), len(results))
    return sum((brute_chance(success, new, rolls_left - 1) for new in results), Fraction(0)) / len(results)


def brute_chance(success: Callable[[Dice], bool], dice: Dice, rolls_left: int) -> Fraction:
    """Stop if a card completes now, else the best of every non-empty reroll set."""
    if success(dice):
        return Fraction(1)
    if rolls_left == 0:
        return Fraction(0)
    masks = [mask for mask in itertools.product((False, True), repeat=5) if any(mask)]
    return max(brute_option(success, dice, mask, rolls_left) for mask in masks)


def fresh(text: str, total: int = 0) -> Card:
    task = parse_task(text, total)
    return task, (None,) * len(task)


# --- small fixed cases against the enumerator ---------------------------------------------------------

SMALL_CASES = [
    (fresh("W6, W6"), (6, 1, 2, 3, 4)),
    (fresh("Y < W < W"), (5, 1, 1, 2, 6)),
    (fresh("O = W, W"), (1, 2, 3, 4, 5)),
    ((parse_task("W < W < B"), (None, 4, None)), (2, 2, 2, 2, 2)),
    (fresh("W, W", 10), (1, 2, 3, 6, 1)),
]


@pytest.mark.parametrize(("card", "dice"), SMALL_CASES)
@pytest.mark.parametrize("rolls_left", [0, 1])
def test_card_odds_match_enumeration(card: Card, dice: Dice, rolls_left: int) -> None:
    expected = float(brute_chance(any_completes([card]), dice, rolls_left))
    assert odds.completion_chance(*card, dice, rolls_left) == pytest.approx(expected, abs=1e-12)


def test_every_reroll_option_matches_enumeration() -> None:
    cards = [fresh("W6, W6"), fresh("Y < W < W")]
    dice = (5, 6, 2, 1, 1)
    success = any_completes(cards)
    options = odds.reroll_options(cards, dice, 1)
    assert len(options) == 32
    for mask, chance in options.items():
        expected = Fraction(int(success(dice))) if mask is None else brute_option(success, dice, mask, 1)
        assert chance == pytest.approx(float(expected), abs=1e-12), mask
    mask, best = odds.best_reroll(cards, dice, 1)
    assert best == pytest.approx(float(brute_chance(success, dice, 1)), abs=1e-12)
    assert mask is not None and odds.reroll_chance(cards, dice, 1, mask) == best


def test_union_matches_enumeration() -> None:
    cards = [fresh("W5, W6"), fresh("B = W = W")]
    dice = (5, 2, 2, 3, 1)
    result = odds.display_odds(cards, dice, 1)
    assert result.at_least_one == pytest.approx(float(brute_chance(any_completes(cards), dice, 1)), abs=1e-12)
    for card, each in zip(cards, result.each, strict=True):
        assert each == pytest.approx(float(brute_chance(any_completes([card]), dice, 1)), abs=1e-12)


def test_success_vector_matches_enumeration_for_a_filled_coloured_card() -> None:
    task, filled = parse_task("P < W, G = W = W"), (None, 5, None, None, None)
    vector = odds.success_vector(task, filled)
    assert [bool(v) for v in vector] == [can_complete(task, filled, dice) for dice in ALL_ROLLS]


@pytest.mark.parametrize("card_id", ["S01", "S07", "S21", "S22", "S24", "B19"])
def test_success_vectors_of_deck_cards_match_enumeration(card_id: str) -> None:
    """Five-field cards, white and coloured mixed (every 13th roll, to stay fast)."""
    task = standard_deck()[card_id].task
    filled = (None,) * len(task)
    vector = odds.success_vector(task, filled)
    for row in range(0, len(ALL_ROLLS), 13):
        assert bool(vector[row]) == can_complete(task, filled, ALL_ROLLS[row]), ALL_ROLLS[row]


# --- random small cards -------------------------------------------------------------------------------

fields = st.builds(
    Field,
    st.one_of(st.none(), st.none(), st.sampled_from(COLOURS)),
    st.one_of(st.none(), st.none(), st.integers(1, 6)),
)


@st.composite
def small_cards(draw: st.DrawFn) -> Card:
    chosen = draw(st.lists(fields, min_size=2, max_size=3))
    gaps = len(chosen) - 1
    relations = draw(st.lists(st.sampled_from(list(Relation)), min_size=gaps, max_size=gaps))
    total = draw(st.sampled_from([0, 0, 7, 12]))
    task = Task(tuple(chosen), tuple(relations), total)
    filled: list[int | None] = [None] * len(chosen)
    if draw(st.booleans()):
        filled[draw(st.integers(0, len(chosen) - 2))] = draw(st.integers(1, 6))
    return task, tuple(filled)


dice_rolls = st.tuples(*[st.integers(1, 6)] * 5)


@settings(max_examples=60, deadline=None)
@given(small_cards(), dice_rolls)
def test_random_cards_now_match_enumeration(card: Card, dice: Dice) -> None:
    expected = 1.0 if can_complete(card[0], card[1], dice) else 0.0
    assert odds.completion_chance(card[0], card[1], dice, 0) == expected


@settings(max_examples=6, deadline=None)
@given(small_cards(), dice_rolls)
def test_random_cards_one_reroll_match_enumeration(card: Card, dice: Dice) -> None:
    expected = float(brute_chance(any_completes([card]), dice, 1))
    assert odds.completion_chance(*card, dice, 1) == pytest.approx(expected, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.lists(small_cards(), min_size=1, max_size=4), dice_rolls)
def test_bounds_monotonicity_and_union(cards: list[Card], dice: Dice) -> None:
    by_rolls = [odds.display_odds(cards, dice, rolls_left) for rolls_left in (0, 1, 2)]
    for result in [*by_rolls, odds.display_odds_before_roll(cards)]:
        assert all(0.0 <= chance <= 1.0 for chance in (result.at_least_one, *result.each))
        assert all(result.at_least_one >= each - 1e-12 for each in result.each)
        assert result.at_least_one <= sum(result.each) + 1e-12  # the union strategy is no better per card
    for fewer, more in itertools.pairwise(by_rolls):
        assert more.at_least_one >= fewer.at_least_one - 1e-12
        assert all(m >= f - 1e-12 for f, m in zip(fewer.each, more.each, strict=True))
    alone = [odds.completion_chance(task, filled, dice, 2) for task, filled in cards]
    assert list(by_rolls[2].each) == pytest.approx(alone, abs=1e-12)


# --- known values -------------------------------------------------------------------------------------


def test_five_of_a_kind_in_one_turn_is_the_known_yacht_value() -> None:
    known = 2783176 / 60466176  # the classic chance of a Yacht/Yahtzee within three rolls
    assert odds.one_turn_chance(parse_task("W = W = W = W = W")) == pytest.approx(known, abs=1e-12)


def test_coloured_fixed_numbers_are_independent_dice() -> None:
    per_die = 1 - (5 / 6) ** 3
    assert odds.one_turn_chance(parse_task("Y3, B3")) == pytest.approx(per_die**2, abs=1e-12)
    task = parse_task("Y3, B3")
    assert odds.completion_chance(task, (None, None), (3, 6, 6, 1, 6), 2) == pytest.approx(1 - (5 / 6) ** 2)
    assert odds.completion_chance(task, (3, None), (1, 1, 1, 1, 1), 1) == pytest.approx(1 / 6)


def test_two_sixes_keep_every_six() -> None:
    p = 1 - (5 / 6) ** 3
    at_least_two = 1 - (1 - p) ** 5 - 5 * p * (1 - p) ** 4
    assert odds.one_turn_chance(parse_task("W6, W6")) == pytest.approx(at_least_two, abs=1e-12)


# --- certain and impossible cards ---------------------------------------------------------------------


@pytest.mark.parametrize("rolls_left", [0, 1, 2])
def test_completable_now_is_certain_and_best_is_to_stop(rolls_left: int) -> None:
    card = fresh("W < W < O < W < W")
    dice = (1, 4, 2, 5, 6)  # distinct values; the orange die shows the middle one
    assert odds.completion_chance(*card, dice, rolls_left) == 1.0
    assert odds.best_reroll([card], dice, rolls_left) == (None, 1.0)
    assert odds.reroll_chance([card], dice, rolls_left, None) == 1.0


@pytest.mark.parametrize(
    "card",
    [
        fresh("Y3, Y4"),  # one yellow die cannot fill two yellow fields
        fresh("W, W, W, W, W, W, W, W", 40),  # eight empty fields, five dice
        (parse_task("W < W"), (6, None)),  # nothing is larger than 6
        (parse_task("W, W", 12), (5, None)),  # 5 + 6 < 12
    ],
)
def test_impossible_cards_have_no_chance(card: Card) -> None:
    assert odds.chance_before_roll(*card) == 0.0
    for rolls_left in (0, 1, 2):
        assert odds.completion_chance(*card, (6, 6, 6, 6, 6), rolls_left) == 0.0


def test_no_chance_at_all_still_names_a_reroll() -> None:
    """With rolls left the rules forbid stopping without acting, so a hopeless state still rerolls."""
    mask, chance = odds.best_reroll([fresh("Y3, Y4")], (1, 1, 1, 1, 1), 2)
    assert chance == 0.0 and mask is not None and sum(mask) == 1
    assert odds.best_reroll([fresh("Y3, Y4")], (1, 1, 1, 1, 1), 0) == (None, 0.0)


# --- the decision API ---------------------------------------------------------------------------------


def test_best_reroll_keeps_what_the_task_needs() -> None:
    card = fresh("Y6, W")
    mask, chance = odds.best_reroll([card], (2, 6, 6, 6, 6), 2)
    assert mask == (True, False, False, False, False)
    assert chance == pytest.approx(1 - (5 / 6) ** 2)
    worse = odds.reroll_chance([card], (2, 6, 6, 6, 6), 2, (True, True, True, True, True))
    assert worse == pytest.approx(chance)  # the other dice do not matter here: an equal choice
    assert odds.reroll_chance([card], (2, 6, 6, 6, 6), 2, None) == 0.0


def test_a_bots_choice_as_share_of_the_optimum() -> None:
    cards = [fresh("W < W < W < W < W")]
    dice = (1, 1, 2, 3, 4)
    _, best = odds.best_reroll(cards, dice, 2)
    careless = odds.reroll_chance(cards, dice, 2, (True, True, True, True, True))
    assert 0.0 < careless / best < 1.0
    assert best == pytest.approx(1 - (4 / 6) ** 2)  # reroll one 1, hoping for a 5 or a 6


def test_bad_arguments_are_refused() -> None:
    card = fresh("W6, W6")
    with pytest.raises(ValueError, match="already complete"):
        odds.completion_chance(card[0], (6, 6), (1, 1, 1, 1, 1), 0)
    with pytest.raises(ValueError, match="dice"):
        odds.completion_chance(*card, (1, 1, 1, 1), 0)
    with pytest.raises(ValueError, match="rolls left"):
        odds.completion_chance(*card, (1, 1, 1, 1, 1), 3)
    with pytest.raises(ValueError, match="no rolls are left"):
        odds.reroll_chance([card], (1, 1, 1, 1, 1), 0, (True, False, False, False, False))
    with pytest.raises(ValueError, match="at least one"):
        odds.reroll_chance([card], (1, 1, 1, 1, 1), 1, (False,) * 5)


# --- keeping by value: the public API the bots use ------------------------------------------------


@pytest.mark.parametrize("text", ["W < W < W", "O6, W6", "W = W = W"])
def test_reroll_values_on_success_are_the_reroll_chances(text: str) -> None:
    card = fresh(text)
    values = odds.success_vector(*card).astype(float)
    for dice in [(1, 2, 3, 4, 5), (6, 6, 1, 1, 2), (3, 3, 3, 3, 3)]:
        for rolls_left in (1, 2):
            exact = odds.reroll_options([card], dice, rolls_left)
            ours = odds.reroll_values(values, dice, rolls_left)
            assert len(ours) == len(odds.MASKS) == 31
            for mask, value in zip(odds.MASKS, ours, strict=True):
                assert value == exact[mask]


def test_reroll_values_scale_with_the_values_and_match_enumeration() -> None:
    # doubling every roll's value doubles every expectation; one reroll is a plain mean
    values = [float(sum(roll)) for roll in ALL_ROLLS]  # worth: the sum of the dice
    dice = (1, 6, 6, 6, 6)
    once = odds.reroll_values(values, dice, 1)
    twice = odds.reroll_values([2 * v for v in values], dice, 1)
    assert twice == pytest.approx([2 * v for v in once])
    first_only = odds.MASKS.index((True, False, False, False, False))
    assert once[first_only] == pytest.approx(24 + 3.5)
    # with a second reroll to come, rerolling the lone 1 is worth more than a plain mean
    assert odds.reroll_values(values, dice, 2)[first_only] > once[first_only]
    with pytest.raises(ValueError, match="rolls left"):
        odds.reroll_values(values, dice, 0)


@pytest.mark.parametrize("text", ["W < W < W < W", "Y, B, W6", "W = W = W"])
def test_keep_table_reaches_the_exact_optimum(text: str) -> None:
    card = fresh(text)
    success = odds.success_vector(*card)
    for rolls_left in (1, 2):
        table = odds.keep_table(*card, rolls_left)
        assert not table.flags.writeable
        for dice in ALL_ROLLS[::97]:
            choice = int(table[odds.roll_index(dice)])
            if success[odds.roll_index(dice)]:
                assert choice == -1  # completes now: stop
                continue
            best = odds.best_reroll([card], dice, rolls_left)
            assert choice >= 0
            assert odds.reroll_chance([card], dice, rolls_left, odds.MASKS[choice]) == best[1]


def test_chances_before_roll_are_the_display_odds_each_alone_or_together() -> None:
    # bots cache these chances whichever way they were computed, so the bits must agree
    cards = [(c.task, (None,) * len(c.task)) for c in standard_deck().cards[:12]]
    together = odds.chances_before_roll(cards)
    assert together == odds.display_odds_before_roll(cards).each
    for card, chance in zip(cards, together, strict=True):
        assert odds.chances_before_roll([card]) == (chance,)
        assert odds.chance_before_roll(*card) == chance
    assert odds.chances_before_roll([]) == ()


def test_equal_residual_tasks_have_equal_success_vectors() -> None:
    # success vectors and one-turn chances are shared between fills with the same residual task:
    # that is only right if the residual decides the success vector, so check it on many random
    # fills, each vector built afresh (success_vector itself would hand out the shared one)
    rng = random.Random(3)
    tasks = [card.task for card in standard_deck().cards]
    tasks += [parse_task(text, total) for text, total in [("W < W < W", 0), ("W = W, W", 0), ("W, W, W", 14)]]
    groups: dict[object, bytes] = {}
    shared = 0
    for _ in range(3000):
        task = rng.choice(tasks)
        filled = [rng.randint(1, 6) if rng.random() < 0.4 else None for _ in task.fields]
        if all(v is not None for v in filled):
            continue
        key = success.residual_key(task, tuple(filled))
        vector = success.build_success_vector(task, tuple(filled)).tobytes()
        assert odds.success_vector(task, filled).tobytes() == vector
        shared += key in groups
        assert groups.setdefault(key, vector) == vector, (task.text(), filled)
    assert shared > 500  # the check saw many shared residuals


def test_roll_index_orders_rolls_like_the_success_vector() -> None:
    assert [odds.roll_index(roll) for roll in ALL_ROLLS] == list(range(odds.ROLLS))
    for roll in ALL_ROLLS[::97]:  # the faces of a roll's row are its dice
        assert tuple(int(face) + 1 for face in rolls.ROLL_FACES[odds.roll_index(roll)]) == roll
    for wrong in [(0, 1, 1, 1, 1), (1, 1, 1, 1, 7), (1, 1, 1, 1), (1, 1, 1, 1, 1, 1)]:
        with pytest.raises(ValueError):
            odds.roll_index(wrong)


# --- documentation and the deck table -------------------------------------------------------------------


def test_module_says_bonuses_are_not_modelled() -> None:
    text = (odds.__doc__ or "").lower()
    assert "plus/minus" in text and "recolour" in text and "not modelled" in text


def test_deck_table_covers_every_card() -> None:
    deck = standard_deck()
    lines = deck_table()
    assert len(lines) == 2 + len(deck.cards)
    for card in deck.cards:
        chance = odds.one_turn_chance(card.task)
        assert 0.0 <= chance <= 1.0
        assert (chance == 0.0) == (len(card.task) > 5)


def test_roll_classes_and_classes_by_cell_match_brute_force() -> None:
    """roll_classes is np.unique of the canonical codes (representatives and every roll's rank),
    and classes_by_cell's row of a cell the classes in which some placement of distinct dice that
    respects the fields' colours shows the cell's values (every placement of every class tried)."""
    import numpy as np

    for size in range(odds.DICE + 1):
        for dice in itertools.combinations(range(odds.DICE), size):
            pinned = frozenset(dice)
            representatives, classes = success.roll_classes(pinned)
            faces = rolls.ROLL_FACES.copy()
            free = [die for die in range(odds.DICE) if die not in pinned]
            faces[:, free] = np.sort(faces[:, free], axis=1)
            codes = faces @ (rolls.FACES ** np.arange(odds.DICE - 1, -1, -1))
            unique, inverse = np.unique(codes, return_inverse=True)
            assert np.array_equal(representatives, unique)
            assert np.array_equal(classes, inverse.reshape(-1))
    rng = random.Random(5)
    for _ in range(60):
        count = rng.randint(1, 4)
        slots = tuple(rng.choice((-1, -1, rng.randrange(odds.DICE))) for _ in range(count))
        gathered = success.classes_by_cell(slots)
        pinned = frozenset(s for s in slots if s >= 0)
        representatives, classes = success.roll_classes(pinned)
        expected: list[set[int]] = [set() for _ in range(rolls.FACES**count)]
        for placement in itertools.permutations(range(odds.DICE), count):
            if any(s >= 0 and die != s for s, die in zip(slots, placement, strict=True)):
                continue
            for number, roll in enumerate(representatives):
                shown = rolls.ROLL_FACES[roll][list(placement)]
                expected[int(shown @ (rolls.FACES ** np.arange(count - 1, -1, -1)))].add(number)
        if not any(expected):
            assert gathered is None, slots
            continue
        assert gathered is not None, slots
        by_cell, gathered_classes, total = gathered
        assert [set(row.tolist()) for row in by_cell] == expected, slots
        assert gathered_classes is classes and total == len(representatives)


def test_partial_state_classes_match_sorting_the_blocks() -> None:
    """classes_for_blocks numbers the classes as the codes of each block's digits sorted (np.sort), ranked by
    unknown dice then code (its sorting network must give the very same codes)."""
    import numpy as np

    for blocks in [(5,), (1, 4), (2, 3), (3, 2), (4, 1)]:
        digits = rolls.PARTIAL_DIGITS.copy()
        start = 0
        for size in blocks:
            digits[:, start : start + size] = np.sort(digits[:, start : start + size], axis=1)
            start += size
        codes = digits @ rolls.PARTIAL_WEIGHTS
        unique = np.unique(codes)
        level = (rolls.PARTIAL_DIGITS[unique] == rolls.UNKNOWN).sum(axis=1)
        order = unique[np.lexsort((unique, level))]
        class_of = np.full(rolls.PARTIALS, -1)
        class_of[order] = np.arange(len(order))
        assert np.array_equal(classes_for_blocks(blocks).of_partial, class_of[codes])
