"""Play fixed seeded bot games with the code of one source tree and print how long they took.

    python tools/timed_games.py TREE '[{"name": "easy-2", "level": "easy", "players": 2,
                                       "games": 200, "seed": 1000, "warmup": 20}, ...]'

tools.bench --against runs this script once per tree and round (tools/side_by_side.py). It runs
as a script, not as a module, so that it can time a tree that does not have it (an older commit):
TREE goes first on the import path, and the script stops if `game` came from anywhere else. It
uses only the bots' `make_bot` and `play.play_game` (in game.goennen.ai, or in game.ai before the
first game had its own package), which every commit since the bots exist has, so the same script
times both trees.

The games are played on deck version 2 in every tree (a tree's frozen copy
`tests/game/data/deck-v2.toml` where it has one, else its standard deck, which was version 2), so a
newer deck does not make a tree play other games than the baseline.

Each workload first plays `warmup` games on other seeds (the odds' and the bots' tables fill
then, as in a long simulation), then its `games` games from `seed` on, timed. Prints one JSON
object: per workload the CPU seconds of this thread (what another process on the core does not
inflate), the wall-clock seconds, and a digest of the games' totals and lengths (equal digests:
both trees played the same games). `--warmup-only` plays only the warm-up games (the instruction
counts of tools.bench --instructions subtract such a run).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

WARMUP_SEED_OFFSET = 100_000  # warm-up games never replay a timed game's seed


def main(argv: list[str]) -> int:
    warmup_only = "--warmup-only" in argv
    tree, workloads_text = (arg for arg in argv if arg != "--warmup-only")
    tree_path = Path(tree).resolve()
    sys.path.insert(0, str(tree_path))
    first_game = "game.goennen" if (tree_path / "game" / "goennen").is_dir() else "game"
    bots = importlib.import_module(f"{first_game}.ai")
    make_bot = bots.make_bot
    play_game = importlib.import_module(f"{first_game}.ai.play").play_game
    game_file = Path(sys.modules["game"].__file__ or "").resolve()  # which tree `game` came from
    if tree_path not in game_file.parents:
        sys.exit(f"timed_games: `game` was imported from {game_file}, not from {tree_path}")
    frozen = tree_path / "tests" / "game" / "data" / "deck-v2.toml"
    deck: dict[str, Any] = {}
    if frozen.exists():  # trees since f05946b: play_game takes a deck
        load_deck = getattr(importlib.import_module(f"{first_game}.engine"), "load_deck", None)
        if load_deck is not None:  # f05946b itself: the engine did not re-export it yet; its deck was v2
            deck = {"deck": load_deck(frozen)}
    report: dict[str, Any] = {}
    for load in json.loads(workloads_text):
        level, players, seed = load["level"], load["players"], load["seed"]
        for game_number in range(load["warmup"]):
            warmup_seed = WARMUP_SEED_OFFSET + seed + game_number
            play_game([make_bot(level) for _ in range(players)], warmup_seed, **deck)
        if warmup_only:
            continue
        digest = hashlib.sha256()
        wall, cpu = time.perf_counter(), time.thread_time()
        for game_number in range(load["games"]):
            record = play_game([make_bot(level) for _ in range(players)], seed + game_number, **deck)
            totals = " ".join(str(score.total) for score in record.outcome.scores)
            digest.update(f"{totals} / {record.turns}\n".encode())
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        report[load["name"]] = {"cpu_s": cpu, "wall_s": wall, "digest": digest.hexdigest()[:16]}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
