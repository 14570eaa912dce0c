"""Penk! positions as data: a state from a scenario file's keys, and back.

    game = "penk"                  # names the game (tools.scenario dispatches on it)
    players = 2                    # 2 to 4 (default: as many as [[seats]], else 2)
    first = 0                      # the seat with the "!" (default 0)
    active = 0                     # whose turn (default: first)
    phase = "choose"               # roll, choose, circle or over (default: roll)
    rolls = 1                      # rolls made this turn (default: 1 with dice, else 0)
    dice = "11345J"                # the dice on the table (in roll: the kept ones)
    used = "11"                    # the dice grouped this turn (phase circle)
    groups = 1                     # groups circled this turn (default: 1 in circle, else 0)
    round = 1
    ending = false                 # default: whether a sheet already has 2 full columns
    [[seats]]
    sheet = "o.... ..... ..... ..... x...."   # rows 1..5: o circled, x crossed, . clear

Errors are game.goennen.position.PositionError, naming the key and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.kit.errors import PositionError
from game.penk.dice import DICE, contains, dice_text, read_dice
from game.penk.sheet import Sheet, read_sheet
from game.penk.state import GROUPS_PER_TURN, MAX_SEATS, MIN_SEATS, ROLLS_PER_TURN, Phase, State

GAME_KEY = "game"
GAME = "penk"
POSITION_KEYS = frozenset(
    {
        GAME_KEY,
        "players",
        "first",
        "active",
        "phase",
        "rolls",
        "dice",
        "used",
        "groups",
        "round",
        "ending",
        "seats",
    }
)
EMPTY_SHEET = "..... ..... ..... ..... ....."


def _whole(data: Mapping[str, Any], key: str, default: int, low: int, high: int, source: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(source, key, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _dice(data: Mapping[str, Any], key: str, source: str) -> tuple[int, ...]:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise PositionError(source, key, 'must be text such as "1134J"')
    try:
        return read_dice(value)
    except ValueError as error:
        raise PositionError(source, key, str(error)) from None


def _sheets(data: Mapping[str, Any], players: int, source: str) -> tuple[Sheet, ...]:
    seats = data.get("seats", [])
    if not isinstance(seats, list) or len(seats) not in (0, players):
        raise PositionError(source, "seats", f"must list all {players} seats or none")
    sheets = []
    for index, seat in enumerate(seats):
        key = f"seats[{index}]"
        if not isinstance(seat, dict) or set(seat) - {"sheet"}:
            raise PositionError(source, key, "must be a table with only a 'sheet' key")
        text = seat.get("sheet", EMPTY_SHEET)
        try:
            sheets.append(read_sheet(text if isinstance(text, str) else ""))
        except ValueError as error:
            raise PositionError(source, f"{key}.sheet", str(error)) from None
    return tuple(sheets) or (Sheet(),) * players


def position_from_data(
    data: Mapping[str, Any], source: str, *, ignore: frozenset[str] = frozenset()
) -> State:
    """The state the keys describe; PositionError naming the first wrong key."""
    unknown = sorted(set(data) - POSITION_KEYS - ignore)
    if unknown:
        raise PositionError(source, unknown[0], "unknown key (see docs/penk.md)")
    if data.get(GAME_KEY, GAME) != GAME:
        raise PositionError(source, GAME_KEY, f'a Penk! position says game = "{GAME}"')
    seats = data.get("seats", [])
    players = _whole(
        data, "players", len(seats) if isinstance(seats, list) and seats else 2, MIN_SEATS, MAX_SEATS, source
    )
    first = _whole(data, "first", 0, 0, players - 1, source)
    active = _whole(data, "active", first, 0, players - 1, source)
    try:
        phase = Phase(data.get("phase", "roll"))
    except ValueError:
        raise PositionError(source, "phase", f"must be one of {', '.join(p.value for p in Phase)}") from None
    dice = _dice(data, "dice", source)
    used = _dice(data, "used", source)
    sheets = _sheets(data, players, source)
    rolls = _whole(data, "rolls", 1 if dice and phase is not Phase.ROLL else 0, 0, ROLLS_PER_TURN, source)
    groups = _whole(data, "groups", 1 if phase is Phase.CIRCLE else 0, 0, GROUPS_PER_TURN, source)
    round_number = _whole(data, "round", 1, 1, 1000, source)
    full = any(sheet.full_columns() >= 2 for sheet in sheets)
    ending = data.get("ending", full)
    if not isinstance(ending, bool):
        raise PositionError(source, "ending", f"must be true or false, not {ending!r}")
    if phase in (Phase.CHOOSE, Phase.CIRCLE) and (len(dice) != DICE or rolls < 1):
        raise PositionError(source, "dice", f"a seat decides with all {DICE} dice rolled at least once")
    if phase is Phase.ROLL and len(dice) >= DICE:
        raise PositionError(source, "dice", "in phase roll, `dice` are the kept ones: fewer than six")
    if not contains(dice, used) or (used and phase is not Phase.CIRCLE):
        raise PositionError(source, "used", "the used dice must be among the dice, and only in phase circle")
    return State(
        players=players,
        first=first,
        sheets=sheets,
        active=active,
        phase=phase,
        round=round_number,
        rolls=rolls,
        rolling=DICE - len(dice) if phase is Phase.ROLL else 0,
        dice=dice,
        used=used,
        groups=groups,
        ending=ending,
    )


def position_to_data(state: State) -> dict[str, Any]:
    """The keys of a state, read back by position_from_data to an equal state."""
    return {
        GAME_KEY: GAME,
        "players": state.players,
        "first": state.first,
        "active": state.active,
        "phase": state.phase.value,
        "rolls": state.rolls,
        "dice": dice_text(state.dice),
        "used": dice_text(state.used),
        "groups": state.groups,
        "round": state.round,
        "ending": state.ending,
        "seats": [{"sheet": sheet.text().replace("\n", " ")} for sheet in state.sheets],
    }
