"""The hard bot: the normal bot's framework with deeper valuation at every step.

What it adds (docs/bots.md):
- foresight in valuing a display: empty neighbouring cells, unfinished rows and missing colours
  count for what they may still bring, so scoring cards are placed for their future;
- keep/reroll by value: the exact programme of kernels/odds.py run on what each roll is worth (its
  best completion, weighted by that card's points, or the best purchase its equal dice pay for),
  and a charge for the dice it hands to opponents when it rerolls many;
- plus/minus and recolour marks spent when planning completions, purchases and passive writes,
  valued by what they enable against the marks' worth;
- setup: every order and cell of the kept three cards, not a greedy pick;
- chance (b) valued over every card that may come from the deck.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import permutations

import numpy as np
from numpy.typing import NDArray

from game.goennen.actions import Action, Place, Reroll
from game.goennen.ai.kernels import odds
from game.goennen.ai.normal import NormalBot
from game.goennen.ai.planning import (
    Mask,
    mask_dice,
    place_value,
    remember_success,
    roll_values,
    value_options,
)
from game.goennen.display import Display
from game.goennen.engine import price
from game.goennen.state import MARKET_SLOTS, ROWS, State


@dataclass(frozen=True, slots=True)
class RerollOptions:
    """The hard bot's view of a keep decision: the dice as they are worth `now`, each reroll set
    with its expected worth less its charge (`scored`), and what each of the 7,776 rolls is worth
    when stopping on it (`values`)."""

    now: float
    scored: list[tuple[Mask, float]]
    values: NDArray[np.float64]


class HardBot(NormalBot):
    """See the module docstring."""

    name = "hard"
    foresight = True
    modifiers = True
    max_nodes = 150

    def take_sample(self) -> int:
        return 30

    def keep(
        self, view: State, base: float, rolls_left: int, deadline: float, acting: float | None = None
    ) -> tuple[Reroll | None, float]:
        scored = self.reroll_options(view, base, rolls_left)
        if scored is None:
            return None, 0.0
        best_mask, best = None, scored.now
        for mask, worth in scored.scored:
            if worth > best + 1e-9:
                best_mask, best = mask, worth
        if best_mask is None:
            return None, scored.now
        return Reroll(mask_dice(best_mask)), best

    def reroll_options(self, view: State, base: float, rolls_left: int) -> RerollOptions | None:
        """What the dice as they are are worth, and every reroll set with what it is expected to
        bring less its charge for the dice handed to opponents (None: no card and no purchase to
        roll for). The expert bot reads the whole list; `keep` takes the best."""
        cards = self.open_cards(view)
        # every completion is worth a little (bonus kinds, the tie-break), even if the evaluator
        # sees no points in it yet; so the bot never rolls blind while a card can be completed
        gains = self.sure_gains(view, base, [card_id for card_id, _ in cards])
        weighted = [(card, max(0.05, gain)) for (_, card), gain in zip(cards, gains, strict=True)]
        buys = self._buy_values(view, base)
        if not any(w > 0 for _, w in weighted) and not any(v > 0 for v in buys):
            return None
        remember_success([card for card, _ in weighted])  # roll_values makes the vectors
        values = roll_values(weighted, buys)
        options = value_options(values, view.dice, rolls_left)
        now = float(values[odds.roll_index(view.dice)])
        opponents = self._opponents_writing(view)
        scored: list[tuple[Mask, float]] = []
        for mask, expected in options.items():
            rerolled = sum(mask)
            charge = opponents * self.ev.params.give_away * (1 - 0.55**rerolled)
            scored.append((mask, expected - charge))
        return RerollOptions(now, scored, values)

    def _opponents_writing(self, view: State) -> float:
        """How many opponents could profit from our rerolls (those with open cards), and how much
        their lead matters: late in the game every point handed over counts."""
        me = view.decider
        count = 0.0
        for seat in range(view.config.players):
            if seat != me and any(not p.completed for p in view.display(seat)):
                count += 1.0
        return count

    def _buy_values(self, view: State, base: float) -> list[float]:
        """The worth of the best purchase with k equal dice, for k = 0..5."""
        me = view.decider
        display = view.display(me)
        if display.full:
            return [0.0] * 6
        from game.goennen.cards import BonusKind

        discounts = display.marks_left(BonusKind.DISCOUNT)
        by_size = [0.0] * 6
        for row in ROWS:
            for slot in range(1, MARKET_SLOTS + 1):
                card = view.market_card(row, slot)
                if card is None:
                    continue
                gain = place_value(view, self.ev, card) - base
                need = max(0, price(slot) - discounts)
                for k in range(need, 6):
                    by_size[k] = max(by_size[k], gain)
        return by_size

    def _arrange(
        self, view: State, display: Display, cards: list[str], deadline: float
    ) -> tuple[float, list[Action]]:
        """Every order of the cards and every cell (until the time runs out, then greedy)."""
        if display.cards or len(cards) != 3 or time.perf_counter() > deadline:
            return super()._arrange(view, display, cards, deadline)
        me = view.decider
        best: tuple[float, list[Action]] | None = None
        for order in permutations(cards):
            first = display.place(view.card(order[0]), (0, 0))
            for cell2 in first.legal_cells():
                second = first.place(view.card(order[1]), cell2)
                cells3 = second.legal_cells()
                values = self.ev.place_values(view, me, second, view.card(order[2]), cells3)
                for cell3, value in zip(cells3, values, strict=True):
                    if best is None or value > best[0]:
                        steps: list[Action] = [
                            Place(order[0], 0, 0),
                            Place(order[1], *cell2),
                            Place(order[2], *cell3),
                        ]
                        best = (value, steps)
            if time.perf_counter() > deadline:
                break  # emergency only: the full search takes well under the budget
        assert best is not None
        return best
