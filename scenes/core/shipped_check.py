"""Every shipped file read once at start, so a damaged one is named on the first screen.

The layouts, fonts and catalogues are read when first needed and have a default when damaged
(scenes/core/shipped.py); reading them all here puts every damaged one in the title's notice
rather than one at a time as screens open. The deck has no default: `deck_problem` says what
is wrong with it, and the app then shows the reinstall screen.
"""

from __future__ import annotations

from game.goennen.engine import DECK_PATH, DeckError, standard_deck
from scenes.core import fonts, shipped
from scenes.core.i18n import FALLBACK, translator
from scenes.core.layout import REQUIRED, layout

__all__ = ["DECK_PATH", "deck_problem", "read_shipped_files"]


def deck_problem() -> str | None:
    """Why the shipped deck cannot be played (logged, technical), or None when it loads."""
    try:
        standard_deck()
    except (DeckError, RecursionError) as error:  # RecursionError: TOML nested past Python's stack
        shipped.report(DECK_PATH.name, str(error))
        return str(error)
    return None


def read_shipped_files(language: str) -> list[str]:
    """Read every layout, font and the catalogues in use; the names of the damaged files."""
    for name in REQUIRED:
        layout(name)
    for weight in fonts.WEIGHTS:
        fonts.font(fonts.LEGIBLE, weight)
    for code in {FALLBACK, language}:
        translator().catalogue(code)
    return shipped.damaged_files()
