"""The opening deal with posted events: a card put back by a click (its large view closes), a card
placed by click-then-cell and one by drag, a cell clicked before a card is chosen says what to do,
no focus ring before a key is used, the cells below the display's label, and the first game's
guide line at each step."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.goennen.engine import Place, ReturnCard
from game.goennen.state import Phase
from scenes.app import App
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.archive import FINISHED_FOLDER
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.table.base import ZOOM_DWELL
from scenes.table.deal import DealScene
from scenes.table.opening import open_table
from tests.scenes.table_driver import FRAME, click, key, step, top

CONFIG = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)


def _deal(app: App) -> tuple[GameSession, DealScene]:
    session = GameSession.start(CONFIG, seed=3, save_path=save_path())
    open_table(app, session)
    step(app, 60)
    scene = top(app)
    assert isinstance(scene, DealScene) and session.state.phase == Phase.SETUP_RETURN
    return session, scene


def _move(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    step(app)


def _placed(session: GameSession) -> list[Place]:
    return [e.action for e in session.log if e.seat == 0 and isinstance(e.action, Place)]


def test_return_by_click_then_place_by_click_and_by_drag(app: App) -> None:
    session, scene = _deal(app)
    assert scene.guide and scene.guide_text() == t("deal.guide.return")
    assert not scene.keyboard  # no focus ring on the first card: it would look chosen

    returned = scene.hand()[-1]
    _move(app, scene.hand_rects()[-1].center)
    step(app, int(ZOOM_DWELL / FRAME) + 2)
    assert scene.zoom_card is session.state.card(returned)  # hovered long enough: shown large
    click(app, scene.hand_rects()[-1].center)
    assert session.log[-1].action == ReturnCard(returned)
    assert scene.zoom_card is None  # the large view went with the card
    assert session.state.phase == Phase.SETUP_PLACE
    assert scene.guide_text() == t("deal.guide.pick")

    # a cell clicked before a card is chosen: told what to do, nothing placed
    cell = next(iter(scene.legal_cells()))
    click(app, scene.view.rect_of(cell).center)
    assert scene.notice == t("deal.refused.pick_first") and not _placed(session)

    # click a card, then a green cell
    card = scene.hand()[0]
    click(app, scene.hand_rects()[0].center)
    assert scene.selected == card and scene.guide_text() == t("deal.guide.cell")
    cell, action = next(iter(scene.legal_cells().items()))
    click(app, scene.view.rect_of(cell).center)
    assert _placed(session) == [action] and action.card == card

    # drag the next card onto a cell
    card = scene.hand()[0]
    start = scene.hand_rects()[0].center
    cell, action = next(iter(scene.choices.places[card].items())) if scene.choices else (None, None)
    assert cell is not None
    end = scene.view.rect_of(cell).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    step(app)
    for fraction in (0.25, 0.5, 0.75, 1.0):
        x = round(start[0] + (end[0] - start[0]) * fraction)
        y = round(start[1] + (end[1] - start[1]) * fraction)
        _move(app, (x, y), (1, 0, 0))
    assert scene.dragging == card
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    step(app, 2)
    assert _placed(session)[-1] == action


def test_a_key_shows_the_focus_and_a_cell_then_takes_the_focused_card(app: App) -> None:
    session, scene = _deal(app)
    click(app, scene.hand_rects()[-1].center)  # put one back
    key(app, pygame.K_RIGHT)
    assert scene.keyboard
    focused = scene.focus.focused
    assert focused is not None and getattr(focused, "card", None) is not None
    card = next(c for c in scene.hand() if session.state.card(c) is getattr(focused, "card", None))
    cell, action = next(iter(scene.choices.places[card].items())) if scene.choices else (None, None)
    assert cell is not None
    click(app, scene.view.rect_of(cell).center)
    assert _placed(session) == [action]


def test_the_cells_never_cover_the_display_label(app: App) -> None:
    session, scene = _deal(app)
    label = fonts.text(t("deal.display"), 18, theme.CREAM, "bold")  # drawn 10 px below the panel's top
    label_bottom = scene.layout["display"].y + 10 + label.get_height()
    while session.human_to_decide and isinstance(top(app), DealScene):
        for pos in scene.legal_cells():
            assert scene.view.rect_of(pos).top - 6 >= label_bottom + 4  # the focus ring too (6 px)
        if session.state.phase == Phase.SETUP_RETURN:
            click(app, scene.hand_rects()[-1].center)
            continue
        click(app, scene.hand_rects()[0].center)
        cell = next(iter(scene.legal_cells()))
        click(app, scene.view.rect_of(cell).center)


def test_the_guide_is_for_the_first_game_only(app: App, data_dir: Path) -> None:
    finished = save_path().parent / FINISHED_FOLDER
    finished.mkdir(parents=True)
    (finished / "20260101-120000.json").write_text("{}", encoding="utf-8")
    _, scene = _deal(app)
    assert not scene.guide
