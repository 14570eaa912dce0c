"""The multiplayer final score with posted events: every seat's final display with a badge per
scoring card, the chosen seat's cards in words, a card zoomed under the pointer, the winner and
how a tie was settled, and Play again starting the same setup."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from game.goennen.engine import CardScore, Outcome, SeatScore
from scenes.app import App
from scenes.core.i18n import t
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.table.base import TableBase
from scenes.table.opening import open_table
from scenes.table.scoring import ScoringScene
from tests.scenes.table_driver import click, key, step, top
from tools.table_shots import human_move, session_at

SEATS = (
    SeatConfig("Anna", SeatKind.HUMAN),
    SeatConfig("Robo", SeatKind.BOT, "hard"),
    SeatConfig("Bea", SeatKind.BOT, "easy"),
)


def _final(app: App) -> tuple[GameSession, ScoringScene]:
    session = session_at(lambda s: s.is_over, seed=4, seats=SEATS)
    session.save_path = save_path()
    session.save()
    open_table(app, session)
    step(app, 40)
    scene = top(app)
    assert isinstance(scene, ScoringScene)
    key(app, pygame.K_RETURN)  # skip the tally
    assert scene.done
    return session, scene


def test_each_seat_shows_its_display_and_the_chosen_seats_cards_in_words(app: App) -> None:
    session, scene = _final(app)
    assert scene.selected == scene.outcome.winners[0]
    for seat in range(3):  # every card of every display has its place in the seat's panel
        rects = scene.card_rects(seat)
        assert set(rects) == {placed.id for placed in session.state.display(seat)}
        panel = scene.seat_rects()[seat]
        assert all(panel.contains(rect) for rect in rects.values())
    other = (scene.selected + 1) % 3
    card_id, rect = next(iter(scene.card_rects(other).items()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert scene.selected == other  # the pointer's seat: its cards in words at the right
    assert scene.zoom is not None and scene.zoom[0].id == card_id  # and the card large
    key(app, pygame.K_PAGEDOWN)
    assert scene.selected == (other + 1) % 3


def test_play_again_starts_the_same_setup(app: App) -> None:
    session, scene = _final(app)
    play_again = scene.buttons[0]
    assert scene.focus.focused is play_again  # Enter plays again
    click(app, play_again.rect.center)
    step(app, 60)
    table = top(app)
    assert isinstance(table, TableBase)
    fresh = table.session
    assert fresh is not session and not fresh.over
    assert fresh.seats == session.seats  # the same names, humans and bots at their levels
    assert fresh.state.config.start_player == session.state.config.start_player
    assert fresh.save_path == session.save_path and fresh.context == session.context


def test_the_winner_line_explains_a_tie(app: App) -> None:
    _, scene = _final(app)
    card = CardScore("S01", scene.outcome.scores[0].cards[0].kind, 2, 5, True)
    tied = Outcome((SeatScore(0, (card,), 3), SeatScore(1, (card,), 1), SeatScore(2, (), 9)), (1,), True)
    scene.outcome = tied
    text = scene.winner_text()
    assert text.startswith(t("scoring.winner", name="Robo", points=10))
    assert t("scoring.tie_break_why", others="Anna", fields=1, other_fields=3) in text
    scene.outcome = replace(tied, winners=(0, 1), tie_broken=False)
    assert t("scoring.shared_why", fields=3) in scene.winner_text()


def test_escape_after_a_solo_game_continues_to_its_booking(app: App) -> None:
    solo = GameSession.start(
        GameConfig((SeatConfig("Anna", SeatKind.HUMAN),), 0),
        seed=3,
        solo_level=1,
        save_path=save_path(),
        context={"mode": "solo"},
    )
    rng = random.Random(3)
    while not solo.over:
        if solo.human_to_decide:
            solo.play(human_move(solo, rng))
        else:
            solo.resolve_chance()
    open_table(app, solo)
    step(app, 40)
    assert isinstance(top(app), ScoringScene)
    key(app, pygame.K_RETURN)  # skip the tally
    key(app, pygame.K_ESCAPE)  # not to the title: the game would never be booked
    step(app, 60)
    assert type(top(app)).__name__ == "SoloEndScene"
