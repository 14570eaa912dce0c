"""What the new-game screen hands to the table scene: the seats and who starts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


BOT_LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: SeatKind
    level: str | None = None  # one of BOT_LEVELS for bots, None for humans


@dataclass(frozen=True)
class GameConfig:
    seats: tuple[SeatConfig, ...]  # 1 to 4, in seat order
    start_player: int | None = None  # a seat index, or None: chosen at random by the game
