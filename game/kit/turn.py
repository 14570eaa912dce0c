"""Whose decision it is, in every game: a seat's, chance's, or nobody's (the game is over)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose decision it is: a seat's, chance's, or nobody's (the game is over)."""

    kind: Literal["seat", "chance", "end"]
    seat: int | None = None
