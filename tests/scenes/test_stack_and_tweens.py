"""The scene stack's life cycle and queued changes, fades, and dt-driven tweens."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pygame
import pytest

from scenes.app import App
from scenes.core.stack import Host, Scene, SceneStack
from scenes.core.transition import FadeTransition
from scenes.core.tween import EASINGS, Tween, Tweens
from tests.scenes.conftest import FRAME, settle
from tests.scenes.fake_host import FakeHost


class Recorder(Scene):
    def __init__(self, app: Host, name: str, log: list[str], transparent: bool = False) -> None:
        super().__init__(app)
        self.name = name
        self.log = log
        self.transparent = transparent

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


@pytest.fixture
def bare_app(data_dir: Path) -> App:
    return App(data_dir=data_dir, first_scene=lambda app: Scene(app))


@pytest.fixture
def host() -> FakeHost:
    """The stack's own tests need no window, data folder or routes: a small host of their own."""
    return FakeHost()


def test_life_cycle_is_symmetric(host: FakeHost) -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(host, name, log) for name in "abc")
    stack.push_now(a)
    stack.push_now(b)
    stack.replace_now(c)
    stack.pop_now()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]


def test_a_reset_frees_the_scenes_it_drops_at_once(host: FakeHost) -> None:
    class Holding(Scene):
        def __init__(self, app: Host) -> None:
            super().__init__(app)
            self.me = self  # a reference cycle, as scenes with callbacks and views hold
            self.picture = pygame.Surface((64, 64))

    stack = SceneStack()
    dropped = Holding(host)
    stack.push_now(dropped)
    alive = weakref.ref(dropped)
    del dropped
    gc.disable()  # no collection of its own in between: only the reset may free it
    try:
        stack.reset_now(Scene(host))
        assert alive() is None
    finally:
        gc.enable()


def test_changes_are_queued_until_applied(host: FakeHost) -> None:
    log: list[str] = []
    stack = SceneStack()
    a = Recorder(host, "a", log)
    stack.push(a)
    assert stack.top is None
    stack.apply_pending()
    assert stack.top is a


def test_an_overlay_draws_over_the_scenes_below(host: FakeHost) -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push_now(Recorder(host, "hidden", log))
    stack.push_now(Recorder(host, "game", log))
    stack.push_now(Recorder(host, "menu", log, transparent=True))
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["game.draw", "menu.draw"]


def test_a_scene_asks_its_host_and_the_host_runs_the_stack(host: FakeHost) -> None:
    class Asking(Scene):
        def enter(self) -> None:
            self.app.play("click")
            self.app.request_draw()

    log: list[str] = []
    host.go(Recorder(host, "first", log))
    host.go(Asking(host))
    host.step(FRAME)
    assert host.asked[-2:] == [("sound", "click"), ("draw",)] and log == ["first.enter", "first.pause"]
    host.go_back()
    host.step(FRAME)
    assert host.stack.top is not None and host.stack.top.name == "first" and log[-1] == "first.resume"


def test_a_fade_changes_the_scene_when_fully_dark(bare_app: App) -> None:
    log: list[str] = []
    first = Recorder(bare_app, "first", log)
    bare_app.stack.reset_now(first)
    second = Recorder(bare_app, "second", log)
    bare_app.go(second, how="replace")
    bare_app.step(FRAME)
    assert isinstance(bare_app.stack.top, FadeTransition)
    assert bare_app.stack.scenes[0] is first
    settle(bare_app)
    assert bare_app.stack.scenes == [second]
    assert "first.exit" in log and log.index("first.exit") < log.index("second.enter")


def test_input_during_a_fade_is_swallowed(bare_app: App) -> None:
    log: list[str] = []
    bare_app.stack.reset_now(Recorder(bare_app, "first", log))
    bare_app.go(Recorder(bare_app, "second", log))
    bare_app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    settle(bare_app)
    assert [scene.name for scene in bare_app.stack.scenes] == ["first", "second"]


class Box:
    x = 0.0


@pytest.mark.parametrize("easing", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(easing: str) -> None:
    assert EASINGS[easing](0.0) == pytest.approx(0.0, abs=1e-9)
    assert EASINGS[easing](1.0) == pytest.approx(1.0, abs=1e-9)


def test_tweens_follow_the_dt_they_are_given() -> None:
    box = Box()
    tweens = Tweens()
    tweens.animate(box, 1.0, "linear", x=10.0)
    tweens.update(0.25)
    assert box.x == pytest.approx(2.5)
    tweens.update(1.0)
    assert box.x == 10.0
    assert not tweens.active


def test_skip_completes_every_tween_and_chained_ones() -> None:
    box = Box()
    done: list[str] = []
    tweens = Tweens()

    def chain() -> None:
        done.append("first")
        tweens.animate(box, 5.0, x=-1.0, on_done=lambda: done.append("second"))

    tweens.animate(box, 5.0, x=3.0, on_done=chain)
    tweens.after(9.0, lambda: done.append("timer"))
    tweens.skip()
    assert done == ["first", "timer", "second"]
    assert box.x == -1.0
    assert not tweens.active


def test_an_unknown_easing_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="wobble"):
        Tween(1.0, lambda _eased: None, "wobble")
