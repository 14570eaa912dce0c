"""The games of the house by name, as OpenSpiel registers its games: a table, the generic test
harness and the screens find a game's rulebook here. A third game adds its rules under game/ and
one entry below."""

from __future__ import annotations

from typing import Any

from game.goennen.rulebook import FIRST_RULES
from game.kit.rulebook import Rulebook
from game.penk.rulebook import PENK_RULES

__all__ = ["GAMES", "Rulebook", "rulebook"]

GAMES: dict[str, Rulebook[Any, Any]] = {rules.key: rules for rules in (FIRST_RULES, PENK_RULES)}


def rulebook(key: str) -> Rulebook[Any, Any]:
    """The rulebook of a game by its name; KeyError naming the games for an unknown one."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"no game {key!r} (the games are {', '.join(GAMES)})") from None
