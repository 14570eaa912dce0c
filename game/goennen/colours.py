"""The five colours of dice and cards, each with a letter (for text forms) and a glyph.

Every colour carries a distinct glyph so that no information is carried by colour alone
(rules-decisions.md section 1). The die of a colour is named by that colour: there is exactly one
die per colour, so `Colour.BLUE` is both "the blue die" and "blue".
"""

from __future__ import annotations

from enum import StrEnum


class Colour(StrEnum):
    """A die or card colour; the value is the one-letter code used in every text form."""

    YELLOW = "Y"
    ORANGE = "O"
    GREEN = "G"
    BLUE = "B"
    PURPLE = "P"

    slot: int  # position of this colour's die in a dice tuple (set below, once per member)

    @property
    def word(self) -> str:
        """The English word, as used in data files and messages."""
        return self.name.lower()

    @property
    def glyph(self) -> str:
        """The name of the shape drawn with this colour (the renderer draws it)."""
        return GLYPHS[self]

    @classmethod
    def from_word(cls, word: str) -> Colour:
        """Parse 'yellow' or 'Y' (any case); raises ValueError naming the bad word."""
        text = word.strip()
        for colour in cls:
            if text.lower() == colour.word or text.upper() == colour.value:
                return colour
        raise ValueError(f"unknown colour {word!r} (expected one of: {', '.join(c.word for c in cls)})")


COLOURS: tuple[Colour, ...] = tuple(Colour)
for _position, _colour in enumerate(COLOURS):
    # a plain attribute: a die's slot is read at every step, and a property with a look-up by
    # member hashes the member's name in Python each time
    _colour.slot = _position

GLYPHS: dict[Colour, str] = {
    Colour.YELLOW: "circle",
    Colour.ORANGE: "triangle",
    Colour.GREEN: "square",
    Colour.BLUE: "diamond",
    Colour.PURPLE: "star",
}
