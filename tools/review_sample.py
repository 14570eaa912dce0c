"""A game whose worst decision is known, for the review's test and screenshot.

Seat 0 (the human) plays exactly what the review's adviser would choose (the Hint's choice), seat 1
is the hard bot (close games); at one decision in the last round, where the adviser completes a
scoring card, the human ends the turn instead. `known_blunder(seed)` plays such games and returns
one where that changes the winner, with the step of the bad decision.
"""

from __future__ import annotations

import random

from game.goennen.ai import decide, make_bot
from game.goennen.engine import COLOURS, Complete, End, Reroll, legal_actions, result
from game.goennen.match import Match
from scenes.model.gameconfig import SeatConfig, SeatKind
from scenes.model.review import adviser_choice
from scenes.model.session import GameSession

RIVAL = "hard"  # close games: one bad decision can turn them
SEATS = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.BOT, RIVAL))


def play(seed: int, spoil: int | None, rerolls_all: int | None = None) -> tuple[Match, list[int]]:
    """The game of `seed`; at step `spoil` the human ends the turn instead of completing, and at
    the human's first keep decision from round `rerolls_all` on rerolls all five dice instead of
    keeping. Returns the match and the steps where the human could have ended instead."""
    match = Match.new(2, seed)
    rival = make_bot(RIVAL, unhurried=True)
    chances = []
    while not match.is_over:
        state = match.state
        if state.is_chance:
            match.resolve_chance()
            continue
        step = len(match.actions)
        if state.decider == 1:
            match.play_known(decide(rival, state, random.Random(f"rival:{seed}:{step}"), 0.05))
            continue
        choice = adviser_choice(state)
        if rerolls_all is not None and state.round >= rerolls_all and isinstance(choice, Reroll):
            if len(choice.dice) < len(COLOURS):
                choice, rerolls_all = Reroll(COLOURS), None
        scoring = isinstance(choice, Complete) and choice.card.startswith("S")
        if scoring and state.last_round is not None and End() in legal_actions(state):
            chances.append(step)
            if step == spoil:
                choice = End()
        match.play(choice)
    return match, chances


def rerolled_all(seed: int = 22, round_number: int = 3) -> GameSession:
    """The game of `seed` where the human once rerolls every die where the Hint would keep some."""
    match, _ = play(seed, None, round_number)
    return GameSession(SEATS, match)


def known_blunder(seeds: range = range(1, 60)) -> tuple[GameSession, int]:
    """A game whose one bad decision turns a win into a loss, and that decision's step."""
    for seed in seeds:
        match, chances = play(seed, None)
        if result(match.state).winners != (0,):
            continue
        for step in reversed(chances):
            spoiled, _ = play(seed, step)
            if 0 not in result(spoiled.state).winners:
                return GameSession(SEATS, spoiled), step
    raise RuntimeError("no game in these seeds turns on one decision")


def time_review(seed: int = 12) -> str:
    """The review's CPU time on a whole 2-player game (tools.archive_bench's), whole and luck alone."""
    import time

    from scenes.model.luck import summary
    from scenes.model.replay import Replay
    from scenes.model.review import ReviewJob
    from tools import archive_bench

    replay = Replay(archive_bench.played(2, seed=seed))
    whole = ReviewJob(replay)
    started = time.process_time()
    whole.run()
    spent = time.process_time() - started
    alone = ReviewJob(replay, decisions=False)
    started = time.process_time()
    alone.run()
    luck = time.process_time() - started
    found = summary(replay, alone.lucks)
    noise = sum(each.noise for each in alone.lucks) / max(1, len(alone.lucks))
    return (
        f"review {spent:.1f} s CPU (luck alone {luck:.1f} s); {len(whole.decisions)} decisions, "
        f"{len(alone.lucks)} rolls, mean noise of a roll {noise:.3f}, total luck {found.total:+.2f} "
        f"± {found.noise:.2f}"
    )


if __name__ == "__main__":
    import sys

    if "--time" in sys.argv:
        print(time_review())
    else:
        session, step = known_blunder()
        print(f"seed {session.match.setup.seed}: the bad decision is action {step}")
