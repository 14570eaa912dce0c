"""Why a game refuses an action: a stable reason key, its parameters, and English words.

Every refusal a game of the house can give is a key of REASONS, key -> English template: the
table's own (turns, seats, the table server) are listed here, and each game adds its own from its
reasons module (`add_reasons`: game/goennen/reasons.py for the first game, game/penk/reasons.py with keys
"penk.<name>"), which that game's rules import. `IllegalActionError(key, **params)` carries the key
and the parameters, so a screen tells the reason in the player's language from its own catalogue
(entry "refusal.<key>"); the English message, `str(error)`, is for tools, logs and scenario files.
Parameter names say what a value is: `card` and names ending in `_card` hold card ids, `die` and
`colour` colour words, `market_row` "scoring" or "bonus"; the others are numbers or plain text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

REASONS: dict[str, str] = {
    # --- every game's turn
    "not_now": "'{action}' is not possible in your turn now",
    "game_over": "the game is over",
    "not_over": "the game is not over yet",
    # --- a table of players on different machines (the seats' doors, kit/table.py, the server)
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
}

Param = str | int


def add_reasons(reasons: Mapping[str, str]) -> None:
    """Add a game's refusals to REASONS; a key another game already uses with other words is a
    ValueError, so two games never tell one key two ways."""
    for key, template in reasons.items():
        if REASONS.get(key, template) != template:
            raise ValueError(f"the refusal {key!r} is already told as {REASONS[key]!r}")
    REASONS.update(reasons)


class IllegalActionError(ValueError):
    """The action is not allowed now: `key` (in REASONS) and `params` say why; str() in English."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(REASONS[key].format(**params))
        self.key = key
        self.params: dict[str, Param] = params

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt from key, parameters and words (across processes)
        return (_rebuild, (self.key, self.params, str(self)))


def _rebuild(key: str, params: dict[str, Param], words: str) -> IllegalActionError:
    """The error as it was raised, in its words: the receiving process may not have imported the
    game whose reasons module told them."""
    error = IllegalActionError.__new__(IllegalActionError)
    ValueError.__init__(error, words)
    error.key = key
    error.params = dict(params)
    return error
