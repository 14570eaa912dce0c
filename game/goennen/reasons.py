"""Why the first game's rules refuse an action: its reason keys and their English words.

The error and the table's own reasons are every game's (game/kit/reasons.py); importing this module
adds the first game's to REASONS. Parameter names say what a value is (game/kit/reasons.py).
"""

from __future__ import annotations

from game.kit.reasons import REASONS, IllegalActionError, Param, add_reasons

__all__ = ["FIRST_GAME_REASONS", "REASONS", "IllegalActionError", "Param"]

FIRST_GAME_REASONS: dict[str, str] = {
    # --- the first game: dice and bonus marks
    "die_not_yours": "the {die} die is not yours to use now",
    "die_used": "the {die} die is already used this turn",
    "die_already_used": "the {die} die is already used",
    "not_rerolled": "the {die} die was not rerolled; take one of the rerolled dice",
    "no_plus_minus_mark": "you have no plus/minus mark left",
    "die_range": "a die counts 1 to 6; the {die} die cannot go to {value}",
    "no_recolour_mark": "you have no recolour mark left",
    "already_recoloured": "the {die} die already counts as {colour}",
    "recolour_same": "the {die} die is already {die}",
    # --- the opening deal and placing cards
    "return_first": "first put one of your four cards back under its deck",
    "not_dealt": "card {card} is not among your dealt cards",
    "place_kept": "place your kept cards in your display",
    "not_kept": "card {card} is not among your kept cards",
    "cell": (
        "a card cannot go to {row},{col}: it must touch a card by an edge or a corner, on a free cell, "
        "and the display must stay within 3 by 3"
    ),
    "must_place_bought": "a bought card must be placed",
    "place_first": "place card {card} first",
    "place_other": "the card to place is {card}, not {offered_card}",
    # --- the active player's turn
    "reroll_after_use": "you already used dice this turn, so you cannot reroll",
    "rolled_three": "you have rolled three times; use the dice, take a chance or end the turn",
    "reroll_none": "choose at least one die to reroll",
    "end_early": "you may stop before the third roll only by completing or buying a card; otherwise reroll",
    "write_not_chance": (
        "you may write single fields only as a chance: after the third roll, "
        "before completing or buying anything"
    ),
    "take_not_chance": (
        "you may take a card from a deck only as a chance: after the third roll, "
        "before completing or buying anything"
    ),
    "deck_empty": "that deck is empty",
    # --- completing a card
    "not_in_display": "card {card} is not in your display",
    "card_complete": "card {card} is already complete",
    "field_count": "card {card} has {fields} fields",
    "fill_all": "you must fill every empty field of card {card} at once; field {field} is empty",
    "die_does_not_fit": "the {die} die ({value}) does not fit field {field} ({field_text}) of card {card}",
    "task_unfulfilled": "these dice do not fulfil the task of card {card} ({task_text})",
    # --- writing one die into one field
    "no_field": "card {card} has no field {field}",
    "field_filled": "field {field} of card {card} is already filled",
    "field_number": "field {field} of card {card} needs a {number}, the die counts {value}",
    "field_colour": "field {field} of card {card} needs the {colour} die",
    "field_impossible": "a {value} in field {field} would make card {card} impossible to complete",
    "write_or_end": "write a die into a field, or end your turn",
    "written_all": "you have written all the dice you may; pass",
    "write_or_pass": "write one of the dice into a field, or pass",
    # --- buying
    "slot_empty": "slot {slot} of the {market_row} row is empty",
    "display_full": "your display already holds 9 cards",
    "discount_too_large": "the card costs {cost} dice; a larger discount is no use",
    "discount_marks": "you do not have that many discount marks left",
    "buy_cost": "slot {slot} costs {cost} equal dice; you offered {offered}",
    "buy_cost_discounted": (
        "slot {slot} costs {cost} equal dice, {payable} with your discount; you offered {offered}"
    ),
    "buy_equal": "the dice for a purchase must all show the same number",
    # --- solo round counter, wild colours, chance, the end
    "remove_slot_4": "take the card in slot 4 of one market row out of the game",
    "remove_empty": "slot 4 of that row is empty; take the card of the other row",
    "choose_wild": "choose the colour of your completed wild-colour card",
    "not_wild": "card {card} is not a completed wild-colour card without a colour",
    "roll_now": "the dice must be rolled now",
    "roll_other_dice": "this roll throws the dice {wanted}, not {rolled}",
    "draw_now": "a card must be drawn now",
    "draw_other": "card {card} cannot come next from that deck",
}

add_reasons(FIRST_GAME_REASONS)
