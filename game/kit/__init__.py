"""What every game of the house shares; no module here imports a game (tests/test_kit.py):

    kit/turn.py          Turn: whose decision it is
    kit/reasons.py       IllegalActionError, the table's refusals, and add_reasons for a game's own
    kit/errors.py        SetupError, PositionError
    kit/action_text.py   ActionText (an action's one text), ActionSyntaxError, read_sent, its limit
    kit/chance.py        where a match draws chance: the seed's stream, the system's, a secret key's
    kit/match.py         SeededMatch: setup, actions so far, state, chance at each step
    kit/saves.py         the save envelope: format, version, game key, SaveError, atomic writes
    kit/plain_files.py   reading a plain file at most so long (never a pipe or a device)
    kit/memo.py          how a full memory makes room: the oldest half goes
    kit/rulebook.py      Rulebook: the one typed interface every game implements
    kit/table.py         Table: a game at a table of seats, pure, with time as an input

The first game's modules (game/goennen/engine.py, match.py, serialize.py, ...) re-export what they
used to hold, so the doors in game.PUBLIC_MODULES stay where they were.
"""
