"""How a full memory makes room (the oldest half goes): every game's, in game/kit/memo.py."""

from game.kit.memo import forget_oldest_half

__all__ = ["forget_oldest_half"]
