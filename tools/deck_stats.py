"""Per-card statistics from simulated bot games: does any card decide the game?

    python -m tools.deck_stats --games N --bots L --players P --seed S [--jobs 2] [--json] [--deck PATH]

For every card (scoring and bonus) and every scoring kind, from the cards in the seats' displays at
the end of each game: how often it is held, from which market slot it was bought (0: dealt at the
start), how often it is completed, its mean points when completed, its expected points when held
(0 when not completed), and the win rate of its holders against the baseline 1/P (a shared win
counts as a share). Each with a 95 % confidence interval. The games are those of tools.simulate
with the same arguments (same seeds, seats rotating). `--deck` plays a deck file other than the
standard one (to try a change before it becomes a new version). docs/deck.md explains how to read
the tables and the bands they are checked against.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import statistics
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.engine import Buy, CardKind, Deck, load_deck, standard_deck
from game.goennen.match import Match
from tools.simulate import GameSpec, add_game_arguments, game_specs, read_seats

Z_95 = 1.959964  # two-sided 95 % normal quantile
EXPECTED_BAND = (0.6, 1.6)  # a scoring card's expected points when held, as a share of the median
WIN_BAND = (0.84, 1.16)  # holders' win rate as a share of the baseline 1/P: 0.42 to 0.58 with two seats
WIN_BAND_MIN_HELD = 0.05  # the win band applies to cards held in at least this share of games
START = 0  # the "slot" of a card dealt at the start

Row = dict[str, Any]  # one line of a table, as in the JSON report


@dataclass(frozen=True, slots=True)
class Holding:
    """One card in one seat's display at the end of a game."""

    card_id: str
    game: int
    seat: int
    slot: int  # the market slot it was bought from, 1 to 4, or START
    completed: bool
    points: int  # what it scored (0 for bonus cards and unfinished ones)
    units: int  # what its scoring kind counted, completed or not (0 for bonus cards)
    win_share: float  # its holder's: 1/k for one of k winners, 0 for a loss
    holder_score: int


@dataclass(frozen=True, slots=True)
class GameCards:
    index: int
    win_shares: tuple[float, ...]  # by seat: 1/k for each of k winners, 0 otherwise
    holdings: tuple[Holding, ...]


@functools.cache
def _deck(path: str | None) -> Deck:
    return standard_deck() if path is None else load_deck(Path(path))


def observe_game(spec: GameSpec, deck_path: str | None = None) -> GameCards:
    """Play one game of tools.simulate and note every card each seat holds at the end."""
    bots = [make_bot(level) for level in spec.levels]
    slots: dict[str, int] = {}
    matches: list[Match] = []

    def watch(match: Match, seat: int, action: object) -> None:
        if not matches:
            matches.append(match)
        if isinstance(action, Buy):
            card_id = match.state.market_card(action.row, action.slot)
            if card_id is not None:
                slots[card_id] = action.slot

    record = play_game(
        bots, spec.seed, solo_level=spec.solo_level, budget=spec.budget, watch=watch, deck=_deck(deck_path)
    )
    outcome = record.outcome
    if outcome.solo_won is not None:
        shares: tuple[float, ...] = (1.0 if outcome.solo_won else 0.0,)
    else:
        winners = outcome.winners
        shares = tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(outcome.scores)))
    final = matches[0].state
    holdings = []
    for seat_score in outcome.scores:
        seat = seat_score.seat
        scored = {card.card_id: card for card in seat_score.cards}
        for placed in final.display(seat):
            score = scored.get(placed.id)
            points, units = (score.points, score.units) if score is not None else (0, 0)
            slot = slots.get(placed.id, START)
            holdings.append(
                Holding(
                    placed.id,
                    spec.index,
                    seat,
                    slot,
                    placed.completed,
                    points,
                    units,
                    shares[seat],
                    seat_score.total,
                )
            )
    return GameCards(spec.index, shares, tuple(holdings))


def _observe(job: tuple[GameSpec, str | None]) -> GameCards:
    return observe_game(*job)


def play_games(
    players: int,
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    solo_level: int | None = None,
    jobs: int = 1,
    budget: float = 0.25,
    deck_path: str | None = None,
) -> list[GameCards]:
    specs = game_specs(players, levels, games, seed, solo_level, False, budget)
    work = [(spec, deck_path) for spec in specs]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_observe, work, chunksize=max(1, games // (jobs * 8)))
    else:
        results = [_observe(job) for job in work]
    return sorted(results, key=lambda r: r.index)


# --- statistics --------------------------------------------------------------------------------


def rate_interval(hits: float, trials: int) -> list[float] | None:
    """Wilson's 95 % interval for a share of `trials` (hits may be fractional: shared wins)."""
    if trials == 0:
        return None
    p = hits / trials
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def mean_interval(values: Sequence[float]) -> list[float] | None:
    """The normal 95 % interval of a mean (None below two values)."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values))
    return [round(mean - half, 3), round(mean + half, 3)]


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 3) if values else None


def group_stats(holdings: Sequence[Holding], games: int, scoring: bool) -> Row:
    """The table row of one card or one scoring kind, from all its holdings in `games` games."""
    held_games = len({h.game for h in holdings})
    completed = [h for h in holdings if h.completed]
    shares = [h.win_share for h in holdings]
    slot_counts = {str(slot): sum(1 for h in holdings if h.slot == slot) for slot in range(5)}
    row: Row = {
        "held": len(holdings),
        "held_per_game": round(len(holdings) / games, 4) if games else None,
        "held_in_games": round(held_games / games, 4) if games else None,
        "held_in_games_ci": rate_interval(held_games, games),
        "slot_share": {
            slot: round(count / len(holdings), 4) if holdings else None for slot, count in slot_counts.items()
        },
        "completed": round(len(completed) / len(holdings), 4) if holdings else None,
        "completed_ci": rate_interval(len(completed), len(holdings)),
        "holder_win_rate": _mean(shares),
        "holder_win_rate_ci": rate_interval(sum(shares), len(holdings)),
        "holder_mean_score": _mean([h.holder_score for h in holdings]),
    }
    if scoring:
        done_points = [float(h.points) for h in completed]
        held_points = [float(h.points) for h in holdings]
        row["mean_points_completed"] = _mean(done_points)
        row["mean_points_completed_ci"] = mean_interval(done_points)
        row["expected_points_held"] = _mean(held_points)
        row["expected_points_held_ci"] = mean_interval(held_points)
    return row


def deck_stats(results: Sequence[GameCards], deck: Deck, players: int) -> Row:
    """Every card's and every scoring kind's row, and the cards outside the balance bands."""
    all_holdings = [h for r in results for h in r.holdings]
    by_card: dict[str, list[Holding]] = {card.id: [] for card in deck.cards}
    for holding in all_holdings:
        by_card[holding.card_id].append(holding)
    cards = {
        card.id: {
            "kind": str(card.kind),
            "reward": str(card.scoring or card.bonus),
            "points": card.points if card.kind is CardKind.SCORING else None,
            **group_stats(by_card[card.id], len(results), card.kind is CardKind.SCORING),
        }
        for card in deck.cards
    }
    kinds: dict[str, Row] = {}
    for card in deck.of_kind(CardKind.SCORING):
        kinds.setdefault(str(card.scoring), {"cards": []})["cards"].append(card.id)
    for entry in kinds.values():
        members = set(entry["cards"])
        entry.update(group_stats([h for h in all_holdings if h.card_id in members], len(results), True))
    if players == 1:
        baseline = statistics.fmean(r.win_shares[0] for r in results) if results else 0.0
    else:
        baseline = 1.0 / players
    return {
        "games": len(results),
        "players": players,
        "deck_version": deck.version,
        "baseline_win_rate": round(baseline, 4),
        "cards": cards,
        "scoring_kinds": kinds,
        "bands": bands(cards, baseline),
    }


def bands(cards: dict[str, Row], baseline: float) -> Row:
    """Which cards leave the bands of issue 25 (expected points against the scoring median, win
    rate against the baseline for cards held in at least 5 % of games)."""
    expected = {
        card_id: row["expected_points_held"]
        for card_id, row in cards.items()
        if row["kind"] == "scoring" and row["expected_points_held"] is not None
    }
    median = statistics.median(expected.values()) if expected else None
    low, high = EXPECTED_BAND
    outside_expected = {}
    if median:
        for card_id, value in expected.items():
            ratio = value / median
            cards[card_id]["expected_to_median"] = round(ratio, 3)
            if not low <= ratio <= high:
                outside_expected[card_id] = round(ratio, 3)
    win_low, win_high = WIN_BAND[0] * baseline, WIN_BAND[1] * baseline
    outside_win = {
        card_id: row["holder_win_rate"]
        for card_id, row in cards.items()
        if (row["held_in_games"] or 0.0) >= WIN_BAND_MIN_HELD
        and not win_low <= row["holder_win_rate"] <= win_high
    }
    return {
        "expected_points_median": median,
        "expected_points_band": [round(low * median, 3), round(high * median, 3)] if median else None,
        "win_rate_band": [round(win_low, 4), round(win_high, 4)],
        "outside_expected_band": outside_expected,
        "outside_win_band": outside_win,
        "all_within": not outside_expected and not outside_win,
    }


# --- text report -------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _interval(values: list[float] | None, percent: bool = False) -> str:
    if not values:
        return ""
    low, high = values
    return f"[{_pct(low)}, {_pct(high)}]" if percent else f"[{low:.1f}, {high:.1f}]"


def report_lines(stats: Row) -> Iterable[str]:
    b = stats["bands"]
    yield (
        f"{stats['games']} games, {stats['players']} seats, deck version {stats['deck_version']}, "
        f"baseline win rate {_pct(stats['baseline_win_rate'])}"
    )
    yield (
        f"expected points when held: median {_num(b['expected_points_median'], 2)}, band "
        f"{b['expected_points_band']}; holders' win band {b['win_rate_band']} (cards held in >= 5 % of games)"
    )
    header = (
        f"{'card':<5} {'reward':<19} {'pts':>3} {'held':>6} {'slots 0/1/2/3/4':<24} {'done':>6} "
        f"{'pts done':>8} {'expected when held':>20} {'x med':>6} {'holders win':>25}"
    )
    for title, rows in (("cards", stats["cards"]), ("scoring kinds", stats["scoring_kinds"])):
        yield ""
        yield title
        yield header
        for name, row in rows.items():
            slots = "/".join(f"{100 * (v or 0):.0f}" for v in row["slot_share"].values())
            flag = ""
            if name in b["outside_expected_band"] or name in b["outside_win_band"]:
                flag = "  <- outside"
            label, reward = (name, row["reward"]) if title == "cards" else ("", name)
            held = row["held_in_games"] if title == "cards" else row["held_per_game"]
            yield (
                f"{label:<5} {str(reward)[:19]:<19} {_num(row.get('points'), 0):>3} "
                f"{_pct(held) if title == 'cards' else _num(held, 2):>6} {slots:<24} "
                f"{_pct(row['completed']):>6} {_num(row.get('mean_points_completed')):>8} "
                f"{_num(row.get('expected_points_held')):>6} "
                f"{_interval(row.get('expected_points_held_ci')):>13} "
                f"{_num(row.get('expected_to_median'), 2):>6} "
                f"{_pct(row['holder_win_rate']):>6} {_interval(row['holder_win_rate_ci'], True):>18}{flag}"
            )
    yield ""
    yield "all within the bands" if b["all_within"] else "outside the bands: see the marked rows"


# --- command line ------------------------------------------------------------------------------


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.deck_stats", description=__doc__.splitlines()[0])
    add_game_arguments(parser, games=200)
    parser.add_argument("--budget", type=float, default=0.25, help="seconds per bot decision")
    parser.add_argument("--deck", default=None, help="a deck file to play instead of the standard deck")
    args = parser.parse_args(argv)
    read_seats(parser, args)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    deck_path = None if args.deck is None else str(Path(args.deck).resolve())
    results = play_games(
        args.players,
        args.levels,
        args.games,
        args.seed,
        solo_level=(args.solo_level or 1) if args.players == 1 else None,
        jobs=args.jobs,
        budget=args.budget,
        deck_path=deck_path,
    )
    stats = deck_stats(results, _deck(deck_path), args.players)
    stats["bots"] = args.levels
    stats["seed"] = args.seed
    if args.json:
        print(json.dumps(stats, sort_keys=True))
    else:
        for line in report_lines(stats):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
