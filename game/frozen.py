"""Building the engine's frozen values cheaply.

The engine's values (cards in a display, displays, seats, decks, actions) are frozen, slotted
dataclasses made afresh at every write, draw, roll and decision. Their generated __init__ sets each
field with object.__setattr__, which looks the slot up by name every time; a hand-written __init__
that calls the slots' own setters costs about 40 % less. tests/game/test_values.py checks that each
such __init__ takes and sets the fields exactly as the generated one would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any


def slot_setters(cls: type) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of a frozen dataclass's slots, in field order, for the class's own __init__."""
    return tuple(vars(cls)[f.name].__set__ for f in fields(cls))
