"""Solo booking as a pure function (scenes.model.solo_booking): progress and a finished game in,
the new progress and the next screen out; no App, no files, no window."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from game.goennen.engine import CampaignState
from scenes.model.progress import Progress
from scenes.model.session import GameSession
from scenes.model.solo_booking import Booking, FinishedSoloGame, GameSummary, book_solo_game

WON_GAME = Path(__file__).parent / "data" / "solo-level1-won.json"  # level 1, 119 points


def won_game(tmp_path: Path, mode: str, given_up: bool = False) -> FinishedSoloGame:
    shutil.copyfile(WON_GAME, tmp_path / "save.json")
    state = GameSession.resume(tmp_path / "save.json").state
    return FinishedSoloGame(state, mode, None, "7:300", "2026-01-01T10:00:00", given_up)


def summary_of(booking: Booking) -> GameSummary:
    assert booking.route == "solo-end"
    (summary,) = booking.arguments
    assert isinstance(summary, GameSummary)
    return summary


def test_a_won_level_ticks_it_sets_the_best_and_is_booked_once(tmp_path: Path) -> None:
    game = won_game(tmp_path, "solo")
    booking = book_solo_game(Progress(), game)
    summary = summary_of(booking)
    assert booking.changed and summary.won and summary.score == 119
    assert booking.progress.won_levels == {1} and booking.progress.best == {1: 119}
    assert [record.date for record in booking.progress.history] == ["2026-01-01T10:00:00"]
    again = book_solo_game(booking.progress, game)
    assert not again.changed and again.progress is booking.progress
    assert summary_of(again).step is None


def test_a_campaign_game_moves_the_campaign_on_with_its_surplus(tmp_path: Path) -> None:
    progress = Progress(campaign=CampaignState())
    booking = book_solo_game(progress, won_game(tmp_path, "campaign"))
    step = summary_of(booking).step
    assert step is not None and step.surplus == 29
    assert booking.progress.campaign == CampaignState(level=2, points=29, history=((1, 119, 29),))


def test_a_resigned_campaign_game_is_lost_and_leads_to_the_campaign(tmp_path: Path) -> None:
    progress = Progress(campaign=CampaignState())
    booking = book_solo_game(progress, won_game(tmp_path, "campaign", given_up=True))
    assert booking.route == "campaign" and booking.changed
    (step,) = booking.arguments
    assert step is not None and step.state.over and not step.state.won  # no points to pay with
    assert [record.won for record in booking.progress.history] == [False]
    again = book_solo_game(booking.progress, replace(won_game(tmp_path, "campaign"), given_up=True))
    assert (again.changed, again.arguments) == (False, (None,))
