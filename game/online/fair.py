"""Dice everybody can check: a table commits to its chance key before the first roll and reveals
it when the game ends, so anyone can recompute every roll, draw and the start player.

    commitment(key)                          # sent to every seat when it joins, before any roll
    check_game(rules, save, key, commitment) # after the game: Verdict(ok, step, reason)

The commitment is a BLAKE2b hash of the key: it tells nothing of the key (so nothing of a
future roll), and no other key has the same hash, so the table cannot change its dice later.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from game.goennen.chance import KEY_BYTES, KeyedChance
from game.goennen.reasons import IllegalActionError
from game.kit.rulebook import Rulebook


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a check of a finished game found: ok, or the first step that does not follow."""

    ok: bool
    reason: str  # "ok", "commitment" (the key is not the one committed to), "start", "chance",
    # "illegal" (an action the rules refuse), "save" (the save cannot be read, or its game is
    # not over)
    step: int | None = None  # the index of the first action that does not follow


def commitment(key: bytes) -> str:
    return hashlib.blake2b(key, digest_size=32, person=b"gk-commit").hexdigest()


def check_game(rules: Rulebook[Any, Any], save: dict[str, Any], key: bytes, committed: str) -> Verdict:
    """Recompute the start player and every chance outcome of a saved game from `key`, after
    checking the key against the commitment made before the first roll."""
    if len(key) != KEY_BYTES or not hmac.compare_digest(commitment(key), committed):
        return Verdict(False, "commitment")
    texts = save.get("actions") if isinstance(save, dict) else None
    try:
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise ValueError("no actions")
        setup = rules.match_from_data({**save, "actions": []}, "the game to check").setup
        actions = [rules.parse(text) for text in texts]
    except ValueError:
        return Verdict(False, "save")
    again = rules.new_match(setup.players, setup.seed, chance=KeyedChance(key))
    if again.setup != setup:  # the start player drawn from the key is not the one played
        return Verdict(False, "start", 0)
    for index, action in enumerate(actions):
        if rules.whose_turn(again.state).kind == "chance":
            if str(again.resolve_chance()) != str(action):
                return Verdict(False, "chance", index)
            continue
        try:
            again.play(action)
        except IllegalActionError:
            return Verdict(False, "illegal", index)
    if not rules.is_over(again.state):
        return Verdict(False, "save", len(actions))  # a game that did not end proves nothing yet
    return Verdict(True, "ok")
