"""Bot games leave nothing behind but their bounded memories (issue 19, item 7).

The short form of `python -m tools.memory --bots-only` for the normal suite: with every memory the
engine and the bots keep between games emptied after each game, the Python heap after game 20 is
as large as after game 5, so whatever else a game left behind (a list of finished games, a cache
nobody bounds, a field on a shared card) shows up as growth. The memories it empties are found by
their kind, so a new one of a known kind is emptied too, and a new memory without a bound fails
`test_every_function_memory_in_game_has_a_bound`.
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import game
from game.goennen.ai import make_bot
from game.goennen.ai.kernels.cache import BoundedCache, RecentCache
from game.goennen.ai.kernels.keep_sums import CardFills
from game.goennen.ai.play import play_game
from game.goennen.deck import standard_deck

LEVELS = ("easy", "normal", "easy")
WARM_UP_GAMES = 5
MEASURED_GAMES = 15
# Measured over the 15 games: the heap moves by some 200 blocks (free lists, small-object pools);
# Task.best_sum remembered in a dictionary nothing empties adds some 7,300, a list keeping every
# game's record only some 300 (below what this check can tell from the wobble).
SLACK_BLOCKS = 1_500

# Function memories without a maxsize whose arguments come from a small fixed set (Penk!'s tables,
# its numbers of dice): they fill once and stay. Every other function memory in game/ names one.
FIXED_DOMAIN = {"game.penk.odds.tables", "game.penk.chance.roll_outcomes"}


def _game_modules() -> Iterator[ModuleType]:
    """Every module of the package game (each imported)."""
    yield game
    for found in pkgutil.walk_packages(game.__path__, "game."):
        yield importlib.import_module(found.name)


def _function_memories() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every functools memory defined at the top of a module in game/, by its dotted name."""
    for module in _game_modules():
        for name, value in vars(module).items():
            if callable(value) and hasattr(value, "cache_info") and value.__module__ == module.__name__:
                yield f"{module.__name__}.{name}", value


def _forget_everything() -> None:
    """Empty every memory the engine and the bots keep between games (except the deck)."""
    for module in _game_modules():
        for value in vars(module).values():
            if isinstance(value, (BoundedCache, RecentCache)):
                value.clear()
            elif isinstance(value, CardFills):
                value._fills.clear()
    for name, function in _function_memories():
        if name != "game.goennen.deck.standard_deck":
            function.cache_clear()
    for card in standard_deck().cards:
        for memory in (card.task._sums, card.task._takers, card.task._open_values, card.task._masks):
            memory.clear()


def _heap_after(games: range) -> int:
    for seed in games:
        play_game([make_bot(level) for level in LEVELS], seed)
        _forget_everything()
    gc.collect()
    return sys.getallocatedblocks()


def test_bot_games_leave_nothing_behind_but_their_memories() -> None:
    after_warm_up = _heap_after(range(1, 1 + WARM_UP_GAMES))
    after_more = _heap_after(range(100, 100 + MEASURED_GAMES))
    assert after_more - after_warm_up <= SLACK_BLOCKS, (after_warm_up, after_more)


def test_every_function_memory_in_game_has_a_bound() -> None:
    unbounded = [
        name
        for name, function in _function_memories()
        if function.cache_info().maxsize is None and name not in FIXED_DOMAIN
    ]
    assert not unbounded, f"memories without a maxsize (or add them to FIXED_DOMAIN): {unbounded}"
