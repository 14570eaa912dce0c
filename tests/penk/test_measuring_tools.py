"""Penk!'s measuring programs stay runnable from tools/: the decision timing of every level and
the clairvoyant bot that bounds what better keeping could give (docs/penk.md, "The ladder")."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

from tools import penk_oracle, penk_timing


def test_timing_reports_every_level() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert penk_timing.main(["--games", "1"]) == 0
    levels = [line.split(":")[0] for line in out.getvalue().splitlines()]
    assert levels == ["easy", "normal", "hard", "expert"]


def test_the_clairvoyant_bot_plays_whole_games() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert penk_oracle.main(["--games", "2", "--seed", "3"]) == 0
    assert out.getvalue().startswith("clairvoyant against normal: won ")
