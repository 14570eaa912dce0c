"""The application: window, settings, the scene stack and the frame loop.

`App.step(dt)` is one frame: pygame events -> intents -> the top scene, update by dt, draw.
`App.run()` calls it from a real clock; tests call it directly with the dt they choose, posting
real pygame events first. Without `window=True` the app draws into an off-screen 1280x720
surface (tests, screenshots, benchmarks).
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pygame

from scenes.core import file_notices, i18n, native_memory, shipped, shipped_check
from scenes.core.file_notices import GAME, SETTINGS
from scenes.core.intents import Action, Intent, IntentMapper
from scenes.core.routing import ModeRoutes, RouteFactory, Router
from scenes.core.sound import Sounds
from scenes.core.stack import Scene, SceneStack
from scenes.core.transition import FadeTransition
from scenes.model import folder_lock
from scenes.model.archive import close_all as close_archives
from scenes.model.archive import open_early
from scenes.model.files import log_to, remove_leftovers
from scenes.model.online.ticket import close_tables
from scenes.model.settings import Settings, language_from_locales, load_settings, save_settings
from scenes.model.slots import adopt_old_save, restore_previous_saves
from scenes.model.userdata import ENV_OVERRIDE, settings_path
from scenes.model.userdata import data_dir as data_folder
from scenes.routes import MODES, ROUTES

SCREEN_SIZE = (1280, 720)
MINIMUM_WINDOW = (640, 360)  # the window may shrink to this; the picture scales down with it
DESKTOP_SHARE = 0.9  # a new window takes at most this share of the desktop, title bar included
FPS = 60
IDLE_WAIT_MS = 250  # when nothing moves, sleep until input (or this long) instead of redrawing
MAX_DT = 0.1  # a long stall (window dragged, debugger) must not make animations jump
WAKE_LOOK_SECONDS = 1.0  # how often the running copy looks whether a second one asked for it


def system_languages() -> list[str]:
    """The system's preferred languages, most preferred first ("de", "en"); none when SDL cannot tell."""
    try:
        return [locale["language"] for locale in pygame.system.get_pref_locales()]
    except (pygame.error, KeyError, TypeError):
        return []


class NoDisplayError(RuntimeError):
    """There is no screen to open a window on."""


class App:
    def __init__(
        self,
        window: bool = False,
        data_dir: Path | None = None,
        first_scene: Callable[[App], Scene] | None = None,
        routes: Mapping[str, RouteFactory] = ROUTES,
        modes: Mapping[str, ModeRoutes] = MODES,
    ) -> None:
        if data_dir is not None:
            os.environ[ENV_OVERRIDE] = str(data_dir)
        native_memory.return_large_blocks()  # so memory stays flat over an evening of games
        # Display first: without a screen the app must stop before anything else starts.
        pygame.display.init()
        pygame.font.init()
        self.window = window
        self.windowed: tuple[tuple[int, int], tuple[int, int]] | None = None  # size, place before F11
        self.data_folder = data_folder()
        # one program per data folder: a second copy shows "already open" and touches no file
        self.folder_claim = folder_lock.claim(self.data_folder)
        self.elsewhere = self.folder_claim.other  # the running copy that has the folder, if any
        self._wake_looked = time.monotonic()
        log_to(self.data_folder)
        if self.elsewhere is None:
            remove_leftovers(self.data_folder)
        loaded = load_settings(settings_path())
        self.settings: Settings = loaded.settings
        if loaded.defaults:  # no settings yet: speak the system's language if the game knows it
            self.settings = self.settings.changed(language=language_from_locales(system_languages()))
        # a refused file that is still in place (newer version, or it could not be moved) is never
        # overwritten: changes apply until quitting
        self._settings_writable = self.elsewhere is None and (
            loaded.problem is None or loaded.problem.kept_as is not None
        )
        i18n.set_language(self.settings.language)
        self.settings_problem = loaded.problem
        self.notice: str | None = None
        if loaded.problem:
            self.notice = file_notices.unreadable(SETTINGS, loaded.problem)
        self.deck_problem = deck_problem = shipped_check.deck_problem()  # then no game can be dealt
        damaged = shipped_check.read_shipped_files(self.settings.language)
        if damaged and deck_problem is None:
            shipped_notice = file_notices.shipped_damaged(damaged)
            self.notice = f"{self.notice} {shipped_notice}" if self.notice else shipped_notice
        if self.elsewhere is None:
            adopt_old_save()  # a solo or campaign game in the one save.json of old moves to its own slot
            for restored in restore_previous_saves():
                self.notice = file_notices.unreadable(GAME, restored)
            open_early(self.data_folder)  # the archive's opening never waits on a screen
        self.screen = self._open_display() if window else pygame.Surface(SCREEN_SIZE, 0, 32)
        self.intents = IntentMapper()
        self.intents.start_gamepads()
        self.stack = SceneStack()
        self.sounds = Sounds(self.settings.volume_fraction)
        self.running = True
        self.frames_drawn = 0
        self._needs_draw = True
        self.router = Router(routes, modes)
        if self.elsewhere is not None:
            self.stack.push_now(self.scene("already-open", self.elsewhere))
        elif first_scene is not None:
            self.stack.push_now(first_scene(self))
        elif deck_problem is not None:  # no game without the deck: say so, in the player's language
            self.stack.push_now(self.scene("reinstall", shipped_check.DECK_PATH.name))
        else:
            self.stack.push_now(self.scene("title"))

    # -- display --------------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
        requested = os.environ.get("SDL_VIDEODRIVER", "")
        if not pygame.display.get_init() or (driver in ("offscreen", "dummy") and driver != requested):
            raise NoDisplayError("no graphical display found (is DISPLAY or WAYLAND_DISPLAY set?)")
        pygame.display.set_caption(i18n.t("app.window_title"))
        from game.goennen.engine import Colour
        from scenes.render.dice import die_face

        pygame.display.set_icon(die_face(Colour.ORANGE, 5, 64))  # drawn, so no image file to keep
        # SCALED: SDL keeps a 1280x720 logical screen, scales it to the window with letterboxing,
        # and maps mouse positions back, so the whole game works in screen coordinates. By default
        # pygame scales a window by whole multiples only (a 1900x1000 window showed a 1280x720
        # picture in black bars, a smaller one a cropped picture); its switch for any factor is
        # the hint read under the literal name below, and linear filtering keeps text smooth.
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen:
            flags |= pygame.FULLSCREEN
        try:
            screen = pygame.display.set_mode(SCREEN_SIZE, flags, vsync=1)
        except pygame.error:
            try:
                screen = pygame.display.set_mode(SCREEN_SIZE, flags)
            except pygame.error as error:
                raise NoDisplayError(str(error)) from error
        self._fit_window()
        return screen

    def _fit_window(self) -> None:
        """SCALED never lets the window be smaller than 1280x720 and opens it as large as the
        desktop (its title bar then pushes the bottom off). The window may shrink to
        MINIMUM_WINDOW and starts within DESKTOP_SHARE of the desktop."""
        window = self._window()
        window.minimum_size = MINIMUM_WINDOW
        desktops = pygame.display.get_desktop_sizes()
        if self.settings.fullscreen or not desktops:
            return
        room = (desktops[0][0] * DESKTOP_SHARE, desktops[0][1] * DESKTOP_SHARE)
        if window.size[0] <= room[0] and window.size[1] <= room[1]:
            return
        scale = min(room[0] / SCREEN_SIZE[0], room[1] / SCREEN_SIZE[1])
        width, height = (round(side * scale) for side in SCREEN_SIZE)
        window.size = (max(MINIMUM_WINDOW[0], width), max(MINIMUM_WINDOW[1], height))
        window.position = pygame.WINDOWPOS_CENTERED

    def toggle_fullscreen(self) -> None:
        self.change_settings(fullscreen=not self.settings.fullscreen)

    def _apply_fullscreen(self) -> None:
        """F11 or the setting: full screen on or off. Coming back, the window takes the size and
        place it had before (SDL's SCALED window came back at 1280x720, partly off a 1280x800
        screen, and its minimum size was lost); one that started in full screen is fitted."""
        if not self.window:
            return
        display = pygame.display.get_surface()
        if display is None:
            return
        window = self._window()
        if self._in_fullscreen(display) != self.settings.fullscreen:
            if self.settings.fullscreen:
                self.windowed = (window.size, window.position)
            pygame.display.toggle_fullscreen()
            if not self.settings.fullscreen:
                self._restore_window()
        self.screen = pygame.display.get_surface() or display

    def _restore_window(self) -> None:
        window = self._window()
        window.minimum_size = MINIMUM_WINDOW
        if self.windowed is None:
            self._fit_window()
            return
        size, position = self.windowed
        window.size = (max(MINIMUM_WINDOW[0], size[0]), max(MINIMUM_WINDOW[1], size[1]))
        window.position = position

    @staticmethod
    def _in_fullscreen(display: pygame.Surface) -> bool:
        return bool(display.get_flags() & pygame.FULLSCREEN)

    @staticmethod
    def _window() -> pygame.Window:
        with warnings.catch_warnings():  # the display module's window, the only one this game has
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    # -- settings -------------------------------------------------------------------------------
    def change_settings(self, **changes: object) -> None:
        """Apply new settings at once and remember them (settings.json, written atomically)."""
        before = self.settings
        self.settings = before.changed(**changes)
        if self.settings.language != before.language:
            damaged_before = len(shipped.damaged_files())
            i18n.set_language(self.settings.language)
            if len(shipped.damaged_files()) > damaged_before:  # its catalogue: English stands in
                self.notice = file_notices.shipped_damaged(shipped.damaged_files())
            if self.window:
                pygame.display.set_caption(i18n.t("app.window_title"))
        if self.settings.volume != before.volume:
            self.sounds.set_volume(self.settings.volume_fraction)
        if self.settings.fullscreen != before.fullscreen:
            self._apply_fullscreen()
        problem = save_settings(self.settings, settings_path()) if self._settings_writable else None
        if problem is not None:
            self.notice = file_notices.not_saved(SETTINGS, problem)
        self._needs_draw = True

    # -- navigation -----------------------------------------------------------------------------
    def go(self, target: str | Scene, *arguments: Any, how: str = "push", fade: bool = True) -> None:
        """Change scenes (push, replace or reset) to the scene serving the route `target` with
        `arguments` (or to a scene made by the caller), through a fade unless told otherwise."""
        if isinstance(target, str):
            scene = self.scene(target, *arguments)
        elif arguments:
            raise TypeError("arguments go with a route name, not with a scene")
        else:
            scene = target
        operations = {
            "push": lambda: self.stack.push_now(scene),
            "replace": lambda: self.stack.replace_now(scene),
            "reset": lambda: self.stack.reset_now(scene),
        }
        operation = operations[how]
        if fade and self.settings.animation_speed != "instant":
            self.stack.push(FadeTransition(self, operation))
        else:
            self.stack.queue(operation)

    def scene(self, route: str, *arguments: Any) -> Scene:
        """The scene serving `route`, made now but not shown (e.g. an overlay pushed without a fade)."""
        return self.router.scene(self, route, *arguments)

    def serves(self, route: str) -> bool:
        """Whether some scene serves `route` here (a button leading nowhere is shown disabled)."""
        return self.router.serves(route)

    def mode_routes(self, mode: object) -> ModeRoutes:
        """What a game's mode (session.context["mode"]) changes at the table."""
        return self.router.mode(mode)

    def go_back(self, fade: bool = True) -> None:
        """Leave the top scene, through a fade unless told otherwise."""
        if fade and self.settings.animation_speed != "instant":
            self.stack.push(FadeTransition(self, self.stack.pop_now))
        else:
            self.stack.pop()

    def quit(self) -> None:
        self.running = False

    def play(self, sound: str) -> None:
        self.sounds.play(sound)

    # -- the frame ------------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        if intent.action == Action.QUIT:
            self.quit()
        elif intent.action == Action.TOGGLE_FULLSCREEN:
            self.toggle_fullscreen()
        else:
            self.stack.handle(intent)

    def step(self, dt: float) -> bool:
        """Run one frame of `dt` seconds; returns whether it drew (it skips drawing when idle)."""
        events = pygame.event.get()
        top = self.stack.top
        self.intents.text_entry = bool(top is not None and getattr(top, "wants_text", False))
        for event in events:
            for intent in self.intents.map(event):
                self.dispatch(intent)
                self.stack.apply_pending()  # a scene change takes effect before the next intent
        self.stack.apply_pending()
        self._answer_a_second_copy()
        animating = self.stack.animating
        top = self.stack.top
        if top is not None:
            top.update(min(dt, MAX_DT) * self.settings.speed_factor)
            if self.settings.animation_speed == "instant":
                top.tweens.skip()
        self.stack.apply_pending()
        if not (events or animating or self._needs_draw or self.stack.animating):
            return False
        self.draw()
        return True

    def _answer_a_second_copy(self) -> None:
        """A second copy started on this folder asked for this one: bring the window forward."""
        now = time.monotonic()
        if now - self._wake_looked < WAKE_LOOK_SECONDS:
            return
        self._wake_looked = now
        if not self.folder_claim.wake_requested() or not self.window:
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.restore()
        window.focus()

    def draw(self) -> None:
        self.stack.draw(self.screen)
        self.frames_drawn += 1
        self._needs_draw = False
        if self.window:
            pygame.display.flip()

    def request_draw(self) -> None:
        self._needs_draw = True

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running and self.stack.top is not None:
            if not self.stack.animating and not pygame.event.peek():
                # Idle: nothing moves and no input, so sleep in SDL until something happens.
                event = pygame.event.wait(IDLE_WAIT_MS)
                if event.type != pygame.NOEVENT:
                    pygame.event.post(event)
                clock.tick()  # restart the frame clock so the wait does not count as dt
            dt = clock.tick(FPS) / 1000
            self.step(dt)
        self.close()

    def close(self) -> None:
        """The program ends: online tables are left and hosted ones stopped, the archive is closed,
        the data folder is free for the next start, the window closes."""
        close_tables()
        close_archives()
        if self.folder_claim.held:
            folder_lock.release_all()
        pygame.quit()
