"""The one interface every game of the house implements, typed by its state and its action.

A table (game/kit/table.py), the generic test harness and, in time, the screens reach a game only
through its rulebook, so a third game is its own rules plus one `Rulebook` and one entry in the
registry (game/registry.py). Each game's door module already has these functions; its rulebook
(game/goennen/rulebook.py for the first game, game/penk/rulebook.py for Penk!) only lends them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from game.kit.chance import ChanceSource
from game.kit.match import SeededMatch
from game.kit.turn import Turn

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

# A bot as a table uses it: the state its seat decides in (the table shows the bot only that
# seat's view), a generator of its own, and a budget in seconds.
Decider = Callable[[StateT, random.Random, float], ActionT]


class Rulebook(Protocol[StateT, ActionT]):
    """What a game lends a table: its match, its rules, what each seat may know, bots, saves."""

    @property
    def key(self) -> str:
        """The game's name as its saves and the registry give it."""
        ...

    @property
    def players(self) -> range:
        """How many seats a game of it may have."""
        ...

    @property
    def bot_levels(self) -> tuple[str, ...]: ...

    def new_match(
        self,
        players: int,
        seed: int,
        *,
        first: int | None = None,
        solo_level: int | None = None,
        chance: ChanceSource | None = None,
    ) -> SeededMatch[Any, StateT, ActionT]:
        """A new match (before its first chance event); `first` None draws the start player."""
        ...

    def replay(
        self, match: SeededMatch[Any, StateT, ActionT], actions: Iterable[ActionT]
    ) -> SeededMatch[Any, StateT, ActionT]:
        """A new match of the same setup and chance source, with `actions` played (checked)."""
        ...

    def whose_turn(self, state: StateT) -> Turn: ...

    def legal_actions(self, state: StateT) -> list[ActionT]: ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after a legal action; IllegalActionError, with its reason, otherwise."""
        ...

    def parse(self, text: str) -> ActionT: ...

    def read_sent(self, text: str) -> ActionT:
        """A client's action text: short, ASCII, never chance (IllegalActionError otherwise)."""
        ...

    def is_chance(self, action: ActionT) -> bool: ...

    def view(self, state: StateT, seat: int | None) -> StateT:
        """What a seat, or a spectator (None), may see of the state."""
        ...

    def redact(self, before: StateT, action: ActionT, viewer: int | None) -> ActionT:
        """What `viewer` may read of `action`, played in `before`."""
        ...

    def window_seats(self, state: StateT) -> tuple[int, ...]:
        """The seats deciding at once now (empty where one seat decides)."""
        ...

    def decision_window(self, state: StateT, seat: int) -> StateT | None:
        """The state `seat` decides its open window in, or None."""
        ...

    def view_to_data(self, state: StateT, seat: int | None) -> dict[str, Any]: ...

    def view_from_data(self, data: Mapping[str, Any], source: str) -> StateT:
        """A view sent by a table, read back (PositionError naming `source` when it is wrong)."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def result(self, state: StateT) -> object:
        """The game's outcome (its own type), once it is over."""
        ...

    def solo_level(self, state: StateT) -> int | None:
        """The solo level a game is played at; None for a game of several seats (or no levels)."""
        ...

    def bot(self, level: str) -> Decider[StateT, ActionT]:
        """A fresh bot of a level; ValueError naming the levels for an unknown one."""
        ...

    def match_to_data(self, match: SeededMatch[Any, StateT, ActionT]) -> dict[str, Any]: ...

    def match_from_data(self, data: Mapping[str, Any], source: str) -> SeededMatch[Any, StateT, ActionT]:
        """A save's match, replayed; SaveError naming `source` when it cannot be used."""
        ...
