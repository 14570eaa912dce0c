"""Text from outside (the keyboard, a save) checked before it reaches the screen or a file.

The renderer refuses NUL characters and a name longer than its field breaks the layout, so every
name is cut to printable characters and the field's length where it enters the game.
"""

from __future__ import annotations

NAME_LIMIT = 16  # characters in a player's name (the New game field's length)


def printable(text: str, limit: int = NAME_LIMIT) -> str:
    """`text` without control, format or lone surrogate characters, cut to `limit` characters."""
    return "".join(character for character in text if character.isprintable())[:limit]
