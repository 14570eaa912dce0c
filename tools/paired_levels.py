"""Solo levels measured on common dice: every seed played at each of several solo levels.

    python -m tools.simulate --players 1 --bots hard --solo-levels 2,3 --games 2000 --seed 1

Game i of every level named is played with seed S * 1,000,003 + i, so each level's games are the
very games `--solo-level L --games N --seed S` plays; here they come in pairs per seed. A match draws
its dice and cards from the seed and the number of actions so far (game/goennen/chance.py), so the two
games of a seed deal the same cards and roll the same dice until the bot, which plans by the
rounds it has left, first chooses differently; from there they part. How long they coincide is
measured and reported (the actions they share, the round in which they part). With
`--shared-dice` the games are played on dice and decks that stay common after they part
(tools/shared_dice.py): no longer the games `--solo-level` plays, but coupled more closely.

For each step from one level to the next named, the fall in win rate is measured per seed
(McNemar): of the seeds won at one level and lost at the other (the discordant pairs), the fall is
(won only at the easier level - won only at the harder) / seeds, with its 95 % interval from the
per-seed differences and the exact two-sided sign test on the discordant pairs. The points lost per
seed come with their interval too, and for comparison the standard error that as many independent
games per level would give. The fall is split in two: what the rounds the harder level lacks cost
(its games judged by the easier level's target) and what its lower target gives back.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.engine import level_info
from game.goennen.match import Match
from tools.shared_dice import play_solo

Z95 = 1.96  # a 95 % interval's half-width in standard errors (normal approximation over many seeds)


@dataclass(frozen=True, slots=True)
class PairedSpec:
    """One seed, to be played by `bot` at every solo level of `levels`."""

    index: int
    seed: int
    bot: str
    levels: tuple[int, ...]
    budget: float
    shared_dice: bool = False  # common dice and deck order after the games part (tools/shared_dice.py)


@dataclass(frozen=True, slots=True)
class LevelGame:
    """One seed's game at one level."""

    level: int
    score: int
    won: bool
    turns: int
    actions: int  # seat actions and chance outcomes, all recorded


@dataclass(frozen=True, slots=True)
class Parting:
    """Where the games of one seed at two levels part: the actions they share from the start, and
    the round (counted from 1) of the first action that differs (None: the shorter game is all shared)."""

    shared: int
    round: int | None


@dataclass(frozen=True, slots=True)
class PairedResult:
    index: int
    games: tuple[LevelGame, ...]  # in the order of the levels named
    partings: tuple[Parting, ...]  # per step from one level named to the next


def paired_specs(
    bot: str, levels: Sequence[int], seeds: Sequence[int], budget: float, shared_dice: bool = False
) -> list[PairedSpec]:
    """One spec per seed, each to be played at every level of `levels`."""
    return [PairedSpec(i, seed, bot, tuple(levels), budget, shared_dice) for i, seed in enumerate(seeds)]


def run_paired(spec: PairedSpec) -> PairedResult:
    """Play the seed at every level and find where each pair of consecutive levels parts."""
    games = []
    played: list[tuple[list[object], dict[int, int]]] = []
    for level in spec.levels:
        game, actions, rounds = play_level(spec, level)
        games.append(game)
        played.append((actions, rounds))
    partings = tuple(_parting(*played[k], *played[k + 1]) for k in range(len(played) - 1))
    return PairedResult(spec.index, tuple(games), partings)


def play_level(spec: PairedSpec, level: int) -> tuple[LevelGame, list[object], dict[int, int]]:
    """One game and its actions, with the round of each seat decision (by its action's index)."""
    seen: list[Match] = []
    rounds: dict[int, int] = {}

    def watch(match: Match, seat: int, action: object) -> None:
        if not seen:
            seen.append(match)
        rounds[len(match.actions)] = match.state.round + 1

    if spec.shared_dice:
        outcome, turns = play_solo(spec.bot, spec.seed, level, spec.budget, watch)
    else:
        record = play_game([make_bot(spec.bot)], spec.seed, solo_level=level, budget=spec.budget, watch=watch)
        outcome, turns = record.outcome, record.turns
    actions: list[object] = list(seen[0].actions) if seen else []
    game = LevelGame(level, outcome.scores[0].total, bool(outcome.solo_won), turns, len(actions))
    return game, actions, rounds


def _parting(
    actions_a: list[object], rounds_a: dict[int, int], actions_b: list[object], rounds_b: dict[int, int]
) -> Parting:
    shared = 0
    for a, b in zip(actions_a, actions_b, strict=False):
        if a != b:
            break
        shared += 1
    if shared == min(len(actions_a), len(actions_b)):
        return Parting(shared, None)
    # equal states draw equal chance, so the first difference is a seat decision, whose round is known
    return Parting(shared, rounds_a.get(shared, rounds_b.get(shared)))


def paired_summary(results: Sequence[PairedResult], levels: Sequence[int]) -> dict[str, object]:
    """Each level's rates over the seeds, and per step to the next level named the paired fall."""
    seeds = len(results)
    per_level: dict[str, dict[str, float]] = {}
    for k, level in enumerate(levels):
        games = [r.games[k] for r in results]
        per_level[str(level)] = {
            "win_rate": round(sum(g.won for g in games) / seeds, 4),
            "mean_score": round(statistics.fmean(g.score for g in games), 2),
            "mean_turns": round(statistics.fmean(g.turns for g in games), 2),
        }
    steps = [_step(results, k, levels[k], levels[k + 1]) for k in range(len(levels) - 1)]
    return {"seeds": seeds, "levels": per_level, "steps": steps}


def _step(results: Sequence[PairedResult], k: int, easier: int, harder: int) -> dict[str, object]:
    seeds = len(results)
    pairs = [(r.games[k], r.games[k + 1]) for r in results]
    only_easier = sum(1 for a, b in pairs if a.won and not b.won)
    only_harder = sum(1 for a, b in pairs if b.won and not a.won)
    rate_a = sum(a.won for a, _ in pairs) / seeds
    rate_b = sum(b.won for _, b in pairs) / seeds
    # the fall split in two: the round the harder level lacks, at the easier level's target, and the
    # lower target it asks for instead (each a share of the seeds)
    target_a, target_b = level_info(easier).target, level_info(harder).target
    short_of_old_target = sum(1 for _, b in pairs if b.score >= target_a) / seeds
    partings = [r.partings[k] for r in results]
    shorter = [min(a.actions, b.actions) for a, b in pairs]
    parted = [p.round for p in partings if p.round is not None]
    return {
        "from": easier,
        "to": harder,
        "won_both": sum(1 for a, b in pairs if a.won and b.won),
        "lost_both": sum(1 for a, b in pairs if not a.won and not b.won),
        "won_only_from": only_easier,
        "won_only_to": only_harder,
        "fall": interval([float(a.won) - float(b.won) for a, b in pairs]),
        "sign_test_p": round(sign_test(only_easier, only_harder), 5),
        "independent_se": round(math.sqrt((rate_a * (1 - rate_a) + rate_b * (1 - rate_b)) / seeds), 4),
        "score_drop": interval([float(a.score - b.score) for a, b in pairs]),
        "target_drop": target_a - target_b,
        "round_costs": round(rate_a - short_of_old_target, 4),
        "target_gives_back": round(rate_b - short_of_old_target, 4),
        "coincide": {
            "mean_shared_actions": round(statistics.fmean(p.shared for p in partings), 1),
            "shared_share_of_shorter": round(sum(p.shared for p in partings) / max(1, sum(shorter)), 4),
            "all_shared": round(sum(1 for p in partings if p.round is None) / seeds, 4),
            "mean_parting_round": round(statistics.fmean(parted), 2) if parted else None,
            "parting_rounds": _histogram(parted),
        },
    }


def _histogram(rounds: Sequence[int]) -> dict[str, int]:
    counts: dict[int, int] = {}
    for r in rounds:
        counts[r] = counts.get(r, 0) + 1
    return {str(r): counts[r] for r in sorted(counts)}


def interval(values: Sequence[float]) -> list[float]:
    """[mean, low, high]: the mean with its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("inf")
    return [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]


def sign_test(wins: int, losses: int) -> float:
    """The exact two-sided sign test (McNemar's exact test): the chance of a split at least this
    uneven among wins + losses discordant pairs if either side were equally likely."""
    n = wins + losses
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(wins, losses) + 1))
    return min(1.0, 2 * tail / (1 << n))


def print_paired(summary: dict[str, Any]) -> None:
    """The paired summary in words."""
    print(f"paired: {summary['seeds']} seeds, each played at every level named")
    for level, row in summary["levels"].items():
        print(
            f"  level {level}: won {row['win_rate']:.1%}  mean score {row['mean_score']:.2f}"
            f"  mean turns {row['mean_turns']:.2f}"
        )
    for step in summary["steps"]:
        fall, drop, same = step["fall"], step["score_drop"], step["coincide"]
        print(
            f"  level {step['from']} -> {step['to']}: won both {step['won_both']}, lost both"
            f" {step['lost_both']}, only at {step['from']} {step['won_only_from']}, only at {step['to']}"
            f" {step['won_only_to']}"
        )
        print(
            f"    fall {fall[0]:+.1%} (95 % interval {fall[1]:+.1%} to {fall[2]:+.1%}), sign test"
            f" p = {step['sign_test_p']:.3g}; independent games' standard error {step['independent_se']:.1%}"
        )
        print(
            f"    points lost per seed {drop[0]:+.2f} ({drop[1]:+.2f} to {drop[2]:+.2f}) against a target"
            f" {step['target_drop']} lower; the rounds lost cost {step['round_costs']:.1%} of wins at the"
            f" old target, the lower target gives back {step['target_gives_back']:.1%}"
        )
        parting = same["mean_parting_round"]
        print(
            f"    coincide: {same['mean_shared_actions']:.1f} actions shared on average"
            f" ({same['shared_share_of_shorter']:.1%} of the shorter game's), {same['all_shared']:.1%}"
            f" share the whole shorter game; the rest part in round {parting if parting is not None else '-'}"
            " on average"
        )
