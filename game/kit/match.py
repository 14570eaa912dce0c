"""What every game's match shares: one game's setup, every action played so far, and the state
they lead to, with chance drawn from its source at each step.

This is the one place that draws chance for a game. The engines are pure; a match asks its game for
the due chance event and samples the outcome with random bits derived from its chance source and the
number of actions so far (game/kit/chance.py). That derivation, rather than one long-lived
generator, is what lets a loaded game continue exactly as the original would have: the bits are a
function of the saved action list, so they need no saving of their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, Protocol, Self, TypeVar

from game.kit.chance import ChanceSource, RandomBits, SeededChance

MAX_CHANCE_IN_A_ROW = 10_000  # far above any real game; stops a runaway loop in advance()


class Seeded(Protocol):
    @property
    def seed(self) -> int: ...

    @property
    def players(self) -> int: ...


SetupT = TypeVar("SetupT", bound=Seeded)
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class SeededMatch(Generic[SetupT, StateT, ActionT]):
    """What every game's match shares: the setup, the actions so far (seat actions and chance
    outcomes, in order) and the current state, with chance drawn from its source at each step
    (the seed's unless another is given). Mutable on purpose: it is the driver, the state stays a
    value. A game's match says how its engine applies, samples and tells chance and the end
    (game/goennen/match.py, game/penk/match.py)."""

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
