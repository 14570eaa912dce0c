"""What the online screens say of the line and of the server's refusals, in the player's language."""

from __future__ import annotations

from game.goennen.engine import IllegalActionError, standard_deck
from scenes.core.i18n import t
from scenes.model.online.client import OnlineClient
from scenes.table.refusals import explain


def refusal_words(error: IllegalActionError) -> str:
    """The server's reason, told like the table tells the engine's (cards by their names)."""
    deck = standard_deck()
    return explain(error, lambda card_id: deck[card_id])


def line_words(client: OnlineClient) -> str:
    """How the line stands: connecting, trying again in so many seconds, or closed."""
    if client.line == "reconnecting":
        wait = client.retry_in if client.retry_in is not None else 1.0
        return t("online.line.reconnecting", seconds=max(1, round(wait)))
    if client.line == "closed":
        return t("online.line.closed")
    return t("online.line.connecting")
