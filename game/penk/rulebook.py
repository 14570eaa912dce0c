"""Penk!'s rulebook: its door's functions behind the one game interface (game/kit/rulebook.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from game.kit.chance import ChanceSource
from game.kit.match import SeededMatch
from game.kit.rulebook import Decider
from game.penk.actions import Action, Roll, parse
from game.penk.engine import result, view, whose_turn
from game.penk.levels import LEVELS, make_bot
from game.penk.match import PenkMatch
from game.penk.play import decide
from game.penk.rules import apply, legal_actions
from game.penk.saves import GAME, match_from_data, match_to_data
from game.penk.seats import (
    decision_window,
    read_sent_action,
    redact,
    view_from_data,
    view_to_data,
    window_seats,
)
from game.penk.state import MAX_SEATS, MIN_SEATS, State


class Penk:
    """Penk!: 2 to 4 seats, bots easy to hard; nothing hidden, no seats deciding at once."""

    key = GAME
    players = range(MIN_SEATS, MAX_SEATS + 1)
    bot_levels = tuple(LEVELS)

    def new_match(
        self,
        players: int,
        seed: int,
        *,
        first: int | None = None,
        solo_level: int | None = None,
        chance: ChanceSource | None = None,
    ) -> PenkMatch:
        if solo_level is not None:
            raise ValueError("Penk! has no solo levels")
        return PenkMatch.new(players, seed, first=first, chance=chance)

    def replay(self, match: SeededMatch[Any, State, Action], actions: Iterable[Action]) -> PenkMatch:
        assert isinstance(match, PenkMatch)
        return PenkMatch.replay(match.setup, actions, chance=match.chance)

    # the door's own functions serve as the rulebook's
    whose_turn = staticmethod(whose_turn)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    parse = staticmethod(parse)
    read_sent = staticmethod(read_sent_action)
    view = staticmethod(view)
    redact = staticmethod(redact)
    window_seats = staticmethod(window_seats)
    decision_window = staticmethod(decision_window)
    view_to_data = staticmethod(view_to_data)
    view_from_data = staticmethod(view_from_data)
    result = staticmethod(result)

    def is_chance(self, action: Action) -> bool:
        return isinstance(action, Roll)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def solo_level(self, state: State) -> int | None:
        return None  # Penk! has no solo levels

    def bot(self, level: str) -> Decider[State, Action]:
        bot = make_bot(level)

        def decide_for(state: State, rng: random.Random, budget: float) -> Action:
            return decide(bot, state, rng, budget)

        return decide_for

    def match_to_data(self, match: SeededMatch[Any, State, Action]) -> dict[str, Any]:
        assert isinstance(match, PenkMatch)
        return match_to_data(match)

    def match_from_data(self, data: Mapping[str, Any], source: str) -> PenkMatch:
        return match_from_data(data, source)


PENK_RULES = Penk()
