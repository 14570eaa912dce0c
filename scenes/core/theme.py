"""Colours of the game and of the interface, in one place.

Die and card colours follow the Okabe-Ito palette (designed to stay apart for the common kinds of
colour blindness), adapted to yellow/orange/green/blue/purple; every colour also carries its glyph.
Text on a colour uses whichever of ink or white contrasts more (WCAG contrast ratio).
"""

from __future__ import annotations

from game.goennen.engine import Colour

RGB = tuple[int, int, int]

COLOUR_RGB: dict[Colour, RGB] = {
    Colour.YELLOW: (240, 228, 66),  # Okabe-Ito yellow
    Colour.ORANGE: (230, 159, 0),  # Okabe-Ito orange
    Colour.GREEN: (0, 158, 115),  # Okabe-Ito bluish green
    Colour.BLUE: (0, 114, 178),  # Okabe-Ito blue
    Colour.PURPLE: (204, 121, 167),  # Okabe-Ito reddish purple
}

# Interface
FELT = (24, 66, 58)  # the table: a deep teal felt
FELT_DARK = (12, 36, 33)
FELT_LIGHT = (36, 92, 80)
PAPER = (250, 245, 232)  # cards and panels
PAPER_SHADE = (232, 224, 204)
INK = (34, 36, 48)
INK_SOFT = (92, 96, 112)
PEN = (28, 64, 160)  # values written by a player, like a blue pen
WHITE = (255, 255, 255)
CREAM = (255, 248, 225)
FOCUS = (255, 206, 84)  # the focus ring and highlights
DISABLED = (150, 150, 150)
SHADOW = (0, 0, 0)
WARNING = (178, 34, 34)
WHITE_FIELD = (255, 255, 255)


def relative_luminance(rgb: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: RGB, second: RGB) -> float:
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(background: RGB) -> RGB:
    """Ink or white, whichever reads better on `background`."""
    return INK if contrast_ratio(INK, background) >= contrast_ratio(WHITE, background) else WHITE


def darker(rgb: RGB, amount: float = 0.25) -> RGB:
    r, g, b = rgb
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def lighter(rgb: RGB, amount: float = 0.25) -> RGB:
    r, g, b = rgb
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


# each seat's colour at the table, in the log and on the score screens (seat 1 to 4)
SEAT_COLOURS = ((232, 96, 76), (80, 160, 230), (240, 190, 70), (150, 200, 110))
