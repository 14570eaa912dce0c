"""The engine's one-copy steps give the very state the step-by-step path gives, and a display's
remembered answers equal their definitions, over the states of seeded bot games.

Why: a passive write that closes its window, a turn that ends with nothing to refill, and the
last card of a market refill (which starts the next turn) are carried out in one copy of the
state (game/rules.py, game/flow.py) rather than step by step; the step-by-step path below is the
one source of truth they must agree with.
"""

from __future__ import annotations

from game import flow, rules
from game.actions import Write
from game.ai import make_bot
from game.ai.play import play_game
from game.cards import BonusKind
from game.display import Display, _legal_cells
from game.match import Match
from game.state import CLEARED_WINDOW, After, Phase, State
from game.writes import can_write, legal_writes


def _decision_states() -> list[State]:
    states: list[State] = []

    def watch(match: Match, seat: int, action: object) -> None:
        states.append(match.state)

    for seed in range(8):
        play_game([make_bot("easy") for _ in range(2 + seed % 3)], seed, watch=watch)
    for seed in range(4):
        play_game([make_bot("easy")], seed, solo_level=1 + seed, watch=watch)
    return states


_STATES = _decision_states()


def _passive_write_step_by_step(state: State, write: Write) -> State:
    extra = state.writes >= rules._free_writes(state)
    placed = rules._check_write(state, write)
    state = rules._write(state, write, placed)
    if extra:
        display = state.display(state.decider).spend_marks(BonusKind.EXTRA_DIE, 1)
        state = state.with_display(state.decider, display)
    more_dice = rules.usable_dice(state)
    if rules._may_write_more(state) and more_dice and can_write(state, state.decider, more_dice):
        return state
    return rules._close_passive_window(state)


def test_a_passive_write_is_the_write_then_the_window_closing_step_by_step() -> None:
    checked = 0
    for state in _STATES:
        if state.phase not in (Phase.PASSIVE, Phase.SOLO_PASSIVE) or not rules._may_write_more(state):
            continue
        for write in legal_writes(state, rules.usable_dice(state)):
            assert rules.apply(state, write) == _passive_write_step_by_step(state, write), str(write)
            checked += 1
    assert checked > 1000


def _turn_end_step_by_step(state: State) -> State:
    state = flow._queue_refills(
        state,
        {
            "rerolls_last_turn": max(0, state.rolls - 1),
            "chance": None,
            "then": After.SOLO_MOVE if state.config.solo else After.NEXT_TURN,
            **CLEARED_WINDOW,
        },
    )
    return flow.settle(state)


def test_a_turn_end_is_the_market_refill_then_the_next_step() -> None:
    without_refills = 0
    for state in _STATES:
        if state.phase is not Phase.ACTIVE:
            continue
        without_refills += None not in state.market[0] and None not in state.market[1]
        assert flow.end_active_turn(state) == _turn_end_step_by_step(state)
    assert without_refills > 200


def test_a_display_remembers_what_its_definitions_give() -> None:
    displays: dict[int, Display] = {}
    for state in _STATES:
        for seat in state.seats:
            displays[id(seat.display)] = seat.display
    for display in displays.values():
        for kind in BonusKind:
            assert display.marks_left(kind) == sum(p.marks_left for p in display if p.card.bonus == kind)
        assert display.legal_cells() == _legal_cells(display.positions())
        expected = [(p, *p.card.task.open_fields(p.filled)) for p in display if not p.completed]
        assert list(display.open_cards()) == expected
        taken = 0
        for _, _, masks in expected:
            for mask in masks:
                taken |= mask
        assert display.dice_taken() == taken
    assert len(displays) > 500


def _market_draw_step_by_step(state: State, card: str) -> State:
    target = state.draws[0]
    piles = state.piles_with(target.row, state.pile(target.row).without(card))
    state = state.with_market_slot(target.row, target.index + 1, card, piles=piles, draws=state.draws[1:])
    return flow.settle(state)


def test_a_refill_draw_is_the_card_into_the_market_then_the_next_step() -> None:
    last_draws = 0  # the last card of a refill starts the next turn in the same copy
    for state in _STATES:
        if state.phase is not Phase.ACTIVE or not state.acted:
            continue
        state = flow.end_active_turn(state)
        while state.phase is Phase.DRAW:
            card = state.pile(state.draws[0].row).next_cards()[-1]
            last_draws += len(state.draws) == 1 and state.then is After.NEXT_TURN
            after = flow.apply_draw(state, card)
            assert after == _market_draw_step_by_step(state, card)
            state = after
    assert last_draws > 100
