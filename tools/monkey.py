"""A monkey at the controls: seeded random input into the real game, headless, until it breaks.

    python -m tools.monkey --seed N --frames F [--data-dir DIR] [--minutes M]

Runs the real App with SDL's dummy drivers (a temporary data folder unless `--data-dir` is given)
and, frame by frame, posts random pygame events: mouse moves, clicks and drags (mostly on places
the top screen can be clicked, so it gets past the menus into the table, the solo screens and the
campaign), key presses, typed text with control characters and emoji, gamepad and joystick
events, and window events (resize, focus, minimise). Time is stepped by hand, so nothing sleeps.
The window's close button and Quit only count: the monkey plays on.

Exit status 0 when no exception occurred; else 1, after printing the seed, the frame and the
traceback. The screens reached are printed at the end. A run replays exactly for a seed, except
that the hard bots think against the clock, so a table with hard bots may diverge.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and kill stop the run, as for any tool

import pygame  # noqa: E402

if TYPE_CHECKING:
    from scenes.app import App

SCREEN = (1280, 720)
BOT_WAIT_SECONDS = 2.0  # the longest a frame waits for a thinking bot (keeps runs reproducible)
IDLE_FRAMES = 0.5  # the share of frames without input
RECT_SEARCH_DEPTH = 3  # how deep into a scene's attributes clickable places are looked for
ACTIONS_LEFT = 12  # a prepared saved game stops this many actions before its end

# what may be typed: letters, digits, accents, spaces, control characters, emoji, odd code points
TYPED = (
    list("abcxyzABCXYZ0123456789 äöüßéñøØ-_.'")
    + ["\x00", "\x07", "\x08", "\t", "\n", "\r", "\x1b", "\x7f", "\u200b", "\u202e", "\ufeff"]
    + ["😀", "🎲", "👍🏽", "🇩🇪", "家", "ﷺ", "\U0010fffd", "\ud7ff", "𝕏"]
)
KEYS = (
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER,
    pygame.K_SPACE, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_PAGEUP,
    pygame.K_PAGEDOWN, pygame.K_s, pygame.K_z, pygame.K_F11, pygame.K_a, pygame.K_DELETE,
    pygame.K_HOME, pygame.K_END, pygame.K_F1, pygame.K_1,
)  # fmt: skip
MODIFIERS = (0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_GUI)
CONTROLLER_BUTTONS = tuple(range(-1, 22))
WINDOW_EVENTS = (
    "WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWMINIMIZED", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWENTER", "WINDOWLEAVE", "WINDOWSHOWN", "WINDOWHIDDEN", "WINDOWEXPOSED", "WINDOWMOVED",
    "WINDOWCLOSE", "WINDOWTAKEFOCUS",
)  # fmt: skip


@dataclass
class Report:
    seed: int
    history: str = ""  # what the data folder held at the start
    frames: int = 0
    events: int = 0
    quits: int = 0  # the close button or a Quit button: counted, then play goes on
    emptied: int = 0  # the last screen closed: the title is shown again
    screens: dict[str, int] = field(default_factory=dict)  # screen class -> frames it was on top
    failure: str | None = None


class Monkey:
    """Chooses the events of each frame from one seeded random generator."""

    def __init__(self, app: App, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.mouse = (SCREEN[0] // 2, SCREEN[1] // 2)
        self.held = False  # the left button is down (a drag in progress)
        self._places: list[pygame.Rect] = []
        self._places_of: int | None = None  # id of the scene the places were found in

    # -- where to click -------------------------------------------------------------------------
    def places(self) -> list[pygame.Rect]:
        """Rectangles on the top screen (buttons, spots, layout regions): where clicks do things."""
        top = self.app.stack.top
        if top is None:
            return []
        if id(top) != self._places_of or self.rng.random() < 0.05:  # spots change as a game goes on
            found: dict[tuple[int, int, int, int], pygame.Rect] = {}
            for rect in _rects_in(top, RECT_SEARCH_DEPTH, set()):
                if rect.width > 0 and rect.height > 0 and rect.colliderect((0, 0, *SCREEN)):
                    found.setdefault(tuple(rect), rect)  # type: ignore[arg-type]
            self._places = sorted(found.values(), key=lambda r: (r.x, r.y, r.w, r.h))
            self._places_of = id(top)
        return self._places

    def point(self) -> tuple[int, int]:
        places = self.places()
        if places and self.rng.random() < 0.85:
            rect = self.rng.choice(places)
            return (
                self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
            )
        # anywhere, now and then off the screen too
        return (self.rng.randint(-40, SCREEN[0] + 40), self.rng.randint(-40, SCREEN[1] + 40))

    # -- events ---------------------------------------------------------------------------------
    def events(self) -> list[pygame.event.Event]:
        rng = self.rng
        if rng.random() < IDLE_FRAMES:
            return []  # a player does not act every 60th of a second: animations and bots go on
        makers: list[tuple[float, Callable[[], list[pygame.event.Event]]]] = [
            (30, self.click),
            (8, self.move),
            (4, self.drag),
            (3, self.wheel),
            (22, self.key),
            (6, self.text),
            (10, self.gamepad),
            (3, self.joystick),
            (3, self.window),
            (0.2, self.close),
        ]
        weights = [weight for weight, _ in makers]
        chosen = rng.choices([make for _, make in makers], weights, k=rng.choice((1, 1, 1, 2, 3)))
        return [event for make in chosen for event in make()]

    def click(self) -> list[pygame.event.Event]:
        self.mouse = self.point()
        button = self.rng.choice((1, 1, 1, 1, 1, 1, 2, 3))
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0), buttons=(0, 0, 0))]
        events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=self.mouse))
        if self.rng.random() < 0.9:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=self.mouse))
        return events

    def move(self) -> list[pygame.event.Event]:
        old, self.mouse = self.mouse, self.point()
        rel = (self.mouse[0] - old[0], self.mouse[1] - old[1])
        buttons = (1, 0, 0) if self.held else (0, 0, 0)
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=rel, buttons=buttons)]

    def drag(self) -> list[pygame.event.Event]:
        """Press, or move while pressed, or let go: a drag spread over frames (cards are dragged)."""
        if not self.held:
            self.held = True
            self.mouse = self.point()
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=self.mouse)]
        if self.rng.random() < 0.6:
            return self.move()
        self.held = False
        self.mouse = self.point()
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=self.mouse)]

    def wheel(self) -> list[pygame.event.Event]:
        y = self.rng.choice((-3, -1, 0, 1, 2))
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=y)]

    def key(self) -> list[pygame.event.Event]:
        key = self.rng.choice(KEYS)
        mod = self.rng.choice(MODIFIERS)
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        return [down, pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]

    def text(self) -> list[pygame.event.Event]:
        length = self.rng.choice((1, 1, 1, 2, 5, 40))
        typed = "".join(self.rng.choice(TYPED) for _ in range(length))
        return [pygame.event.Event(pygame.TEXTINPUT, text=typed)]

    def gamepad(self) -> list[pygame.event.Event]:
        rng = self.rng
        pad = rng.choice((0, 0, 0, 1, 7))
        roll = rng.random()
        if roll < 0.6:
            button = rng.choice(CONTROLLER_BUTTONS)
            return [
                pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=pad),
                pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=pad),
            ]
        if roll < 0.9:
            axis = rng.choice((0, 1, 2, 3, 4, 5, 9))
            value = rng.choice((-32768, -32767, -20000, 0, 1000, 25000, 32767))
            return [pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value)]
        if roll < 0.95:
            return [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=rng.choice((0, 1, 5, -1)))]
        return [pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)]

    def joystick(self) -> list[pygame.event.Event]:
        rng = self.rng
        stick = rng.choice((0, 3))
        roll = rng.random()
        if roll < 0.45:
            button = rng.choice((0, 1, 2, 7, 15))
            return [pygame.event.Event(pygame.JOYBUTTONDOWN, button=button, instance_id=stick, joy=stick)]
        if roll < 0.8:
            value = (rng.choice((-1, 0, 1)), rng.choice((-1, 0, 1)))
            return [pygame.event.Event(pygame.JOYHATMOTION, hat=0, value=value, instance_id=stick, joy=stick)]
        if roll < 0.9:
            value = rng.uniform(-1.0, 1.0)
            return [
                pygame.event.Event(pygame.JOYAXISMOTION, axis=0, value=value, instance_id=stick, joy=stick)
            ]
        if roll < 0.95:
            return [pygame.event.Event(pygame.JOYDEVICEADDED, device_index=rng.choice((0, 2)))]
        return [pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=stick)]

    def window(self) -> list[pygame.event.Event]:
        rng = self.rng
        if rng.random() < 0.3:
            size = (rng.choice((1, 320, 800, 1280, 3840)), rng.choice((1, 240, 600, 720, 2160)))
            return [
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]),
                pygame.event.Event(pygame.WINDOWRESIZED, x=size[0], y=size[1]),
                pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]),
            ]
        kind = getattr(pygame, rng.choice(WINDOW_EVENTS))
        events = [pygame.event.Event(kind)]
        if rng.random() < 0.3:
            events.append(
                pygame.event.Event(pygame.ACTIVEEVENT, gain=rng.choice((0, 1)), state=rng.choice((1, 2, 6)))
            )
        return events

    def close(self) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.QUIT)]

    def dt(self) -> float:
        """Mostly a 60 Hz frame; now and then none, a slow one, or a stall (the app caps it)."""
        return self.rng.choices((1 / 60, 0.0, 1 / 30, 0.25, 2.0), (85, 4, 8, 2, 1))[0]


def _rects_in(value: Any, depth: int, seen: set[int]) -> Iterator[pygame.Rect]:
    """Every pygame.Rect in a scene's attributes (and theirs, `depth` levels down): enabled
    widgets' rects, pick spots, layout regions."""
    if isinstance(value, pygame.Rect):
        yield value
        return
    if depth < 0 or id(value) in seen or isinstance(value, (str, bytes, int, float, pygame.Surface)):
        return
    seen.add(id(value))
    if getattr(value, "enabled", True) is False:
        return  # a disabled control: clicking it does nothing
    if isinstance(value, dict):
        children: Any = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    elif hasattr(value, "__dict__") and type(value).__module__.startswith("scenes."):
        children = list(vars(value).values())
    else:
        return
    for child in children[:200]:
        yield from _rects_in(child, depth - 1, seen)


def _wait_for_bots(app: App) -> None:
    """Let a thinking bot finish before the next frame, so a seed replays the same way."""
    session = getattr(app.stack.top, "session", None)
    deadline = time.perf_counter() + BOT_WAIT_SECONDS
    while getattr(session, "thinking", False) and time.perf_counter() < deadline:
        time.sleep(0.0005)


def prepare(folder: Path, rng: random.Random) -> str:
    """Give the monkey a player's history in a fresh data folder, chosen by the seed: all solo
    levels won (so the campaign is open) and a saved bot game a few actions before its end (so
    Continue leads to the final score or the end of a solo game). Returns what was prepared."""
    from game.goennen.ai import decide, make_bot
    from game.goennen.engine import whose_turn
    from game.goennen.match import Match
    from scenes.model.gameconfig import SeatConfig, SeatKind
    from scenes.model.progress import Progress, save_progress
    from scenes.model.session import GameSession
    from scenes.model.userdata import ENV_OVERRIDE, save_path

    os.environ[ENV_OVERRIDE] = str(folder)
    prepared: list[str] = []
    if rng.random() < 0.7:
        save_progress(Progress(won_levels=frozenset(range(1, 8))))
        prepared.append("every solo level won")
    if rng.random() < 0.7:
        solo = rng.random() < 0.5
        # bots in every seat, so the game reaches its end behind whatever the monkey presses
        seats = tuple(SeatConfig(f"Bot {n}", SeatKind.BOT, "easy") for n in range(1 if solo else 2))
        level = rng.randint(1, 7) if solo else None
        game_seed = rng.randrange(2**31)
        played = Match.new(len(seats), game_seed, start_player=0, solo_level=level)
        bot = make_bot("easy")
        while not played.is_over:
            if whose_turn(played.state).kind == "chance":
                played.resolve_chance()
            else:
                played.play(decide(bot, played.state, random.Random(len(played.actions)), 0.05))
        match = Match.replay(played.setup, played.actions[:-ACTIONS_LEFT])
        context = {"mode": "watch", "bot": "easy"} if solo else {}
        GameSession(seats, match, save_path(), context).save()
        prepared.append(
            f"a saved {'watched solo' if solo else '2-bot'} game {ACTIONS_LEFT} actions before its end"
        )
    if rng.random() < 0.5:
        from scenes.model.gameconfig import GameConfig
        from scenes.model.rulebooks import PENK_RULES
        from scenes.model.slots import penk_slot

        game_seed = rng.randrange(2**31)
        if rng.random() < 0.5:
            # a person and a bot at Penk!'s table, so the monkey plays its dice, cells and columns
            penk_seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bot", SeatKind.BOT, "easy"))
            config = GameConfig(penk_seats, 0)
            GameSession.start(config, seed=game_seed, save_path=penk_slot(), rules=PENK_RULES)
            prepared.append("a new Penk! game of a person and a bot")
        else:
            # two bots a few actions before the end, so Continue leads to Penk!'s final score
            from game import penk

            bots = (SeatConfig("Bot 1", SeatKind.BOT, "easy"), SeatConfig("Bot 2", SeatKind.BOT, "easy"))
            played_penk = penk.PenkMatch.new(2, game_seed, first=0)
            penk_bot = penk.make_bot("easy")
            while not played_penk.is_over:
                if penk.whose_turn(played_penk.state).kind == "chance":
                    played_penk.resolve_chance()
                else:
                    step = random.Random(len(played_penk.actions))
                    played_penk.play(penk.decide(penk_bot, played_penk.state, step, 0.05))
            near_end = penk.PenkMatch.replay(played_penk.setup, played_penk.actions[:-ACTIONS_LEFT])
            GameSession(bots, near_end, penk_slot(), None, PENK_RULES).save()
            prepared.append(f"a saved 2-bot Penk! game {ACTIONS_LEFT} actions before its end")
    return ", ".join(prepared) or "a new player"


def make_hostile(folder: Path, seed: int) -> str:
    """What an unlucky player's folder may hold besides: a damaged archive (a sample archive with
    bytes flipped past its header) and a hand-edited tutorial save (a NUL in a name)."""
    import json

    from scenes.model import archive
    from scenes.model.tutorial import SEED as TUTORIAL_SEED
    from scenes.model.tutorial_session import FORMAT, VERSION, tutorial_slot
    from tools import archive_bench

    flips = random.Random(seed ^ 0x34)
    path = folder / archive.ARCHIVE_FILE
    archive_bench.build(path, 24, seed).close()
    archive.close_all()
    data = bytearray(path.read_bytes())
    for _ in range(200):
        at = flips.randrange(4096, len(data))
        data[at] ^= 1 << flips.randrange(8)
    path.write_bytes(bytes(data))
    names = ["Ann\x00a", "\x00\x01Bot"]
    save = {"format": FORMAT, "version": VERSION, "seed": TUTORIAL_SEED, "names": names, "actions": []}
    tutorial_slot(folder).write_text(json.dumps(save), encoding="utf-8")
    return "a damaged archive (200 bits flipped) and a tutorial save with a NUL in a name"


def run(
    seed: int, frames: int, data_dir: Path | None = None, minutes: float | None = None, hostile: bool = False
) -> Report:
    """The monkey's run: `frames` frames (or until `minutes` have passed), stopping at the first
    exception, which the report holds with its frame and traceback. The data folder and the
    language the process had are restored afterwards (the tests run several monkeys)."""
    from scenes.core import i18n
    from scenes.model.userdata import ENV_OVERRIDE

    rng = random.Random(seed)
    folder_before, language_before = os.environ.get(ENV_OVERRIDE), i18n.current_language()
    try:
        if data_dir is None:
            with tempfile.TemporaryDirectory(prefix="monkey-") as folder:
                history = prepare(Path(folder), rng)
                if hostile:
                    history = f"{history}, {make_hostile(Path(folder), seed)}"
                return run_in(Path(folder), rng, Report(seed, history=history), frames, minutes)
        return run_in(data_dir, rng, Report(seed, history="the data folder as given"), frames, minutes)
    finally:
        if folder_before is None:
            os.environ.pop(ENV_OVERRIDE, None)
        else:
            os.environ[ENV_OVERRIDE] = folder_before
        i18n.set_language(language_before)


def run_in(data_dir: Path, rng: random.Random, report: Report, frames: int, minutes: float | None) -> Report:
    from scenes.app import App

    try:
        app = App(data_dir=data_dir)
    except Exception:
        report.failure = traceback.format_exc()
        return report
    pygame.event.clear()  # what SDL queued while the app started belongs to no monkey
    monkey = Monkey(app, rng)
    deadline = None if minutes is None else time.monotonic() + minutes * 60
    for frame in range(1, frames + 1):
        if deadline is not None and time.monotonic() > deadline:
            break
        report.frames = frame
        try:
            for event in monkey.events():
                pygame.event.post(event)
                report.events += 1
            app.step(monkey.dt())
            _wait_for_bots(app)
        except Exception:
            report.failure = traceback.format_exc()
            return report
        if not app.running:
            report.quits += 1
            app.running = True
        top = app.stack.top
        if top is None:
            report.emptied += 1
            app.stack.push_now(app.scene("title"))
            top = app.stack.top
        name = type(top).__name__
        report.screens[name] = report.screens.get(name, 0) + 1
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.monkey", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the random seed (a run replays by its seed)")
    parser.add_argument("--frames", type=int, default=5000, help="frames to run (default 5000)")
    parser.add_argument("--data-dir", type=Path, help="the data folder (default: a temporary one)")
    parser.add_argument("--minutes", type=float, help="stop after this many minutes even if frames remain")
    parser.add_argument(
        "--hostile", action="store_true", help="also a damaged archive and a hand-edited tutorial save"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    report = run(args.seed, args.frames, args.data_dir, args.minutes, args.hostile)
    seconds = time.perf_counter() - started
    screens = ", ".join(f"{name} {count}" for name, count in sorted(report.screens.items()))
    print(
        f"monkey seed {report.seed}: {report.frames} frames, {report.events} events, {seconds:.1f} s; "
        f"quit requests {report.quits}, back at the title after the last screen closed {report.emptied}"
    )
    print(f"started with {report.history}; screens (frames on top): {screens}")
    if report.failure is not None:
        print(f"FAILED at seed {report.seed}, frame {report.frames}:\n{report.failure}", file=sys.stderr)
        return 1
    print("no exception")
    return 0


if __name__ == "__main__":
    sys.exit(main())
