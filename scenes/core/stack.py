"""The scene stack: a Scene base class and the stack that runs scenes (Tuxemon's state stack).

Life cycle, symmetric: enter() when a scene joins the stack, pause() when another covers it,
resume() when it is on top again, exit() when it leaves. push/pop/replace/reset are queued and
applied between frames (apply_pending), so a scene can ask to leave while handling an intent.
A transparent scene (an overlay) is drawn over the scenes below it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from scenes.core import native_memory
from scenes.core.intents import Intent
from scenes.core.tween import Tweens

if TYPE_CHECKING:
    from scenes.model.files import FileProblem
    from scenes.model.settings import Settings


class Host(Protocol):
    """What a scene may ask of the program that runs it (scenes/app.py's App is the one host): go
    somewhere by route, ask for a frame, play a sound, read and change the settings, say a notice.
    Scenes are typed against this, not against App, so no screen depends on the whole program and
    a test can run scenes on a small host of its own."""

    stack: SceneStack
    settings: Settings
    settings_problem: FileProblem | None
    notice: str | None  # a line the title says once (a file that could not be read, ...)
    deck_problem: str | None  # why no game can be dealt, or None
    data_folder: Path
    frames_drawn: int

    def go(self, target: str | Scene, *arguments: Any, how: str = "push", fade: bool = True) -> None: ...
    def go_back(self, fade: bool = True) -> None: ...
    def scene(self, route: str, *arguments: Any) -> Scene: ...
    def serves(self, route: str) -> bool: ...
    def mode_routes(self, mode: object) -> Any: ...
    def request_draw(self) -> None: ...
    def play(self, sound: str) -> None: ...
    def change_settings(self, **changes: object) -> None: ...
    def step(self, dt: float) -> bool: ...
    def quit(self) -> None: ...
    def close(self) -> None: ...


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    transparent = False  # True: the scenes below are drawn first (overlays, fades)
    name = "scene"  # a short stable name, used by tests, screenshots and logs

    def __init__(self, app: Host) -> None:
        self.app = app
        self.tweens = Tweens()

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle(self, intent: Intent) -> None:
        """React to one intent (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def draw(self, surface: pygame.Surface) -> None: ...

    @property
    def animating(self) -> bool:
        """Whether the next frame will look different even without input (idle detection)."""
        return self.tweens.active


Operation = Callable[[], None]


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Operation] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    # -- queued requests ------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self.push_now(scene))

    def pop(self) -> None:
        self._pending.append(self.pop_now)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: self.replace_now(scene))

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start afresh with `scene` (quit to title)."""
        self._pending.append(lambda: self.reset_now(scene))

    def queue(self, operation: Operation) -> None:
        self._pending.append(operation)

    def apply_pending(self) -> None:
        while self._pending:
            operations, self._pending = self._pending, []
            for operation in operations:
                operation()

    # -- immediate operations (used between frames and by transitions) --------------------------
    def push_now(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop_now(self) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if self.top is not None:
            self.top.resume()

    def replace_now(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset_now(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        # The scenes dropped hold each other (and their screen-sized pictures) in reference cycles,
        # which Python's collector would free only some games later: a reset (a game over, back to
        # the title) is the moment to free them, between two screens (docs/performance.md).
        gc.collect()
        native_memory.give_back_free_heap()

    def beneath(self, cover: Scene, operation: Operation) -> None:
        """Run `operation` on the stack below `cover` (a fade), keeping `cover` on top."""
        index = self.scenes.index(cover)
        above = self.scenes[index:]
        del self.scenes[index:]
        operation()
        if self.top is not None:
            self.top.pause()
        self.scenes.extend(above)

    # -- per frame ------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.top is not None:
            self.top.handle(intent)

    def update(self, dt: float) -> None:
        # Only the top scene runs: a scene under an overlay is paused, its animations frozen.
        if self.top is not None:
            self.top.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and every one an overlay lets show."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    @property
    def animating(self) -> bool:
        return self.has_pending or any(scene.animating for scene in self.visible())
