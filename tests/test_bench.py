"""tools.bench: the player-visible budgets, and throughput as a ratio against a baseline commit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import bench, side_by_side


def test_bench_quick_mode_reports_every_measure(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--frames"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("latency_ms", "odds_full_display_ms", "keep_share", "frames"):
        assert key in report
    assert "games_per_second" not in report  # throughput is only ever a ratio (--against)
    assert 0.0 < report["keep_share"]["hard"] <= 1.0
    assert report["budgets_met"] is None  # a quick run's few samples judge nothing
    assert report["budgets"]["latency_ms.hard.p95"]["measured"] == report["latency_ms"]["hard"]["p95"]
    assert not any(name.endswith(".ratio") for name in report["budgets"])  # no comparison ran


def test_bench_for_penk_reports_the_first_games_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert bench.main(["--quick", "--game", "penk"]) == 0
    penk = json.loads(capsys.readouterr().out)
    assert set(first) <= set(penk) and penk["game"] == "penk"
    assert set(penk["latency_ms"]) == {"easy", "normal", "hard", "expert"}
    assert penk["budgets"]["latency_ms.hard.p95"] == {
        "at_most": 50.0,  # Penk!'s budget for every level (issue 23)
        "measured": penk["latency_ms"]["hard"]["p95"],
        "met": penk["latency_ms"]["hard"]["p95"] <= 50.0,
    }


def test_bench_judges_each_budget_by_its_bound() -> None:
    report = {
        "latency_ms": {level: {"p95": 1.0, "max": 2.0} for level in ("easy", "normal", "hard")},
        "odds_full_display_ms": {"cold": 20.5},
        "keep_share": {"hard": 0.97},
        "against": {"workloads": {"easy-2": {"ratio": 1.15}, "normal-2": {"ratio": 1.16}}},
    }
    verdicts = bench.judge(report)
    missed = sorted(name for name, verdict in verdicts.items() if not verdict["met"])
    assert missed == ["against.workloads.normal-2.ratio", "odds_full_display_ms.cold"]  # limits pass
    assert "instructions.workloads.easy-2.ratio" not in verdicts  # judged only when counted


def _worktrees() -> str:
    return subprocess.run(
        ["git", "worktree", "list", "--porcelain"],
        cwd=side_by_side.CURRENT_TREE,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _game_code_is_committed() -> bool:
    """No uncommitted change under game/: this tree's bots then play HEAD's games."""
    diff = ["git", "diff", "--quiet", "HEAD", "--", "game"]
    return subprocess.run(diff, cwd=side_by_side.CURRENT_TREE, check=False).returncode == 0


def test_against_head_plays_the_same_games_in_both_trees(capsys: pytest.CaptureFixture[str]) -> None:
    before = _worktrees()
    same_code = _game_code_is_committed()
    assert bench.main(["--quick", "--ratio-only", "--against", "HEAD"]) == 0
    report = json.loads(capsys.readouterr().out)
    against = report["against"]
    assert against["commit"] == side_by_side.resolve("HEAD")
    assert against["python"] == sys.executable  # both trees on this interpreter unless --python
    assert set(against["workloads"]) == {"easy-2", "normal-2"}
    for workload in against["workloads"].values():
        assert workload["same_games"] or not same_code  # work in progress on the bots may differ
        assert workload["current_s"] > 0 and workload["baseline_s"] > 0
        low, high = workload["ratio_spread"]
        assert 0 < low <= high
    assert set(report["budgets"]) == {"against.workloads.easy-2.ratio", "against.workloads.normal-2.ratio"}
    assert _worktrees() == before  # the temporary worktree is gone


def test_the_baseline_worktree_goes_even_when_interrupted() -> None:
    before = _worktrees()
    seen: list[Path] = []
    with pytest.raises(KeyboardInterrupt), side_by_side.baseline_tree("HEAD") as tree:
        seen.append(tree)
        assert (tree / "game" / "__init__.py").is_file()
        assert str(tree) in _worktrees()
        raise KeyboardInterrupt
    assert not seen[0].exists() and not seen[0].parent.exists()
    assert _worktrees() == before


def test_an_unknown_commit_is_refused_without_a_trace(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--ratio-only", "--against", "no-such-commit-anywhere"]) == 2
    assert "tools.bench:" in capsys.readouterr().err


def test_the_timed_games_refuse_a_tree_without_the_engine(tmp_path: Path) -> None:
    load = side_by_side.Workload("easy-2", "easy", 2, 1, 1000, 0)
    with pytest.raises(RuntimeError, match="timed games"):
        side_by_side.run_once(tmp_path, [load])
