"""The house's games: the kit every game stands on (game.kit), the first game (game.goennen), Penk!
(game.penk), the registry that names them (game.registry) and online play (game.online).

PUBLIC_MODULES are the only modules of `game` that scenes/, tools/ and main.py may import: a game's
door re-exports the vocabulary the screens need, so the inside can change without touching them
(tests/test_door.py checks it).
"""

PUBLIC_MODULES: frozenset[str] = frozenset(
    {
        "game.goennen.engine",  # the first game's door: play, vocabulary, deck, scoring, solo levels
        "game.goennen.serialize",  # saves
        "game.goennen.match",  # a seeded match with its dice
        "game.goennen.position",  # scenario positions
        "game.goennen.ai",  # make_bot, LEVELS, decide, Bot
        "game.goennen.ai.play",  # whole bot games
        "game.goennen.ai.kernels.odds",  # exact odds of a dice plan (bench, deck page, the odds on screen)
        "game.penk",  # the second game's door
        "game.registry",  # every game's rulebook by name (game/kit/rulebook.py)
        "game.kit.table",  # a game at a table of seats, pure
        "game.online",  # online play's messages and rooms, pure
        "game.online.server",  # the table server (the only I/O under game/)
    }
)
