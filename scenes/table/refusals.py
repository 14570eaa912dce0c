"""Why the engine refused a move, told in the player's language.

The engine's IllegalActionError says why in English words with card ids ("field 1 of card S04 needs
the blue die"). Each reason a player can run into at the table is recognised here by its pattern and
told through the catalogues (`refusal.*`), with the card's name and the colour in the player's
language; a reason not known here is told as a plain "not allowed now" rather than in English.
"""

from __future__ import annotations

import re

from game.engine import COLOURS
from scenes.core.i18n import t
from scenes.render.card_names import CardLookup, name_of
from scenes.table.words import colour_word

_CARD = r"card (?P<card>[A-Z]\d+)"
_DIE = r"the (?P<die>[a-z]+) die"
REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (rf"field (?P<field>\d+) of {_CARD} is already filled", "refusal.field_filled"),
        (
            rf"field (?P<field>\d+) of {_CARD} needs a (?P<number>\d), the die counts (?P<value>-?\d+)",
            "refusal.field_number",
        ),
        (rf"field (?P<field>\d+) of {_CARD} needs the (?P<colour>[a-z]+) die", "refusal.field_colour"),
        (
            rf"a (?P<value>-?\d+) in field (?P<field>\d+) would make {_CARD} impossible to complete",
            "refusal.field_impossible",
        ),
        (rf"{_DIE} was not rerolled; take one of the rerolled dice", "refusal.not_rerolled"),
        (rf"{_DIE} is already used( this turn)?", "refusal.die_used"),
        (rf"{_DIE} is not yours to use now", "refusal.die_used"),
        (
            rf"you must fill every empty field of {_CARD} at once; field (?P<field>\d+) is empty",
            "refusal.fill_all",
        ),
        (
            rf"{_DIE} \((?P<value>-?\d+)\) does not fit field (?P<field>\d+) \(.*\) of {_CARD}",
            "refusal.die_does_not_fit",
        ),
        (rf"these dice do not fulfil the task of {_CARD} \(.*\)", "refusal.task_unfulfilled"),
        (r"you already used dice this turn, so you cannot reroll", "refusal.reroll_after_use"),
        (r"you have rolled three times; .*", "refusal.rolled_three"),
        (r"choose at least one die to reroll", "refusal.reroll_none"),
        (r"you may stop before the third roll only .*", "refusal.end_early"),
        (r"a card cannot go to .*", "refusal.cell"),
        (r"the dice for a purchase must all show the same number", "refusal.buy_equal"),
        (
            r"slot (?P<slot>\d) costs (?P<cost>\d) equal dice.*; you offered (?P<offered>\d+)",
            "refusal.buy_cost",
        ),
        (r"your display already holds 9 cards", "refusal.display_full"),
        (r"you have written all the dice you may; pass", "refusal.written_all"),
        (r"you have no plus/minus mark left", "refusal.no_marks"),
        (r"you have no recolour mark left", "refusal.no_marks"),
        (rf"a die counts 1 to 6; {_DIE} cannot go to (?P<value>-?\d+)", "refusal.die_range"),
    )
)
_COLOURS = {colour.word: colour for colour in COLOURS}


def known(reason: str) -> str | None:
    """The catalogue key that tells this reason, or None."""
    for pattern, key in REASONS:
        if pattern.fullmatch(reason):
            return key
    return None


def explain(reason: str, lookup: CardLookup) -> str:
    """The engine's reason in the player's language; `lookup`: the deck's cards by id."""
    for pattern, key in REASONS:
        found = pattern.fullmatch(reason)
        if found is None:
            continue
        params: dict[str, object] = {}
        for name, value in found.groupdict().items():
            if value is None:
                continue
            if name == "card":
                params[name] = name_of(value, lookup)
            elif name in ("die", "colour") and value in _COLOURS:
                params[name] = colour_word(_COLOURS[value])
            else:
                params[name] = value
        return t(key, **params)
    return t("refusal.other")
