"""tools.simulate --solo-levels: solo levels played on the same seeds and compared seed by seed."""

from __future__ import annotations

import json

import pytest

from game.goennen.engine import Roll
from tools import paired_levels, shared_dice, simulate
from tools.paired_levels import LevelGame, PairedResult, PairedSpec, Parting


def _summary(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    simulate.main([*argv, "--json"])
    summary: dict[str, object] = json.loads(capsys.readouterr().out)
    return summary


def test_each_level_plays_the_games_of_simulate_with_that_level(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--players", "1", "--bots", "hard", "--games", "2", "--seed", "4"]
    paired = _summary(capsys, [*base, "--solo-levels", "6,7"])["paired"]
    for level in ("6", "7"):
        alone = _summary(capsys, [*base, "--solo-level", level])
        row = paired["levels"][level]  # type: ignore[index]
        assert row["win_rate"] == alone["solo_win_rate"]
        assert row["mean_score"] == alone["mean_score"]["hard"]  # type: ignore[index]
        assert row["mean_turns"] == alone["mean_turns"]


def test_two_levels_share_the_deal_and_dice_until_the_bot_chooses_differently() -> None:
    seed = simulate.SEED_STRIDE * 1 + 4  # a seed whose games at levels 2 and 3 part (checked below)
    spec = PairedSpec(0, seed, "hard", (2, 3), 0.25)
    result = paired_levels.run_paired(spec)
    parting = result.partings[0]
    _, actions_2, decisions_2 = paired_levels.play_level(spec, 2)
    _, actions_3, decisions_3 = paired_levels.play_level(spec, 3)
    shared = parting.shared
    assert parting.round is not None and shared < min(len(actions_2), len(actions_3))
    assert actions_2[:shared] == actions_3[:shared] and actions_2[shared] != actions_3[shared]
    # the deal and the first rolls come before any choice, so they are always shared
    assert shared >= min(decisions_2) > 0
    # the first difference is the bot's choice, in the round recorded
    assert shared in decisions_2 and shared in decisions_3
    assert parting.round == decisions_2[shared]


def test_a_bot_that_ignores_the_rounds_left_plays_the_shorter_level_as_a_prefix() -> None:
    # the easy bot does not plan by the rounds left, so level 3's game is level 2's cut short
    result = paired_levels.run_paired(PairedSpec(0, 9, "easy", (2, 3), 0.25))
    short = result.games[1]
    assert result.games[0].actions > short.actions
    assert result.partings[0] == Parting(short.actions, None)


def _result(index: int, scores: tuple[int, int]) -> PairedResult:
    """A seed's games at levels 2 (target 86) and 3 (target 82) with these scores."""
    games = tuple(
        LevelGame(level, score, score >= target, 13, 100)
        for level, target, score in zip((2, 3), (86, 82), scores, strict=True)
    )
    return PairedResult(index, games, (Parting(40, 3),))


def test_the_fall_counts_the_discordant_pairs() -> None:
    # won at both levels 5 times, only at level 2 three times, only at level 3 once, at neither once
    scores = [(95, 90)] * 5 + [(88, 80)] * 3 + [(84, 83)] + [(80, 70)]
    results = [_result(i, pair) for i, pair in enumerate(scores)]
    step = paired_levels.paired_summary(results, (2, 3))["steps"][0]  # type: ignore[index]
    assert (step["won_both"], step["won_only_from"], step["won_only_to"], step["lost_both"]) == (5, 3, 1, 1)
    mean, low, high = step["fall"]
    assert mean == pytest.approx(0.2) and low < mean < high
    assert step["score_drop"][0] == pytest.approx(6.0)
    assert step["sign_test_p"] == pytest.approx(0.625)  # 1 of 4 discordant pairs: 2 * 5 / 16
    # level 3's games reach level 2's target 86 in 5 of 10: the lost round costs 80 - 50 points of
    # win rate, and the target 4 lower gives back 60 - 50
    assert step["target_drop"] == 4
    assert step["round_costs"] == pytest.approx(0.3) and step["target_gives_back"] == pytest.approx(0.1)
    assert step["coincide"]["mean_parting_round"] == 3


def test_sign_test_is_exact() -> None:
    assert paired_levels.sign_test(0, 5) == pytest.approx(2 / 32)
    assert paired_levels.sign_test(3, 3) == 1.0
    assert paired_levels.sign_test(0, 0) == 1.0


@pytest.mark.parametrize(
    "extra",
    [
        ["--solo-levels", "2"],
        ["--solo-levels", "2,2"],
        ["--solo-levels", "2,8"],
        ["--solo-levels", "two,three"],
        ["--solo-levels", "2,3", "--solo-level", "2"],
        ["--solo-levels", "2,3", "--bots", "easy,hard"],
        ["--shared-dice"],
    ],
)
def test_solo_levels_refuses_what_it_cannot_pair(extra: list[str]) -> None:
    argv = ["--players", "1", "--bots", "easy", "--games", "1", *extra]
    with pytest.raises(SystemExit):
        simulate.main(argv)


def test_solo_levels_needs_a_solo_game() -> None:
    with pytest.raises(SystemExit):
        simulate.main(["--players", "2", "--bots", "easy", "--games", "1", "--solo-levels", "2,3"])


def test_the_text_report_names_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    simulate.main(["--players", "1", "--bots", "easy", "--games", "2", "--solo-levels", "1,2,3"])
    out = capsys.readouterr().out
    assert "level 1 -> 2" in out and "level 2 -> 3" in out and "coincide" in out


def _full_rolls(spec: PairedSpec, level: int) -> tuple[list[Roll], int]:
    """The rolls of all five dice in the seed's game at `level`, and its active turns."""
    game, actions, _ = paired_levels.play_level(spec, level)
    return [a for a in actions if isinstance(a, Roll) and len(a.faces) == 5], game.turns


def _common(a: list[Roll], b: list[Roll]) -> int:
    """How many rolls the two games have in common (all faces alike), counted as multisets."""
    left = list(b)
    common = 0
    for roll in a:
        if roll in left:
            left.remove(roll)
            common += 1
    return common


def test_shared_dice_keep_the_levels_rolling_alike_after_they_part() -> None:
    seed = simulate.SEED_STRIDE * 1 + 4
    by_action_count = PairedSpec(0, seed, "hard", (2, 3), 0.25)
    shared = PairedSpec(0, seed, "hard", (2, 3), 0.25, shared_dice=True)
    for spec in (by_action_count, shared):
        assert paired_levels.run_paired(spec).partings[0].round == 1  # the games part in round 1
    (rolls_2, turns_2), (rolls_3, turns_3) = _full_rolls(shared, 2), _full_rolls(shared, 3)
    # every round opens with the five dice's first roll of the round: alike at both levels
    assert _common(rolls_2, rolls_3) >= min(turns_2, turns_3) >= 13
    # keyed by the number of actions, a roll is alike only where the action counts happen to agree
    keyed_2, _ = _full_rolls(by_action_count, 2)
    keyed_3, _ = _full_rolls(by_action_count, 3)
    assert _common(keyed_2, keyed_3) < _common(rolls_2, rolls_3)


def test_a_shared_dice_game_is_a_whole_game_of_its_level() -> None:
    outcome, turns = shared_dice.play_solo("easy", 11, 7, 0.25)
    assert outcome.solo_level is not None and outcome.solo_level.rounds == 9
    assert 1 <= turns <= 9
    again, _ = shared_dice.play_solo("easy", 11, 7, 0.25)
    assert again == outcome
