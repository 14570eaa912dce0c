"""How long a hint takes: game.goennen.ai.advise at every seat decision of seeded bot games (hard against
normal, and a solo level-1 game), wall clock per hint. Prints JSON: decisions, p50, p95, max (ms).

    python -m tools.hint_bench [--games 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import time

from game.goennen.ai import advise, make_bot
from game.goennen.ai.play import play_game


def measure(games: int, seed: int) -> dict[str, float]:
    times: list[float] = []

    def watch(match: object, seat: int, action: object) -> None:
        start = time.perf_counter()
        advise(match.state)  # type: ignore[attr-defined]
        times.append(time.perf_counter() - start)

    for number in range(games):
        play_game(
            [make_bot("hard", unhurried=True), make_bot("normal", unhurried=True)], seed + number, watch=watch
        )
    play_game([make_bot("hard", unhurried=True)], seed, solo_level=1, watch=watch)
    times.sort()
    return {
        "decisions": len(times),
        "p50_ms": round(1000 * times[len(times) // 2], 1),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1),
        "max_ms": round(1000 * times[-1], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
