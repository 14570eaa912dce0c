"""The command-line tools of the bots: simulate's JSON keys (tools.bench: tests/test_bench.py)."""

from __future__ import annotations

import json

import pytest

from tools import simulate


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
