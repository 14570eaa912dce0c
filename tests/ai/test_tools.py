"""The command-line tools of the bots: simulate's JSON keys (tools.bench: tests/test_bench.py)."""

from __future__ import annotations

import json

import pytest

from tools import simulate, strength


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    simulate.main(["--players", "2", "--bots", "easy,normal", "--games", "2", "--seed", "3", "--json"])
    summary = json.loads(capsys.readouterr().out)
    for key in (
        "games",
        "seconds",
        "games_per_second",
        "mean_score",
        "win_rate",
        "seat_win_rate",
        "mean_turns",
    ):
        assert key in summary
    assert set(summary["win_rate"]) == {"easy", "normal"}
    assert summary["games"] == 2


def test_simulate_solo_reports_the_level_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    simulate.main(["--players", "1", "--bots", "easy", "--games", "2", "--solo-level", "7", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert 0.0 <= summary["solo_win_rate"] <= 1.0
    # a solo game's one seat is always its "winner": the bot's win rate is the level won instead
    assert summary["win_rate"]["easy"] == summary["solo_win_rate"] < 1.0


def test_simulate_same_seed_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        simulate.main(["--players", "3", "--bots", "easy", "--games", "3", "--seed", "5", "--json"])
        summary = json.loads(capsys.readouterr().out)
        for timing in ("seconds", "games_per_second"):
            summary.pop(timing)
        runs.append(summary)
    assert runs[0] == runs[1]


def test_simulate_refuses_a_bot_list_that_does_not_fit_the_seats() -> None:
    with pytest.raises(SystemExit):
        simulate.main(["--players", "3", "--bots", "easy,hard", "--games", "1"])


def test_duplicate_games_share_a_deal_per_block_with_the_seats_rotated() -> None:
    specs = simulate.game_specs(3, ("easy", "normal", "hard"), 6, 2, None, False, 0.25, duplicate=True)
    assert [spec.block for spec in specs] == [0, 0, 0, 1, 1, 1]
    first = specs[:3]
    assert len({spec.seed for spec in first}) == 1 and specs[3].seed != specs[0].seed
    assert [spec.levels for spec in first] == [
        ("easy", "normal", "hard"),
        ("hard", "easy", "normal"),
        ("normal", "hard", "easy"),
    ]
    solo = simulate.game_specs(1, ("easy", "normal"), 4, 2, 7, False, 0.25, duplicate=True)
    assert [(spec.block, spec.levels) for spec in solo] == [
        (0, ("easy",)),
        (0, ("normal",)),
        (1, ("easy",)),
        (1, ("normal",)),
    ]


def test_duplicate_reports_paired_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    simulate.main(["--players", "2", "--bots", "easy,normal", "--games", "8", "--duplicate", "--json"])
    duplicate = json.loads(capsys.readouterr().out)["duplicate"]
    assert duplicate["deals"] == 4
    mean, low, high = duplicate["win_rate_ci95"]["normal"]
    assert 0.0 <= low <= mean <= high <= 1.0
    lead = duplicate["lead"]
    assert (lead["of"], lead["over"]) == ("easy", "normal")
    assert lead["wins"][0] == pytest.approx(1.0 - 2 * mean)  # one seat each per game: shares sum to 1


def test_duplicate_solo_plays_every_bot_on_every_deal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "1", "--bots", "easy,normal", "--games", "4", "--solo-level", "2", "--duplicate"]
    simulate.main([*argv, "--json"])
    duplicate = json.loads(capsys.readouterr().out)["duplicate"]
    assert duplicate["deals"] == 2 and set(duplicate["win_rate_ci95"]) == {"easy", "normal"}
    simulate.main(argv)
    text = capsys.readouterr().out
    assert "normal   level won" in text and "easy over normal" in text
    with pytest.raises(SystemExit):  # blocks of two games: an odd count cannot be paired
        simulate.main(["--players", "1", "--bots", "easy,normal", "--games", "3", "--duplicate"])


def test_strength_plays_the_curve_against_effort_one(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--efforts", "0,1", "--deals", "2", "--budget", "0.02", "--json"])
    report = json.loads(capsys.readouterr().out)
    hard, mirror = report["curve"]
    assert hard["games"] == 4 and 0.0 <= hard["win_rate"][0] <= 1.0 and "points_lead" in hard
    assert mirror["win_rate"] == [0.5, 0.5, 0.5] and mirror["games"] == 0  # mirror games: not played


def test_duplicate_works_for_the_second_game_too(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "penk", "--players", "2", "--bots", "easy,normal", "--games", "4", "--duplicate"]
    simulate.main([*argv, "--json"])
    duplicate = json.loads(capsys.readouterr().out)["duplicate"]
    assert duplicate["deals"] == 2 and duplicate["lead"]["of"] == "easy"
