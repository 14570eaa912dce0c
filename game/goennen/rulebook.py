"""The first game's rulebook: its door's functions behind the one game interface
(game/kit/rulebook.py), for a table and the generic harness."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from game.goennen import ai
from game.goennen.chance import ChanceSource
from game.goennen.engine import (
    CHANCE_ACTIONS,
    MAX_SEATS,
    Action,
    State,
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
from game.goennen.match import Match, SeededMatch
from game.goennen.position import view_from_data, view_to_data
from game.goennen.serialize import FIRST_GAME, match_from_data, match_to_data
from game.kit.rulebook import Decider


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
        return isinstance(action, CHANCE_ACTIONS)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def solo_level(self, state: State) -> int | None:
        return state.config.solo_level

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
