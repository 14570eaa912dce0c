"""A small host for scenes in tests (scenes/core/stack.py's Host): a stack of its own, the default
settings, and a record of what the scenes asked (routes gone to, sounds, frames requested), with
no window, no data folder and no routes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scenes.core.stack import Scene, SceneStack
from scenes.model.files import FileProblem
from scenes.model.settings import Settings


class FakeHost:
    def __init__(self) -> None:
        self.stack = SceneStack()
        self.settings = Settings()
        self.settings_problem: FileProblem | None = None
        self.notice: str | None = None
        self.deck_problem: str | None = None
        self.data_folder = Path("/nonexistent")
        self.frames_drawn = 0
        self.asked: list[tuple[Any, ...]] = []  # every request, in order
        self.running = True

    def go(self, target: str | Scene, *arguments: Any, how: str = "push", fade: bool = True) -> None:
        self.asked.append(("go", target, arguments, how))
        if isinstance(target, Scene):
            {"push": self.stack.push, "replace": self.stack.replace, "reset": self.stack.reset}[how](target)

    def go_back(self, fade: bool = True) -> None:
        self.asked.append(("back",))
        self.stack.pop()

    def scene(self, route: str, *arguments: Any) -> Scene:
        raise KeyError(f"the fake host serves no route ({route!r})")

    def serves(self, route: str) -> bool:
        return False

    def mode_routes(self, mode: object) -> Any:
        raise KeyError(f"the fake host knows no mode ({mode!r})")

    def request_draw(self) -> None:
        self.asked.append(("draw",))

    def play(self, sound: str) -> None:
        self.asked.append(("sound", sound))

    def change_settings(self, **changes: object) -> None:
        self.settings = self.settings.changed(**changes)

    def step(self, dt: float) -> bool:
        self.stack.apply_pending()
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.frames_drawn += 1
        return self.running

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        self.running = False
