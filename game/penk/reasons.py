"""Why Penk!'s rules refuse an action: its reason keys ("penk.<name>") and their English words.

The error and the table's own reasons are every game's (game/kit/reasons.py); the door
(game/penk/__init__.py) imports this module first, so every Penk! module raises with them added.
"""

from __future__ import annotations

from game.kit.reasons import add_reasons

PENK_REASONS: dict[str, str] = {
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

add_reasons(PENK_REASONS)
