"""What every game's actions share: one canonical text per action, the error for a text that is
no action at all, and how a table reads an action a client sent.

Each game's actions are small values whose `str()` is their text and whose `parse` reads it back
(`parse(str(a)) == a`); the text is what logs, saves, scenario files and the table's messages hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from game.kit.reasons import IllegalActionError

MAX_ACTION_TEXT = 64  # the longest action text a table takes (the longest real one has 31)

ActionT = TypeVar("ActionT")


class ActionSyntaxError(ValueError):
    """The text is not an action at all (as opposed to a legal-looking action that is illegal)."""


class ActionText:
    """What every action of every game shares: its repr rebuilds it from its text, so a repr in a
    log or a failed test can be pasted back (`engine.parse('reroll YOG')`; Penk!'s say penk)."""

    __slots__ = ()
    DOOR: ClassVar[str] = "engine"  # the door whose parse reads the text

    def __repr__(self) -> str:
        return f"{self.DOOR}.parse({str(self)!r})"


def read_sent(text: str, parse: Callable[[str], ActionT], chance: tuple[type, ...]) -> ActionT:
    """An action as a client sent it, read with a game's `parse`: at most MAX_ACTION_TEXT
    printable ASCII characters, and never a chance outcome (one of `chance`), which the table
    draws itself. A table stores and sends `str()` of the result, the action's one canonical text,
    never the text it was sent. Raises IllegalActionError or ActionSyntaxError saying why."""
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalActionError("text_too_long", most=MAX_ACTION_TEXT)
    if not (text.isascii() and text.isprintable()):
        raise ActionSyntaxError("an action is written in plain letters, digits and signs (ASCII)")
    action = parse(text)
    if isinstance(action, chance):
        raise IllegalActionError("chance_is_drawn")
    return action
