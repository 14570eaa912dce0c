"""Penk!'s bots and exact odds: legal decisions at every step, the decision budget, the odds
against brute force, and tools.simulate --game penk reporting the first game's keys."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout
from functools import cache

import pytest

from game.penk import JOLLY, LEVELS, Circle, PenkMatch, Phase, legal_actions, make_bot, new_game, play_game
from game.penk.bots import NormalBot, markings
from game.penk.chance import roll_outcomes
from game.penk.dice import group_cell, sub_multisets, without
from game.penk.odds import cell_index, circle_chances, mark_values, plan, tables
from game.penk.sheet import Sheet, read_sheet
from tools import simulate

BUDGET_P95 = 0.050  # seconds, issue 23


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_decision_of_every_level_is_legal(level: str) -> None:
    def check(match: PenkMatch, seat: int, action: object) -> None:
        assert action in legal_actions(match.state), f"{level} chose {action} in {match.state.phase}"

    for seed in range(4):
        players = 2 + seed % 3
        play_game([make_bot(level) for _ in range(players)], seed, watch=check)


def test_decisions_stay_within_the_budget() -> None:
    tables()  # built once per process, before the first decision
    seconds = []
    for seed in range(6):
        record = play_game([make_bot(level) for level in LEVELS], seed)
        seconds.extend(s for _, s in record.decisions)
    seconds.sort()
    assert seconds[int(0.95 * len(seconds))] <= BUDGET_P95


def test_an_unknown_level_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("cheat")


def test_mark_values_are_the_best_marking_of_each_hand() -> None:
    rng = random.Random(1)
    hands = tables().hands
    for _ in range(10):
        circled = rng.getrandbits(25) & rng.getrandbits(25)
        sheet = Sheet(circled, 0)
        weights = [0.0 if circled >> cell & 1 else rng.uniform(0.01, 10) for cell in range(25)]
        marks = mark_values(weights, -5.0)
        for hand in rng.sample(hands, 30):
            options = markings(sheet, hand, 3)
            best = max((sum(weights[cell_index(*group_cell(g))] for g in o) for o in options), default=-5.0)
            assert marks[tables().hand_index[hand]] == pytest.approx(best)


def test_plan_is_the_exact_best_over_every_reroll() -> None:
    rng = random.Random(5)
    weights = [rng.uniform(0, 10) for _ in range(25)]
    marks = mark_values(weights, -3.0)

    @cache
    def value(hand: tuple[int, ...], rerolls: int) -> float:
        best = float(marks[tables().hand_index[hand]])
        for part in sub_multisets(hand)[1:] if rerolls else []:
            kept = without(hand, part)
            expected = sum(
                p * value(tuple(sorted(kept + o)), rerolls - 1) for o, p in roll_outcomes(len(part))
            )
            best = max(best, expected)
        return best

    for hand in [(1, 1, 2, 3, 5, 6), (2, 2, 2, 4, 4, 6), (1, 2, 3, 4, 5, 6)]:
        for rerolls in (1, 2):
            assert plan(hand, weights, -3.0, rerolls).value == pytest.approx(value(hand, rerolls))


def test_circle_chances_of_a_single_die_is_at_least_one_of_six() -> None:
    assert circle_chances([cell_index(1, 4)], 0) == pytest.approx(1 - (5 / 6) ** 6)
    with_rerolls = [circle_chances([cell_index(row, 4)], 2) for row in range(1, 6)]
    assert with_rerolls == sorted(with_rerolls, reverse=True)  # bigger groups are rarer


def test_simulate_penk_reports_the_first_games_keys() -> None:
    def run(args: list[str]) -> dict[str, object]:
        out = io.StringIO()
        with redirect_stdout(out):
            assert simulate.main(args) == 0
        result: dict[str, object] = json.loads(out.getvalue())
        return result

    penk = run(["--game", "penk", "--players", "2", "--bots", "hard,easy", "--games", "4", "--json"])
    first = run(["--players", "2", "--bots", "easy", "--games", "2", "--json"])
    assert set(penk) == set(first)
    assert penk["games"] == 4 and set(penk["win_rate"]) == {"hard", "easy"}  # type: ignore[arg-type]


def test_normal_keeps_only_the_value_it_has_most_of() -> None:
    normal = NormalBot()
    # two pairs: either pair, with or without the jolly, or nothing; never the single 5
    assert normal.keeps((2, 2, 3, 3, 5, JOLLY)) == [(), (2, 2), (2, 2, JOLLY), (3, 3), (3, 3, JOLLY)]
    assert normal.keeps((1, 1, 1, 2, 3, JOLLY)) == [(), (1, 1, 1), (1, 1, 1, JOLLY)]
    assert normal.keeps((JOLLY,) * 6) == [()]  # nothing but jollies: roll them all again


def test_normal_circles_its_heaviest_group_first_not_the_best_set() -> None:
    # no rerolls left; (1, 4) and (4, 4) are crossed out. The jolly makes a group of 3 (row 3,
    # 9.1 by normal's weights), so normal circles 33J or 55J and then one pair: 15.2. Three pairs,
    # 33, 4J and 55, would be worth 18.3, but normal does not weigh the groups together.
    sheet = read_sheet("...xx / ..... / ..... / ...x. / .....")
    state = new_game(2, first=0).evolve(sheets=(sheet, Sheet()), active=0)
    state = state.evolve(phase=Phase.CHOOSE, rolls=3, rolling=0, dice=(3, 3, 4, 5, 5, JOLLY))
    assert {(3, 3), (4, JOLLY), (5, 5)} in [set(groups) for groups in markings(sheet, state.dice, 3)]
    chosen = make_bot("normal")(state, legal_actions(state), random.Random(1), 0.05)
    assert chosen in (Circle((3, 3, JOLLY)), Circle((5, 5, JOLLY)))
