"""A match: one game's setup, every action played so far, and the state they lead to.

This is the one place that draws chance for a game (architecture.md, "Rules engine"). The engine
itself is pure; a match asks it for the due chance event and samples the outcome with random bits
derived from its chance source and the number of actions so far. That derivation, rather than one
long-lived generator, is what lets a loaded game continue exactly as the original would have: the
bits are a function of the saved action list, so they need no saving of their own. The default
source is the seed's (game.chance.SeededChance: ChanceStream(seed, step)); a table that must keep
the future secret gives a KeyedChance instead, and the start player comes from the source too.

    match = Match.new(players=2, seed=7)
    match.advance()                        # deal and roll until a seat must decide
    match.play(parse("reroll YOG"))        # IllegalActionError if not allowed; nothing changes
    Match.replay(match.setup, match.actions).state == match.state
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, Self, TypeVar

from game.actions import Action, Row
from game.chance import ChanceSource, KeyedChance, RandomBits, SeededChance, SystemChance
from game.deck import Deck
from game.engine import apply, apply_known, new_game, sample_chance
from game.state import CHANCE_PHASES, State

MAX_CHANCE_IN_A_ROW = 10_000  # far above any real game; stops a runaway loop in advance()


class Seeded(Protocol):
    @property
    def seed(self) -> int: ...

    @property
    def players(self) -> int: ...


SetupT = TypeVar("SetupT", bound=Seeded)
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


__all__ = [
    "ChanceSource",
    "KeyedChance",
    "Match",
    "RandomBits",
    "SeededChance",
    "SeededMatch",
    "Setup",
    "SystemChance",
]


class SeededMatch(Generic[SetupT, StateT, ActionT]):
    """What every game's match shares: the setup, the actions so far (seat actions and chance
    outcomes, in order) and the current state, with chance drawn from its source at each step
    (the seed's unless another is given). Mutable on purpose: it is the driver, the state stays a
    value. A game's match says how its engine applies, samples and tells chance and the end
    (Match below, game/penk/match.py)."""

    def __init__(self, setup: SetupT, state: StateT, chance: ChanceSource | None = None) -> None:
        self.setup = setup
        self.state = state
        self.actions: list[ActionT] = []
        self.chance: ChanceSource = SeededChance(setup.seed) if chance is None else chance

    def _apply(self, state: StateT, action: ActionT) -> StateT:
        raise NotImplementedError

    def _apply_known(self, state: StateT, action: ActionT) -> StateT:
        """Apply an action the rules themselves listed (a sampled chance outcome) without checking
        it again; a game whose engine has no trusted apply checks it."""
        return self._apply(state, action)

    def _sample(self, state: StateT, rng: RandomBits) -> ActionT:
        raise NotImplementedError

    def _chance_due(self, state: StateT) -> bool:
        raise NotImplementedError

    def _over(self, state: StateT) -> bool:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self._over(self.state)

    def play_all(self, actions: Iterable[ActionT]) -> Self:
        """Play `actions` in order (a replay); IllegalActionError at the first that is not legal
        at its point (its index is `len(match.actions)` then)."""
        for action in actions:
            self.play(action)
        return self

    def play(self, action: ActionT) -> StateT:
        """Play a seat action or a chance outcome; the engine refuses illegal ones, changing nothing."""
        self.state = self._apply(self.state, action)
        self.actions.append(action)
        return self.state

    def play_known(self, action: ActionT) -> StateT:
        """Play an action known to be legal (a bot's decision, which it confirmed against the
        legal actions) without checking it again: the trusted path of simulations."""
        self.state = self._apply_known(self.state, action)
        self.actions.append(action)
        return self.state

    def resolve_chance(self) -> ActionT:
        """Sample and play the due chance event."""
        action = self._sample(self.state, self.chance.bits(len(self.actions)))
        self.play_known(action)  # an outcome the rules themselves listed
        return action

    def advance(self) -> list[ActionT]:
        """Resolve chance until a seat must decide or the game is over; returns the outcomes."""
        outcomes: list[ActionT] = []
        while self._chance_due(self.state):
            if len(outcomes) >= MAX_CHANCE_IN_A_ROW:
                raise RuntimeError("chance events do not stop; the turn flow is broken")
            outcomes.append(self.resolve_chance())
        return outcomes


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
