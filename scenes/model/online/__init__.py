"""Online play on the game's side (no pygame): the line to a table server (link.py) and host
mode, the table server on a thread of the running game (host.py)."""
