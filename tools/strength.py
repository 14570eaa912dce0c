"""How much more search still buys: the expert bot at several efforts against the expert at 1x.

    python -m tools.strength                          # efforts 1, 2, 4 against 1; 100 deals each
    python -m tools.strength --efforts 0,2 --deals 20 --json   # 0: the hard bot (no search)

Each effort plays 2-seat duplicate games against the expert at effort 1 (tools.simulate's
--duplicate: every deal twice, the seats swapped), `--deals` deals, so twice as many games. It
reports the challenger's win rate with its 95 % confidence interval over the deals, its mean lead
in points per deal with its interval, and the seconds the matchup took. If 4x still wins clearly
more than 1x, the expert is far from the best play (docs/bots.md, "Expert"). Effort 1 against
effort 1 would play each deal's two games as mirror images (the same bots, the same seeded
generators by seat): exactly 50 %, so that row is reported without playing it. An effort
multiplies the sampled futures per searched decision; effort 0 stands for the hard bot, the expert
without search.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from game.goennen.ai import Bot, make_bot
from game.goennen.ai.play import play_game
from tools.simulate import GameResult, GameSpec, duplicate_specs, duplicate_summary, play_all

REFERENCE = "expert@1"


def bot_for(name: str) -> Bot:
    """`expert@E`: the expert at effort E; `expert@0` is the hard bot."""
    effort = float(name.split("@")[1])
    return make_bot("hard") if effort == 0 else make_bot("expert", effort=effort)


def challenger(effort: float) -> str:
    return f"expert@{effort:g}"


def play(spec: GameSpec) -> GameResult:
    record = play_game([bot_for(level) for level in spec.levels], spec.seed, budget=spec.budget)
    outcome = record.outcome
    scores = tuple(s.total for s in outcome.scores)
    return GameResult(spec.index, spec.levels, scores, outcome.winners, record.turns, None, spec.block)


def matchup(effort: float, deals: int, seed: int, jobs: int, budget: float) -> dict[str, Any]:
    """Duplicate games of the expert at `effort` against the expert at effort 1."""
    levels = (challenger(effort), REFERENCE)
    if levels[0] == levels[1]:
        # the mirror: each deal's two games are mirror images (the same bots, the same seeded
        # generators by seat), so it is 50 % without playing them
        return {"effort": effort, "games": 0, "seconds": 0.0, "win_rate": [0.5] * 3}
    specs = duplicate_specs(2, levels, 2 * deals, seed, None, budget)
    results, seconds = play_all(play, specs, jobs)
    summary = duplicate_summary(results, levels)
    lead = summary["lead"]
    assert isinstance(lead, dict)
    rates = summary["win_rate_ci95"]
    assert isinstance(rates, dict)
    return {
        "effort": effort,
        "games": len(results),
        "seconds": round(seconds, 1),
        "win_rate": rates[levels[0]],
        "points_lead": lead["points"],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.strength", description=__doc__.splitlines()[0])
    parser.add_argument("--efforts", default="1,2,4", help="efforts to play against effort 1 (0: hard)")
    parser.add_argument("--deals", type=int, default=100, help="deals per effort (two games each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--budget", type=float, default=0.25, help="seconds per decision (scales efforts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        efforts = [float(word) for word in args.efforts.split(",") if word.strip()]
    except ValueError:
        parser.error(f"--efforts takes numbers separated by commas, not {args.efforts!r}")
    if not efforts or any(effort < 0 for effort in efforts) or args.deals < 2:
        parser.error("--efforts needs efforts of 0 or more, --deals at least 2")
    rows = [matchup(effort, args.deals, args.seed, args.jobs, args.budget) for effort in efforts]
    if args.json:
        print(json.dumps({"against": REFERENCE, "deals": args.deals, "curve": rows}, sort_keys=True))
        return 0
    print(f"against the expert at effort 1, {args.deals} deals each, every deal with the seats swapped")
    for row in rows:
        name = "hard" if row["effort"] == 0 else f"expert {row['effort']:g}x"
        mean, low, high = row["win_rate"]
        text = f"  {name:<11} win rate {mean:.1%} ({low:.1%} to {high:.1%})"
        if "points_lead" in row:
            lead = row["points_lead"]
            text += f", lead {lead[0]:+.2f} points ({lead[1]:+.2f} to {lead[2]:+.2f})"
        played = f"{row['games']} games in {row['seconds']} s" if row["games"] else "mirror games, not played"
        print(f"{text}, {played}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
