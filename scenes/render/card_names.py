"""A card's name as a player reads it, in the current language: never its id (S23, B03).

A scoring card is called by its title from the deck, translated through the catalogues
(`deck.title.<title-in-lower-case>`); a title the catalogues do not know yet (a new deck version)
is shown as the deck writes it. A bonus card has no title: it is called by its power and colour
("Extra die (green)"), the wild-colour card by its power alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.goennen.engine import Card, CardKind
from scenes.core.i18n import t

CardLookup = Callable[[str], Card]


def title_key(title: str) -> str:
    # the title in lower case, words joined by "-": a key of letters, digits and dashes
    return "deck.title." + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def card_name(card: Card) -> str:
    if card.kind == CardKind.SCORING or card.bonus is None:
        key = title_key(card.title)
        text = t(key)
        return card.title if text == key else text
    power = t(f"deck.bonus.{card.bonus.value}")
    if card.colour is None:
        return power
    return t("deck.bonus_name", power=power, colour=t(f"colour.{card.colour.word}"))


def name_of(card_id: str, lookup: CardLookup) -> str:
    """The name of the card with this id, or a neutral word if the deck does not hold it."""
    try:
        return card_name(lookup(card_id))
    except KeyError:
        return t("deck.unknown_card")
