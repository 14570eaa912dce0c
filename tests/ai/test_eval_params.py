"""The evaluation's numbers (EvalParams): the defaults are the hard bot's, the expert's own see a
9th card end a game with others and count what that takes from the leading opponent."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.goennen.ai import make_bot
from game.goennen.ai.evaluate import DEFAULT_PARAMS, EvalParams, Evaluator
from game.goennen.ai.expert.tuned import TUNED_PARAMS
from game.goennen.ai.play import play_game
from game.goennen.display import MAX_CARDS
from game.goennen.match import Match
from game.goennen.state import MARKET_SLOTS, ROWS, Phase, State
from tools import tune_expert


def _eight_cards_active(players: int, solo_level: int | None = None) -> State:
    """An active turn of a seat holding 8 cards, before anyone placed a 9th."""
    found: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        state = match.state
        if (
            not found
            and state.phase == Phase.ACTIVE
            and state.last_round is None
            and len(state.display(state.active)) == MAX_CARDS - 1
        ):
            found.append(state)

    for seed in range(1, 30):
        play_game([make_bot("hard") for _ in range(players)], seed, solo_level=solo_level, watch=watch)
        if found:
            return found[0]
    raise AssertionError("no game reached an 8-card display")


def test_the_defaults_are_the_hard_bots_numbers() -> None:
    hard = make_bot("hard")
    assert hard.ev.params == DEFAULT_PARAMS == EvalParams()  # type: ignore[attr-defined]
    assert not DEFAULT_PARAMS.full_ends and DEFAULT_PARAMS.rival_weight == 0.0
    assert make_bot("expert").ev.params == TUNED_PARAMS != DEFAULT_PARAMS  # type: ignore[attr-defined]
    other = dataclasses.replace(DEFAULT_PARAMS, focus=0.3)
    assert make_bot("hard", params=other).ev.params == other  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="evaluation numbers"):
        make_bot("expert", params=other)


def test_a_ninth_card_ends_a_game_with_others_only_in_the_eyes_that_see_it() -> None:
    state = _eight_cards_active(2)
    me = state.active
    plain = Evaluator(True)
    seeing = Evaluator(True, dataclasses.replace(DEFAULT_PARAMS, full_ends=True))
    assert plain.turns(state, me, True) == plain.turns(state, me, False) > 1.0
    assert seeing.turns(state, me, True) == 1.0
    assert seeing.turns(state, me, False) == plain.turns(state, me, False)


def test_the_rival_weight_counts_what_the_end_takes_from_the_leader() -> None:
    state = _eight_cards_active(2)
    me = state.active
    own = state.display(me)
    cells = own.legal_cells()
    ids = [state.market_card(row, slot) for row in ROWS for slot in range(1, MARKET_SLOTS + 1)]
    card = state.card(next(card_id for card_id in ids if card_id is not None))
    without = Evaluator(True, dataclasses.replace(DEFAULT_PARAMS, full_ends=True))
    weighted = Evaluator(True, dataclasses.replace(DEFAULT_PARAMS, full_ends=True, rival_weight=1.0))
    full = own.place(card, cells[0])
    gain = weighted.value(state, me, full) - without.value(state, me, full)
    assert gain > 0.0  # the leader has open cards, and the end comes sooner than the pace says
    other = 1 - me
    now = without.value(state, other)
    assert gain <= now + 1e-9  # never more than all the leader still expects
    # placements agree with valuing the placed display, and the held display gains nothing
    assert weighted.place_values(state, me, own, card, cells)[0] == pytest.approx(
        weighted.value(state, me, full)
    )
    assert weighted.value(state, me) == without.value(state, me)


def test_solo_games_have_no_rival_to_count() -> None:
    state = _eight_cards_active(1, solo_level=1)
    weighted = Evaluator(True, dataclasses.replace(DEFAULT_PARAMS, rival_weight=1.0))
    assert weighted._ending_gain(state, 0) == 0.0


def test_the_tuning_tool_compares_candidates_on_common_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert tune_expert.read_params("tuned") == TUNED_PARAMS
    assert tune_expert.read_params("focus=0.6,full_ends=1") == dataclasses.replace(
        DEFAULT_PARAMS, focus=0.6, full_ends=True
    )
    with pytest.raises(ValueError, match="unknown number"):
        tune_expert.read_params("speed=3")
    assert tune_expert.main(["--try", "focus=0.6", "--try", "focus=0.5", "--deals", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["candidate"] for row in rows] == ["focus=0.6", "focus=0.5"]
    # the defaults against the defaults: each deal's two games are mirror images
    assert rows[1]["win_rate"][0] == 0.5 and rows[1]["points_lead"][0] == 0.0
