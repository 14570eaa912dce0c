"""Why the rules refuse an action: a stable reason key, its parameters, and English words.

Every refusal the engines (the first game and Penk!) can give is listed in REASONS, key -> English
template. `IllegalActionError(key, **params)` carries the key and the parameters, so a screen
tells the reason in the player's language from its own catalogue (entry "refusal.<key>"); the
English message, `str(error)`, is for tools, logs and scenario files. Parameter names say what a
value is: `card` and names ending in `_card` hold card ids, `die` and `colour` colour words,
`market_row` "scoring" or "bonus"; the others are numbers or plain text.
"""

from __future__ import annotations

from typing import Any

REASONS: dict[str, str] = {
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
    "not_now": "'{action}' is not possible in your turn now",
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
    "game_over": "the game is over",
    "not_over": "the game is not over yet",
    # --- a table of players on different machines (game/seats.py and the table server)
    "not_your_turn": "it is not your turn",
    "not_seated": "you have no seat at this table; spectators only watch",
    "stale": "that move answers a position that has moved on; look at the table again",
    "chance_is_drawn": "the table rolls the dice and draws the cards itself",
    "window_closed": "your decision here is already made",
    "text_too_long": "an action is at most {most} characters long",
    "not_an_action": "that is not a move of this game",
    "old_version": "this table speaks another version of the game; update the game to join it",
    "not_host": "only the host can do that",
    "server_full": "this server holds as many tables as it can; try again later",
    "too_many_tables": "you have {most} open tables on this server already; finish one first",
    "server_busy": "the table changed under this move too often; send it again",
    "too_many_tries": "too many wrong codes from here; wait a minute and try again",
    "seat_taken": "that seat is taken",
    "seats_open": "every seat needs a player or a bot before the game starts",
    "already_started": "that table has started its game",
    "wrong_code": "no table has that code",
    "table_full": "that table is full",
    "wrong_token": "this seat's key does not match; join again with the code",
    "chat_line": "a chat line has 1 to {most} characters on one line",
    "chat_too_fast": "one chat line a second, please",
    # --- Penk!
    "penk.roll_first": "the dice must be rolled first",
    "penk.not_penk_action": "{action} is not a Penk! action",
    "penk.circle_first": "you must circle at least one cell before you stop",
    "penk.no_roll": "no dice are being rolled now",
    "penk.roll_count": "{rolling} dice are being rolled, not {faces}",
    "penk.faces": "a Penk! die shows 1 to 5 or the jolly",
    "penk.reroll_after_circle": "after circling a cell you may not reroll",
    "penk.rolled_three": "you have rolled three times: no more rerolls this turn",
    "penk.reroll_none": "name at least one die to reroll",
    "penk.reroll_on_table": "you can only reroll dice that are on the table",
    "penk.group_size": "a group has 1 to {most} dice, not {size}",
    "penk.jolly_alone": "a jolly is never used alone: a group needs a die showing a value",
    "penk.one_jolly": "a group may use at most one jolly",
    "penk.group_values": "the dice of a group must all show the same value (a jolly may stand in for one)",
    "penk.dice_not_free": "those dice are not free: each die serves one group only",
    "penk.cell_not_clear": "the cell in row {row}, column {column} is not clear",
    "penk.not_failed": "you have circled a cell: this roll has not failed",
    "penk.must_circle": "you can circle a cell with these dice, so you must circle one",
    "penk.column_range": "a column is 1 to {size}",
    "penk.column_full": "column {column} has no clear cell left: choose another",
}

Param = str | int


class IllegalActionError(ValueError):
    """The action is not allowed now: `key` (in REASONS) and `params` say why; str() in English."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(REASONS[key].format(**params))
        self.key = key
        self.params: dict[str, Param] = params

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt from key and parameters (across processes)
        return (_rebuild, (self.key, self.params))


def _rebuild(key: str, params: dict[str, Param]) -> IllegalActionError:
    return IllegalActionError(key, **params)
