"""A match: one game's setup, every action played so far, and the state they lead to.

This is the one place that draws chance for a game (architecture.md, "Rules engine"). The engine
itself is pure; a match asks it for the due chance event and samples the outcome with random bits
derived from (seed, number of actions so far) (game.chance.ChanceStream). That derivation, rather
than one long-lived generator, is what lets a loaded game continue exactly as the original would
have: the bits are a function of the saved action list, so they need no saving of their own.

    match = Match.new(players=2, seed=7)
    match.advance()                        # deal and roll until a seat must decide
    match.play(parse("reroll YOG"))        # IllegalActionError if not allowed; nothing changes
    Match.replay(match.setup, match.actions).state == match.state
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game.actions import Action, Row
from game.chance import ChanceStream
from game.deck import Deck
from game.engine import apply, apply_known, new_game, sample_chance
from game.state import CHANCE_PHASES, State

MAX_CHANCE_IN_A_ROW = 10_000  # far above any real game; stops a runaway loop in advance()


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


class Match:
    """A game in progress: its setup, the actions so far (seat actions and chance outcomes, in
    order) and the current state. Mutable on purpose: it is the driver, the state stays a value."""

    def __init__(self, setup: Setup, state: State) -> None:
        self.setup = setup
        self.state = state
        self.actions: list[Action] = []

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
    ) -> Match:
        """A fresh match; without a start player, one is drawn from the seed (so it is replayable)."""
        if start_player is None:
            start_player = random.Random(f"{seed}:start").randrange(max(players, 1))
        order = None if deck_order is None else {row: tuple(cards) for row, cards in deck_order.items()}
        setup = Setup(players, seed, start_player, solo_level, order)
        return cls(setup, setup.start(deck))

    @classmethod
    def replay(cls, setup: Setup, actions: Iterable[Action], *, deck: Deck | None = None) -> Match:
        """Rebuild a match from its setup and actions; raises IllegalActionError at the first
        action that is not legal at its point (its index is `len(match.actions)` then)."""
        match = cls(setup, setup.start(deck))
        for action in actions:
            match.play(action)
        return match

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def play(self, action: Action) -> State:
        """Play a seat action or a chance outcome; the engine refuses illegal ones, changing nothing."""
        self.state = apply(self.state, action)
        self.actions.append(action)
        return self.state

    def resolve_chance(self) -> Action:
        """Sample and play the due chance event (a roll or a card draw)."""
        action = sample_chance(self.state, ChanceStream(self.setup.seed, len(self.actions)))
        self.state = apply_known(self.state, action)  # an outcome the rules listed: legal
        self.actions.append(action)
        return action

    def advance(self) -> list[Action]:
        """Resolve chance until a seat must decide or the game is over; returns the outcomes."""
        outcomes: list[Action] = []
        while self.state.phase in CHANCE_PHASES:
            if len(outcomes) >= MAX_CHANCE_IN_A_ROW:
                raise RuntimeError("chance events do not stop; the turn flow is broken")
            outcomes.append(self.resolve_chance())
        return outcomes
