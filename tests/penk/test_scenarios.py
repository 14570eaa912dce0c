"""Every Penk! scenario in tests/scenarios/penk/ holds, every point of rules-decisions section 7 is
covered, and `python -m tools.scenario` shows Penk! files with the right exit status."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.penk.position import position_from_data, position_to_data
from game.penk.scenarios import EXPECT_KEYS, check, load

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "penk").glob("*.toml"))


def _load(path: Path):  # type: ignore[no-untyped-def]
    return load(path, tomllib.loads(path.read_text(encoding="utf-8")))


def test_there_are_at_least_thirty_penk_scenarios() -> None:
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_penk_scenario_holds(path: Path) -> None:
    assert check(_load(path)) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_penk_position_round_trips(path: Path) -> None:
    state = _load(path).state
    assert position_from_data(position_to_data(state), "round trip", ignore=EXPECT_KEYS) == state


def test_every_point_of_section_7_has_a_scenario() -> None:
    named: set[str] = set()
    for path in SCENARIOS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data.get("game") == "penk", f'{path.name} does not say game = "penk"'
        named.update(data.get("rules", []))
    assert {"7.1", "7.2", "7.3", "7.4", "7.5", "7.6"} <= named


def _run_tool(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "penk.toml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "tools.scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


GOOD = """
game = "penk"
description = "Three 4s circle row 3, column 4"
phase = "choose"
rolls = 3
dice = "12444J"
legal = ["circle 444"]
"""


def test_tool_shows_a_penk_file_and_exits_0(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Penk! phase choose" in run.stdout and "circle 444" in run.stdout and "ok " in run.stdout


def test_tool_exits_1_on_a_failing_penk_expectation(tmp_path: Path) -> None:
    run = _run_tool(tmp_path, GOOD.replace('legal = ["circle 444"]', 'legal = ["circle 4444"]'))
    assert run.returncode == 1, run.stdout + run.stderr
    assert "'circle 4444' should be legal" in run.stdout


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('dice = "12444J"', 'dice = "12444X"', "dice"),
        ('phase = "choose"', 'phase = "dance"', "phase"),
        ("rolls = 3", "rolls = 4", "rolls"),
        ('legal = ["circle 444"]', 'legal = ["hop 4"]', "legal[0]"),
        ('legal = ["circle 444"]', 'colour = "red"', "colour"),
    ],
)
def test_tool_exits_2_on_a_broken_penk_file_naming_the_key(
    tmp_path: Path, old: str, new: str, key: str
) -> None:
    run = _run_tool(tmp_path, GOOD.replace(old, new, 1))
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"key '{key}'" in run.stdout
