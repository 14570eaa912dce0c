"""Gönnen Können: start the game window.

    python main.py [--windowed | --fullscreen] [--data-dir DIR] [--lang en|de|nl] [--smoke FRAMES]
    python main.py --selftest [--game goennen-koennen|penk] [--data-dir DIR]
    python main.py --host-selftest [--game G] [--port N]  |  --join-selftest / --watch-selftest ADDRESS CODE

A thin launcher: it reads the flags and hands over to scenes.app. A fatal error shows a message box
and leaves a log in the user data folder (scenes/crash.py) instead of the window just vanishing.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import signal
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from scenes import startup  # noqa: E402  (first: its clock marks the launcher's start)
from scenes.crash import run_guarded  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="goennen-koennen", description="The dice game Gönnen Können.")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", action="store_true", help="start in full screen (remembered)")
    screen.add_argument("--windowed", action="store_true", help="start in a window (remembered)")
    parser.add_argument("--data-dir", type=Path, help="use this folder for settings and saves")
    parser.add_argument("--lang", choices=("en", "de", "nl"), help="switch the language (remembered)")
    parser.add_argument(
        "--selftest",
        action="store_true",
        help="play a whole 4-bot game through the table, headless, and exit",
    )
    parser.add_argument(
        "--game",
        choices=("goennen-koennen", "penk"),
        default="goennen-koennen",
        help="which game --selftest plays (default: goennen-koennen)",
    )
    parser.add_argument(
        "--host-selftest",
        action="store_true",
        help="host a two-seat online table headless, print its code and port, play it to its end",
    )
    parser.add_argument("--port", type=int, help="the port --host-selftest listens on")
    parser.add_argument(
        "--join-selftest",
        nargs=2,
        metavar=("ADDRESS", "CODE"),
        help="join the online table at ADDRESS with CODE headless and play it to its end",
    )
    parser.add_argument(
        "--watch-selftest",
        nargs=2,
        metavar=("ADDRESS", "CODE"),
        help="watch the online table at ADDRESS with its watch CODE headless until its end",
    )
    parser.add_argument(
        "--smoke",
        type=int,
        metavar="FRAMES",
        help="check a build: open the window, draw FRAMES frames of the title, print the time to the "
        "first frame, exit",
    )
    return parser


def missing_display() -> str | None:
    """Why no window can open here, checked before SDL starts (which would print its own noise)."""
    if sys.platform in ("win32", "darwin") or os.environ.get("SDL_VIDEODRIVER"):
        return None
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no graphical display found (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    return None


def selftest(data_dir: Path | None = None, game: str = "goennen-koennen") -> int:
    """A whole game at instant speed without a window; 0 when it ends with the engine's scores
    (also when `data_dir` cannot be written: the report then says what could not be saved)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from scenes.table.selftest import run

    passed, report = run(data_dir=data_dir, game=game)
    print(
        ("selftest passed: " if passed else "selftest FAILED: ") + report,
        file=sys.stdout if passed else sys.stderr,
    )
    return 0 if passed else 1


def online_selftest(game: str, port: int | None, join: list[str] | None, watch: list[str] | None) -> int:
    """Host (or join) an online table headless and play it to its end: the bundle's check that it
    can play online (scenes/online/selftest.py)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    if hasattr(signal, "SIGUSR1"):  # a check that hangs can be asked where each thread stands
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    from scenes.online import selftest as online

    if join is not None:
        return online.report(*online.join(join[0], join[1]))
    if watch is not None:
        return online.report(*online.join(watch[0], watch[1], watch=True))
    return online.report(*online.host(game, port))


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.selftest:
        return selftest(args.data_dir, args.game)
    if args.host_selftest or args.join_selftest or args.watch_selftest:
        return online_selftest(args.game, args.port, args.join_selftest, args.watch_selftest)
    problem = missing_display()
    if problem:
        print(f"Gönnen Können cannot open its window: {problem}", file=sys.stderr)
        return 2
    from scenes.app import App, NoDisplayError

    try:
        if args.smoke is not None:
            return startup.smoke(args.smoke, data_dir=args.data_dir)
        app = App(window=True, data_dir=args.data_dir)
    except NoDisplayError as error:
        print(f"Gönnen Können cannot open its window: {error}", file=sys.stderr)
        return 2
    if args.fullscreen or args.windowed:
        app.change_settings(fullscreen=bool(args.fullscreen))
    if args.lang:
        app.change_settings(language=args.lang)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(run_guarded(main))
