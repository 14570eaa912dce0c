"""Play bot games headless and report scores, win rates and speed.

    python -m tools.simulate --players 2 --bots easy,hard --games 200 --seed 1 [--jobs 2] [--json]
    python -m tools.simulate --players 1 --bots hard --solo-level 3 --games 1000 --seed 1
    python -m tools.simulate --game penk --players 2 --bots hard,normal --games 2000 --seed 1 --jobs 2
    python -m tools.simulate --players 2 --bots expert,hard --games 400 --duplicate --seed 1 --jobs 2
    python -m tools.simulate --players 1 --bots expert,hard --solo-level 7 --games 400 --duplicate
    python -m tools.simulate --players 1 --bots hard --solo-levels 2,3 --games 2000 --seed 1 --jobs 2

`--bots` names one level per seat (or one level for all seats). Seats rotate between games (game
i puts bot k in seat (k + i) mod N) unless --fixed-seats, so no bot keeps the start seat. Seat 0
always starts. Game i is played with seed S * 1,000,003 + i, so the same seed gives the same
output, whatever --jobs is (timing fields aside).

`--duplicate` plays each deal and dice stream once per seat order, as duplicate bridge does: the
games come in blocks of N (N seats, or in solo one game per bot named, each playing the same
seed), block j with seed S * 1,000,003 + j and the bots rotated by one seat per game. What one bot's
luck gives, the other gets in the next game, so the difference between bots shows with far fewer
games. The JSON then has a "duplicate" key: the deals, each bot's win rate (solo: the level won)
with its 95 % confidence interval over the blocks, and with two bots named the first's lead over
the second in wins and in points, per block, with its interval. The dice follow the game's own
course (they are drawn by the number of actions played), so two seat orders share the deal and
the dice until the bots' choices part them.

`--solo-levels 2,3` (solo, one bot) plays each seed at every level named, so that the levels are
compared on common dice, seed by seed (tools/paired_levels.py: the paired fall in win rate per step,
and how long the two games of a seed coincide). The JSON then has a "paired" key. With
`--shared-dice` the dice and the deck order stay common after the games part (tools/shared_dice.py).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game import penk
from game.goennen.ai import LEVELS, make_bot
from game.goennen.ai.play import play_game
from tools.paired_levels import paired_specs, paired_summary, print_paired, run_paired

SEED_STRIDE = 1_000_003
GAMES = ("goennen-koennen", "penk")  # the first game, and the second (game/penk/)


@dataclass(frozen=True, slots=True)
class GameSpec:
    index: int
    seed: int
    levels: tuple[str, ...]  # by seat
    solo_level: int | None
    budget: float
    game: str = GAMES[0]
    block: int = -1  # duplicate games: the deal this game shares with its block (-1: none)


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    solo_won: bool | None
    block: int = -1


def run_game(spec: GameSpec) -> GameResult:
    if spec.game == "penk":
        return run_penk_game(spec)
    bots = [make_bot(level) for level in spec.levels]
    record = play_game(bots, spec.seed, solo_level=spec.solo_level, budget=spec.budget)
    outcome = record.outcome
    return GameResult(
        spec.index,
        spec.levels,
        tuple(s.total for s in outcome.scores),
        outcome.winners,
        record.turns,
        outcome.solo_won,
        spec.block,
    )


def run_penk_game(spec: GameSpec) -> GameResult:
    record = penk.play_game([penk.make_bot(level) for level in spec.levels], spec.seed, budget=spec.budget)
    outcome = record.outcome
    scores = tuple(s.total for s in outcome.scores)
    return GameResult(spec.index, spec.levels, scores, outcome.winners, record.turns, None, spec.block)


def game_specs(
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int,
    solo_level: int | None,
    fixed: bool,
    budget: float,
    game: str = GAMES[0],
    duplicate: bool = False,
) -> list[GameSpec]:
    if duplicate:
        return duplicate_specs(players, levels, games, seed, solo_level, budget, game)
    specs = []
    for index in range(games):
        shift = 0 if fixed else index % players
        by_seat = tuple(levels[(seat - shift) % players] for seat in range(players))
        specs.append(GameSpec(index, seed * SEED_STRIDE + index, by_seat, solo_level, budget, game))
    return specs


def duplicate_specs(
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int,
    solo_level: int | None,
    budget: float,
    game: str = GAMES[0],
) -> list[GameSpec]:
    """Blocks of games on one seed each: every seat order of the bots (solo: every bot once)."""
    size = block_size(players, levels)
    specs = []
    for index in range(games):
        block, turn = divmod(index, size)
        if players == 1:
            by_seat: tuple[str, ...] = (levels[turn],)
        else:
            by_seat = tuple(levels[(seat - turn) % players] for seat in range(players))
        specs.append(GameSpec(index, seed * SEED_STRIDE + block, by_seat, solo_level, budget, game, block))
    return specs


def block_size(players: int, levels: Sequence[str]) -> int:
    """Games per duplicate block: one per seat order (solo: one per bot named)."""
    return len(levels) if players == 1 else players


def summarise(results: Sequence[GameResult], players: int, seconds: float, solo: bool) -> dict[str, object]:
    names = sorted({level for r in results for level in r.levels})
    scores: dict[str, list[int]] = {name: [] for name in names}
    wins: dict[str, float] = {name: 0.0 for name in names}
    seat_wins = [0.0] * players
    for r in results:
        for seat, level in enumerate(r.levels):
            scores[level].append(r.scores[seat])
        if r.solo_won is not None:  # solo: a win is reaching the target (the one seat always "wins")
            wins[r.levels[0]] += 1.0 if r.solo_won else 0.0
            seat_wins[0] += 1.0 if r.solo_won else 0.0
            continue
        for seat in r.winners:
            share = 1.0 / len(r.winners)
            wins[r.levels[seat]] += share
            seat_wins[seat] += share
    games = len(results)
    summary: dict[str, object] = {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        "mean_score": {name: round(statistics.fmean(scores[name]), 2) for name in names},
        "score_spread": {name: round(statistics.pstdev(scores[name]), 2) for name in names},
        "win_rate": {name: round(wins[name] / len(scores[name]), 4) for name in names},
        "seat_win_rate": {str(seat): round(w / games, 4) for seat, w in enumerate(seat_wins)},
        "mean_turns": round(statistics.fmean(r.turns for r in results), 2),
    }
    if solo:
        summary["solo_win_rate"] = round(sum(1 for r in results if r.solo_won) / games, 4)
    return summary


Z95 = 1.96  # a 95 % interval's half-width in standard errors (normal approximation over many blocks)


def duplicate_summary(results: Sequence[GameResult], order: Sequence[str]) -> dict[str, object]:
    """Each bot's win rate over the duplicate blocks with its 95 % interval, and with two bots the
    first's lead over the second per block: in wins (solo: levels won) and in points.

    A block is the unit: its games share a deal, so their results are not independent, but the
    blocks are. A bot's win in a game is its share of the winners (solo: whether it reached the
    target); per block each bot's wins and scores are averaged over its seats."""
    names = list(dict.fromkeys(order))
    blocks: dict[int, dict[str, tuple[list[float], list[float]]]] = {}
    for r in results:
        by_name = blocks.setdefault(r.block, {name: ([], []) for name in names})
        for seat, level in enumerate(r.levels):
            if r.solo_won is not None:
                win = 1.0 if r.solo_won else 0.0
            else:
                win = 1.0 / len(r.winners) if seat in r.winners else 0.0
            by_name[level][0].append(win)
            by_name[level][1].append(float(r.scores[seat]))
    wins = {name: [statistics.fmean(b[name][0]) for b in blocks.values()] for name in names}
    summary: dict[str, object] = {
        "deals": len(blocks),
        "win_rate_ci95": {name: interval(wins[name], (0.0, 1.0)) for name in names},
    }
    if len(names) == 2:
        first, second = names
        scores = {name: [statistics.fmean(b[name][1]) for b in blocks.values()] for name in names}
        summary["lead"] = {
            "of": first,
            "over": second,
            "wins": interval([a - b for a, b in zip(wins[first], wins[second], strict=True)]),
            "points": interval([a - b for a, b in zip(scores[first], scores[second], strict=True)]),
        }
    return summary


def interval(values: Sequence[float], within: tuple[float, float] | None = None) -> list[float]:
    """[mean, low, high]: the mean with its 95 % confidence interval (normal approximation),
    cut to `within` for a rate."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    low, high = mean - half, mean + half
    if within is not None:
        low, high = max(within[0], low), min(within[1], high)
    return [round(mean, 4), round(low, 4), round(high, 4)]


Spec = TypeVar("Spec")
Result = TypeVar("Result")


def play_all(
    play: Callable[[Spec], Result], specs: Sequence[Spec], jobs: int, chunksize: int = 1
) -> tuple[list[Result], float]:
    """`play` on every spec, in `jobs` processes (each a fresh interpreter: the games are the same
    as in one); the results in the specs' order, and the seconds it took."""
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(play, specs, chunksize=chunksize)
    else:
        results = [play(spec) for spec in specs]
    return results, time.perf_counter() - start


def simulate(
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    solo_level: int | None = None,
    jobs: int = 1,
    fixed_seats: bool = False,
    budget: float = 0.25,
    game: str = GAMES[0],
    duplicate: bool = False,
) -> dict[str, object]:
    """Play the games (in `jobs` processes) and return the summary dictionary."""
    specs = game_specs(players, levels, games, seed, solo_level, fixed_seats, budget, game, duplicate)
    results, seconds = play_all(run_game, specs, jobs, max(1, games // (jobs * 8)))
    results.sort(key=lambda r: r.index)
    summary = summarise(results, players, seconds, players == 1)
    if duplicate:
        summary["duplicate"] = duplicate_summary(results, levels)
    return summary


def simulate_paired(
    bot: str,
    solo_levels: Sequence[int],
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    budget: float = 0.25,
    shared_dice: bool = False,
) -> dict[str, object]:
    """Play seed i (that of game i above) at every solo level named; the paired summary."""
    seeds = [seed * SEED_STRIDE + index for index in range(games)]
    specs = paired_specs(bot, solo_levels, seeds, budget, shared_dice)
    results, seconds = play_all(run_paired, specs, jobs, max(1, games // (jobs * 8)))
    played = games * len(solo_levels)
    return {
        "games": played,
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 2) if seconds > 0 else None,
        "shared_dice": shared_dice,
        "paired": paired_summary(results, solo_levels),
    }


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__.splitlines()[0])
    add_game_arguments(parser, games=100)
    parser.add_argument("--fixed-seats", action="store_true", help="do not rotate bots between seats")
    parser.add_argument("--budget", type=float, default=0.25, help="seconds per bot decision")
    parser.add_argument("--game", choices=GAMES, default=GAMES[0], help="which game the bots play")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per seat order (solo: once per bot named) and report paired intervals",
    )
    parser.add_argument(
        "--solo-levels",
        default=None,
        help="solo levels, comma-separated (e.g. 2,3): each seed played at every one, paired per seed",
    )
    parser.add_argument(
        "--shared-dice",
        action="store_true",
        help="with --solo-levels: dice and deck order stay common to the levels after the games part",
    )
    args = parser.parse_args(argv)
    if args.game == "penk" and not penk.MIN_SEATS <= args.players <= penk.MAX_SEATS:
        parser.error(f"Penk! has {penk.MIN_SEATS} to {penk.MAX_SEATS} players")
    read_seats(
        parser, args, several_solo_bots=args.duplicate, known=penk.LEVELS if args.game == "penk" else LEVELS
    )
    if args.solo_levels is not None:
        args.solo_levels = read_solo_levels(parser, args)
    elif args.shared_dice:
        parser.error("--shared-dice needs --solo-levels")
    if args.duplicate:
        if args.fixed_seats:
            parser.error("--duplicate rotates the seats itself: leave out --fixed-seats")
        size = block_size(args.players, args.levels)
        if args.games % size:
            parser.error(f"--duplicate plays blocks of {size} games: --games must be a multiple of {size}")
    return args


def add_game_arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """The options every tool that plays bot games shares: seats, bots, games, seed, solo level,
    processes and JSON output (`read_seats` checks them once parsed)."""
    parser.add_argument("--players", type=int, required=True, help="seats, 1 to 4 (1: solo)")
    parser.add_argument("--bots", required=True, help=f"levels by seat, comma-separated: {', '.join(LEVELS)}")
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solo-level", type=int, default=None, help="solo level 1 to 7 (players 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def read_seats(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    several_solo_bots: bool = False,
    known: Collection[str] = LEVELS,
) -> None:
    """Check --bots against --players (one name serves every seat) and --solo-level, and set
    `args.levels` to one bot level per seat (each one of `known`, the game's levels); a mistake
    ends the program with the parser's error.
    With `several_solo_bots` a solo game may name several bots (duplicate solo: each plays every
    deal), and `args.levels` lists them."""
    levels = [name.strip() for name in args.bots.split(",") if name.strip()]
    if len(levels) == 1:
        levels *= args.players
    if len(levels) != args.players and not (several_solo_bots and args.players == 1 and levels):
        parser.error(f"--bots names {len(levels)} bots for {args.players} seats")
    for level in levels:
        if level not in known:
            parser.error(f"unknown bot level {level!r} (expected one of: {', '.join(known)})")
    if args.solo_level is not None and args.players != 1:
        parser.error("--solo-level needs --players 1")
    args.levels = levels


def read_solo_levels(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[int]:
    """Check --solo-levels (two or more distinct levels, solo, one bot, no other pairing)."""
    try:
        levels = [int(part) for part in args.solo_levels.split(",") if part.strip()]
    except ValueError:
        parser.error(f"--solo-levels takes levels separated by commas, not {args.solo_levels!r}")
    if len(levels) < 2 or len(set(levels)) != len(levels) or not all(1 <= x <= 7 for x in levels):
        parser.error("--solo-levels names two or more different levels from 1 to 7")
    if args.players != 1 or len(args.levels) != 1 or args.game != GAMES[0]:
        parser.error("--solo-levels plays solo games of the first game with one bot")
    if args.solo_level is not None or args.duplicate or args.fixed_seats:
        parser.error("--solo-levels leaves out --solo-level, --duplicate and --fixed-seats")
    return levels


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    if args.solo_levels is not None:
        paired = simulate_paired(
            args.levels[0],
            args.solo_levels,
            args.games,
            args.seed,
            jobs=args.jobs,
            budget=args.budget,
            shared_dice=args.shared_dice,
        )
        if args.json:
            print(json.dumps(paired, sort_keys=True))
        else:
            print(f"{paired['games']} games in {paired['seconds']} s: {paired['games_per_second']} games/s")
            print_paired(paired["paired"])  # type: ignore[arg-type]
        return 0
    summary = simulate(
        args.players,
        args.levels,
        args.games,
        args.seed,
        solo_level=args.solo_level if args.players > 1 else (args.solo_level or 1),
        jobs=args.jobs,
        fixed_seats=args.fixed_seats,
        budget=args.budget,
        game=args.game,
        duplicate=args.duplicate,
    )
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(f"{summary['games']} games in {summary['seconds']} s: {summary['games_per_second']} games/s")
    print(f"mean turns per game: {summary['mean_turns']}")
    for name, mean in summary["mean_score"].items():  # type: ignore[attr-defined]
        spread = summary["score_spread"][name]  # type: ignore[index]
        rate = summary["win_rate"][name]  # type: ignore[index]
        print(f"  {name:<8} mean score {mean:6.2f}  spread {spread:6.2f}  win rate {rate:.1%}")
    for seat, rate in summary["seat_win_rate"].items():  # type: ignore[attr-defined]
        print(f"  seat {seat}  win rate {rate:.1%}")
    if "solo_win_rate" in summary:
        print(f"solo level {args.solo_level or 1} won in {summary['solo_win_rate']:.1%} of games")
    if "duplicate" in summary:
        print_duplicate(summary["duplicate"], "level won" if args.players == 1 else "win rate")  # type: ignore[arg-type]
    return 0


def print_duplicate(duplicate: dict[str, Any], rate: str) -> None:
    """The duplicate summary in words; `rate` names what a win is (solo: the level won)."""
    print(f"duplicate: {duplicate['deals']} deals, each played once per seat order (solo: by each bot)")
    for name, (mean, low, high) in duplicate["win_rate_ci95"].items():
        print(f"  {name:<8} {rate} {mean:.1%}  (95 % interval {low:.1%} to {high:.1%})")
    lead = duplicate.get("lead")
    if lead is not None:
        wins, points = lead["wins"], lead["points"]
        print(
            f"  {lead['of']} over {lead['over']}: {wins[0]:+.1%} wins ({wins[1]:+.1%} to {wins[2]:+.1%}), "
            f"{points[0]:+.2f} points ({points[1]:+.2f} to {points[2]:+.2f}) per deal"
        )


if __name__ == "__main__":
    sys.exit(main())
