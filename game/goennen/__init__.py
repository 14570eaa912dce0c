"""The first game, Gönnen Können ("Man muss auch gönnen können"): its rules on the kit, behind its
door game.goennen.engine, and its bots in game.goennen.ai. Penk! stands beside it in game/penk/;
neither imports the other (tests/test_kit.py)."""
