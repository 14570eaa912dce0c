"""Penk!'s public vocabulary, the same as the first game's (game/goennen/engine.py):

    state = new_game(players=3, first=1)               # seat 1 marks the "!"
    whose_turn(state)                                  # Turn("chance"), Turn("seat", 1), Turn("end")
    legal_actions(state); apply(state, parse("circle 44J"))
    chance_outcomes(state) / sample_chance(state, rng) # the dice being rolled
    result(state)                                      # the Outcome once the game is over
    view(state, seat)                                  # Penk! hides nothing: the state itself

See docs/penk.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.kit.errors import SetupError
from game.kit.reasons import IllegalActionError
from game.kit.turn import Turn
from game.penk.scoring import SheetScore, score_sheet, winners
from game.penk.sheet import Sheet
from game.penk.state import MAX_SEATS, MIN_SEATS, State


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: every seat's score by rows and columns, and the winners."""

    scores: tuple[SheetScore, ...]
    winners: tuple[int, ...]
    tie_broken: bool  # the top total was shared and more circled cells decided


def new_game(players: int, *, first: int = 0) -> State:
    """A new game, waiting for the first player's roll."""
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise SetupError(f"Penk! has {MIN_SEATS} to {MAX_SEATS} players, not {players}")
    if not 0 <= first < players:
        raise SetupError(f"the first player must be a seat from 0 to {players - 1}")
    return State(players=players, first=first, sheets=(Sheet(),) * players, active=first)


def whose_turn(state: State) -> Turn:
    """Turn("seat", the active seat) when a player decides, else Turn("chance") or Turn("end")."""
    kind: Literal["seat", "chance", "end"] = (
        "end" if state.is_over else "chance" if state.is_chance else "seat"
    )
    return Turn(kind, state.active if kind == "seat" else None)


def current_scores(state: State) -> tuple[SheetScore, ...]:
    """The scores as they would stand if the game ended now."""
    return tuple(score_sheet(seat, sheet) for seat, sheet in enumerate(state.sheets))


def result(state: State) -> Outcome:
    """The final scores; only defined once the game is over."""
    if not state.is_over:
        raise IllegalActionError("not_over")
    scores = current_scores(state)
    won = winners(scores)
    top = max(score.total for score in scores)
    return Outcome(scores, won, sum(1 for s in scores if s.total == top) > len(won))


def view(state: State, seat: int | None) -> State:
    """What `seat` (None: a spectator) may see: everything, as Penk! has no hidden information
    (only the future dice are secret, and they are in no state)."""
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a game of {state.players}")
    return state
