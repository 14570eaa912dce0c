"""The normal bot: exact keeping towards any of its cards, and choices valued in expected points.

How it decides (docs/bots.md has the full story):
- keep/reroll: the exact optimal keeping for completing *some* open card (kernels/odds.py), all cards
  alike; it stops as soon as its best completions and purchases are worth more than what rerolling
  is expected to bring;
- acting: every combination of completions and purchases the dice allow, valued by the display
  it leads to (game/goennen/ai/evaluate.py, without foresight); bought cards go to the best cell;
- passive, chance (a) and the solo passive move: the single-field write that raises the value most;
- chance after the third roll: writing, taking a card or nothing, whichever is worth most;
- setup: returns the card whose loss hurts least and places the rest greedily.
The hard bot (game/goennen/ai/hard.py) inherits this and overrides where it thinks further.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.goennen.actions import Action, End, Pass, Place, Remove, Reroll, ReturnCard, Row, Take, Wild
from game.goennen.ai.base import DEFAULT_BUDGET, PlanCache
from game.goennen.ai.evaluate import DEFAULT_PARAMS, EvalParams, Evaluator
from game.goennen.ai.kernels import odds
from game.goennen.ai.planning import (
    Plan,
    best_acts,
    best_place,
    best_write,
    chance_writes,
    mask_dice,
    place_value,
    remember_success,
)
from game.goennen.colours import COLOURS
from game.goennen.display import Display
from game.goennen.scoring import best_wild_colours
from game.goennen.state import MARKET_SLOTS, ROWS, Phase, State

ACT_MARGIN = 0.05  # an action must be worth at least this many points to be taken
TAKE_SAMPLE = 6  # cards of a deck the normal bot looks at to value taking one
EMERGENCY_STOP = 0.8  # seconds


@dataclass(frozen=True, slots=True)
class ChanceOption:
    """One choice after the third roll: `key` ("end", "write", "take_s", "take_b"; the adviser adds
    "act", a completion or purchase), the points it is expected to add, and the steps it takes."""

    key: str
    gain: float
    steps: tuple[Action, ...]


class NormalBot:
    """See the module docstring."""

    name = "normal"
    foresight = False
    modifiers = False  # plan with plus/minus and recolour marks
    max_nodes = 120

    def __init__(self, params: EvalParams = DEFAULT_PARAMS) -> None:
        self.ev = Evaluator(self.foresight, params)
        self.plans = PlanCache()
        self.fallbacks = 0  # decisions where the plan was refused and a safe default was taken
        self.node_limit = self.max_nodes
        # seconds after which a decision stops searching, whatever the node limit says: the one
        # clock a game can feel, so a machine loaded many times over plays other moves. Tests
        # that replay pinned games exactly set math.inf.
        self.emergency_stop = EMERGENCY_STOP

    def __call__(self, view: State, legal: Sequence[Action], rng: random.Random, budget: float) -> Action:
        # Effort is counted in search nodes, never in clock time, so a seeded game repeats exactly
        # on any machine; the budget scales the node limit. The deadline is only an emergency
        # stop far above the budget (no decision may take over a second).
        self.node_limit = max(10, int(self.max_nodes * min(4.0, budget / DEFAULT_BUDGET)))
        deadline = time.perf_counter() + self.emergency_stop
        step = self.plans.next_step(view)
        if step is None or step not in legal:
            steps = self.decide(view, rng, deadline)
            self.plans.store(view, steps)
            step = steps[0]
            if step not in legal:  # a cached step was checked above: one engine check per step
                self.fallbacks += 1
                step = _safe_default(legal)
        return step

    # --- dispatch ---------------------------------------------------------------------------------

    def decide(self, view: State, rng: random.Random, deadline: float) -> list[Action]:
        phase = view.phase
        if phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE):
            return self.setup(view, deadline)
        if phase == Phase.ACTIVE:
            return self.active(view, deadline)
        if phase == Phase.PLACE:
            return [best_place(view, self.ev)[0]]
        if phase == Phase.CHANCE_WRITE:
            plan = best_write(view, self.ev, False, deadline)
            return plan.steps if plan.steps else [End()]
        if phase in (Phase.PASSIVE, Phase.SOLO_PASSIVE):
            return self.passive(view, deadline)
        if phase == Phase.SOLO_REMOVE:
            return [self.solo_remove(view)]
        if phase == Phase.WILD:
            me = view.decider
            colours = best_wild_colours(me, view.display(me))
            card, colour = next(iter(colours.items()))
            return [Wild(card, colour)]
        raise ValueError(f"no decision for a seat in phase {phase}")

    # --- setup ------------------------------------------------------------------------------------

    def setup(self, view: State, deadline: float) -> list[Action]:
        me = view.decider
        seat = view.seats[me]
        if view.phase == Phase.SETUP_PLACE:
            return self._arrange(view, seat.display, list(seat.hand), deadline)[1]
        best: tuple[float, list[Action]] | None = None
        for returned in seat.hand:
            kept = [card for card in seat.hand if card != returned]
            value, places = self._arrange(view, seat.display, kept, deadline)
            if best is None or value > best[0]:
                best = (value, [ReturnCard(returned), *places])
        assert best is not None
        return best[1]

    def _arrange(
        self, view: State, display: Display, cards: list[str], deadline: float
    ) -> tuple[float, list[Action]]:
        """Greedy: the card that gains most goes first to its best cell, and so on."""
        me = view.decider
        steps: list[Action] = []
        left = list(cards)
        while left:
            best: tuple[float, str, tuple[int, int]] | None = None
            cells = display.legal_cells()
            for card_id in left:
                values = self.ev.place_values(view, me, display, view.card(card_id), cells)
                for cell, value in zip(cells, values, strict=True):
                    if best is None or value > best[0]:
                        best = (value, card_id, cell)
            assert best is not None
            _, card_id, cell = best
            display = display.place(view.card(card_id), cell)
            steps.append(Place(card_id, *cell))
            left.remove(card_id)
        return self.ev.value(view, me, display), steps

    # --- the active turn --------------------------------------------------------------------------

    def active(self, view: State, deadline: float) -> list[Action]:
        base = self.ev.value(view, view.decider)
        plan = best_acts(view, self.ev, deadline, self.modifiers, self.node_limit)
        gain = plan.value - base
        if view.acted:
            return [*plan.steps, End()]
        rolls_left = 3 - view.rolls
        if rolls_left == 0:
            if plan.steps and gain > ACT_MARGIN:
                return [*plan.steps, End()]
            return self.chance(view, base, deadline)
        reroll, expected = self.keep(view, base, rolls_left, deadline, gain if plan.steps else None)
        if plan.steps and (gain >= expected or reroll is None):
            return [*plan.steps, End()]
        if reroll is None:
            reroll = self.fallback_reroll(view)
        return [reroll]

    def open_cards(self, view: State) -> list[tuple[str, odds.OpenCard]]:
        return [
            (p.id, (p.card.task, p.filled))
            for p in view.display(view.decider)
            if not p.completed and p.empty_count <= 5
        ]

    def keep(
        self, view: State, base: float, rolls_left: int, deadline: float, acting: float | None = None
    ) -> tuple[Reroll | None, float]:
        """The dice to reroll (None: stopping is as good) and the points rerolling should bring.

        `acting` is what the best plan with the dice as they are gains, if there is one: when even a
        sure completion could not be expected to bring more, the dice to keep need not be worked
        out (None is returned with that bound, and the caller acts).
        """
        cards = self.open_cards(view)
        if not cards:
            return None, 0.0
        gains = self.sure_gains(view, base, [card_id for card_id, _ in cards])
        gain = max(0.0, sum(gains) / len(gains))
        if acting is not None and acting >= gain:
            return None, gain  # the chance to complete some card is at most 1
        remember_success([c for _, c in cards])  # best_reroll makes the vectors: kept for the search
        mask, chance = odds.best_reroll([c for _, c in cards], view.dice, rolls_left)
        expected = chance * gain
        return (None if mask is None else Reroll(mask_dice(mask))), expected

    def sure_gains(self, view: State, base: float, card_ids: Sequence[str]) -> list[float]:
        """What completing each card for sure would add to the value: `ev.value(view, me, sure=...)`
        less `base`, the same numbers, with what the valuations share worked out once (Writes)."""
        me = view.decider
        display = view.display(me)
        writes = self.ev.writes(view, me)
        gains: list[float] = []
        for card_id in card_ids:
            placed = display.find(card_id)
            assert placed is not None
            gains.append(writes.sure(display, placed) - base)
        return gains

    def fallback_reroll(self, view: State) -> Reroll:
        """No card to aim at: keep the largest group of equal dice (a purchase needs them)."""
        counts = [view.dice.count(v) for v in view.dice]
        keep_value = view.dice[counts.index(max(counts))]
        dice = tuple(c for c in COLOURS if view.dice[c.slot] != keep_value)
        return Reroll(dice or COLOURS)

    def chance(self, view: State, base: float, deadline: float) -> list[Action]:
        """After the third roll with nothing worth doing: chance (a), chance (b) or nothing."""
        return list(max(self.chance_options(view, base, deadline), key=lambda option: option.gain).steps)

    def chance_options(self, view: State, base: float, deadline: float) -> list[ChanceOption]:
        """What ending, chance (a) and chance (b) from each deck with cards left would add, in the
        order a tie is decided by (the first of equal gains is chosen)."""
        options = [ChanceOption("end", ACT_MARGIN, (End(),))]
        writes = chance_writes(view, self.ev, deadline)
        if writes.steps:
            options.append(ChanceOption("write", writes.value - base, tuple(writes.steps)))
        for row in ROWS:
            if len(view.pile(row)) > 0:
                key = "take_s" if row == Row.SCORING else "take_b"
                options.append(ChanceOption(key, self.take_value(view, row, base), (Take(row),)))
        return options

    def take_value(self, view: State, row: Row, base: float) -> float:
        """The expected gain of taking the top card of a deck (a worthless card is discarded)."""
        if view.display(view.decider).full:
            return 0.0
        cards = [c for c in view.pile(row).unseen if c in view.deck]
        if not cards:
            return 0.3
        sample = cards[:: max(1, len(cards) // self.take_sample())]
        gains = [max(0.0, place_value(view, self.ev, c) - base) for c in sample]
        return sum(gains) / len(gains)

    def take_sample(self) -> int:
        return TAKE_SAMPLE

    # --- passive writes, solo -----------------------------------------------------------------

    def passive(self, view: State, deadline: float) -> list[Action]:
        plan: Plan = best_write(view, self.ev, self.modifiers, deadline)
        base = self.ev.value(view, view.decider)
        if plan.steps and plan.value - base > 0.01:
            return plan.steps
        return [Pass()]

    def solo_remove(self, view: State) -> Action:
        """Take out the slot-4 card that would be worth least to us."""
        base = self.ev.value(view, view.decider)
        options: list[tuple[float, Action]] = []
        for row in ROWS:
            card = view.market_card(row, MARKET_SLOTS)
            if card is not None:
                options.append((place_value(view, self.ev, card) - base, Remove(row)))
        if not options:
            return Remove(None)
        return min(options, key=lambda option: option[0])[1]


def _safe_default(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, Pass | End):
            return action
    return legal[0]
