"""A Penk! match: the setup, every action so far and the state, with chance drawn as in every
game (game/kit/match.py: each roll from the match's chance source at the number of actions so far, the
seed's by default, so a loaded game goes on exactly as the original would have).

    match = PenkMatch.new(players=3, seed=7)
    match.advance()                          # roll until a seat must decide
    match.play(parse("reroll 11J"))          # IllegalActionError if not allowed; nothing changes
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.kit.chance import ChanceSource, SeededChance
from game.kit.match import SeededMatch
from game.penk.actions import Action
from game.penk.chance import sample_chance
from game.penk.engine import new_game
from game.penk.rules import apply
from game.penk.state import State


@dataclass(frozen=True, slots=True)
class PenkSetup:
    """Everything needed to start the same game again: seats, the first player ("!") and seed."""

    players: int
    seed: int
    first: int

    def start(self) -> State:
        return new_game(self.players, first=self.first)


class PenkMatch(SeededMatch[PenkSetup, State, Action]):
    @classmethod
    def new(
        cls, players: int, seed: int, first: int | None = None, *, chance: ChanceSource | None = None
    ) -> PenkMatch:
        """A fresh match; without a first player, one is drawn from the chance source (the seed's
        unless `chance` is given), so a seeded match is replayable from its seed alone."""
        source = SeededChance(seed) if chance is None else chance
        if first is None:
            first = source.pick(f"penk:{seed}:first", max(players, 1))
        setup = PenkSetup(players, seed, first)
        return cls(setup, setup.start(), source)

    @classmethod
    def replay(
        cls, setup: PenkSetup, actions: Iterable[Action], *, chance: ChanceSource | None = None
    ) -> PenkMatch:
        """Rebuild a match from its setup and actions (IllegalActionError at an illegal one);
        `chance` is the source the match goes on with (the seed's by default)."""
        return cls(setup, setup.start(), chance).play_all(actions)

    # the engine's own functions serve as the match's hooks
    _apply = staticmethod(apply)
    _sample = staticmethod(sample_chance)

    def _chance_due(self, state: State) -> bool:
        return state.is_chance

    def _over(self, state: State) -> bool:
        return state.is_over
