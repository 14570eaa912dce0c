"""The app driven by real events: keyboard, mouse and gamepad reach the same screens."""

from __future__ import annotations

import pygame

from scenes.app import App
from scenes.menus.newgame import NewGameScene
from scenes.menus.rules import PAGES, RulesScene
from scenes.menus.title import TitleScene
from tests.scenes.conftest import FRAME, click, pad, press, settle, top


def test_title_is_the_first_scene(app: App) -> None:
    assert top(app).name == "title"


def test_enter_on_new_game_opens_the_new_game_screen(app: App) -> None:
    press(app, pygame.K_RETURN)
    assert top(app).name == "newgame"


def test_escape_on_a_menu_screen_returns_to_the_title(app: App) -> None:
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    assert top(app).name == "title"
    assert len(app.stack.scenes) == 1


def test_arrow_keys_and_enter_reach_the_rules(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    press(app, pygame.K_DOWN)  # Solo (disabled but focusable, so its reason can be read)
    press(app, pygame.K_DOWN)  # Play online
    press(app, pygame.K_DOWN)  # Rules
    assert title.focus.focused is title.buttons["rules"]
    press(app, pygame.K_RETURN)
    assert top(app).name == "rules"


def test_tab_moves_the_focus_like_the_down_arrow(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    press(app, pygame.K_TAB)
    assert title.focus.focused is title.buttons["solo"]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert title.focus.focused is title.buttons["new_game"]


def test_mouse_click_on_settings_opens_settings(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["settings"].rect.center)
    assert top(app).name == "settings"


def test_mouse_press_released_elsewhere_does_nothing(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=title.buttons["rules"].rect.center)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(5, 5)))
    settle(app)
    assert top(app).name == "title"


def test_gamepad_dpad_and_a_button_work_like_the_keyboard(app: App) -> None:
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert top(app).name == "rules"
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert top(app).name == "title"


def test_gamepad_stick_steps_once_per_push(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    for value in (32000, 31000, 0):  # one push held down, then released
        pygame.event.post(
            pygame.event.Event(
                pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_LEFTY, value=value
            )
        )
    settle(app)
    assert title.focus.focused is title.buttons["solo"]


def test_quit_button_stops_the_app(app: App) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["quit"].rect.center)
    assert not app.running


def test_window_close_stops_the_app(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert not app.running


def test_rules_pages_turn_with_keys_wheel_and_buttons(app: App) -> None:
    app.go(RulesScene(app), fade=False)
    settle(app)
    rules = top(app)
    assert isinstance(rules, RulesScene)
    press(app, pygame.K_RIGHT)
    assert rules.page == 1
    press(app, pygame.K_PAGEDOWN)
    assert rules.page == 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    settle(app)
    assert rules.page == 1
    click(app, rules.next_button.rect.center)
    assert rules.page == 2
    pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert rules.page == 1
    for _ in range(len(PAGES) + 2):
        press(app, pygame.K_RIGHT)
    assert rules.page == len(PAGES) - 1
    assert not rules.next_button.enabled


def test_every_rules_page_draws_in_every_language(app: App) -> None:
    rules = RulesScene(app)
    for language in ("en", "de", "nl"):
        app.change_settings(language=language)
        for page in range(len(PAGES)):
            rules.page = page
            app.screen.fill((0, 0, 0))
            rules.draw(app.screen)
            width, height = app.screen.get_size()
            drawn = {app.screen.get_at((x, y))[:3] for x in range(0, width, 40) for y in range(0, height, 40)}
            assert len(drawn) > 2, f"page {page} in {language} drew nothing"


def test_typing_a_name_changes_the_seat(app: App) -> None:
    app.go(NewGameScene(app), fade=False)
    settle(app)
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    press(app, pygame.K_TAB)  # from seat 1's kind to seat 1's name
    assert scene.wants_text
    for _ in range(len(scene.names[0].value)):
        press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Jörg"))
    settle(app)
    assert scene.config().seats[0].name == "Jörg"


def test_idle_frames_are_not_redrawn(app: App) -> None:
    settle(app)
    drawn = app.frames_drawn
    for _ in range(10):
        assert app.step(FRAME) is False
    assert app.frames_drawn == drawn
    press(app, pygame.K_DOWN)
    assert app.frames_drawn > drawn


def test_instant_animation_lands_the_dice_in_one_frame(app: App) -> None:
    app.change_settings(animation_speed="instant")
    title = top(app)
    assert isinstance(title, TitleScene)
    title.throw()
    app.step(FRAME)
    assert not title.dice.rolling
