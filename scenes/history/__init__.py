"""The history screens (issue 22): the archive's list of played games, the replay of any of them,
and the player's statistics; one scene per file, reached by route (scenes/routes.py)."""
