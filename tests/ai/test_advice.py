"""Advice for a human (game/goennen/ai/advice.py) and the engine's "why not" (rules.refusal). A hint must be a
legal action at every kind of decision, the same for the same position, the adviser's own choice
(the hard bot with the expert's numbers), and carry the numbers its sentence names; `refusal` must
give the very reason `apply` refuses with, and None for a legal action."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from game.goennen.actions import Buy, Complete, Reroll, Row, Write
from game.goennen.ai import ADVISER, advise, chance_values, make_bot
from game.goennen.ai.advice import adviser
from game.goennen.ai.base import decide
from game.goennen.ai.play import play_game
from game.goennen.colours import COLOURS
from game.goennen.engine import IllegalActionError, apply, is_legal, refusal
from game.goennen.match import Match
from game.goennen.state import Phase


def test_advice_is_legal_with_its_numbers_at_every_kind_of_decision() -> None:
    kinds: Counter[str] = Counter()

    def watch(match: Match, seat: int, action: object) -> None:
        state = match.state
        advice = advise(state)
        assert advice.bot == ADVISER
        assert is_legal(state, advice.action), (str(advice.action), state.phase)
        assert advice.steps[0] == advice.action
        why = advice.why
        kinds[why.kind] += 1
        if why.kind == "keep":
            assert isinstance(advice.action, Reroll)
            assert why.chance is not None and 0.0 <= why.chance <= 1.0
            assert why.card is not None and why.gain > 0
            assert why.rerolled == len(advice.action.dice)
        if why.kind == "write":
            assert why.before is not None and why.after is not None and why.card is not None
        if why.kind in ("complete", "buy", "place"):
            assert why.card is not None

    play_game([make_bot("hard", unhurried=True), make_bot("normal", unhurried=True)], 11, watch=watch)
    play_game([make_bot("hard", unhurried=True)], 5, solo_level=1, watch=watch)
    for kind in ("keep", "write", "complete", "buy", "place", "pass", "setup_return", "remove"):
        assert kinds[kind] > 0, (kind, kinds)


def test_advice_is_the_advisers_choice_and_the_same_for_the_same_position() -> None:
    match = Match.new(2, 3, start_player=0)
    checked = 0
    while not match.is_over and checked < 60:
        match.advance()
        state = match.state
        if state.phase == Phase.OVER:
            break
        first, again = advise(state), advise(state)
        assert first == again
        bot = adviser(state.config.solo)
        bot.emergency_stop = math.inf
        assert first.action == decide(bot, state, random.Random(0))
        match.play(first.action)
        checked += 1
    assert checked == 60


def test_refusal_gives_the_reason_apply_refuses_with() -> None:
    match = Match.new(2, 7, start_player=0)
    while match.state.phase != Phase.ACTIVE or match.state.rolls != 1:
        match.advance()
        if match.state.phase != Phase.ACTIVE:
            match.play(decide(make_bot("easy"), match.state, random.Random(1)))
    state = match.state
    me = state.decider
    card = state.display(me).cards[0]
    wrongs = [
        Write(COLOURS[0], card.id, 0),  # a single field only as a chance
        Buy(Row.SCORING, 4, (COLOURS[0],)),  # slot 4 costs more than one die
        Complete(card.id, (COLOURS[0],)),  # too few dice for the card's fields
    ]
    keys = set()
    for action in wrongs:
        error = refusal(state, action)
        assert error is not None
        with pytest.raises(IllegalActionError) as raised:
            apply(state, action)
        assert (error.key, error.params) == (raised.value.key, raised.value.params)
        keys.add(error.key)
    assert keys >= {"write_not_chance"}
    assert refusal(state, Reroll(COLOURS)) is None


def test_no_advice_where_no_seat_decides() -> None:
    match = Match.new(2, 1, start_player=0)
    assert match.state.is_chance
    with pytest.raises(ValueError):
        advise(match.state)


CHANCE_OF_KIND = {"chance_write": {"write"}, "chance_take": {"take_s", "take_b"}, "chance_none": {"end"}}


def test_after_the_third_roll_the_hint_chooses_the_option_the_chance_values_mark() -> None:
    """One voice (issue 33): the chance buttons' best mark is the Hint's choice, with its number."""
    seen: Counter[str] = Counter()
    for seed in range(1, 9):
        match = Match.new(2, seed, start_player=0)
        while not match.is_over:
            match.advance()
            state = match.state
            if state.phase == Phase.OVER:
                break
            advice = advise(state)
            if state.phase == Phase.ACTIVE and state.rolls == 3 and not state.acted:
                values = chance_values(state)
                why = advice.why
                seen[values.best] += 1
                if why.kind in CHANCE_OF_KIND:
                    assert values.best in CHANCE_OF_KIND[why.kind], (seed, why, values)
                    shown = values.end if values.best == "end" else values.write
                    if values.best.startswith("take"):
                        shown = values.take[Row.SCORING if values.best == "take_s" else Row.BONUS]
                    if why.kind != "chance_none":
                        assert why.gain == pytest.approx(shown)
                    assert why.passed == values.act
                else:
                    assert why.kind in ("complete", "buy") and values.best == "act", (seed, why, values)
                    assert why.gain == pytest.approx(values.act)
                    assert all(v <= why.gain for v in [*values.take.values(), values.write or 0.0])
            match.play(advice.action)
    assert seen["act"] and (seen["take_s"] + seen["take_b"] + seen["write"]), seen
