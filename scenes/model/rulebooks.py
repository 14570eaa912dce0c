"""What a game session needs from each game's door, so one GameSession (bots on their thread, undo,
autosave, slots) serves every game of the house.

A rulebook names the game as its saves do (game.serialize.GAME_KEY) and lends the session its
engine's functions: who decides, the legal actions, a new match, bots, and the save's data. No
pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import game.penk as penk
from game import ai
from game.engine import legal_actions, result, whose_turn
from game.match import ChanceSource, Match
from game.serialize import GAME_KEY, match_from_data, match_to_data

FIRST_GAME = "goennen-koennen"
PENK = "penk"


@dataclass(frozen=True)
class Rulebook:
    key: str  # as the save names the game ("game" key; absent: the first game)
    # (players, seed, first, solo level, chance source: None for the seed's)
    new_match: Callable[[int, int, int | None, int | None, ChanceSource | None], Any]
    whose_turn: Callable[[Any], Any]
    legal_actions: Callable[[Any], list[Any]]
    make_bot: Callable[[str], Any]
    decide: Callable[[Any, Any, random.Random, float], Any]
    to_data: Callable[[Any], dict[str, Any]]
    from_data: Callable[[Any, str], Any]  # (parsed save, source) -> match; SaveError if unusable
    solo_level: Callable[[Any], int | None]  # of a state
    result: Callable[[Any], Any]  # the outcome of a finished game's state
    bot_levels: tuple[str, ...]  # the levels make_bot knows


def _first_match(
    players: int, seed: int, first: int | None, solo_level: int | None, chance: ChanceSource | None
) -> Match:
    return Match.new(players, seed, start_player=first, solo_level=solo_level, chance=chance)


def _penk_match(
    players: int, seed: int, first: int | None, _solo_level: int | None, chance: ChanceSource | None
) -> penk.PenkMatch:
    return penk.PenkMatch.new(players, seed, first=first, chance=chance)


FIRST_RULES = Rulebook(
    key=FIRST_GAME,
    new_match=_first_match,
    whose_turn=whose_turn,
    legal_actions=legal_actions,
    make_bot=ai.make_bot,
    decide=ai.decide,
    to_data=match_to_data,
    from_data=lambda data, source: match_from_data(data, source),
    solo_level=lambda state: state.config.solo_level,
    result=result,
    bot_levels=tuple(ai.LEVELS),
)

PENK_RULES = Rulebook(
    key=PENK,
    new_match=_penk_match,
    whose_turn=penk.whose_turn,
    legal_actions=penk.legal_actions,
    make_bot=penk.make_bot,
    decide=penk.decide,
    to_data=penk.match_to_data,
    from_data=penk.match_from_data,
    solo_level=lambda _state: None,
    result=penk.result,
    bot_levels=tuple(penk.LEVELS),
)

RULEBOOKS = {book.key: book for book in (FIRST_RULES, PENK_RULES)}


def rulebook_of(data: Any) -> Rulebook:
    """The rulebook of a save's parsed contents (a save naming no game is of the first game; one
    naming an unknown game goes to the first game's loader, which refuses it by name)."""
    key = data.get(GAME_KEY, FIRST_GAME) if isinstance(data, dict) else FIRST_GAME
    return RULEBOOKS.get(key, FIRST_RULES) if isinstance(key, str) else FIRST_RULES
