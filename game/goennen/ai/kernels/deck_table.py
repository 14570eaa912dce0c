"""The odds of the standard deck, card by card, and their cost:
`python -m game.goennen.ai.kernels.deck_table`."""

from __future__ import annotations

import itertools
import time

from game.goennen.ai.kernels.odds import OpenCard, display_odds, display_odds_before_roll, one_turn_chance
from game.goennen.ai.kernels.rolls import DICE, MAX_ROLLS_LEFT
from game.goennen.ai.kernels.success import forget_success_vectors, roll_classes
from game.goennen.deck import standard_deck


def deck_table() -> list[str]:
    """One line per card of the standard deck: its one-turn chance and the time to compute it.

    The time per card is from scratch for that card (its success vector and the programme); the
    tables shared by all cards are built first and timed on their own line.
    """
    start = time.perf_counter()
    for pinned in itertools.chain.from_iterable(
        itertools.combinations(range(DICE), size) for size in range(DICE + 1)
    ):
        roll_classes(frozenset(pinned))
    shared = (time.perf_counter() - start) * 1000
    lines = [f"shared tables, once per process: {shared:.1f} ms"]
    lines.append(f"{'card':<5} {'one turn':>9} {'ms':>6}  task")
    for card in standard_deck().cards:
        start = time.perf_counter()
        chance = one_turn_chance(card.task)
        elapsed = (time.perf_counter() - start) * 1000
        note = "" if len(card.task) <= DICE else "  (more fields than dice: needs passive fills)"
        lines.append(f"{card.id:<5} {chance:>9.4%} {elapsed:>6.2f}  {card.task.text()}{note}")
    return lines


def display_timing(repeats: int = 20) -> str:
    """Time of the odds of a full display (union and per card, before the first roll and from a
    roll with two rolls left) for the first nine cards of the deck. Cold: success vectors built
    first (as for a card whose fields just changed); warm: vectors cached. Best of `repeats`."""
    cards: list[OpenCard] = [(card.task, (None,) * len(card.task)) for card in standard_deck().cards[:9]]
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(repeats):
        forget_success_vectors()
        for timings in (cold, warm):
            start = time.perf_counter()
            display_odds_before_roll(cards)
            display_odds(cards, (1, 2, 3, 4, 5), MAX_ROLLS_LEFT)
            timings.append((time.perf_counter() - start) * 1000)
    return f"9-card display, before roll + 2 rolls left: cold {min(cold):.1f} ms, warm {min(warm):.1f} ms"


if __name__ == "__main__":
    print("\n".join(deck_table()))
    print(display_timing())
