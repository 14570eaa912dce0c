"""Which evaluation numbers win more: the hard bot with other `EvalParams` against the hard bot.

    python -m tools.tune_expert --try focus=0.6 --try pace=0.5,full_ends=1 --deals 300 --jobs 2
    python -m tools.tune_expert --try tuned --deals 500 --seed 9   # the expert's own numbers

Each candidate plays 2-seat duplicate games (tools.simulate's --duplicate: every deal twice, the
seats swapped) against the hard bot with the default numbers, every candidate on the same deals,
so candidates are compared on common dice. Bots are unhurried (node limits only), so a run
repeats exactly on any machine. It prints each candidate's win rate and its lead in points per
deal with 95 % intervals. The expert's numbers (game/goennen/ai/expert/tuned.py) were chosen with it;
docs/bots.md says how, and on which seeds, so that its measurements use others.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from game.goennen.ai import DEFAULT_PARAMS, Bot, EvalParams, make_bot, params_for
from game.goennen.ai.play import play_game
from tools.simulate import GameResult, GameSpec, duplicate_specs, duplicate_summary, play_all

HARD = "hard"
FIELDS = {field.name: field.type for field in dataclasses.fields(EvalParams)}


def read_params(text: str, solo: bool = False) -> EvalParams:
    """`name=value,name=value` over the defaults, or `tuned` (the expert's numbers for the kind of
    game)."""
    if text == "tuned":
        return params_for(solo)
    changes: dict[str, Any] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in FIELDS:
            raise ValueError(f"unknown number {name!r} (expected one of: {', '.join(FIELDS)})")
        if FIELDS[name] in ("bool", bool):
            changes[name] = value.strip() in ("1", "true", "yes")
        else:
            changes[name] = float(value)
    return dataclasses.replace(DEFAULT_PARAMS, **changes)


def bot_for(level: str, solo: bool) -> Bot:
    # unhurried: node limits only, so a run gives the same games on any machine
    if level == HARD:
        return make_bot(HARD, unhurried=True)
    return make_bot(HARD, unhurried=True, params=read_params(level, solo))


def play(spec: GameSpec) -> GameResult:
    bots = [bot_for(level, spec.solo_level is not None) for level in spec.levels]
    record = play_game(bots, spec.seed, solo_level=spec.solo_level, budget=spec.budget)
    outcome = record.outcome
    scores = tuple(s.total for s in outcome.scores)
    return GameResult(
        spec.index, spec.levels, scores, outcome.winners, record.turns, outcome.solo_won, spec.block
    )


def compare(
    candidates: Sequence[str], deals: int, seed: int, jobs: int, solo_level: int | None = None
) -> list[dict[str, Any]]:
    """Each candidate's duplicate games against the hard bot on the same `deals` deals (solo:
    the candidate and the hard bot each play every deal at `solo_level`)."""
    players = 2 if solo_level is None else 1
    specs: list[GameSpec] = []
    for candidate in candidates:
        read_params(candidate)  # refuse a bad candidate before any game is played
        specs += duplicate_specs(players, (candidate, HARD), 2 * deals, seed, solo_level, 0.25)
    results, seconds = play_all(play, specs, jobs, chunksize=4)
    rows = []
    for index, candidate in enumerate(candidates):
        mine = results[index * 2 * deals : (index + 1) * 2 * deals]
        summary = duplicate_summary(mine, (candidate, HARD))
        rates = summary["win_rate_ci95"]
        lead = summary["lead"]
        assert isinstance(rates, dict) and isinstance(lead, dict)
        rows.append(
            {
                "candidate": candidate,
                "win_rate": rates[candidate],
                "hard_win_rate": rates[HARD],
                "wins_lead": lead["wins"],
                "points_lead": lead["points"],
            }
        )
    for row in rows:
        row["seconds_all"] = round(seconds, 1)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.tune_expert", description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="candidates", action="append", default=[], help="name=value,...")
    parser.add_argument("--deals", type=int, default=200, help="deals per candidate (two games each)")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--solo-level", type=int, default=None, help="solo games at this level instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.candidates or args.deals < 2:
        parser.error("name at least one candidate with --try, and --deals of 2 or more")
    try:
        rows = compare(args.candidates, args.deals, args.seed, args.jobs, args.solo_level)
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps(rows, sort_keys=True))
        return 0
    swapped = "played by both" if args.solo_level else "with the seats swapped"
    print(f"against the hard bot, {args.deals} deals each (seed {args.seed}), every deal {swapped}")
    for row in rows:
        mean, low, high = row["win_rate"]
        wins, points = row["wins_lead"], row["points_lead"]
        print(
            f"  {row['candidate']:<40} win rate {mean:.1%} ({low:.1%} to {high:.1%}), hard's"
            f" {row['hard_win_rate'][0]:.1%}; lead {wins[0]:+.1%} ({wins[1]:+.1%} to {wins[2]:+.1%})"
            f" and {points[0]:+.2f} points ({points[1]:+.2f} to {points[2]:+.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
