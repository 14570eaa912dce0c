"""What one seat may see: nothing in the view tells where a hidden card is."""

import random
from dataclasses import replace

from game.goennen.actions import Row
from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.engine import apply, new_game, sample_chance, view
from game.goennen.match import Match
from game.goennen.state import After, Phase, Pile, State, Step


def _dealt(players: int, seed: int) -> State:
    rng = random.Random(seed)
    state = new_game(players)
    while state.phase == Phase.DRAW:
        state = apply(state, sample_chance(state, rng))
    return state


def test_others_dealt_cards_are_hidden_and_pooled_with_the_unseen_cards() -> None:
    state = _dealt(3, seed=3)
    seen = view(state, 0)
    pooled = set(seen.piles[0].unseen) | set(seen.piles[1].unseen)
    for other in (1, 2):
        assert all(card == "?" for card in seen.seats[other].hand)
        assert set(state.seats[other].hand) <= pooled
    assert seen.seats[0].hand == state.seats[0].hand


def test_the_view_does_not_depend_on_which_hidden_cards_another_seat_holds() -> None:
    state = _dealt(2, seed=5)
    # swap one of seat 1's scoring cards with one still in the deck: seat 0 must not notice
    from_deck = state.piles[0].unseen[0]
    from_hand = next(card for card in state.seats[1].hand if card.startswith("S"))
    hand = tuple(from_deck if card == from_hand else card for card in state.seats[1].hand)
    unseen = tuple(sorted(from_hand if card == from_deck else card for card in state.piles[0].unseen))
    step = Step(state).seat(1, replace(state.seats[1], hand=hand))
    swapped = step.pile(Row.SCORING, Pile(unseen, state.piles[0].bottom)).done()
    assert view(swapped, 0) == view(state, 0)
    assert view(swapped, 1) != view(state, 1)


def test_dealt_cards_are_held_only_while_the_opening_deal_is_set_up() -> None:
    # engine.view looks through the seats' hands only while `then` is SETUP
    seen = 0

    def watch(match: Match, seat: int, action: object) -> None:
        nonlocal seen
        state = match.state
        if any(seat.hand for seat in state.seats):
            assert state.then is After.SETUP
            seen += 1

    for players in (1, 2, 4):
        play_game([make_bot("easy")] * players, 17 + players, watch=watch)
    assert seen > 0
