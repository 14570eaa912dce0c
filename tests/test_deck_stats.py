"""tools.deck_stats: per-card statistics agree with the games tools.simulate plays, and the bands
flag the cards outside them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.goennen.deck import standard_deck
from tools import deck_stats, simulate
from tools.deck_stats import Holding

FROZEN_V2 = Path(__file__).resolve().parent / "game" / "data" / "deck-v2.toml"


def test_holdings_add_up_to_the_scores_and_wins_simulate_reports() -> None:
    levels = ["easy", "normal"]
    observed = deck_stats.play_games(2, levels, 3, 7)
    specs = simulate.game_specs(2, levels, 3, 7, None, False, 0.25)
    for game, spec in zip(observed, specs, strict=True):
        played = simulate.run_game(spec)
        for seat in range(2):
            held = [h for h in game.holdings if h.seat == seat]
            assert sum(h.points for h in held) == played.scores[seat]
            assert {h.holder_score for h in held} == {played.scores[seat]}
            assert {h.win_share for h in held} == {game.win_shares[seat]}
        assert {seat for seat, share in enumerate(game.win_shares) if share > 0} == set(played.winners)
        assert all(0 <= h.slot <= 4 for h in game.holdings)
        assert 8 <= len(game.holdings) <= 18  # four dealt cards each, at most nine each
    assert any(h.slot > 0 for game in observed for h in game.holdings), "no purchase was recorded"


def _holding(card: str, game: int, completed: bool, points: int, share: float, slot: int = 1) -> Holding:
    return Holding(card, game, 0, slot, completed, points, points, share, 50)


def test_group_stats_counts_a_card_as_documented() -> None:
    holdings = [
        _holding("S01", 0, True, 10, 1.0),
        _holding("S01", 1, True, 20, 0.0, slot=0),
        _holding("S01", 2, False, 0, 0.5),
        _holding("S01", 3, False, 0, 0.0),
    ]
    row = deck_stats.group_stats(holdings, 10, scoring=True)
    assert row["held_in_games"] == 0.4
    assert row["completed"] == 0.5
    assert row["mean_points_completed"] == 15.0
    assert row["expected_points_held"] == 7.5
    assert row["holder_win_rate"] == 0.375
    assert row["slot_share"] == {"0": 0.25, "1": 0.75, "2": 0.0, "3": 0.0, "4": 0.0}
    low, high = row["expected_points_held_ci"]
    assert low < 7.5 < high
    low, high = row["holder_win_rate_ci"]
    assert 0.0 <= low < 0.375 < high <= 1.0


def test_bands_flag_the_cards_outside_them() -> None:
    typical = {"kind": "scoring", "expected_points_held": 10.0, "held_in_games": 0.5, "holder_win_rate": 0.5}
    cards: dict[str, dict[str, object]] = {f"S{n:02}": dict(typical) for n in range(1, 6)}
    cards["S01"]["expected_points_held"] = 17.0  # 1.7 x the median
    cards["S02"]["holder_win_rate"] = 0.6  # held in half the games: judged
    cards["S03"].update(holder_win_rate=0.2, held_in_games=0.03)  # too rarely held to judge
    result = deck_stats.bands(cards, 0.5)
    assert result["expected_points_median"] == 10.0
    assert result["outside_expected_band"] == {"S01": 1.7}
    assert result["outside_win_band"] == {"S02": 0.6}
    assert result["all_within"] is False


def test_json_report_names_every_card_and_kind(capsys: pytest.CaptureFixture[str]) -> None:
    deck_stats.main(["--players", "2", "--bots", "easy", "--games", "2", "--seed", "3", "--json"])
    stats = json.loads(capsys.readouterr().out)
    assert set(stats["cards"]) == {card.id for card in standard_deck().cards}
    assert len(stats["scoring_kinds"]) == 7
    assert stats["baseline_win_rate"] == 0.5
    assert stats["deck_version"] == standard_deck().version


def test_another_deck_file_can_be_measured(capsys: pytest.CaptureFixture[str]) -> None:
    deck_stats.main(["--players", "3", "--bots", "easy", "--games", "1", "--deck", str(FROZEN_V2)])
    text = capsys.readouterr().out
    assert "deck version 2" in text
    assert "S29" in text and "bonus-kinds" in text
