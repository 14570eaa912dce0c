"""Solo games whose dice and cards stay common to two levels after the bot's choices part them.

A match draws each chance event from the seed and the number of actions so far (game/goennen/chance.py),
so two games of one seed share their dice only until the first choice that differs; after it the
action counts drift and every later roll differs. For comparing solo levels (tools/paired_levels.py)
this module plays a game with common random numbers instead:

- each die's face is drawn from the seed, the round, the die's colour and how often that die has
  been rolled in the round: the yellow die's second roll in round 5 shows the same face at every
  level, whichever dice the bot keeps;
- each deck is shuffled once per seed into a fixed order (the bot's view still hides it), so the
  n-th card drawn from a row is the same at every level.

Every face and every order is still uniformly random and independent of the bot's choices, so each
game is a fair game of its level; only the games of one seed at different levels are coupled.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.goennen.ai import decide, make_bot
from game.goennen.engine import (
    CardKind,
    Colour,
    Outcome,
    Phase,
    Roll,
    Row,
    result,
    sample_chance,
    standard_deck,
)
from game.goennen.match import Match

MAX_ACTIONS = 50_000  # as in game.goennen.ai.play: far above any real game; a stall is a bug
_ROWS = ((Row.SCORING, CardKind.SCORING), (Row.BONUS, CardKind.BONUS))


def play_solo(
    bot_level: str,
    seed: int,
    level: int,
    budget: float,
    watch: Callable[[Match, int, object], None] | None = None,
) -> tuple[Outcome, int]:
    """Play one solo game at `level` on the seed's common dice and deck order; the outcome and the
    number of active turns. `watch(match, seat, action)` is called before each seat action, as
    game.goennen.ai.play.play_game calls it."""
    deck = standard_deck()
    order = {row: _shuffled(deck.ids(kind), f"deck:{seed}:{row.value}") for row, kind in _ROWS}
    match = Match.new(1, seed, start_player=0, solo_level=level, deck_order=order)
    bot = make_bot(bot_level)
    rng = random.Random(f"bot:{seed}:0")
    draw_rng = random.Random(0)  # a fixed order leaves one card to draw: nothing is chosen by it
    rolled: dict[tuple[int, Colour], int] = {}
    rounds: set[int] = set()
    while not match.state.is_over:
        if len(match.actions) > MAX_ACTIONS:
            raise RuntimeError(f"game {seed} does not end: the bot stalls")
        state = match.state
        if state.is_chance:
            if state.phase is Phase.ROLL:
                faces = tuple((die, _face(seed, state.round, die, rolled)) for die in state.to_roll)
                match.play_known(Roll(faces))
            else:
                match.play_known(sample_chance(state, draw_rng))
            continue
        if state.phase is Phase.ACTIVE:
            rounds.add(state.round)
        action = decide(bot, state, rng, budget)
        if watch is not None:
            watch(match, state.decider, action)
        match.play_known(action)
    return result(match.state), len(rounds)


def _shuffled(ids: tuple[str, ...], key: str) -> list[str]:
    cards = sorted(ids)
    random.Random(key).shuffle(cards)
    return cards


def _face(seed: int, round_: int, die: Colour, rolled: dict[tuple[int, Colour], int]) -> int:
    """The face of this die's next roll in this round, a function of (seed, round, die, roll)."""
    nth = rolled.get((round_, die), 0)
    rolled[(round_, die)] = nth + 1
    return random.Random(f"die:{seed}:{round_}:{die.value}:{nth}").randint(1, 6)
