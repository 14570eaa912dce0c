"""Fit the expert's win chance on game outcomes: where a seat stands after its turn, and whether
it won.

    python -m tools.win_chance --players 1 --solo-levels 7 --games 300 --seed 11 --jobs 2
    python -m tools.win_chance --players 2 --games 400 --seed 11 --jobs 2 --save standings.jsonl
    python -m tools.win_chance --players 1 --load standings.jsonl      # fit again, no games

Plays hard-bot games (the policy the expert's rollouts play) and records, at the end of every
active turn, the seat's standing as the expert's search scores it (`rollout.standing`: solo, the
expected end points of the display held; with others, the lead over the best opponent) with the
turns left, and at the game's end whether the seat won (solo: reached the level's target; a shared
win counts its share). Per whole number of turns left it fits the logistic curve
`1 / (1 + exp(-(points + pace - target) / width))` to the outcomes by maximum likelihood: `pace` is
what the turns left still bring beyond the standing where the chance is one half (with others 0 by
symmetry, so only the width is fitted). The expert's win chance guesses both (`rollout._lead`);
docs/bots.md, "Expert", compares the guess with the fit and says what a fitted curve measured.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from collections.abc import Sequence

import numpy as np

from game.goennen.ai import Standing, turn_end_standings
from tools.simulate import SEED_STRIDE


def game_standings(job: tuple[int, int, int | None]) -> list[Standing]:
    return turn_end_standings(*job)


def fit(samples: Sequence[Standing], solo: bool) -> tuple[float, float]:
    """(pace, width) of the logistic curve that makes the outcomes likeliest: the chance is
    1 / (1 + exp(-(points + pace - target) / width)); with others pace is 0. Newton's method on
    a + b x (x the points less the target, centred; b = 1 / width), halving a step that would
    make the outcomes less likely."""
    x = np.array([s.points - s.target for s in samples])
    y = np.array([s.won for s in samples])
    centre = float(np.mean(x)) if solo else 0.0
    x = x - centre

    def likelihood(a: float, b: float) -> float:
        z = a + b * x
        return float(np.sum(y * z - np.logaddexp(0.0, z)))

    mean = min(max(float(np.mean(y)), 1e-3), 1 - 1e-3)
    a, b = (math.log(mean / (1 - mean)) if solo else 0.0), 0.0
    for _ in range(200):
        p = 1.0 / (1.0 + np.exp(-np.clip(a + b * x, -50.0, 50.0)))
        w = p * (1.0 - p) + 1e-12
        grad = np.array([float(np.sum(y - p)), float(np.sum((y - p) * x))])
        cross = float(np.sum(w * x))
        hess = np.array([[float(np.sum(w)), cross], [cross, float(np.sum(w * x * x))]])
        if solo:
            step_a, step_b = (float(v) for v in np.linalg.solve(hess, grad))
        else:
            step_a, step_b = 0.0, float(grad[1] / hess[1, 1])
        before = likelihood(a, b)
        while likelihood(a + step_a, b + step_b) < before and abs(step_b) + abs(step_a) > 1e-12:
            step_a, step_b = step_a / 2, step_b / 2
        a, b = a + step_a, b + step_b
        if abs(step_a) < 1e-10 and abs(step_b) < 1e-10:
            break
    # a + b (points - target - centre) = (points + pace - target) / width
    return a / b - centre, 1.0 / b


def calibrate(samples: Sequence[Standing], solo: bool, least: int) -> list[dict[str, float]]:
    """One row per whole number of turns left with at least `least` samples."""
    by_turns: dict[int, list[Standing]] = {}
    for sample in samples:
        by_turns.setdefault(round(sample.turns), []).append(sample)
    rows = []
    for turns in sorted(by_turns):
        group = by_turns[turns]
        wins = sum(s.won for s in group)
        if len(group) < least or wins in (0, len(group)):
            continue  # too few, or no spread of outcomes to fit a curve to
        pace, width = fit(group, solo)
        rows.append({"turns": turns, "samples": len(group), "pace": round(pace, 2), "width": round(width, 2)})
    return rows


def _lines(path: str) -> list[str]:
    with open(path, encoding="utf-8") as file:
        return file.readlines()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.win_chance", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True, help="seats, 1 to 4 (1: solo)")
    parser.add_argument("--solo-levels", default="7", help="solo levels to pool, comma-separated")
    parser.add_argument("--games", type=int, default=300, help="games (solo: per level)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--least", type=int, default=100, help="fewest samples a row is fitted on")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", help="write the standings to this file (JSON lines) too")
    parser.add_argument("--load", action="append", help="fit the standings of this file instead of playing")
    args = parser.parse_args(argv)
    solo = args.players == 1
    levels: list[int | None] = [int(w) for w in args.solo_levels.split(",")] if solo else [None]
    seeds = [args.seed * SEED_STRIDE + index for index in range(args.games)]
    jobs = [(args.players, seed, level) for level in levels for seed in seeds]
    if args.load:
        samples = [Standing(*json.loads(line)) for name in args.load for line in _lines(name)]
    elif args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            samples = [sample for game in pool.map(game_standings, jobs, chunksize=4) for sample in game]
    else:
        samples = [sample for job in jobs for sample in game_standings(job)]
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            for s in samples:
                out.write(json.dumps([s.turns, s.points, s.won, s.target]) + "\n")
    rows = calibrate(samples, solo, args.least)
    if args.json:
        report = {"players": args.players, "levels": levels, "turn_ends": len(samples), "rows": rows}
        print(json.dumps(report))
        return 0
    print(f"{len(samples)} turn ends; per turns left: samples, pace, width")
    for row in rows:
        print(f"  {row['turns']:>2}  {row['samples']:>5}  {row['pace']:7.2f}  {row['width']:6.2f}")
    print("table: " + repr(tuple((row["turns"], row["pace"], row["width"]) for row in rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
