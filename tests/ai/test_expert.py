"""The expert bot: it searches close decisions, repeats a seeded game exactly, plays the same
futures for every candidate, and its effort is counted in rollouts."""

from __future__ import annotations

import random

import pytest

from game.goennen.actions import Reroll, Roll
from game.goennen.ai import decide, make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.expert import ExpertBot
from game.goennen.ai.expert.common_chance import CommonChance
from game.goennen.ai.expert.rollout import win_chance
from game.goennen.ai.play import play_game
from game.goennen.colours import COLOURS
from game.goennen.engine import apply
from game.goennen.match import Match
from game.goennen.state import Phase

BUDGET = 0.05  # five futures per candidate: the tests check the search, not its strength


def _expert_game(seed: int, players: int = 2, budget: float = BUDGET) -> tuple[ExpertBot, list[str]]:
    bot = make_bot("expert", unhurried=True)
    assert isinstance(bot, ExpertBot)
    bots = [bot, *(make_bot("hard", unhurried=True) for _ in range(players - 1))]
    played: list[str] = []
    play_game(
        bots,
        seed,
        solo_level=7 if players == 1 else None,
        budget=budget,
        watch=lambda match, seat, action: played.append(str(action)),
    )
    return bot, played


def test_the_expert_searches_close_decisions_and_never_falls_back() -> None:
    bot, _ = _expert_game(seed=3)
    assert bot.fallbacks == 0
    assert bot.searches > 5
    assert bot.rollouts >= 2 * 2 * bot.searches  # at least two candidates, two futures each


def test_a_seeded_expert_game_repeats_exactly() -> None:
    assert _expert_game(seed=4)[1] == _expert_game(seed=4)[1]


def test_the_budget_scales_the_rollouts_not_the_clock() -> None:
    small, _ = _expert_game(seed=6, players=1, budget=0.05)
    large, _ = _expert_game(seed=6, players=1, budget=0.1)
    assert small.futures == 5 and large.futures == 10  # 24 futures at 0.25 s, scaled
    assert large.rollouts > small.rollouts


def test_effort_is_the_experts_alone() -> None:
    bot = make_bot("expert", effort=4.0)
    assert isinstance(bot, ExpertBot) and bot.effort == 4.0
    with pytest.raises(ValueError, match="only the expert"):
        make_bot("hard", effort=2.0)


def test_every_candidate_sees_the_same_faces_on_the_same_dice() -> None:
    match = Match.new(2, seed=11)
    match.advance()
    driver = random.Random(2)
    while match.state.phase is not Phase.ACTIVE:
        match.play(decide(make_bot("easy"), match.state, driver))
        match.advance()
    state = match.state
    future = CommonChance(99)
    faces = []
    for rerolled in (COLOURS[:2], COLOURS[1:4]):
        future.restart()
        rolled = apply(state, Reroll(rerolled))
        outcome = future.outcome(rolled)
        assert isinstance(outcome, Roll)
        faces.append(dict(outcome.faces))
    assert faces[0][COLOURS[1]] == faces[1][COLOURS[1]]  # the die both rerolled


def test_the_win_chance_grows_with_the_lead() -> None:
    match = Match.new(1, seed=2, solo_level=7)
    match.advance()
    chance = win_chance(match.state, 0, Evaluator(True))
    assert 0.0 < chance < 0.5  # an empty display is far from level 7's target


def test_the_luck_subtracted_has_mean_zero_over_every_outcome() -> None:
    """The mean the expert subtracts a roll's worth from is the exact mean over every outcome of
    the rerolled dice: the control variate adds no bias."""
    from itertools import product

    from game.goennen.ai.hard import HardBot
    from game.goennen.ai.kernels import odds

    match = Match.new(1, seed=5, solo_level=3)
    match.advance()
    driver = random.Random(1)
    bot = HardBot()
    while True:
        state = match.state
        if state.phase is Phase.ACTIVE and state.rolls == 1:
            options = bot.reroll_options(state, bot.ev.value(state, 0), 2)
            if options is not None:
                break
        match.play(decide(make_bot("easy"), state, driver))
        match.advance()
    means = odds.reroll_values(options.values, state.dice, 1)
    for mask, mean in list(zip(odds.MASKS, means, strict=True))[:8]:
        rerolled = [slot for slot, flag in enumerate(mask) if flag]
        total = 0.0
        for faces in product(range(1, 7), repeat=len(rerolled)):
            dice = list(state.dice)
            for slot, face in zip(rerolled, faces, strict=True):
                dice[slot] = face
            total += float(options.values[odds.roll_index(dice)])
        assert total / 6 ** len(rerolled) == pytest.approx(mean)


def test_a_solo_display_after_the_setup_is_not_judged_hopeless() -> None:
    """The cards still to be bought count at the hard bot's pace, and the patience reserve does
    not count as points: after the setup the chance to reach a target is neither 0 nor 1."""
    for level in (1, 7):
        match = Match.new(1, seed=2, solo_level=level)
        match.advance()
        while match.state.phase is not Phase.ACTIVE:
            match.play(decide(make_bot("hard"), match.state, random.Random(1)))
            match.advance()
        assert 0.05 < win_chance(match.state, 0, Evaluator(True)) < 0.95


def test_the_standings_are_recorded_in_the_game_play_game_plays() -> None:
    """One standing per active turn of every seat, on the game the simulations play (the same
    outcome), each with the game's result for its seat."""
    from game.goennen.ai import turn_end_standings

    for players, level in ((1, 7), (2, None)):
        record = play_game([make_bot("hard") for _ in range(players)], 3, solo_level=level)
        standings = turn_end_standings(players, 3, level)
        assert len(standings) == record.turns
        if players == 1:
            won = 1.0 if record.outcome.solo_won else 0.0
            assert {s.won for s in standings} == {won} and {s.target for s in standings} == {66}
            assert [s.turns for s in standings] == [float(9 - turn) for turn in range(9)]  # 9 rounds
        else:  # as many turns each, and one win shared among them
            assert sum(s.won for s in standings) == pytest.approx(record.turns / players)
