"""Starting solo games (own play, campaign, watching a bot) and booking them when they end.

The table scene (scenes.table.open_table) plays the game; this module decides what is at stake:
the session's context says the mode ({"mode": "solo" | "campaign" | "watch"}), and `finish_game`,
the table's after_game, turns the final position into ticks, best scores and campaign points, then
shows the end screen. Booking is idempotent per game (its seed), so a game resumed after a crash
at the very end is never counted twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.engine import CampaignStep, Outcome, State, current_scores, level_info, result, shortfall_payable
from game.serialize import SaveError
from scenes.core.i18n import t
from scenes.model import progress as progress_module
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.core.stack import Scene

WATCH_NAMES = {"easy": "Ada", "normal": "Bruno", "hard": "Clara"}  # the bots' names, as on New game


def table_opener() -> Callable[..., Any] | None:
    """The table's open_table(app, session, after_game=...), or None while there is no table."""
    try:
        module = import_module("scenes.table")
    except ModuleNotFoundError as error:
        if error.name not in ("scenes.table",):
            raise
        return None
    opener = getattr(module, "open_table", None)
    return opener if callable(opener) else None


def can_play() -> bool:
    return table_opener() is not None


def mode_of(session: GameSession) -> str:
    mode = session.context.get("mode")
    return mode if mode in progress_module.MODES else "solo"


def _open(app: App, session: GameSession) -> None:
    opener = table_opener()
    if opener is None:
        raise RuntimeError("the table scene is not part of this version")
    opener(app, session, after_game=after_game)


def start_level(app: App, level: int, mode: str = "solo", seed: int | None = None) -> GameSession:
    """A new solo game of `level` for the player, saved in the Continue slot, opened on the table."""
    seat = SeatConfig(t("solo.player_name"), SeatKind.HUMAN)
    session = GameSession.start(
        GameConfig((seat,)), seed=seed, solo_level=level, save_path=save_path(), context={"mode": mode}
    )
    _open(app, session)
    return session


def saved_campaign_game(level: int) -> GameSession | None:
    """The campaign game of `level` left unfinished in the Continue slot, if that is what it holds.

    A campaign level is resumed, never dealt afresh: starting over would let a bad deal be undone.
    """
    path = save_path()
    if not path.is_file():
        return None
    try:
        session = GameSession.resume(path)
    except SaveError:
        return None
    if mode_of(session) != "campaign" or session.state.config.solo_level != level or session.over:
        return None
    return session


def play_campaign_level(app: App, seed: int | None = None) -> GameSession:
    """Resume or start the running campaign's level."""
    campaign = progress_module.store(app).progress.campaign
    if campaign is None or campaign.over:
        raise ValueError("no campaign is running")
    session = saved_campaign_game(campaign.level)
    if session is not None:
        _open(app, session)
        return session
    return start_level(app, campaign.level, "campaign", seed)


def start_watch(app: App, level: int, bot: str, seed: int | None = None) -> GameSession:
    """A bot plays `level` while the player watches; not saved (the Continue slot stays the player's)."""
    seat = SeatConfig(WATCH_NAMES.get(bot, "Ada"), SeatKind.BOT, bot)
    session = GameSession.start(
        GameConfig((seat,)), seed=seed, solo_level=level, context={"mode": "watch", "bot": bot}
    )
    _open(app, session)
    return session


@dataclass(frozen=True)
class GameSummary:
    """Everything the end screen shows about one finished solo game."""

    state: State
    outcome: Outcome
    level: int
    score: int
    mode: str
    bot: str | None
    booked: progress_module.GameResult
    step: CampaignStep | None  # what the game did to the campaign (None: a decision is pending)
    pending: bool  # a payable shortfall waits for the player's decision

    @property
    def won(self) -> bool:
        return self.score >= level_info(self.level).target


def book(app: App, session: GameSession) -> GameSummary:
    """Record a finished game in the player's progress (once) and say what it changed."""
    state = session.state
    outcome = result(state)
    level = state.config.solo_level or 1
    score = outcome.scores[0].total
    mode = mode_of(session)
    bot_level = session.seats[0].level if mode == "watch" else None
    store = progress_module.store(app)
    game_id = f"{session.match.setup.seed}:{len(session.match.actions)}"
    already = next((game for game in store.progress.history if game.game_id == game_id), None)
    if already is not None:  # booked before (the end screen was reached, then the game resumed)
        booked = progress_module.GameResult(store.progress, already, False, False, None)
        return GameSummary(state, outcome, level, score, mode, bot_level, booked, None, False)
    booked = progress_module.record_game(
        store.progress, level, score, mode, bot_level, deck=state.deck, game_id=game_id
    )
    progress, step, pending = booked.progress, None, False
    if mode == "campaign":
        progress, step, pending = _book_campaign(progress, level, score)
    store.update(progress)
    return GameSummary(state, outcome, level, score, mode, bot_level, booked, step, pending)


def _book_campaign(
    progress: progress_module.Progress, level: int, score: int
) -> tuple[progress_module.Progress, CampaignStep | None, bool]:
    """A campaign game's score into the running campaign: (progress, step, pending), where
    pending means a payable shortfall waits for the player's decision (step None then)."""
    campaign = progress.campaign
    if campaign is None or campaign.over or campaign.level != level:
        return progress, None, False
    if shortfall_payable(campaign, score):
        return progress_module.hold_for_decision(progress, score), None, True
    progress, step = progress_module.book_campaign_game(progress, score)
    return progress, step, False


def resign_campaign_game(app: App, session: GameSession) -> None:
    """Resign in a campaign: the level counts as played and lost with the score it has now (as the
    campaign's rules book a missed target: pay the shortfall or the campaign ends), never as a
    game that did not happen; then the campaign screen shows what it did."""
    state = session.state
    level = state.config.solo_level or 1
    score = current_scores(state)[0].total
    store = progress_module.store(app)
    game_id = f"{session.match.setup.seed}:{len(session.match.actions)}"
    step: CampaignStep | None = None
    if not any(game.game_id == game_id for game in store.progress.history):
        booked = progress_module.record_game(
            store.progress, level, score, "campaign", deck=state.deck, game_id=game_id, given_up=True
        )
        # a given-up level misses its target even if the score so far had reached it
        missed = min(score, level_info(level).target - 1)
        progress, step, _pending = _book_campaign(booked.progress, level, missed)
        store.update(progress)
    session.archive()
    from scenes.solo.campaign import CampaignScene

    app.go(CampaignScene(app, step), "replace")


def after_game(app: App, session: GameSession) -> None:
    """What the table calls from its final score's Continue for a solo game."""
    finish_game(app, session)


def finish_game(app: App, session: GameSession) -> Scene:
    """The table's after_game: book the game, take it out of the Continue slot, show the end screen."""
    summary = book(app, session)
    session.archive()
    from scenes.solo.end import SoloEndScene

    scene = SoloEndScene(app, summary)
    app.go(scene, "replace")
    return scene
