"""Gönnen Können's rules (game.engine is the door) and its bots (game.ai).

PUBLIC_MODULES are the only modules of `game` that scenes/, tools/ and main.py may import: a game's
door re-exports the vocabulary the screens need, so the inside can change without touching them
(tests/test_door.py checks it).
"""

PUBLIC_MODULES: frozenset[str] = frozenset(
    {
        "game.engine",  # the first game's door: play, vocabulary, deck, scoring, solo levels
        "game.serialize",  # saves
        "game.match",  # a seeded match with its dice
        "game.position",  # scenario positions
        "game.ai",  # make_bot, LEVELS, decide, Bot
        "game.ai.play",  # whole bot games
        "game.ai.kernels.odds",  # exact odds of a dice plan (bench, deck page, the odds on screen)
        "game.penk",  # the second game's door
        "game.registry",  # every game's rulebook by name (game/kit/rulebook.py)
        "game.kit.table",  # a game at a table of seats, pure
        "game.online",  # online play's messages and rooms, pure
        "game.online.server",  # the table server (the only I/O under game/)
    }
)
