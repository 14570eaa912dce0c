"""The turn that ends the game: what closing a second column (on any sheet) is worth.

The sheet evaluation (game/penk/evaluate.py) counts the coming turns' circles, so a circle that
fills a second column looks like any other; but it makes the round the last, and then no sheet
gains those turns' circles, the others' included. The expert values such an end of its turn by the
margin it leaves: its own final total against the others' finals (known for the seats that do not
play again, by the exact odds for those still to play one turn, as in game/penk/endgame.py), in
place of its sheet's value against theirs over the turns the evaluation still counts, plus a
bonus for its chance to win then.
"""

from __future__ import annotations

import numpy as np

from game.penk.endgame import POINT, Rivals, rivals, win_values
from game.penk.evaluate import Model, sheet_value
from game.penk.scoring import score_sheet
from game.penk.sheet import Sheet
from game.penk.state import State

WIN_BONUS = 10.0  # points a sure win adds over an even chance when the turn ends the game


def ends_game(sheets: tuple[Sheet, ...]) -> bool:
    """Whether these sheets make the round the last (some sheet has 2 columns without a clear cell)."""
    return any(sheet.full_columns() >= 2 for sheet in sheets)


def closing_gain(
    state: State, sheets: tuple[Sheet, ...], turns: float, model: Model, win_bonus: float = WIN_BONUS
) -> float:
    """For the active seat of `state` (not yet in the last round), ending its turn with `sheets`,
    which end the game: the change of its margin over the others against going on, where the
    margin going on is each sheet's value over `turns` more turns."""
    seat = state.active
    others = [s for s in range(state.players) if s != seat]
    going_on = sheet_value(state.sheet, turns, None, model) - _mean(
        [sheet_value(state.sheets[s], turns, None, model) for s in others]
    )
    against = rivals(state.evolve(sheets=sheets, ending=True))
    assert against is not None  # the state is made the last round
    mine = score_sheet(seat, sheets[seat]).total
    final = mine - _mean(_expected_totals(against))
    win = float(win_values(np.array([sheets[seat].circled], dtype=np.int64), against)[0]) - POINT * mine
    return final - going_on + win_bonus * (win - 0.5)


def _expected_totals(against: Rivals) -> list[float]:
    totals = [float(total) for total, _ in against.done]
    totals += [float(np.dot(finals, np.arange(len(finals)))) for finals in against.coming]
    return totals


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
