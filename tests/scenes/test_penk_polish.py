"""Issue 33 item 9, Penk! polish: the final screen says why the game ended, the heading follows
the large sheet, the side panels say which seats are bots, New game's seat colours are the table's,
and New game's Start says no cards are dealt in Penk!."""

from __future__ import annotations

from pathlib import Path

from scenes.app import App
from scenes.core import theme
from scenes.core.i18n import t
from scenes.penk.scoring import PenkScoringScene
from scenes.penk.table import PenkTableScene
from scenes.penk.words import header_words, seat_kind
from tests.scenes.conftest import settle, top
from tools.penk_shots import session_at


def test_the_final_score_says_why_the_game_ended(app: App) -> None:
    session = session_at(lambda s: s.over, seed=3)
    app.go("table", session, how="reset", fade=False)
    settle(app, 12.0)
    scene = top(app)
    assert isinstance(scene, PenkScoringScene)
    ended = [
        session.name(seat) for seat, sheet in enumerate(session.state.sheets) if sheet.full_columns() >= 2
    ]
    words = scene.end_words()
    assert ended and all(name in words for name in ended)
    assert words.startswith(ended[0]) and "{" not in words


def test_side_panels_name_the_bots_and_the_heading_names_the_large_sheet(app: App) -> None:
    session = session_at(lambda s: not s.over and s.state.round >= 2, seed=3)
    app.go("table", session, how="reset", fade=False)
    settle(app, 1.0)
    scene = top(app)
    assert isinstance(scene, PenkTableScene)
    state = session.state
    for seat, config in enumerate(session.seats):
        assert seat_kind(session, seat) == (t(f"table.bot.{config.level}") if config.level else "")
    scene.large = next(seat for seat in range(state.players) if seat != state.active)
    assert t("penk.header.shown", name=session.name(scene.large)) in header_words(session, state, scene.large)
    scene.large = state.active
    assert t("penk.header.shown", name=session.name(state.active)) not in header_words(
        session, state, scene.large
    )


def test_new_games_seat_colours_are_the_tables_and_start_fits_penk(data_dir: Path) -> None:
    from scenes.menus.newgame import NewGameScene
    from scenes.model.games import GAMES, PENK_GAME

    app = App(data_dir=data_dir)
    settle(app)
    app.go("new-game", fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    assert scene.seat_mark(0) == theme.SEAT_COLOURS[0]
    scene.game.index = GAMES.index(PENK_GAME)
    assert scene.start_button.tooltip() == t("newgame.start.hint.penk")
