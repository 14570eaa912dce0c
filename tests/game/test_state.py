"""State.evolve: a copy with the changes made; a name that is no field is refused."""

from __future__ import annotations

import pytest

from game.goennen.engine import new_game
from game.goennen.state import Phase


def test_evolve_copies_with_the_changes_and_leaves_the_state_alone() -> None:
    state = new_game(2)
    changed = state.evolve(phase=Phase.ACTIVE, rolls=2)
    assert (changed.phase, changed.rolls) == (Phase.ACTIVE, 2)
    assert (state.phase, state.rolls) == (Phase.DRAW, 0)
    assert changed.seats is state.seats


def test_evolve_refuses_a_name_that_is_no_field() -> None:
    state = new_game(2)
    with pytest.raises(TypeError, match="no field \\['rols'\\]"):
        state.evolve(phase=Phase.ACTIVE, rols=2)
