"""What every game of the house shares (issue 32 moves the rest here: the named errors, the
seeded match, the chance stream, the save envelope, the bounded memory):

    kit/turn.py       Turn: whose decision it is
    kit/rulebook.py   Rulebook: the one typed interface every game implements
    kit/table.py      Table: a game at a table of seats, pure, with time as an input
"""
