"""Tooltips: after a short delay on a die, field, bonus mark, card or button, beside it (never over
it), in the player's language; by the pointer and by the keyboard focus alike."""

from __future__ import annotations

import pygame
import pytest

from game.goennen.engine import COLOURS, ROWS, BonusKind, Phase
from scenes.app import App
from scenes.core import tooltip
from scenes.core.i18n import set_language, t
from scenes.core.tooltip import Tip, Tooltip, place
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.table.deal import DealScene
from scenes.table.geometry import field_rects, mark_rects
from scenes.table.opening import open_table
from scenes.table.tips import card_text, die_text, field_text
from scenes.table.turn import TurnScene
from tests.scenes.table_driver import FRAME, deal_move, step, top

CONFIG = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)
SCREEN = pygame.Rect(0, 0, 1280, 720)


@pytest.mark.parametrize(
    "target",
    [pygame.Rect(600, 300, 80, 80), pygame.Rect(0, 640, 200, 80), pygame.Rect(1200, 0, 80, 720)],
)
def test_a_tip_never_covers_what_it_explains_and_stays_in_the_window(target: pygame.Rect) -> None:
    box = place((380, 90), target, SCREEN)
    assert SCREEN.contains(box)
    assert not box.colliderect(target)


def test_a_tip_keeps_clear_of_the_zoomed_card() -> None:
    target = pygame.Rect(600, 300, 80, 80)
    zoom = pygame.Rect(500, 390, 300, 330)  # below the target
    box = place((380, 90), target, SCREEN, [zoom])
    assert not box.colliderect(zoom) and not box.colliderect(target)


def test_a_tip_waits_for_its_delay_and_restarts_it_only_for_another_thing() -> None:
    tip = Tooltip()
    tip.point(Tip("a", pygame.Rect(0, 0, 10, 10), lambda: "A"))
    assert not tip.update(tooltip.DELAY / 2) and tip.shown == ""
    tip.point(Tip("a", pygame.Rect(0, 0, 10, 10), lambda: "A"))  # the same thing: the delay runs on
    assert tip.update(tooltip.DELAY / 2 + 0.01) and tip.shown == "A"
    tip.point(Tip("b", pygame.Rect(0, 0, 10, 10), lambda: "B"))
    assert tip.shown == ""
    tip.hide()
    assert not tip.waiting


def _human_turn(app: App) -> TurnScene:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=5, save_path=save_path())
    open_table(app, session)
    for _ in range(4000):
        scene = top(app)
        if isinstance(scene, TurnScene) and session.human_to_decide and session.state.phase == Phase.ACTIVE:
            if not scene.paced:
                return scene
        if isinstance(scene, DealScene) and session.human_to_decide:
            deal_move(app, scene)
        step(app)
    raise AssertionError("no human turn")


def _hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    step(app, round(tooltip.DELAY / FRAME) + 3)


def test_a_die_shows_its_tip_by_the_pointer_beside_it(app: App) -> None:
    scene = _human_turn(app)
    state = scene.session.state
    die = COLOURS[2]
    rect = scene.tray.die_rect(die)
    _hover(app, rect.center)
    assert scene.tooltip.shown == die_text(die, state.value(die), die in state.used)
    box = scene.tooltip.draw(app.screen)
    assert box is not None and not box.colliderect(rect) and app.screen.get_rect().contains(box)
    set_language("de")
    assert scene.tooltip.shown.startswith("Der Würfel in")  # follows the language at once
    set_language("en")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    step(app, 2)
    assert scene.tooltip.shown == ""  # acting hides it


def test_fields_bonus_marks_and_cards_have_their_own_tips(app: App) -> None:
    scene = _human_turn(app)
    state = scene.session.state
    display = state.display(scene.main_seat())
    placed = next(iter(display))
    rect = scene.main.rect_of(placed.pos)
    field = field_rects(placed.card, rect)[0]
    _hover(app, field.center)
    assert scene.tooltip.shown == field_text(placed.card, 0, placed.filled[0])
    bonus = next((p for p in display if p.card.bonus not in (None, BonusKind.WILD_COLOUR)), None)
    if bonus is not None:
        mark = mark_rects(scene.main.rect_of(bonus.pos))[0]
        _hover(app, mark.center)
        assert scene.tooltip.shown.startswith(t("tip.mark.locked", mark=1).split(":")[0])
    market = scene.market.slot_rect(ROWS[0], 1)
    card_id = state.market_card(ROWS[0], 1)
    assert card_id is not None
    _hover(app, market.center)
    assert scene.tooltip.shown == card_text(state.card(card_id))


def test_the_keyboard_focus_shows_the_tip_of_what_it_reaches(app: App) -> None:
    scene = _human_turn(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    step(app, round(tooltip.DELAY / FRAME) + 3)
    focused = scene.focus.focused
    assert focused is not None
    shown = scene.tooltip.shown
    expected = scene.tip_for(focused.rect.center, focused)
    assert expected is not None and shown and shown == expected.text()
    box = scene.tooltip.draw(app.screen)
    assert box is not None and not box.colliderect(focused.rect)


def test_a_dealt_card_shows_its_name_and_reward(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=5, save_path=save_path())
    open_table(app, session)
    for _ in range(600):
        if isinstance(top(app), DealScene) and session.human_to_decide:
            break
        step(app)
    scene = top(app)
    assert isinstance(scene, DealScene)
    card_id, rect = scene.hand()[0], scene.hand_rects()[0]
    _hover(app, rect.center)
    assert scene.tooltip.shown == card_text(session.state.card(card_id))
    box = scene.tooltip.draw(app.screen)
    assert box is not None and not box.colliderect(rect)


def test_no_tip_is_drawn_over_the_zoomed_card_when_no_spot_is_clear() -> None:
    """Issue 33 item 4: a zoom filling the window around the target leaves no room: no tip."""
    surface = pygame.Surface(SCREEN.size)
    tip = Tooltip()
    target = pygame.Rect(600, 300, 80, 80)
    tip.point(Tip("a", target, lambda: "A tip with some words in it"))
    tip.update(tooltip.DELAY + 0.01)
    zoom = SCREEN.inflate(-20, -20)
    assert tip.draw(surface, [zoom]) is None
    assert tip.draw(surface) is not None  # with room it is drawn


def test_a_tip_closes_when_its_thing_goes_from_under_the_resting_pointer(app: App) -> None:
    """Issue 33 item 4: the pointer rests on the Reroll button, the move is made without the
    pointer (as by a key): the button's tip goes with the button it explained."""
    scene = _human_turn(app)
    button = scene.controls.buttons["reroll"]
    _hover(app, button.rect.center)
    assert scene.tooltip.shown
    reroll = scene.controls.choices.reroll(frozenset(COLOURS))  # type: ignore[union-attr]
    assert reroll is not None
    scene.session.play(reroll)
    step(app, 2)
    assert scene.controls.buttons.get("reroll") is not button
    assert scene.tooltip.shown == ""  # the old tip closed; a new one waits for its delay
