"""The command-line tools of the bots: simulate's JSON keys and a quick bench run."""

from __future__ import annotations

import json

import pytest

from tools import bench, simulate


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


def test_bench_quick_mode_reports_every_measure(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--quick", "--frames"])
    report = json.loads(capsys.readouterr().out)
    for key in ("latency_ms", "games_per_second", "odds_full_display_ms", "keep_share", "frames"):
        assert key in report
    assert set(report["games_per_second"]["hard"]) == {"1", "2", "4"}
    assert 0.0 < report["keep_share"]["hard"] <= 1.0
    assert report["budgets_met"] is None  # a quick run's few samples judge nothing
    assert report["budgets"]["games_per_second.easy.2"]["at_least"] == 100.0
    assert report["budgets"]["latency_ms.hard.p95"]["measured"] == report["latency_ms"]["hard"]["p95"]


def test_bench_judges_each_budget_by_its_bound() -> None:
    report = {
        "latency_ms": {level: {"p95": 1.0, "max": 2.0} for level in ("easy", "normal", "hard")},
        "games_per_second": {"easy": {"2": 100.0}, "normal": {"2": 9.9}},
        "odds_full_display_ms": {"cold": 20.5},
        "keep_share": {"hard": 0.97},
    }
    verdicts = bench.judge(report)
    missed = sorted(name for name, verdict in verdicts.items() if not verdict["met"])
    assert missed == ["games_per_second.normal.2", "odds_full_display_ms.cold"]  # limits themselves pass
