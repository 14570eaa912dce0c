"""How long Penk!'s bots take to decide: every level against itself, two seats.

python -m tools.penk_timing --games 200
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from game.penk import LEVELS, make_bot, odds_tables, play_game


def decision_times(level: str, games: int) -> list[float]:
    """Every decision's seconds, sorted, of `games` two-seat games of `level` against itself."""
    seconds = [
        s for seed in range(games) for _, s in play_game([make_bot(level), make_bot(level)], seed).decisions
    ]
    return sorted(seconds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.penk_timing", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    odds_tables()  # built once per process, before the first decision
    for level in LEVELS:
        seconds = decision_times(level, args.games)
        p95, top = seconds[int(0.95 * len(seconds))], seconds[-1]
        print(f"{level}: {len(seconds)} decisions, p95 {p95 * 1000:.1f} ms, max {top * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
