"""The win-chance calibration: its fit finds the curve the outcomes were drawn from, and the tool
runs end to end on a few games."""

from __future__ import annotations

import json
import math
import random

import pytest

from game.goennen.ai import Standing
from tools import win_chance


def _drawn(pace: float, width: float, count: int, target: int) -> list[Standing]:
    rng = random.Random(5)
    standings = []
    for _ in range(count):
        points = rng.uniform(target - pace - 4 * width, target - pace + 4 * width)
        chance = 1.0 / (1.0 + math.exp(-(points + pace - target) / width))
        standings.append(Standing(4.0, points, 1.0 if rng.random() < chance else 0.0, target))
    return standings


def test_the_fit_finds_the_pace_and_width_the_outcomes_were_drawn_with() -> None:
    pace, width = win_chance.fit(_drawn(12.0, 5.0, 4000, 66), solo=True)
    assert pace == pytest.approx(12.0, abs=0.8) and width == pytest.approx(5.0, rel=0.12)
    _, width = win_chance.fit(_drawn(0.0, 7.0, 4000, 0), solo=False)
    assert width == pytest.approx(7.0, rel=0.12)


def test_the_tool_fits_rows_by_turns_left(capsys: pytest.CaptureFixture[str]) -> None:
    win_chance.main(["--players", "1", "--games", "6", "--least", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["turn_ends"] == 54  # nine rounds of level 7, six games
    assert {row["turns"] for row in report["rows"]} <= set(range(1, 10))
