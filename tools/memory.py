"""Does the running game's memory stay flat over long play?

    python -m tools.memory [--games 200] [--seed 1] [--every 10] [--bots-only]
                           [--game goennen-koennen|penk] [--no-screens]

Plays bot games back to back in one App through the real table scenes (headless, instant speed,
a temporary data folder), like a player who leaves four bots playing all evening. After each game
it measures the process's resident memory, Python's own heap (allocated blocks) and the pixel memory
held by the render caches, and prints every `--every`-th game. Exit status 0 when the process
after the last game is at most 20 % larger than after game 5 (issue 19, item 7), else 1.

`--game penk` plays Penk! through its own table and final score. After each game, unless
`--no-screens`, the player's other screens get their turn too: Played games (the archive's list)
and the game's replay, stepped through a few dozen moves, as a player looks back at a game.

`--bots-only` plays the same bots' games without any scene (game.goennen.ai.play, or game.penk's
play_game with `--game penk`; some hundred times faster): what the engine and the bots' caches
keep, apart from what the screens keep.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.goennen.serialize import FIRST_GAME

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.model.gameconfig import SeatConfig

FRAME = 1 / 60
BASELINE_GAME = 5  # the first games fill the caches; growth is measured from here
ALLOWED_GROWTH = 0.20
GAME_LIMIT_SECONDS = 600.0  # a game takes 5-40 s, depending on the machine's load
THINKING_PAUSE = 0.001  # as in scenes/table/selftest.py: let the bot thread think between frames


@dataclass(frozen=True)
class Sample:
    game: int
    actions: int
    rss_mb: float
    python_blocks: int  # memory blocks Python has allocated (its heap, without tracemalloc's cost)
    cache_mb: float
    seconds: float
    replay_step: int = 0  # where the replay stood after look_back (0: the screens were not shown)


def resident_mb() -> float:
    """The process's resident set size in MB (Linux /proc; elsewhere the peak from resource)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


REPLAY_STEPS = 40  # moves of the replay stepped through after each game


def look_back(app: App, frames: int = 3) -> int:
    """Played games, then the newest game's replay stepped through REPLAY_STEPS moves by posted
    Right-arrow keys: what a player does after a game, besides playing. Returns the replay's step
    at the end (REPLAY_STEPS unless the game is shorter), so a run shows the screens answered."""
    import pygame

    from scenes.history.replay_controls import ReplayBase
    from scenes.model import archive
    from scenes.model.replay import Replay
    from scenes.model.userdata import data_dir

    app.stack.reset_now(app.scene("archive"))
    for _ in range(frames):
        app.step(FRAME)
    kept = archive.store(data_dir())
    rows = kept.games(limit=1)
    record = kept.record_of(rows[0].id) if rows else None
    if record is None:
        raise RuntimeError("the finished game is not in the archive")
    viewer = app.scene("replay", Replay.of_record(record, f"#{rows[0].id}"))
    app.stack.reset_now(viewer)
    for _ in range(REPLAY_STEPS):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        )
        for _ in range(frames):
            app.step(FRAME)
    if app.stack.top is not viewer or not isinstance(viewer, ReplayBase):
        raise RuntimeError(f"the replay gave way to {app.stack.top!r}")
    return viewer.step


def play_games(
    games: int,
    seed: int = 1,
    report: Callable[[Sample], None] | None = None,
    seats: Sequence[SeatConfig] | None = None,
    game_key: str = FIRST_GAME,
    screens: bool = False,
) -> list[Sample]:
    """Play `games` bot games of `game_key` in one App (the self-test's four bots unless `seats`
    are given), with (`screens`) a look at Played games and the replay after each; one Sample after
    each game. `report(sample)` is called as they come (printing), and a game that does not finish
    raises RuntimeError."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl+C and kill stop the run
    from scenes.app import App
    from scenes.core import surface_cache
    from scenes.model.gameconfig import GameConfig
    from scenes.model.rulebooks import RULEBOOKS
    from scenes.model.session import GameSession
    from scenes.model.slots import new_game_slot
    from scenes.model.userdata import ENV_OVERRIDE
    from scenes.penk.opening import SCORING as PENK_SCORING
    from scenes.table.opening import open_table
    from scenes.table.scoring import ScoringScene
    from scenes.table.selftest import SEATS

    def at_final_score() -> bool:
        top = app.stack.top
        return isinstance(top, ScoringScene) or top is not None and top.name == PENK_SCORING

    seats = SEATS if seats is None else seats

    samples: list[Sample] = []
    folder_before = os.environ.get(ENV_OVERRIDE)
    with tempfile.TemporaryDirectory() as folder:
        app = App(data_dir=Path(folder))
        app.change_settings(animation_speed="instant")
        for game in range(1, games + 1):
            started = time.perf_counter()
            session = GameSession.start(
                GameConfig(tuple(seats), game % len(seats)),
                seed=seed + game,
                save_path=new_game_slot(game_key),
                rules=RULEBOOKS[game_key],
            )
            open_table(app, session)
            while not at_final_score():
                if time.perf_counter() - started > GAME_LIMIT_SECONDS:
                    raise RuntimeError(f"game {game} did not reach its final score")
                app.step(FRAME)
                if session.thinking:
                    time.sleep(THINKING_PAUSE)
            for _ in range(5):  # let the scoring screen draw its tally
                app.step(FRAME)
            replay_step = look_back(app) if screens else 0
            app.stack.reset_now(app.scene("title"))  # the next game starts from a clean stack
            app.step(FRAME)
            sample = Sample(
                game=game,
                actions=len(session.match.actions),
                rss_mb=resident_mb(),
                python_blocks=sys.getallocatedblocks(),
                cache_mb=surface_cache.pixel_bytes() / 2**20,
                seconds=time.perf_counter() - started,
                replay_step=replay_step,
            )
            samples.append(sample)
            if report is not None:
                report(sample)
    if folder_before is None:  # the App pointed the process at the temporary folder
        os.environ.pop(ENV_OVERRIDE, None)
    else:
        os.environ[ENV_OVERRIDE] = folder_before
    return samples


def play_bot_games(
    games: int,
    seed: int = 1,
    report: Callable[[Sample], None] | None = None,
    seats: Sequence[SeatConfig] | None = None,
    game_key: str = FIRST_GAME,
) -> list[Sample]:
    """`play_games` without the scenes: the same bots' games through game.goennen.ai.play (or Penk!'s
    play_game) only."""
    from scenes.table.selftest import SEATS

    levels = [seat.level or "normal" for seat in (SEATS if seats is None else seats)]
    play = _penk_bot_game if game_key == "penk" else _first_bot_game
    samples: list[Sample] = []
    for game in range(1, games + 1):
        started = time.perf_counter()
        turns = play(levels, seed + game)
        sample = Sample(
            game, turns, resident_mb(), sys.getallocatedblocks(), 0.0, time.perf_counter() - started
        )
        samples.append(sample)
        if report is not None:
            report(sample)
    return samples


def _first_bot_game(levels: Sequence[str], seed: int) -> int:
    from game.goennen.ai import make_bot
    from game.goennen.ai.play import play_game

    return play_game([make_bot(level) for level in levels], seed).turns


def _penk_bot_game(levels: Sequence[str], seed: int) -> int:
    from game import penk

    return penk.play_game([penk.make_bot(level) for level in levels], seed).turns


def growth(samples: list[Sample]) -> float:
    """How much larger the process is after the last game than after game 5 (0.1 = 10 %)."""
    base = samples[min(BASELINE_GAME, len(samples)) - 1].rss_mb
    return samples[-1].rss_mb / base - 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.memory", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="bot games back to back (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1 per game)")
    parser.add_argument("--every", type=int, default=10, help="print every N-th game (default 10)")
    parser.add_argument("--bots-only", action="store_true", help="no scenes: the engine and bots alone")
    parser.add_argument("--game", choices=("goennen-koennen", "penk"), default=FIRST_GAME, help="which game")
    parser.add_argument(
        "--no-screens", action="store_true", help="only the table and final score, no archive or replay"
    )
    args = parser.parse_args(argv)
    if args.games < BASELINE_GAME + 1:
        parser.error(f"--games must be more than {BASELINE_GAME}")

    unit = "turns" if args.bots_only else "actions"

    def report(sample: Sample) -> None:
        if sample.game % args.every == 0 or sample.game in (1, BASELINE_GAME):
            print(
                f"game {sample.game:4d}: {sample.actions:4d} {unit}, {sample.seconds:5.1f} s, "
                f"process {sample.rss_mb:6.1f} MB, Python blocks {sample.python_blocks / 1000:7.1f}k, "
                f"render caches {sample.cache_mb:5.1f} MB"
                + (f", replay at step {sample.replay_step}" if sample.replay_step else ""),
                flush=True,
            )

    if args.bots_only:
        samples = play_bot_games(args.games, args.seed, report, game_key=args.game)
    else:
        samples = play_games(args.games, args.seed, report, game_key=args.game, screens=not args.no_screens)
    change = growth(samples)
    verdict = "flat" if change <= ALLOWED_GROWTH else "GROWS"
    print(
        f"{verdict}: process {samples[BASELINE_GAME - 1].rss_mb:.1f} MB after game {BASELINE_GAME}, "
        f"{samples[-1].rss_mb:.1f} MB after game {samples[-1].game} ({change:+.1%}; allowed "
        f"{ALLOWED_GROWTH:+.0%})"
    )
    return 0 if change <= ALLOWED_GROWTH else 1


if __name__ == "__main__":
    sys.exit(main())
