"""An action's repr rebuilds it: `engine.parse('reroll YOG')`, `penk.parse('circle 44J')`."""

from __future__ import annotations

import random

import game.penk as penk
from game import engine
from game.ai import make_bot
from game.ai.play import play_game


def test_every_action_of_a_game_of_each_kind_rebuilds_from_its_repr() -> None:
    first = play_game([make_bot("easy")] * 3, 4).actions
    played = penk.PenkMatch.new(2, 4)
    rng = random.Random(4)
    bots = [penk.make_bot("easy"), penk.make_bot("easy")]
    while not played.is_over:
        played.advance()
        if not played.is_over:
            played.play(penk.decide(bots[played.state.active], played.state, rng))
    for action in [*first, *played.actions]:
        assert eval(repr(action), {"engine": engine, "penk": penk}) == action
        assert not hasattr(action, "__dict__")  # still a slotted value
    assert repr(first[0]).startswith("engine.parse('draw ")
