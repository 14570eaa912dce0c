"""Screens draw a seat's view (issue 32, item 4): no screen reads the whole state of a game, and
what the deciding human may not see (another seat's dealt cards) is kept from the screen by the
engine's view, not by a check in the screen."""

from __future__ import annotations

import re
from pathlib import Path

from game.goennen.engine import HIDDEN
from game.goennen.state import Phase
from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.table.deal import DealScene
from scenes.table.opening import open_table
from scenes.table.pass_screen import PassScreen
from tests.scenes.table_driver import step, top

SCENES = Path(__file__).resolve().parents[2] / "scenes"
# the model (scenes/model/) is the table side: it holds the match, its seed and the whole state
WHOLE_STATE = re.compile(r"\b(session|old)\.state\b|\.match\.setup\b|\.match\.state\b")


def test_no_screen_reads_the_whole_state_or_the_seed() -> None:
    found = [
        f"{path.relative_to(SCENES.parent)}:{number}: {line.strip()}"
        for path in sorted(SCENES.rglob("*.py"))
        if "model" not in path.relative_to(SCENES).parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if WHOLE_STATE.search(line)
    ]
    assert not found, "\n".join(found)


def _hot_seat(app: App, seats: tuple[SeatConfig, ...]) -> tuple[GameSession, DealScene]:
    session = GameSession.start(GameConfig(seats, start_player=0), seed=5, save_path=save_path())
    open_table(app, session)
    step(app, 60)
    if isinstance(top(app), PassScreen):  # hot-seat: the screen is handed to the first player
        top(app).ready()
        step(app, 60)
    scene = top(app)
    assert isinstance(scene, DealScene) and session.state.phase == Phase.SETUP_RETURN
    return session, scene


def test_the_deal_shows_the_deciding_human_their_own_cards_and_nobody_elses(app: App) -> None:
    session, scene = _hot_seat(app, (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Ben", SeatKind.HUMAN)))
    assert session.decider == 0 and session.viewer == 0
    shown = scene.session.view
    assert shown.seats[0].hand == session.state.seats[0].hand and HIDDEN not in shown.seats[0].hand
    assert session.state.seats[1].hand and set(shown.seats[1].hand) == {HIDDEN}
    hidden = set(session.state.seats[1].hand)
    # the view pools Ben's cards into the decks' unseen cards: where they are cannot be read off
    for card in hidden:
        assert any(card in pile.unseen for pile in shown.piles)


def test_a_bots_dealt_cards_never_reach_the_screen(app: App) -> None:
    session, scene = _hot_seat(
        app, (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy"))
    )
    assert session.state.seats[1].hand
    assert set(scene.session.view.seats[1].hand) == {HIDDEN}


def test_a_watched_game_is_seen_from_the_watched_bots_seat() -> None:
    seat = SeatConfig("Ada", SeatKind.BOT, "easy")
    session = GameSession.start(GameConfig((seat,)), seed=2, solo_level=1, context={"mode": "watch"})
    assert session.viewer == 0 and session.view.seats[0].hand == session.state.seats[0].hand
