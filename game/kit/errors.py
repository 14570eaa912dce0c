"""The named errors every game raises besides a refused action (game/kit/reasons.py): a setup that
cannot start a game, and a position written by hand that cannot be built."""

from __future__ import annotations


class SetupError(ValueError):
    """A game cannot be started with these settings; the message says which one is wrong."""


class PositionError(ValueError):
    """A position cannot be built; the message names the source, the key and the reason."""

    def __init__(self, source: str, key: str, reason: str) -> None:
        super().__init__(f"{source}: key '{key}': {reason}")
        self.source = source
        self.key = key
        self.reason = reason
