"""The menu screens: title, new game, settings, rules, and the pause overlay over a game."""
