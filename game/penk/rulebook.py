"""Penk!'s rulebook: its door's functions behind the one game interface (game/kit/rulebook.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from game.chance import ChanceSource
from game.kit.rulebook import Decider
from game.kit.turn import Turn
from game.match import SeededMatch
from game.penk.actions import Action, Roll, parse
from game.penk.engine import Outcome, result, view, whose_turn
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

    def whose_turn(self, state: State) -> Turn:
        return whose_turn(state)

    def legal_actions(self, state: State) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def parse(self, text: str) -> Action:
        return parse(text)

    def read_sent(self, text: str) -> Action:
        return read_sent_action(text)

    def is_chance(self, action: Action) -> bool:
        return isinstance(action, Roll)

    def view(self, state: State, seat: int | None) -> State:
        return view(state, seat)

    def redact(self, before: State, action: Action, viewer: int | None) -> Action:
        return redact(before, action, viewer)

    def window_seats(self, state: State) -> tuple[int, ...]:
        return window_seats(state)

    def decision_window(self, state: State, seat: int) -> State | None:
        return decision_window(state, seat)

    def view_to_data(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_to_data(state, seat)

    def view_from_data(self, data: Mapping[str, Any], source: str) -> State:
        return view_from_data(data, source)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def result(self, state: State) -> Outcome:
        return result(state)

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
