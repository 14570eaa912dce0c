"""Penk!'s bot levels by name, easy to expert (game/penk/bots.py, game/penk/expert.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.penk.bots import Bot, EasyBot, HardBot, NormalBot
from game.penk.expert import ExpertBot

LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(level: str) -> Bot:
    """A fresh bot of a level; ValueError naming the levels for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"unknown Penk! bot level {level!r} (expected one of: {', '.join(LEVELS)})")
    return LEVELS[level]()
