"""Issue 33 item 6: after F11 on and off the window comes back at the size and place it had, with
its minimum size (SDL's SCALED window came back at 1280x720, partly off a 1280x800 screen, and
could not be made smaller). The headless driver cannot switch full screen, so SDL's switch is
stood in for by what it did to the window; the real window was checked on Xvfb (docs/scenes.md)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.app import MINIMUM_WINDOW, SCREEN_SIZE, App


class FakeWindow:
    def __init__(self) -> None:
        self.size = (1000, 600)
        self.position = (50, 40)
        self.minimum_size = MINIMUM_WINDOW


def test_full_screen_on_and_off_restores_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(data_dir=tmp_path)
    window = FakeWindow()
    state = {"full": False}

    def sdl_toggle() -> None:  # what SDL did: full screen, and back at the logical size, no minimum
        state["full"] = not state["full"]
        window.size = (1280, 800) if state["full"] else SCREEN_SIZE
        window.position = (0, 0)
        window.minimum_size = SCREEN_SIZE

    app.window = True
    monkeypatch.setattr(App, "_window", staticmethod(lambda: window))
    monkeypatch.setattr(App, "_in_fullscreen", staticmethod(lambda _display: state["full"]))
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", sdl_toggle)
    monkeypatch.setattr(pygame.display, "get_surface", lambda: pygame.Surface(SCREEN_SIZE))
    app.toggle_fullscreen()
    assert state["full"] and window.size == (1280, 800)
    app.toggle_fullscreen()
    assert not state["full"]
    assert (window.size, window.position, window.minimum_size) == ((1000, 600), (50, 40), MINIMUM_WINDOW)
