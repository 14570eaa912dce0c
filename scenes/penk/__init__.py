"""Penk!'s screens: the table (dice, sheets, the Penk! moment, the failed roll) and the final score.
They share the first game's stack, widgets, pacing (scenes/table/base.py), pass screen, dice renderer,
settings, translations, sessions and slots; the routes are in scenes/routes.py."""
