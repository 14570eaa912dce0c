"""The bot interface: a bot is a function of (view, legal actions, rng, time budget) -> action.

Why this shape (docs/bots.md, "The interface"): a bot sees only what its seat may see, so it is
handed `engine.view(state, seat)`, never the state itself; it gets its random generator passed in,
so a seeded game replays exactly; and it gets a time budget in seconds, so a screen can keep
animating while it thinks. The legal actions are listed lazily: the engine's full list is costly
(31 rerolls, every assignment of dice to every card, every single-field write), and a bot that
builds its chosen action itself need not pay for it. Such a bot confirms its action with
`action in legal`, which runs the engine's own check (on the real state when `decide` asked)
without carrying the action out.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Protocol, overload

from game.goennen.actions import Action
from game.goennen.engine import IllegalActionError, apply, is_legal, legal_actions, view
from game.goennen.state import State

DEFAULT_BUDGET = 0.25  # seconds per decision, the hard bot's aim (its budget is 300 ms at p95)


class LegalActions(Sequence[Action]):
    """The legal actions at a view, listed only when first read.

    `action in legal` runs the engine's check on `referee` (the real state, when the caller has it)
    rather than on the view: the decider's actions are legal in both alike (the view hides only
    others' cards and the decks' order).
    """

    __slots__ = ("_state", "_referee", "_items")  # one is made at every decision

    def __init__(self, state: State, referee: State | None = None) -> None:
        self._state = state
        self._referee = state if referee is None else referee
        self._items: list[Action] | None = None

    def _list(self) -> list[Action]:
        if self._items is None:
            self._items = legal_actions(self._state)
        return self._items

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        if self._items is not None:
            return action in self._items
        return is_legal(self._referee, action)  # type: ignore[arg-type]


class Bot(Protocol):
    """Anything that decides for a seat. `name` names the level in reports."""

    name: str

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action: ...


def decide(bot: Bot, state: State, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
    """Ask `bot` for the decision due in `state` (a seat's), showing it only that seat's view."""
    seen = view(state, state.decider)
    return bot(seen, LegalActions(seen, referee=state), rng, budget)


def decision_key(state: State) -> Hashable:
    """What identifies one decision of the decider, for plans spread over several steps.

    Why not the whole view: a step such as returning a card changes hidden parts (the pile's
    bottom), which the real view and a bot's own simulation show differently; those parts never
    change the decider's next choice.
    """
    me = state.decider
    return (
        state.phase,
        me,
        state.active,
        state.round,
        state.rolls,
        state.dice,
        state.used,
        state.writes,
        state.deltas,
        state.recolours,
        state.seats[me],
        state.market,
        state.chance,
    )


class PlanCache:
    """Steps a bot planned ahead within one decision, keyed by the decision they answer."""

    def __init__(self) -> None:
        self._steps: dict[Hashable, Action] = {}

    def store(self, state: State, steps: Sequence[Action]) -> None:
        """Remember `steps` from `state` on: each step keyed by the state it will be due in."""
        self._steps.clear()
        for step in steps:
            self._steps[decision_key(state)] = step
            try:
                state = apply(state, step)
            except IllegalActionError:
                break
            if state.is_chance:
                break

    def next_step(self, state: State) -> Action | None:
        return self._steps.pop(decision_key(state), None)
