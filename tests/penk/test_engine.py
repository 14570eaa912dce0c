"""Penk!'s engine: setup, turn order, chance, refusals that change nothing, text round trips."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.goennen.actions import ActionSyntaxError
from game.penk import (
    DICE,
    FACES,
    IllegalActionError,
    Phase,
    SetupError,
    Turn,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    parse,
    result,
    sample_chance,
    view,
    whose_turn,
)
from game.penk.chance import roll_outcomes
from game.penk.dice import group_cell, groups_for, sub_multisets


def test_new_game_waits_for_the_first_players_roll() -> None:
    state = new_game(3, first=2)
    assert whose_turn(state) == Turn("chance")
    assert state.active == 2 and state.rolling == DICE and state.phase is Phase.ROLL


@pytest.mark.parametrize(("players", "first"), [(1, 0), (5, 0), (2, 2), (3, -1)])
def test_setup_errors_say_what_is_wrong(players: int, first: int) -> None:
    with pytest.raises(SetupError):
        new_game(players, first=first)


@pytest.mark.parametrize("dice", [1, 2, 6])
def test_roll_outcomes_are_every_sorted_result_with_probabilities_summing_to_one(dice: int) -> None:
    outcomes = roll_outcomes(dice)
    assert len(outcomes) == len(set(faces for faces, _ in outcomes))
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)
    assert all(faces == tuple(sorted(faces)) and len(faces) == dice for faces, _ in outcomes)


def test_all_six_dice_have_462_outcomes_and_doubles_are_likelier() -> None:
    outcomes = dict(roll_outcomes(DICE))
    assert len(outcomes) == 462
    assert outcomes[(1, 2, 3, 4, 5, 6)] == pytest.approx(720 / 6**6)
    assert outcomes[(1, 1, 1, 1, 1, 1)] == pytest.approx(1 / 6**6)


def test_sampling_gives_every_face_about_equally() -> None:
    state = new_game(2)
    rng = random.Random(3)
    counts: Counter[int] = Counter()
    for _ in range(2000):
        counts.update(sample_chance(state, rng).faces)
    assert set(counts) == set(FACES)
    assert all(1700 < n < 2300 for n in counts.values())


def test_chance_outcomes_are_empty_when_a_seat_decides() -> None:
    state = apply(new_game(2), parse("roll 12345J"))
    assert chance_outcomes(state) == []
    with pytest.raises(ValueError):
        sample_chance(state, random.Random(1))


def test_a_refused_action_changes_nothing() -> None:
    state = apply(new_game(2), parse("roll 12345J"))
    before = (state, state.sheets)
    for text in ("circle J", "circle 45", "circle 4JJ", "reroll 55", "cross 1", "end", "roll 12345J"):
        with pytest.raises(IllegalActionError):
            apply(state, parse(text))
    assert (state, state.sheets) == before


@pytest.mark.parametrize(
    "text", ["", "jump", "roll", "roll 7", "cross 6", "cross x", "end now", "circle 1 2"]
)
def test_unreadable_text_is_an_action_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse(text)


def test_text_round_trips_for_every_group_and_reroll() -> None:
    dice = (1, 1, 4, 4, 6, 6)
    for part in sub_multisets(dice)[1:]:
        assert parse(f"reroll {''.join('J' if f == 6 else str(f) for f in part)}").faces == part
    for group in groups_for(dice):
        action = parse(str(parse(f"circle {''.join('J' if f == 6 else str(f) for f in group)}")))
        assert action.group == group  # type: ignore[union-attr]
        assert group_cell(group)[0] == len(group)


def test_result_only_at_the_end_and_view_is_the_state() -> None:
    state = new_game(2)
    with pytest.raises(IllegalActionError):
        result(state)
    assert view(state, 1) is state
    with pytest.raises(ValueError):
        view(state, 2)


def test_legal_actions_after_a_roll_list_rerolls_and_circles() -> None:
    state = apply(new_game(2), parse("roll 11234J"))
    legal = legal_actions(state)
    assert sum(1 for a in legal if str(a).startswith("reroll")) == 47
    assert {str(a) for a in legal if str(a).startswith("circle")} == {
        "circle 1", "circle 11", "circle 1J", "circle 11J", "circle 2", "circle 2J",
        "circle 3", "circle 3J", "circle 4", "circle 4J",
    }  # fmt: skip
