"""A match: one game's setup, every action played so far, and the state they lead to.

The first game's Match on every game's SeededMatch (game/kit/match.py: the one place that draws
chance, from a source and the number of actions so far). The default source is the seed's
(SeededChance: ChanceStream(seed, step), game/kit/chance.py); a table that must keep the future
secret gives a KeyedChance instead, and the start player comes from the source too.

    match = Match.new(players=2, seed=7)
    match.advance()                        # deal and roll until a seat must decide
    match.play(parse("reroll YOG"))        # IllegalActionError if not allowed; nothing changes
    Match.replay(match.setup, match.actions).state == match.state
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game.goennen.actions import Action, Row
from game.goennen.chance import ChanceSource, KeyedChance, RandomBits, SeededChance, SystemChance
from game.goennen.deck import Deck
from game.goennen.engine import apply, apply_known, new_game, sample_chance
from game.goennen.state import CHANCE_PHASES, State
from game.kit.match import MAX_CHANCE_IN_A_ROW, Seeded, SeededMatch

__all__ = [
    "MAX_CHANCE_IN_A_ROW",
    "ChanceSource",
    "KeyedChance",
    "Match",
    "RandomBits",
    "SeededChance",
    "Seeded",
    "SeededMatch",
    "Setup",
    "SystemChance",
]


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything needed to start the same game again: seats, start player, level, seed, decks.

    `deck_order` fixes the order of one or both decks (first card drawn first); None shuffles.
    """

    players: int
    seed: int
    start_player: int
    solo_level: int | None = None
    deck_order: Mapping[Row, tuple[str, ...]] | None = field(default=None, hash=False)

    def start(self, deck: Deck | None = None) -> State:
        """The new game this setup describes (before any action)."""
        return new_game(
            self.players,
            start_player=self.start_player,
            solo_level=self.solo_level,
            deck=deck,
            deck_order=self.deck_order,
        )


class Match(SeededMatch[Setup, State, Action]):
    """A game of Gönnen Können in progress: its setup, the actions so far and the current state."""

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        start_player: int | None = None,
        solo_level: int | None = None,
        deck_order: Mapping[Row, Sequence[str]] | None = None,
        *,
        deck: Deck | None = None,
        chance: ChanceSource | None = None,
    ) -> Match:
        """A fresh match; without a start player, one is drawn from the chance source (the seed's
        unless `chance` is given), so a seeded match is replayable from its seed alone."""
        source = SeededChance(seed) if chance is None else chance
        if start_player is None:
            start_player = source.pick(f"{seed}:start", max(players, 1))
        order = None if deck_order is None else {row: tuple(cards) for row, cards in deck_order.items()}
        setup = Setup(players, seed, start_player, solo_level, order)
        return cls(setup, setup.start(deck), source)

    @classmethod
    def replay(
        cls,
        setup: Setup,
        actions: Iterable[Action],
        *,
        deck: Deck | None = None,
        chance: ChanceSource | None = None,
    ) -> Match:
        """Rebuild a match from its setup and actions; raises IllegalActionError at the first
        action that is not legal at its point (its index is `len(match.actions)` then). The past
        needs no chance source; `chance` is the one the match goes on with."""
        return cls(setup, setup.start(deck), chance).play_all(actions)

    # the engine's own functions serve as the match's hooks
    _apply = staticmethod(apply)
    _apply_known = staticmethod(apply_known)
    _sample = staticmethod(sample_chance)

    def _chance_due(self, state: State) -> bool:
        return state.phase in CHANCE_PHASES

    def _over(self, state: State) -> bool:
        return state.is_over
