"""What each seat may know in Penk!, the same doors as the first game's (game/goennen/seats.py).

Penk! hides nothing: every sheet and die on the table is public and only the future dice are
secret, so every seat and every spectator reads every action as it is. One seat decides at a time
(the active player; the other sheets are crossed by the rules, not by their owners), so no window
is ever open. A view on paper is the position format itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.kit.action_text import read_sent
from game.penk.actions import Action, Roll, parse
from game.penk.engine import view
from game.penk.position import position_from_data, position_to_data
from game.penk.state import State


def redact(before: State, action: Action, viewer: int | None) -> Action:
    """`action` as `viewer` may read it: as it is, since Penk! has no hidden cards."""
    return action


def window_seats(state: State) -> tuple[int, ...]:
    """No seats decide at once in Penk!: the active player decides alone."""
    return ()


def decision_window(state: State, seat: int) -> State | None:
    """Never a window: see window_seats."""
    return None


def read_sent_action(text: str) -> Action:
    """A Penk! action as a client sent it (game/kit/action_text.py, read_sent): a roll is the table's."""
    return read_sent(text, parse, (Roll,))


def view_to_data(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) may see of `state`, on paper: the whole position."""
    return position_to_data(view(state, seat))


def view_from_data(data: Mapping[str, Any], source: str) -> State:
    """A view written by view_to_data, read back."""
    return position_from_data(data, source)
