"""The first game's rulebook: its door's functions behind the one game interface
(game/kit/rulebook.py), for a table and the generic harness."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from game import ai
from game.chance import ChanceSource
from game.engine import (
    CHANCE_ACTIONS,
    MAX_SEATS,
    Action,
    Outcome,
    State,
    Turn,
    apply,
    decision_window,
    legal_actions,
    parse,
    read_sent_action,
    redact,
    result,
    view,
    whose_turn,
    window_seats,
)
from game.kit.rulebook import Decider
from game.match import Match, SeededMatch
from game.position import view_from_data, view_to_data
from game.serialize import FIRST_GAME, match_from_data, match_to_data


class FirstGame:
    """Gönnen Können: 1 to 4 seats (one seat is the solo game), bots easy to expert."""

    key = FIRST_GAME
    players = range(1, MAX_SEATS + 1)
    bot_levels = tuple(ai.LEVELS)

    def new_match(
        self,
        players: int,
        seed: int,
        *,
        first: int | None = None,
        solo_level: int | None = None,
        chance: ChanceSource | None = None,
    ) -> Match:
        return Match.new(players, seed, start_player=first, solo_level=solo_level, chance=chance)

    def replay(self, match: SeededMatch[Any, State, Action], actions: Iterable[Action]) -> Match:
        assert isinstance(match, Match)
        return Match.replay(match.setup, actions, deck=match.state.deck, chance=match.chance)

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
        return isinstance(action, CHANCE_ACTIONS)

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
        bot = ai.make_bot(level)

        def decide(state: State, rng: random.Random, budget: float) -> Action:
            return ai.decide(bot, state, rng, budget)

        return decide

    def match_to_data(self, match: SeededMatch[Any, State, Action]) -> dict[str, Any]:
        assert isinstance(match, Match)
        return match_to_data(match)

    def match_from_data(self, data: Mapping[str, Any], source: str) -> Match:
        return match_from_data(data, source)


FIRST_RULES = FirstGame()
