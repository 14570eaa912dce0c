"""A measuring stick, not a level: the hard bot with foresight of its own turn's dice.

A seeded match draws each roll from its seed and the step (SeededChance), so a bot that is told
the match can work out what every reroll would bring. The clairvoyant bot weighs cells as the
hard bot does and, instead of the odds, tries every reroll (and every second reroll) against the
very dice that would come. No fair bot with the hard bot's weights can keep better, so its win
rate against normal bounds what better keeping could give (docs/penk.md, "The ladder"):

    python -m tools.penk_oracle --games 2000 --seed 1
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from game.goennen.match import SeededChance
from game.penk import (
    ROLLS_PER_TURN,
    Action,
    HardBot,
    PenkMatch,
    Phase,
    Reroll,
    State,
    make_bot,
    mark_values,
    odds_tables,
    play_game,
    sample_chance,
    sub_multisets,
    without,
)


class ClairvoyantBot(HardBot):
    name = "clairvoyant"

    def __init__(self) -> None:
        self.match: PenkMatch | None = None  # told by the driver before each decision

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        if view.phase is not Phase.CHOOSE or self.match is None:
            return super().__call__(view, legal, rng, budget)
        look = self.weigh(view)
        marks = mark_values(look.weights, look.fail)
        index = odds_tables().hand_index
        seed, step = self.match.setup.seed, len(self.match.actions)

        memo: dict[tuple[int, int], tuple[int, ...]] = {}

        def coming(dice: int, at: int) -> tuple[int, ...]:
            if (dice, at) not in memo:
                rolling = view.evolve(phase=Phase.ROLL, rolling=dice)
                memo[dice, at] = sample_chance(rolling, SeededChance(seed).bits(at)).faces
            return memo[dice, at]

        def best(hand: tuple[int, ...], rolls: int, at: int) -> tuple[float, tuple[int, ...]]:
            """The best value reachable from `hand` and the dice to reroll first (() to stop)."""
            value, choice = float(marks[index[hand]]), tuple[int, ...]()
            if rolls < ROLLS_PER_TURN:
                for part in sub_multisets(hand)[1:]:
                    after = tuple(sorted(without(hand, part) + coming(len(part), at + 1)))
                    reached = best(after, rolls + 1, at + 2)[0]
                    if reached > value + 1e-9:
                        value, choice = reached, part
            return value, choice

        choice = best(view.dice, view.rolls, step)[1]
        if choice:
            return Reroll(choice)
        return super().__call__(view.evolve(rolls=ROLLS_PER_TURN), legal, rng, budget)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.penk_oracle", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="normal")
    args = parser.parse_args(argv)
    wins = 0.0
    for index in range(args.games):
        seer = ClairvoyantBot()
        other = make_bot(args.against)
        seat = index % 2  # rotating seats: seat 0 plays first
        bots = [seer, other] if seat == 0 else [other, seer]

        def tell(match: PenkMatch, seer: ClairvoyantBot = seer) -> None:
            seer.match = match

        record = play_game(bots, args.seed * 1_000_003 + index, on_start=tell)
        if seat in record.outcome.winners:
            wins += 1 / len(record.outcome.winners)
    print(f"clairvoyant against {args.against}: won {wins / args.games:.1%} of {args.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
