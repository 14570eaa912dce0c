"""The application without pygame: game sessions, the player's progress and settings, the user data
folder, what New game configures, the games of the house, and solo booking. Tested without a window;
tests/scenes/test_model_purity.py checks that nothing here reaches pygame."""
