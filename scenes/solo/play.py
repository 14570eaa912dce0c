"""Starting solo games (own play, campaign, watching a bot) and booking them when they end.

The table (route "table") plays the game; the session's context says the mode ({"mode": "solo" |
"campaign" | "watch"}), and the route table sends a finished game of these modes to the route
"solo-finished" (`finish_game`) and a resigned solo or campaign game to "solo-resigned"
(`resign_game`). What booking changes is decided by scenes.model.solo_booking; this
module only feeds it the session, writes the result and archives the save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.goennen.serialize import SaveError
from scenes.core import file_notices
from scenes.core.confirm import Confirmation, ask
from scenes.core.i18n import t
from scenes.core.routing import Resignation
from scenes.menus.slot_words import replace_button, replace_question
from scenes.model import archive
from scenes.model import progress as progress_module
from scenes.model.archive_entry import FINISHED, RESIGNED
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.hints import hints_used
from scenes.model.session import GameSession
from scenes.model.slots import make_room, occupant, slot_path
from scenes.model.solo_booking import Booking, FinishedSoloGame, GameSummary, book_solo_game

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene

WATCH_NAMES = {"easy": "Ada", "normal": "Bruno", "hard": "Clara"}  # the bots' names, as on New game


def can_play(app: Host) -> bool:
    """Whether this build has a table to play on."""
    return app.serves("table")


def mode_of(session: GameSession) -> str:
    mode = session.context.get("mode")
    return mode if mode in progress_module.MODES else "solo"


def _open(app: Host, session: GameSession) -> None:
    app.go("table", session, how="replace")


def start_level(app: Host, level: int, mode: str = "solo", seed: int | None = None) -> GameSession:
    """A new solo game of `level` for the player, saved in its slot, opened on the table. Replaces
    what the slot holds: callers ask first (`offer_level`; a campaign level is only resumed)."""
    seat = SeatConfig(t("solo.player_name"), SeatKind.HUMAN)
    path = slot_path(mode, level)
    make_room(path)
    session = GameSession.start(
        GameConfig((seat,)), seed=seed, solo_level=level, save_path=path, context={"mode": mode}
    )
    _open(app, session)
    return session


def offer_level(app: Host, level: int) -> None:
    """Play `level` in solo practice: at once when its slot is free, else after the player agreed
    to replace the unfinished game there (the question names it)."""

    def start() -> None:
        start_level(app, level)

    occupied = occupant(slot_path("solo", level))
    if occupied is None:
        start()
        return
    ask(app, Confirmation(lambda: replace_question(occupied), replace_button(occupied), start))


def saved_campaign_game(level: int) -> GameSession | None:
    """The campaign game of `level` left unfinished in the campaign's slot, if that is what it holds.

    A campaign level is resumed, never dealt afresh: starting over would let a bad deal be undone.
    """
    path = slot_path("campaign")
    if path is None or not path.is_file():
        return None
    try:
        session = GameSession.resume(path)
    except SaveError:
        return None
    # a level played to its end but never booked (closed at the final score) is resumed too: its
    # final score is then shown and booked, instead of the level being dealt again
    if mode_of(session) != "campaign" or session.solo_level != level:
        return None
    return session


def play_campaign_level(app: Host, seed: int | None = None) -> GameSession:
    """Resume or start the running campaign's level."""
    campaign = progress_module.store(app).progress.campaign
    if campaign is None or campaign.over:
        raise ValueError("no campaign is running")
    session = saved_campaign_game(campaign.level)
    if session is not None:
        _open(app, session)
        return session
    return start_level(app, campaign.level, "campaign", seed)


def offer_campaign_level(app: Host) -> None:
    """Resume or start the running campaign's level; a newer version's game in the campaign's slot
    is only moved aside once the player agreed (the question says it is kept)."""
    occupied = occupant(slot_path("campaign"))
    if occupied is None or not occupied.newer:
        play_campaign_level(app)
        return
    ask(
        app,
        Confirmation(
            lambda: replace_question(occupied), replace_button(occupied), lambda: play_campaign_level(app)
        ),
    )


def start_watch(app: Host, level: int, bot: str, seed: int | None = None) -> GameSession:
    """A bot plays `level` while the player watches; not saved (the Continue slot stays the player's)."""
    seat = SeatConfig(WATCH_NAMES.get(bot, "Ada"), SeatKind.BOT, bot)
    session = GameSession.start(
        GameConfig((seat,)), seed=seed, solo_level=level, context={"mode": "watch", "bot": bot}
    )
    _open(app, session)
    return session


def finished_game(session: GameSession, given_up: bool = False) -> FinishedSoloGame:
    """The session as the booking sees it."""
    mode = mode_of(session)
    bot = session.seats[0].level if mode == "watch" else None
    game_id = session.game_id
    hints = hints_used(session.context)
    return FinishedSoloGame(session.view, mode, bot, game_id, progress_module.now_text(), given_up, hints)


def _book(app: Host, session: GameSession, given_up: bool = False) -> tuple[Booking, bool]:
    """The game into the player's progress (once); with whether the booking is on disk (written
    now, or before), since only then may the game leave its slot."""
    store = progress_module.store(app)
    booking = book_solo_game(store.progress, finished_game(session, given_up))
    if booking.changed:
        store.update(booking.progress)
    durable = store.writable and store.save_error is None
    return booking, durable


def book(app: Host, session: GameSession) -> GameSummary:
    """Record a finished game in the player's progress (once) and say what it changed."""
    summary = _book(app, session)[0].arguments[0]
    assert isinstance(summary, GameSummary)
    return summary


def book_and_keep(app: Host, session: GameSession) -> Resignation:
    """A finished solo, campaign or watched game as its final score appears: booked, then archived
    and out of its slot, in one step (the mode's `book`), so that at every instant the game is in
    its slot or booked and archived. Returns where the final score's Continue leads."""
    booking = _settle(app, session, FINISHED)
    return Resignation(booking.route, booking.arguments)


def finish_game(app: Host, session: GameSession) -> Scene:
    """Route "solo-finished": book the game (once), take it out of the Continue slot, the end screen."""
    booking = _settle(app, session, FINISHED)
    return app.scene(booking.route, *booking.arguments)


def resign_game(app: Host, session: GameSession) -> Scene:
    """Route "solo-resigned" (a solo or campaign game's Resign): the level booked as played and
    lost, the save archived, then the scores as they stood; Continue leads on to the level list
    or the campaign screen."""
    booking = _settle(app, session, RESIGNED, given_up=True)
    return app.scene("table-resigned", session, Resignation(booking.route, booking.arguments))


def _settle(app: Host, session: GameSession, outcome: str, given_up: bool = False) -> Booking:
    """Book, then archive: a booking that could not be written keeps the game in its slot (the
    next start books it again), so a full disk never loses a win."""
    booking, durable = _book(app, session, given_up)
    if durable or session.save_path is None:
        _archive(app, session, outcome)
    return booking


def _archive(app: Host, session: GameSession, outcome: str) -> None:
    """Keep the game in the archive (watched games too) and take it out of its Continue slot; a
    failure is told on the title (the save stays)."""
    archive.keep(session, outcome)
    app.notice = file_notices.after_archiving(session.archive_problem, archive.news()) or app.notice
