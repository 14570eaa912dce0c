"""A game's history, step by step, for the replay viewer: the state before and after every action,
who played it, and where each turn and round begins.

Made from an archived record (validated by replaying it, as a save is) or from the session of the
unfinished game on the table, of either game (`game`: Penk!'s states are its own, its rounds
counted from 1: `round_index` gives every game's round from 0). Read-only: nothing here plays on or
saves. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.goennen.match import Match
from game.penk import PenkMatch
from scenes.model.rulebooks import FIRST_GAME
from scenes.model.session import GameSession


@dataclass(frozen=True)
class Move:
    """Action number `index` (0-based): who played it (None: chance) in which round."""

    index: int
    seat: int | None
    action: Any  # the game's action (the first game's or Penk!'s)
    round: int


class Replay:
    """states[i] is the table before action i (states[-1]: after the last one). A first game's
    states are `game.goennen.engine.State`s, a Penk! game's `game.penk.State`s (`game` says which)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session  # names, seats and bot levels; its match stays as it was
        self.game = session.game
        played = session.match
        match: Any
        if isinstance(played, PenkMatch):
            match = PenkMatch(played.setup, played.setup.start())
        else:
            match = Match(played.setup, played.setup.start(session.state.deck))
        self.states: list[Any] = [match.state]
        self.moves: list[Move] = []
        for index, action in enumerate(played.actions):
            before = match.state
            seat = session.rules.whose_turn(before).seat
            match.play_known(action)  # the session's actions were checked when it was made
            self.moves.append(Move(index, seat, action, before.round - self.states[0].round))
            self.states.append(match.state)
        self.turn_starts = [0] + [
            i for i in range(1, len(self.moves)) if _turn_key(self.states[i]) != _turn_key(self.states[i - 1])
        ]

    @classmethod
    def of_record(cls, record: Any, source: str) -> Replay:
        """The replay of an archived or shared save; SaveError naming `source` when it is refused."""
        return cls(GameSession.from_data(record, Path(source)))

    @property
    def steps(self) -> int:
        """How many actions the game has: the viewer's positions are 0..steps."""
        return len(self.moves)

    def state(self, step: int) -> Any:
        return self.states[self._clamp(step)]

    def _clamp(self, step: int) -> int:
        return max(0, min(step, self.steps))

    def next_turn(self, step: int) -> int:
        """The first step of the turn after the one `step` is in (the end after the last turn)."""
        return next((start for start in self.turn_starts if start > step), self.steps)

    def previous_turn(self, step: int) -> int:
        """The start of the turn `step` is in; from a turn's start, the start of the one before."""
        earlier = [start for start in self.turn_starts if start < step]
        return earlier[-1] if earlier else 0

    @property
    def is_first_game(self) -> bool:
        return self.game == FIRST_GAME

    def round_index(self, step: int) -> int:
        """The round (0-based, in either game) of the table before action `step`."""
        return int(self.state(step).round - self.states[0].round)

    @property
    def rounds(self) -> int:
        return self.round_index(self.steps) + 1

    def round_start(self, round_index: int) -> int:
        """The step where round `round_index` (0-based) begins."""
        return next((i for i in range(len(self.states)) if self.round_index(i) >= round_index), self.steps)

    def played(self, step: int) -> list[Move]:
        """The moves made before `step` (the log as it stood)."""
        return self.moves[: self._clamp(step)]


def _turn_key(state: Any) -> tuple[int, int]:
    return (state.round, state.active)
