"""The games as the app knows them: their names as the saves give them, and each game's typed
rulebook from the engine's registry (game/registry.py, the one interface of game/kit/rulebook.py),
so one GameSession (bots on their thread, undo, autosave, slots) serves every game of the house.
No pygame here.
"""

from __future__ import annotations

from typing import Any

from game.goennen.serialize import GAME_KEY
from game.registry import GAMES
from game.registry import Rulebook as GameRulebook

FIRST_GAME = "goennen-koennen"
PENK = "penk"

Rulebook = GameRulebook[Any, Any]

RULEBOOKS: dict[str, Rulebook] = GAMES
FIRST_RULES: Rulebook = GAMES[FIRST_GAME]
PENK_RULES: Rulebook = GAMES[PENK]


def rulebook_of(data: Any) -> Rulebook:
    """The rulebook of a save's parsed contents (a save naming no game is of the first game; one
    naming an unknown game goes to the first game's loader, which refuses it by name)."""
    key = data.get(GAME_KEY, FIRST_GAME) if isinstance(data, dict) else FIRST_GAME
    return RULEBOOKS.get(key, FIRST_RULES) if isinstance(key, str) else FIRST_RULES
