"""The expert's evaluation numbers: the hard bot's, changed where duplicate games against the hard
bot showed that a change wins more (tools.tune_expert; docs/bots.md, "Expert"). Games with others
and solo games have a set each: a solo game is won against a target, not a rival."""

from __future__ import annotations

from game.goennen.ai.evaluate import EvalParams

# With others: a 9th card ends the game (the hard bot values it with the pace's turns), the game
# ends sooner than the hard bot's pace says, cards are completed less often than it hopes, and
# bonus marks are worth about half (over more turns).
TUNED_PARAMS = EvalParams(full_ends=True, pace=0.55, focus=0.42, mark_scale=0.5, useful_turns=9.0)
# Solo: cards are completed less often than the hard bot hopes (the rest did not help, or not clearly).
TUNED_SOLO_PARAMS = EvalParams(focus=0.35)


def params_for(solo: bool) -> EvalParams:
    """The expert's numbers for a solo game or a game with others."""
    return TUNED_SOLO_PARAMS if solo else TUNED_PARAMS
