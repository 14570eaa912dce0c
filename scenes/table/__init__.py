"""The table: a whole game on screen, from the deal to the final score.

Scenes: deal.py (opening cards), turn.py (the turns), scoring.py (the final tally); opening.py says
which of them shows a session (route "table"), starts new games and resumes saves; widgets in
market_view.py, display_view.py, dice_tray.py, log_view.py; choices.py turns the engine's legal
actions into what the screen highlights and proposes, turn_controls.py into what the human may do.
"""
