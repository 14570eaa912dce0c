"""Issue 33 item 2, nothing thrown away by a key: after the third roll with nothing done, Enter on
the first button (End turn) asks before a chance is thrown away; "Keep playing" goes back; the
setting "Confirm end of turn" asks before every end of the turn, and is kept in settings.json."""

from __future__ import annotations

import pygame

from game.goennen.engine import Buy, Complete, Phase, State, legal_actions
from scenes.app import App
from scenes.core.i18n import t
from scenes.model.settings import Settings, settings_from_data
from scenes.table.opening import open_table
from scenes.table.turn import TurnScene
from tests.scenes.conftest import settle
from tests.scenes.table_driver import click, key
from tools.table_shots import session_at


def _table(app: App, rolls: int) -> TurnScene:
    session = session_at(
        lambda s: (
            s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == rolls and not s.acted and s.round >= 2
        ),
        seed=6,
    )
    open_table(app, session, how="reset")
    settle(app)
    scene = app.stack.top
    assert isinstance(scene, TurnScene)
    return scene


def test_enter_after_the_third_roll_asks_before_a_chance_is_thrown_away(app: App) -> None:
    scene = _table(app, 3)
    state = scene.session.state
    assert scene.controls.choices is not None and scene.controls.choices.takes  # a chance is open
    assert scene.focus.focused is scene.controls.buttons["end"]  # the first button: End turn
    key(app, pygame.K_RETURN)
    assert scene.session.state is state  # not ended
    assert scene.controls.mode == "confirm_end"
    assert scene.controls.prompt == t("table.prompt.confirm_end_chance")
    assert scene.focus.focused is scene.controls.buttons["keep_playing"]
    key(app, pygame.K_RETURN)  # a second Enter keeps playing: two keys never throw a chance away
    assert scene.controls.mode == "" and scene.session.state is state
    click(app, scene.controls.buttons["end"].rect.center)
    assert scene.controls.mode == "confirm_end"
    click(app, scene.controls.buttons["keep_playing"].rect.center)
    assert scene.controls.mode == "" and scene.session.state is state
    click(app, scene.controls.buttons["end"].rect.center)
    click(app, scene.controls.buttons["end_anyway"].rect.center)
    assert scene.session.state is not state and scene.session.state.active != 0 or scene.session.over


def test_the_setting_asks_before_every_end_of_turn(app: App) -> None:
    app.change_settings(confirm_end=True)

    def acted_and_done(s: State) -> bool:
        if not (s.phase == Phase.ACTIVE and s.decider == 0 and s.acted):
            return False
        return not any(isinstance(a, (Complete, Buy)) for a in legal_actions(s))

    open_table(app, session_at(acted_and_done, seed=6), how="reset")
    settle(app)
    scene = app.stack.top
    assert isinstance(scene, TurnScene)
    state = scene.session.state
    choices = scene.controls.choices
    assert choices is not None and choices.end is not None and not choices.can_use_dice
    click(app, scene.controls.buttons["end"].rect.center)
    assert scene.session.state is state and scene.controls.prompt == t("table.prompt.confirm_end_always")
    app.change_settings(confirm_end=False)
    click(app, scene.controls.buttons["keep_playing"].rect.center)
    click(app, scene.controls.buttons["end"].rect.center)
    assert scene.session.state is not state  # without the setting: ended at once


def test_the_setting_is_kept_and_a_wrong_value_is_refused() -> None:
    assert settings_from_data({"version": 1, "confirm_end": True}).confirm_end
    assert not Settings().confirm_end
    try:
        settings_from_data({"version": 1, "confirm_end": "yes"})
    except ValueError:
        pass
    else:
        raise AssertionError("a text for a switch was taken")
