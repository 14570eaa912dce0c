"""The table server's messages: one JSON object per WebSocket text frame, its type in `t`.

A client's message is checked whole before anything reads it: a known type, only its own keys,
each of its type (`decode`); anything else is a ProtocolError and the server closes that
connection. The server's messages are built by the room (game/online/room.py) and sent as they are.

client -> server
    hello     proto, game, and one of: players with name and timers (opening a table, as its
              host; timers "off", "normal" or "fast"),
              invite (a join code) with name, watch (a watch code), or
              table + seat + token (resuming, with since: the last version seen)
    act       seq (the seat's count of actions taken, as the last step said), a (the action text)
    chat      text
    bots      seat, level (the host: a bot at an open seat, or level "" for a person again)
    start     (the host)
    takeback  (a player whose seat a bot played while they were gone)
server -> client
    welcome   seat (None: a spectator), token (on joining only), table, game, codes (the host),
              commit (the hash of the chance key, before any roll: game/online/fair.py),
              among_friends (the table runs in a player's game, which holds the key)
    lobby     seats: [{name, kind, level, taken, present}], started, game, timers (also sent
              right after every welcome, so a seat that comes back knows the names)
    step      v, events [[seat, text]...], view, deciders, deadline, left (seconds until the
              deadline, None: no limit), seq, away (seats a bot plays while their player is gone)
    refused   reason, params (REASONS keys: the client says them in its language)
    chat      seat, name, text
    over      key (revealed once the game is over), commit, save (setup and every action)
"""

from __future__ import annotations

import json
from typing import Any

PROTOCOL = 1
MAX_FRAME = 4096  # bytes of one message from a client
MAX_CHAT = 200  # characters of one chat line
MAX_NAME = 24  # characters of a player's name

_FIELDS: dict[str, dict[str, tuple[type, bool]]] = {  # type -> key -> (value type, required)
    "hello": {
        "proto": (int, True),
        "game": (str, True),
        "table": (str, False),
        "invite": (str, False),
        "watch": (str, False),
        "seat": (int, False),
        "token": (str, False),
        "name": (str, False),
        "since": (int, False),
        "players": (int, False),
        "timers": (str, False),
    },
    "act": {"seq": (int, True), "a": (str, True)},
    "chat": {"text": (str, True)},
    "bots": {"seat": (int, True), "level": (str, True)},
    "start": {},
    "takeback": {},
}


class ProtocolError(ValueError):
    """A message that is not of the protocol: the server closes the connection that sent it."""


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: its type and every key known, every value of its type."""
    if isinstance(raw, bytes) or len(raw) > MAX_FRAME:
        raise ProtocolError("a message is a JSON text frame of at most 4 KiB")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError("a message is a JSON object with its type in 't'")
    fields = _FIELDS.get(message["t"])
    if fields is None:
        raise ProtocolError(f"unknown message type {message['t'][:20]!r}")
    for key, value in message.items():
        if key == "t":
            continue
        if key not in fields:
            raise ProtocolError(f"unknown key {key[:20]!r} in {message['t']!r}")
        kind, _ = fields[key]
        if type(value) is not kind:  # exact: True is no number here
            raise ProtocolError(f"{message['t']!r}: {key!r} must be a {kind.__name__}")
    missing = [key for key, (_, required) in fields.items() if required and key not in message]
    if missing:
        raise ProtocolError(f"{message['t']!r} needs {', '.join(missing)}")
    return message


def encode(message: dict[str, Any]) -> str:
    """A server message as its frame's text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
