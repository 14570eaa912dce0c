"""Find (and check) the seed of Penk!'s guided first game (scenes/model/penk_tutorial.py): the
first seed whose dice let the script's lessons happen from the prepared position, the easy bot
answering as the session makes it answer.

    python -m tools.penk_tutorial_seed            # search from seed 0, print the seed and script
    python -m tools.penk_tutorial_seed --check    # the module's SEED and SCRIPT still play out

The learner's first turn circles a pair of 3s, the 4 with the jolly and the single 5 that
completes row 1 (a Penk!); the second turn's first roll circles nothing, so all six dice are
rerolled, the roll fails again and column 5 is crossed out, the sheet's second full column: the
bot plays the last turn and the game is over.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import game.penk as penk
from scenes.model import penk_tutorial
from scenes.model.penk_tutorial import BOT_LEVEL, PLAYER, Lesson
from scenes.model.session import BOT_BUDGET

FIRST_TURN = (("pick", "circle 33"), ("jolly", "circle 4J"), ("penk", "circle 5"))


def bot_answer(match: penk.PenkMatch) -> penk.Action:
    """The easy bot's decision as the session makes it at the table (the same seeded numbers)."""
    seat = match.state.active
    rng = random.Random(f"bot:{match.setup.seed}:{seat}:{len(match.actions)}")
    return penk.decide(penk.make_bot(BOT_LEVEL), match.state, rng, BOT_BUDGET)


def _bots_until_learner(match: penk.PenkMatch) -> None:
    while True:
        match.advance()
        if match.is_over or match.state.active == PLAYER:
            return
        match.play(bot_answer(match))


def script_for(seed: int) -> tuple[Lesson, ...] | None:
    """The script the dice of `seed` allow, or None."""
    match = penk_tutorial.new_match(seed)
    match.advance()
    lessons: list[Lesson] = []
    try:
        for key, text in FIRST_TURN:
            action = penk.parse(text)
            if action not in penk.legal_actions(match.state):
                return None
            match.play(action)
            lessons.append(Lesson(key, text))
        _bots_until_learner(match)
        state = match.state
        if match.is_over or state.ending or state.round != penk_tutorial.POSITION["round"] + 1:
            return None
        if not any(isinstance(action, penk.Cross) for action in penk.legal_actions(state)):
            return None  # the reroll is the lesson only where the first roll circles nothing
        reroll = penk.Reroll(state.dice)
        match.play(reroll)
        lessons.append(Lesson("reroll", str(reroll)))
        match.advance()
        cross = penk.Cross(5)
        if cross not in penk.legal_actions(match.state):
            return None
        match.play(cross)
        lessons.append(Lesson("failed", str(cross)))
        _bots_until_learner(match)
    except penk.IllegalActionError:
        return None
    return tuple(lessons) if match.is_over else None


def plays_out(seed: int, script: Sequence[Lesson]) -> bool:
    """Whether `script` is played through from the prepared position with `seed` to the end."""
    return script_for(seed) == tuple(script)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.penk_tutorial_seed", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--check", action="store_true", help="check the module's SEED and SCRIPT")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--tries", type=int, default=20_000)
    args = parser.parse_args(argv)
    if args.check:
        good = plays_out(penk_tutorial.SEED, penk_tutorial.SCRIPT)
        print("the script plays out" if good else "the script does not play out: search again")
        return 0 if good else 1
    for seed in range(args.start, args.start + args.tries):
        script = script_for(seed)
        if script is not None:
            print(f"SEED = {seed}")
            for lesson in script:
                print(f'    Lesson("{lesson.key}", "{lesson.action}"),')
            return 0
    print("no seed found", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
