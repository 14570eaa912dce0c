"""The guided first game's seed: search one where every lesson occurs, or check the one in use.

    python -m tools.tutorial_seed --check          # replay scenes/model/tutorial.py's SCRIPT
    python -m tools.tutorial_seed --search 0 200   # try seeds 0..199, print the first script found

The tutorial starts from scenes/model/tutorial.py's POSITION. A seed works when, with the easy bot
answering as it does at the table (the session's seeded random numbers), the learner can in turn
one keep some dice and reroll the rest, complete S11, use the plus/minus bonus to make a purchase
possible that was not, buy in market slot 3 or 4, place the ninth card and end the turn; then write
one die passively after a bot's reroll; in the last round reroll twice and use the chance (a) after
the third roll; and the game then ends with nothing more asked of the learner. Exit 1 if the check
fails or no seed is found.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from itertools import combinations

from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    Buy,
    Complete,
    End,
    IllegalActionError,
    Pass,
    Phase,
    Place,
    Reroll,
    Row,
    State,
    Write,
    legal_actions,
)
from game.goennen.match import Match, Setup
from scenes.model import tutorial
from scenes.model.tutorial import PLAYER, Lesson
from scenes.model.tutorial_session import bot_answer

COMPLETE_CARD = "S11"
FREE_CELL = (2, 2)


def copy(match: Match) -> Match:
    return Match(match.setup, tutorial.start_state()).play_all(match.actions)


def settle(match: Match) -> None:
    """Chance and the bot play until the learner decides or the game is over."""
    while not match.is_over:
        state = match.state
        if state.is_chance:
            match.resolve_chance()
        elif state.decider != PLAYER:
            match.play(bot_answer(match))
        else:
            return


def legal(state: State, kind: type, test: Callable[[Action], bool] = lambda a: True) -> list[Action]:
    return [a for a in legal_actions(state) if isinstance(a, kind) and test(a)]


def first_turn(match: Match) -> list[Lesson] | None:
    """Keep, reroll, complete, bonus, buy, place, end: the first plan found, or None."""
    dice = [c for c in COLOURS]
    for kept_count in (2, 3, 1):
        for kept in combinations(dice, kept_count):
            reroll = Reroll(tuple(c for c in dice if c not in kept))
            trial = copy(match)
            trial.play(reroll)
            settle(trial)
            if trial.state.phase != Phase.ACTIVE or trial.state.decider != PLAYER:
                continue
            plan = plan_after_reroll(trial)
            complete = plan[0].expected if plan is not None else None
            if isinstance(complete, Complete) and set(kept) <= set(complete.dice):  # "they fit a card"
                assert plan is not None
                return [Lesson("keep", str(reroll)), *plan]
    return None


def plan_after_reroll(match: Match) -> list[Lesson] | None:
    for complete in legal(match.state, Complete, lambda a: a.card == COMPLETE_CARD):
        after_complete = copy(match)
        after_complete.play(complete)
        before = {(a.row, a.slot) for a in legal(after_complete.state, Buy)}
        for adjust in legal(after_complete.state, Adjust):
            adjusted = copy(after_complete)
            adjusted.play(adjust)
            for buy in legal(adjusted.state, Buy, lambda a: a.row == Row.SCORING and a.slot >= 3):
                if (buy.row, buy.slot) in before:
                    continue
                bought = copy(adjusted)
                bought.play(buy)
                card = bought.state.seats[PLAYER].pending
                place = Place(card or "", *FREE_CELL)
                try:
                    bought.play(place)
                    bought.play(End())
                except IllegalActionError:
                    continue
                return [
                    Lesson("complete", str(complete)),
                    Lesson("bonus", str(adjust)),
                    Lesson("buy", str(buy)),
                    Lesson("place", str(place)),
                    Lesson("end_turn", str(End())),
                ]
    return None


def rest_of_game(match: Match) -> list[Lesson] | None:
    """After the first turn: one passive write, then passes; the last turn's two rerolls and the
    chance (a); the game over with nothing else asked."""
    script: list[Lesson] = []
    wrote = False
    rerolls = 0
    while True:
        settle(match)
        if match.is_over:
            break
        state = match.state
        if state.phase == Phase.PASSIVE:
            writes = legal(state, Write)
            if not wrote and writes and state.active != PLAYER:
                action: Action = max(writes, key=lambda a: (state.value(a.die), str(a)))
                script.append(Lesson("passive", str(action)))
                wrote = True
            else:
                action = Pass()
                script.append(Lesson("pass", str(action)))
        elif state.phase == Phase.ACTIVE and state.rolls < 3 and not script_has(script, "chance"):
            if not wrote:
                return None  # the passive lesson must come before the last turn
            if legal(state, Complete):
                return None  # a reroll lesson says there is nothing to complete: it must be true
            action = Reroll(COLOURS)
            script.append(Lesson("reroll_all" if rerolls == 0 else "reroll_again", str(action)))
            rerolls += 1
        elif state.phase == Phase.ACTIVE and state.rolls == 3 and not state.acted:
            writes = legal(state, Write)
            if not writes:
                return None
            action = max(writes, key=lambda a: (state.value(a.die), str(a)))
            script.append(Lesson("chance", str(action)))
        elif state.phase == Phase.CHANCE_WRITE:
            action = End()
            script.append(Lesson("chance_end", str(action)))
        else:
            return None  # something the script has no lesson for
        match.play(action)
    if not wrote or not script_has(script, "chance"):
        return None
    return script


def script_has(script: list[Lesson], key: str) -> bool:
    return any(lesson.key == key for lesson in script)


def search(seed: int) -> list[Lesson] | None:
    match = Match(Setup(2, seed, PLAYER), tutorial.start_state())
    settle(match)
    first = first_turn(match)
    if first is None:
        return None
    for lesson in first:
        match.play(lesson.expected)
        settle(match)
    rest = rest_of_game(match)
    return None if rest is None else first + rest


def check(seed: int, script: tuple[Lesson, ...]) -> str | None:
    """Play the script against the bot; None if every lesson met its decision and the game ended,
    else what went wrong."""
    match = Match(Setup(2, seed, PLAYER), tutorial.start_state())
    for index, lesson in enumerate(script):
        settle(match)
        if match.is_over:
            return f"the game ended before lesson {index} ({lesson.key})"
        try:
            match.play(lesson.expected)
        except IllegalActionError as error:
            return f"lesson {index} ({lesson.key}: {lesson.action}) refused: {error}"
    settle(match)
    if not match.is_over:
        return "the script ended before the game"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check the tutorial's seed and script")
    parser.add_argument("--search", nargs=2, type=int, metavar=("FROM", "TO"), help="seeds to try")
    args = parser.parse_args(argv)
    if args.search:
        for seed in range(*args.search):
            found = search(seed)
            if found is not None:
                print(f"SEED = {seed}")
                print("SCRIPT: tuple[Lesson, ...] = (")
                for lesson in found:
                    print(f'    Lesson("{lesson.key}", "{lesson.action}"),')
                print(")")
                return 0
        print("no seed found", file=sys.stderr)
        return 1
    problem = check(tutorial.SEED, tutorial.SCRIPT)
    if problem is not None:
        print(f"seed {tutorial.SEED}: {problem}", file=sys.stderr)
        return 1
    print(f"seed {tutorial.SEED}: all {len(tutorial.SCRIPT)} lessons met, the game ends")
    return 0


if __name__ == "__main__":
    sys.exit(main())
