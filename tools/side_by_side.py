"""Throughput as a ratio against a baseline commit, measured side by side in one run.

A shared machine's speed changes from hour to hour, so a games-per-second number says little
about the code; the same games played by two trees in turn, on the same machine in the same
minutes, say how much faster or slower one is than the other. `compare(commit)` checks the
commit out into a temporary detached git worktree (removed afterwards, also on Ctrl-C, SIGTERM
or an error), then runs tools/timed_games.py alternately in the current tree and in that one,
each time in a fresh process, and reports per workload the median time in each tree and the
ratio current / baseline with the spread of the rounds' ratios. `instructions(commit)` counts
instructions with callgrind instead (slow, but the same on any machine).

tools.bench --against uses it; BASELINE is the commit before issue 18's re-layering.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

BASELINE = "99e9978"  # the start commit of issue 18, before the engine was re-layered
CURRENT_TREE = Path(__file__).resolve().parents[1]
TIMED_GAMES = Path(__file__).resolve().with_name("timed_games.py")
LEVELS = ("easy", "normal", "hard")
SEATS = (1, 2, 4)


@dataclass(frozen=True)
class Workload:
    """`games` seeded games from `seed` on, every seat played by `level`, after `warmup` others."""

    name: str
    level: str
    players: int
    games: int
    seed: int
    warmup: int


def workloads(quick: bool) -> list[Workload]:
    """The bench's throughput games: each level with 1, 2 and 4 seats (a quick run: 2 seats only,
    a game or two, for a smoke test)."""
    if quick:
        return [Workload("easy-2", "easy", 2, 2, 1000, 1), Workload("normal-2", "normal", 2, 1, 1000, 1)]
    games = {"easy": 200, "normal": 20, "hard": 6}  # enough that one long game hardly moves the time
    return [
        Workload(f"{level}-{players}", level, players, games[level], 1000, max(1, games[level] // 10))
        for level in LEVELS
        for players in SEATS
    ]


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=CURRENT_TREE, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def resolve(commit: str) -> str:
    """The full hash of `commit` (any name git knows); RuntimeError if there is none."""
    return _git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def baseline_tree(commit: str) -> Iterator[Path]:
    """A temporary detached worktree of `commit`, removed when the block ends however it ends
    (SIGTERM is turned into SystemExit meanwhile, so that it unwinds through here too)."""
    sha = resolve(commit)
    parent = Path(tempfile.mkdtemp(prefix="bench-baseline-"))
    tree = parent / sha[:12]
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm) if in_main_thread else None
    try:
        _git("worktree", "add", "--detach", "--quiet", str(tree), sha)
        yield tree
    finally:
        try:
            if tree.exists():
                _git("worktree", "remove", "--force", "--force", str(tree))
        finally:
            shutil.rmtree(parent, ignore_errors=True)
            if in_main_thread:
                signal.signal(signal.SIGTERM, previous)


def _environment() -> dict[str, str]:
    """The same conditions for both trees: fixed string hashes, numpy on one thread (idle BLAS
    threads cost CPU time), nothing on PYTHONPATH that could shadow the tree's `game`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return env


def _timed_games_command(python: str, tree: Path, loads: Sequence[Workload], *options: str) -> list[str]:
    return [python, str(TIMED_GAMES), str(tree), json.dumps([asdict(w) for w in loads]), *options]


def run_once(
    tree: Path, loads: Sequence[Workload], python: str = sys.executable
) -> dict[str, dict[str, Any]]:
    """One fresh process of `python` playing `loads` with the code of `tree`: per workload cpu_s,
    wall_s and digest."""
    done = subprocess.run(
        _timed_games_command(python, tree, loads),
        cwd=tree,
        env=_environment(),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"timed games in {tree} failed:\n{done.stderr.strip()}")
    report: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return report


def summarise(current: list[dict[str, Any]], baseline: list[dict[str, Any]], clock: str) -> dict[str, Any]:
    """Per workload: median seconds in each tree, their ratio, the lowest and highest ratio of
    one round's pair of runs, and whether both trees played the same games."""
    summary: dict[str, Any] = {}
    for name in current[0]:
        ours = [run[name][clock] for run in current]
        theirs = [run[name][clock] for run in baseline]
        pairs = [mine / base for mine, base in zip(ours, theirs, strict=True)]
        summary[name] = {
            "current_s": round(statistics.median(ours), 4),
            "baseline_s": round(statistics.median(theirs), 4),
            "ratio": round(statistics.median(ours) / statistics.median(theirs), 3),
            "ratio_spread": [round(min(pairs), 3), round(max(pairs), 3)],
            "same_games": all(run[name]["digest"] == baseline[0][name]["digest"] for run in current),
        }
    return summary


def compare(
    commit: str = BASELINE, quick: bool = False, rounds: int | None = None, python: str = sys.executable
) -> dict[str, Any]:
    """Play the bench's workloads `rounds` times in each tree, alternating which goes first; both
    trees run on the interpreter `python` (another one needs numpy installed)."""
    loads = workloads(quick)
    rounds = rounds or (2 if quick else 5)
    runs: dict[str, list[dict[str, Any]]] = {"current": [], "baseline": []}
    with baseline_tree(commit) as tree:
        trees = [("current", CURRENT_TREE), ("baseline", tree)]
        for round_number in range(rounds):
            for side, path in trees if round_number % 2 == 0 else trees[::-1]:
                runs[side].append(run_once(path, loads, python))
    return {
        "commit": resolve(commit),
        "python": python,
        "rounds": rounds,
        "clock": "CPU time of the playing thread, fresh process per tree and round",
        "workloads": summarise(runs["current"], runs["baseline"], "cpu_s"),
        "wall_clock": summarise(runs["current"], runs["baseline"], "wall_s"),
    }


def _callgrind_count(python: str, tree: Path, loads: Sequence[Workload], *options: str) -> int:
    """Instructions of one process playing `loads` in `tree` under callgrind (its whole run)."""
    with tempfile.TemporaryDirectory(prefix="bench-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += _timed_games_command(python, tree, loads, *options)
        done = subprocess.run(command, cwd=tree, env=_environment(), capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"callgrind in {tree} failed:\n{done.stderr.strip()[-2000:]}")
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        if totals is None:
            raise RuntimeError(f"no instruction total in {out}")
        return int(totals.group(1))


def instruction_workloads(quick: bool) -> list[Workload]:
    """Callgrind runs some 50 times slower: a few 2-seat easy and normal games."""
    easy, normal = (2, 1) if quick else (20, 3)
    return [Workload("easy-2", "easy", 2, easy, 1000, 1), Workload("normal-2", "normal", 2, normal, 1000, 1)]


def instructions(commit: str = BASELINE, quick: bool = False, python: str = sys.executable) -> dict[str, Any]:
    """Per workload the instructions of its timed games in each tree (a run with its warm-up
    only is subtracted: imports and warm-up are not the workload) and their ratio."""
    if shutil.which("valgrind") is None:
        raise RuntimeError("--instructions needs valgrind (callgrind) on the PATH")
    counts: dict[str, dict[str, int]] = {}
    with baseline_tree(commit) as tree:
        for side, path in (("current", CURRENT_TREE), ("baseline", tree)):
            for load in instruction_workloads(quick):
                whole = _callgrind_count(python, path, [load])
                warmup = _callgrind_count(python, path, [load], "--warmup-only")
                counts.setdefault(load.name, {})[side] = whole - warmup
    return {
        "commit": resolve(commit),
        "python": python,
        "workloads": {
            name: {**count, "ratio": round(count["current"] / count["baseline"], 4)}
            for name, count in counts.items()
        },
    }
