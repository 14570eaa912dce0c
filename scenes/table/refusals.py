"""Why the engine refused a move, told in the player's language.

The engine's IllegalActionError carries a stable reason key and its parameters (game/goennen/reasons.py);
the catalogues tell each key as "refusal.<key>", with the card's name and the colour in the
player's language. The English message of the error is never shown.
"""

from __future__ import annotations

from game.goennen.engine import COLOURS, IllegalActionError
from scenes.core.i18n import t
from scenes.render.card_names import CardLookup, name_of
from scenes.table.words import colour_word

_COLOURS = {colour.word: colour for colour in COLOURS}


def catalogue_key(reason: str) -> str:
    """The catalogue entry that tells an engine reason key."""
    return f"refusal.{reason}"


def explain(error: IllegalActionError, lookup: CardLookup) -> str:
    """The engine's reason in the player's language; `lookup`: the deck's cards by id."""
    params: dict[str, object] = {}
    for name, value in error.params.items():
        if name == "card" or name.endswith("_card"):
            params[name] = name_of(str(value), lookup)
        elif name in ("die", "colour") and value in _COLOURS:
            params[name] = colour_word(_COLOURS[str(value)])
        else:
            params[name] = value
    return t(catalogue_key(error.key), **params)
