"""The last round: hard plays for its chance to win (game/penk/endgame.py). The vectorised
scores and win values against the rules' own scoring, the chances of the seats still to play,
and the bot taking a long shot when safe points cannot win."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.penk import JOLLY, Phase, Reroll, make_bot, new_game
from game.penk.bots import markings
from game.penk.dice import group_cell
from game.penk.endgame import Rivals, rivals, scores, sheet_outcome, winning_marks
from game.penk.odds import cell_index, circle_chances, final_hands, mark_values, tables
from game.penk.scoring import score_sheet
from game.penk.sheet import Sheet, read_sheet


def _random_sheet(rng: random.Random) -> Sheet:
    circled = rng.getrandbits(25) & rng.getrandbits(25)
    return Sheet(circled, rng.getrandbits(25) & rng.getrandbits(25) & ~circled)


def test_scores_are_the_rules_scores() -> None:
    rng = random.Random(3)
    masks = np.array([rng.getrandbits(25) for _ in range(500)], dtype=np.int64)
    totals, counts = scores(masks)
    for mask, total, count in zip(masks, totals, counts, strict=True):
        score = score_sheet(0, Sheet(int(mask), 0))
        assert (int(total), int(count)) == (score.total, score.circled)


def test_winning_marks_are_the_best_groups_of_each_hand() -> None:
    rng = random.Random(8)
    for _ in range(3):
        sheet = _random_sheet(rng)
        against = Rivals(((score_sheet(0, sheet).total + rng.randint(0, 12), 7),), ())
        marks = winning_marks(sheet, against)
        for hand in rng.sample(tables().hands, 60):
            best = sheet_outcome(sheet, against)  # a failed roll changes no points
            for groups in markings(sheet, hand, 3):
                after = sheet
                for group in groups:
                    after = after.circle(*group_cell(group))
                best = max(best, sheet_outcome(after, against))
            assert marks[tables().hand_index[hand]] == pytest.approx(best)


def test_final_hands_are_a_distribution_that_plays_as_the_odds_do() -> None:
    weights = [1.0 if cell == cell_index(3, 4) else 0.0 for cell in range(25)]
    marks = np.minimum(mark_values(weights, 0.0), 1.0)
    chances = final_hands(marks)
    assert chances.sum() == pytest.approx(1.0)
    assert chances @ marks == pytest.approx(circle_chances([cell_index(3, 4)], 2))


def test_rivals_know_who_is_done_and_who_still_plays() -> None:
    sheets = (read_sheet("ooo../...../...../...../....."), Sheet(), Sheet())
    state = new_game(3, first=2).evolve(sheets=sheets, active=0, ending=True)
    against = rivals(state)
    assert against is not None
    assert against.done == ((0, 0),)  # seat 2 began the round: it has played its last turn
    [coming] = against.coming  # seat 1 plays after seat 0
    assert coming.sum() == pytest.approx(1.0) and coming[0] < 1.0
    assert rivals(state.evolve(ending=False)) is None


def test_behind_in_the_last_turn_hard_plays_for_the_long_shot() -> None:
    # seat 1 plays the game's last turn with one reroll left, 6 points behind: circling a single
    # die is safe but cannot win; keeping 3, 4 and the jolly goes for column 4 (its 4 in row 4
    # and a 4 plus a pair of 4s make 1 + 2 + 5 = 8 points), so hard rerolls 2, 5 and 5
    mine = read_sheet("x...x / .x... / ..o.. / ...o. / ....x")
    theirs = read_sheet("..o.. / oo.o. / ..... / ..... / .....")
    assert score_sheet(0, theirs).total - score_sheet(1, mine).total == 6
    state = new_game(2, first=0).evolve(sheets=(theirs, mine), active=1, ending=True)
    state = state.evolve(phase=Phase.CHOOSE, rolls=2, rolling=0, dice=(2, 3, 4, 5, 5, JOLLY))
    assert make_bot("hard")(state, [], random.Random(1), 0.05) == Reroll((2, 5, 5))
