"""Penk!'s expert: each hand's value is the best whole-sheet gain of its groups (brute force over
every way to circle), its keeps are solved on those values, and tools.simulate pits it against
hard in duplicate games."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

from game.penk import ExpertBot, PenkMatch, Phase, State, legal_actions, make_bot, new_game, play_game
from game.penk.bots import markings
from game.penk.closing import ends_game
from game.penk.dice import group_cell
from game.penk.evaluate import MIN_WEIGHT, penk_cost, sheet_value
from game.penk.expert import EXPERT, end_gain, expert_plan, turn_values
from game.penk.odds import tables
from game.penk.scoring import score_sheet
from game.penk.sheet import Sheet, completed_lines, read_sheet
from tools import simulate


def _random_state(rng: random.Random) -> State:
    circled = [rng.getrandbits(25) & rng.getrandbits(25) & rng.getrandbits(25) for _ in range(2)]
    crossed = [rng.getrandbits(25) & rng.getrandbits(25) & rng.getrandbits(25) & ~c for c in circled]
    sheets = tuple(Sheet(c, x) for c, x in zip(circled, crossed, strict=True))
    return new_game(2).evolve(sheets=sheets)


def test_each_hand_is_worth_its_best_groups_on_the_whole_sheet() -> None:
    rng = random.Random(3)
    for _ in range(4):
        state = _random_state(rng)
        values = turn_values(state)
        sheet, other = state.sheets
        turns = values.look.turns
        base = sheet_value(sheet, turns, None, EXPERT)
        for hand in rng.sample(tables().hands, 25):
            options = markings(sheet, hand, 3)
            best = values.look.fail
            for groups in options:
                after = sheet
                for group in groups:
                    after = after.circle(*group_cell(group))
                if ends_game((after, other.cross_out(completed_lines(sheet, after)))):
                    gain = end_gain(state, after, turns, 1.0, EXPERT, ExpertBot.win_bonus)
                else:
                    cost = penk_cost(sheet, after, [other], turns, EXPERT)
                    gain = sheet_value(after, turns, None, EXPERT) - base + cost
                best = max(best, max(gain, 0.0) + MIN_WEIGHT)
            assert values.marks[tables().hand_index[hand]] == pytest.approx(best)


def test_a_turn_that_ends_the_game_is_worth_its_final_margin() -> None:
    # seat 1 plays last: circling row 1 of column 2 fills its second column and ends the game
    mine = read_sheet("x.ooo/xxooo/xxooo/xxooo/xx...")
    theirs = read_sheet("oo.../oo.../ooo../...../.....")
    state = new_game(2, first=0).evolve(sheets=(theirs, mine), active=1)
    after = mine.circle(1, 2)
    turns = 3.0
    going_on = sheet_value(mine, turns, None, EXPERT) - sheet_value(theirs, turns, None, EXPERT)
    final = score_sheet(1, after).total - score_sheet(0, theirs).total
    won = 1.0 if final > 0 else 0.0
    assert ends_game((theirs, after))
    for bonus in (0.0, 10.0):
        expected = final - going_on + bonus * (won - 0.5)
        assert end_gain(state, after, turns, 1.0, EXPERT, bonus) == pytest.approx(expected)


def test_the_expert_rerolls_a_hand_that_circles_little() -> None:
    state = new_game(2).evolve(phase=Phase.CHOOSE, rolls=1, rolling=0, dice=(1, 2, 3, 4, 5, 5))
    choice = expert_plan(state)
    assert choice.reroll and choice.value > choice.mark_now


def test_every_expert_decision_is_legal() -> None:
    def check(match: PenkMatch, seat: int, action: object) -> None:
        assert action in legal_actions(match.state)

    for seed in range(3):
        play_game([ExpertBot(), make_bot("hard"), ExpertBot()][: 2 + seed % 2], seed, watch=check)


def test_simulate_plays_the_expert_against_hard_in_duplicate_games() -> None:
    out = io.StringIO()
    args = [
        "--game",
        "penk",
        "--players",
        "2",
        "--bots",
        "expert,hard",
        "--games",
        "4",
        "--duplicate",
        "--json",
    ]
    with redirect_stdout(out):
        assert simulate.main(args) == 0
    summary = json.loads(out.getvalue())
    assert summary["duplicate"]["deals"] == 2
    assert set(summary["win_rate"]) == {"expert", "hard"}


def test_simulate_names_the_penk_levels_for_an_unknown_one() -> None:
    with pytest.raises(SystemExit), redirect_stdout(io.StringIO()):
        simulate.main(["--game", "penk", "--players", "2", "--bots", "cheat,hard", "--games", "2"])
