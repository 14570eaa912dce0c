"""The keep decision's shortcuts: the gains of sure completions valued together are the evaluator's
own numbers, and skipping the odds when the plan at hand gains enough changes no decision."""

from __future__ import annotations

import random

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import Evaluator
from game.goennen.ai.hard import HardBot
from game.goennen.ai.normal import NormalBot
from game.goennen.ai.play import play_game
from game.goennen.engine import view
from game.goennen.match import Match
from game.goennen.state import Phase, State


def _keep_states(seed: int, levels: tuple[str, ...], solo_level: int | None = None) -> list[State]:
    """Views of active seats with rolls left, from one bot game."""
    seen: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        state = match.state
        if state.phase == Phase.ACTIVE and state.rolls < 3 and not state.acted:
            seen.append(view(state, seat))

    play_game([make_bot(level) for level in levels], seed, solo_level=solo_level, watch=watch)
    return seen


@pytest.mark.parametrize(
    ("seed", "levels", "solo_level"), [(2, ("normal", "normal"), None), (3, ("hard",), 4)]
)
def test_sure_gains_are_the_evaluators_numbers(
    seed: int, levels: tuple[str, ...], solo_level: int | None
) -> None:
    checked = 0
    for bot in (NormalBot(), HardBot()):
        for state in _keep_states(seed, levels, solo_level)[::2]:
            me = state.decider
            ev = Evaluator(bot.foresight)
            base = ev.value(state, me)
            ids = [card_id for card_id, _ in bot.open_cards(state)]
            plain = [Evaluator(bot.foresight).value(state, me, sure={i: 1.0}) - base for i in ids]
            assert bot.sure_gains(state, base, ids) == plain
            checked += len(ids)
    assert checked > 50


def test_keep_skipped_only_where_acting_wins() -> None:
    """With `acting` at least the mean sure gain, keep returns None at once; the full keep would
    have expected no more than `acting` (the chance to complete is at most 1)."""
    checked = 0
    rng = random.Random(1)
    for state in _keep_states(4, ("normal", "normal")):
        bot = NormalBot()
        me = state.decider
        base = bot.ev.value(state, me)
        full, expected = bot.keep(state, base, 3 - state.rolls, 1e18)
        acting = rng.uniform(0.0, 3.0)
        reroll, bound = bot.keep(state, base, 3 - state.rolls, 1e18, acting)
        if reroll is None and bound <= acting:
            assert expected <= acting
            checked += 1
        else:
            assert (reroll, bound) == (full, expected)
    assert checked > 5
