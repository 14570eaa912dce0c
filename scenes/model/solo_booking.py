"""Booking a solo game, as one pure function: the player's progress and a finished (or resigned)
game in, the new progress and the screen to show next out.

    booking = book_solo_game(progress, FinishedSoloGame(state, "campaign", None, game_id, date))
    store.update(booking.progress) if booking.changed
    app.go(booking.route, *booking.arguments)      # "solo-end" with the summary, or "campaign"

Booking is idempotent per game (`game_id`, the seed and the number of actions), so a game resumed
after a crash at the very end is never counted twice. A resigned solo or campaign game counts as
played and lost with the score it had (in the campaign: pay the shortfall or the campaign ends),
never as a game that did not happen; then the level list ("solo-card") or the campaign follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.goennen.engine import (
    CampaignStep,
    Outcome,
    State,
    current_scores,
    level_info,
    result,
    shortfall_payable,
)
from scenes.model.progress import (
    MODES,
    GameResult,
    Progress,
    book_campaign_game,
    hold_for_decision,
    record_game,
)


@dataclass(frozen=True)
class FinishedSoloGame:
    """One solo game to book: its final position (or the position it was resigned in)."""

    state: State
    mode: str  # solo, campaign or watch (anything else counts as solo)
    bot: str | None  # the bot that played a watched game
    game_id: str
    date: str
    given_up: bool = False  # a solo or campaign game resigned before its end
    hints: int = 0  # hints asked during the game: kept in the records, no best score

    @property
    def level(self) -> int:
        return self.state.config.solo_level or 1


@dataclass(frozen=True)
class GameSummary:
    """Everything the end screen shows about one finished solo game."""

    state: State
    outcome: Outcome
    level: int
    score: int
    mode: str
    bot: str | None
    booked: GameResult
    step: CampaignStep | None  # what the game did to the campaign (None: a decision is pending)
    pending: bool  # a payable shortfall waits for the player's decision

    @property
    def won(self) -> bool:
        return self.score >= level_info(self.level).target


@dataclass(frozen=True)
class Booking:
    """The progress after the game, whether it changed (so must be written), and what comes next."""

    progress: Progress
    changed: bool
    # "solo-end" (arguments: the GameSummary), "campaign" (the CampaignStep) or, for a resigned solo
    # game, "solo-card" (the level)
    route: str
    arguments: tuple[Any, ...]


def book_solo_game(progress: Progress, game: FinishedSoloGame) -> Booking:
    """Book `game` into `progress` (once) and say which screen shows what it changed."""
    if game.given_up:
        return _book_given_up(progress, game)
    return _book_finished(progress, game)


def _mode(game: FinishedSoloGame) -> str:
    return game.mode if game.mode in MODES else "solo"


def _already_booked(progress: Progress, game: FinishedSoloGame) -> bool:
    return any(record.game_id == game.game_id for record in progress.history)


def _book_finished(progress: Progress, game: FinishedSoloGame) -> Booking:
    outcome = result(game.state)
    score = outcome.scores[0].total
    mode = _mode(game)
    bot = game.bot if mode == "watch" else None
    already = next((record for record in progress.history if record.game_id == game.game_id), None)
    if already is not None:  # booked before (the end screen was reached, then the game resumed)
        booked = GameResult(progress, already, False, False, None)
        summary = GameSummary(game.state, outcome, game.level, score, mode, bot, booked, None, False)
        return Booking(progress, False, "solo-end", (summary,))
    booked = record_game(
        progress,
        game.level,
        score,
        mode,
        bot,
        deck=game.state.deck,
        date=game.date,
        game_id=game.game_id,
        hints=game.hints,
    )
    updated, step, pending = booked.progress, None, False
    if mode == "campaign":
        updated, step, pending = _book_campaign(updated, game.level, score)
    summary = GameSummary(game.state, outcome, game.level, score, mode, bot, booked, step, pending)
    return Booking(updated, True, "solo-end", (summary,))


def _book_given_up(progress: Progress, game: FinishedSoloGame) -> Booking:
    mode = _mode(game)
    if mode == "watch":  # the bot's game was only watched: nothing to book
        return Booking(progress, False, "solo-card", (game.level,))
    campaign = mode == "campaign"
    if _already_booked(progress, game):
        if campaign:
            return Booking(progress, False, "campaign", (None,))
        return Booking(progress, False, "solo-card", (game.level,))
    score = current_scores(game.state)[0].total
    booked = record_game(
        progress,
        game.level,
        score,
        mode,
        deck=game.state.deck,
        date=game.date,
        game_id=game.game_id,
        given_up=True,
        hints=game.hints,
    )
    if not campaign:
        return Booking(booked.progress, True, "solo-card", (game.level,))
    # a given-up level misses its target even if the score so far had reached it
    missed = min(score, level_info(game.level).target - 1)
    updated, step, _pending = _book_campaign(booked.progress, game.level, missed)
    return Booking(updated, True, "campaign", (step,))


def _book_campaign(progress: Progress, level: int, score: int) -> tuple[Progress, CampaignStep | None, bool]:
    """A campaign game's score into the running campaign: (progress, step, pending), where
    pending means a payable shortfall waits for the player's decision (step None then)."""
    campaign = progress.campaign
    if campaign is None or campaign.over or campaign.level != level:
        return progress, None, False
    if shortfall_payable(campaign, score):
        return hold_for_decision(progress, score), None, True
    progress, step = book_campaign_game(progress, score)
    return progress, step, False
