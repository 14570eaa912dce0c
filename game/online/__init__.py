"""Online play: the pure parts (the door for tools and screens).

protocol.py   the messages: decode() checks a client's message whole, encode() a server's
fair.py       commit and reveal: commitment(key), check_game(rules, save, key, commitment)
room.py       Room: one table's lobby, seat tokens, codes, chat and game, pure (time as input)
server/       the asyncio WebSocket server around rooms: the only code under game/ doing I/O
"""

from game.goennen.chance import KEY_BYTES
from game.online.fair import Verdict, check_game, commitment
from game.online.protocol import MAX_CHAT, MAX_FRAME, MAX_NAME, PROTOCOL, ProtocolError, decode, encode
from game.online.room import CODE_LENGTH, CODE_LETTERS, GRACE, Room

__all__ = [
    "KEY_BYTES",
    "Verdict",
    "check_game",
    "commitment",
    "CODE_LENGTH",
    "CODE_LETTERS",
    "GRACE",
    "MAX_CHAT",
    "MAX_FRAME",
    "MAX_NAME",
    "PROTOCOL",
    "ProtocolError",
    "Room",
    "decode",
    "encode",
]
