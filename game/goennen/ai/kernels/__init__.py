"""The bots' numerical kernels: exact odds of the active turn and the tables behind them.

Where what lives:

- `odds`: the public entry, the exact odds of completing cards this turn and the best keeping
  (display odds, one-turn chances, reroll options, values of rerolls, keep tables, one goal's
  chances for every keep: the odds shown at the table, docs/odds.md).
- `rolls`: the dice as table indices (rolls, partial states, reroll sets) and their constants.
- `success`: success vectors (which rolls complete a card fill) and residual tasks.
- `programme`: the dynamic programme over all rolls and partial states (numpy).
- `classes`: the same programme on classes of interchangeable dice (the same bits, fewer entries).
- `keep_sums`: the easy bot's keep decision in whole numbers, per success vector.
- `cache`: the one bounded cache type of the kernels and the bots.
- `deck_table`: the deck's one-turn chances and the odds' cost
  (`python -m game.goennen.ai.kernels.deck_table`).

Nothing here imports the rest of `game.goennen.ai`: the bots build on the kernels, not the reverse.
"""
