"""How many hints a game used: a number in the session's context, so it is saved with the game
(every save writes the context) and survives Continue. A save from before hints existed has no
such entry and loads with 0; a damaged entry counts as 0 too, never as a refusal of the save.

What a hint changes (docs/scenes.md, "Hints"): the game is kept and marked on its result, in the
solo records and in the archive; it may win its level; it never sets a best score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

HINTS = "hints"  # the context's key


class HasContext(Protocol):
    context: dict[str, Any]

    def save(self) -> object: ...


def hints_used(context: Mapping[str, Any]) -> int:
    """The hints counted in a session's context (0 for old saves and damaged entries)."""
    value = context.get(HINTS, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return 0
    return value


def count_hint(session: HasContext) -> int:
    """One more hint for this game, saved at once (a game quit right after still shows it)."""
    count = hints_used(session.context) + 1
    session.context[HINTS] = count
    session.save()
    return count


def without_hints(context: Mapping[str, Any]) -> dict[str, Any]:
    """The context for a new game started from this one (Restart, Play again): no hints yet."""
    return {key: value for key, value in context.items() if key != HINTS}
