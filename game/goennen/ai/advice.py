"""Advice for a human at the table: the adviser's choice (game/goennen/ai/adviser.py: the hard bot playing
the expert's evaluation numbers, game/goennen/ai/expert/tuned.py) at a seat's decision, and what that
evaluation knew about the choice, so a screen can say in one sentence why.

Why the expert's numbers without the expert's search: the numbers are what makes the expert
stronger (they alone win about two games in three against the hard bot, docs/bots.md), and they
cost nothing; the search of the close calls at a roll yields a lead in win chance over paired
futures, not a number a player can check, and takes up to a second where this answers in a few
milliseconds. The evaluation speaks in expected points and exact odds, which is what a reason is
made of.

    advice = advise(state)            # for state.decider, seeing only that seat's view
    advice.action                     # what to do now (legal in `state`)
    advice.why                        # the numbers behind it (Why)

Deterministic for a position: a fresh unhurried bot (node limits only, no clock) and a fixed
generator, so the same position always gets the same advice on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from game.goennen.actions import (
    Action,
    Adjust,
    Buy,
    Complete,
    Discard,
    End,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Row,
    Take,
    Wild,
    Write,
)
from game.goennen.ai.adviser import ADVISER, Adviser, adviser, explainer
from game.goennen.ai.base import DEFAULT_BUDGET, decide
from game.goennen.ai.evaluate import turn_chance
from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.rolls import ROLL_FACES
from game.goennen.ai.normal import ChanceOption
from game.goennen.ai.planning import best_acts, best_place, best_write, place_value
from game.goennen.cards import BonusKind
from game.goennen.colours import COLOURS
from game.goennen.engine import is_legal, price, view
from game.goennen.state import MARKET_SLOTS, ROWS, Phase, State

# per ordered roll, the most dice showing one value (what a purchase needs)
_SAME = np.array([np.bincount(faces, minlength=6).max() for faces in ROLL_FACES])


@dataclass(frozen=True, slots=True)
class Why:
    """What the evaluation knew about a hinted choice. `kind` names the sentence:

    keep        reroll `rerolled` dice: `chance` to complete `card` (or to buy the card in
                `row`/`slot`), worth `gain` points to the display; when the dice already allow a
                completion or purchase, `passed` is what acting now adds and `expected` what the
                reroll is expected to bring
    keep_blind  reroll: no card and no purchase is within reach, keep the most equal dice
    complete    complete `card` (bonus marks first if the plan uses them): the plan adds `gain`
    buy         buy the card `card` in `row`/`slot`: the plan adds `gain`
    end         end the turn: nothing more worth doing (`gain` 0)
    write       write the die into `card`'s field: its one-turn chance from `before` to `after`,
                the display gains `gain`
    pass        no write raises the display's value
    chance_write, chance_take, chance_none: after the third roll, `gain` of the chosen chance
                option against `other` (the best of the rest); `passed`: what the best
                completion or purchase the dice allow would add (None: none is possible)
    place       place `card` at a cell: it is worth `gain` points there
    discard     the drawn card is worth less than nothing here
    setup_return, setup_place: the kept three arranged are worth `gain` points
    remove      solo round counter: `card` would be worth least to the display (`gain`)
    wild        `card` counts as the colour where it scores most
    """

    kind: str
    gain: float = 0.0
    card: str | None = None
    chance: float | None = None
    before: float | None = None
    after: float | None = None
    other: float | None = None
    row: Row | None = None
    slot: int | None = None
    rerolled: int = 0
    passed: float | None = None
    expected: float | None = None


@dataclass(frozen=True, slots=True)
class Advice:
    """The adviser's choice now (`action`), the rest of its plan for this decision (`steps`, the
    first of which is `action`), which bot gave it, and why."""

    bot: str
    action: Action
    steps: tuple[Action, ...]
    why: Why


def advise(state: State, budget: float = DEFAULT_BUDGET) -> Advice:
    """The advice for the seat deciding in `state` (not a chance event)."""
    if state.is_chance or state.phase == Phase.OVER:
        raise ValueError(f"no seat decides in phase {state.phase}")
    seen = view(state, state.decider)
    bot = adviser(seen.config.solo)
    bot.node_limit = max(10, int(bot.max_nodes * min(4.0, budget / DEFAULT_BUDGET)))
    steps = bot.decide(seen, random.Random(0), math.inf)
    if not steps or not is_legal(state, steps[0]):  # never expected: the bots' own tests require it
        steps = [decide(bot, state, random.Random(0), budget)]
    return Advice(ADVISER, steps[0], tuple(steps), _why(bot, seen, steps))


def explain(state: State, action: Action, level: str) -> Advice:
    """Why a bot of `level` played `action` at the decision in `state` (the table's "why?" on a
    bot's move): the same reasons as a hint, from the numbers that bot values with."""
    if state.is_chance or state.phase == Phase.OVER:
        raise ValueError(f"no seat decides in phase {state.phase}")
    seen = view(state, state.decider)
    return Advice(level, action, (action,), _why(explainer(level, seen.config.solo), seen, [action]))


def _why(bot: Adviser, seen: State, steps: list[Action]) -> Why:
    phase = seen.phase
    action = steps[0]
    me = seen.decider
    if phase == Phase.ACTIVE:
        return _active_why(bot, seen, steps)
    if phase in (Phase.PASSIVE, Phase.SOLO_PASSIVE, Phase.CHANCE_WRITE):
        return _write_why(bot, seen, steps)
    if phase == Phase.PLACE:
        chosen, value = best_place(seen, bot.ev)
        if isinstance(chosen, Discard):
            return Why("discard")
        pending = seen.seats[me].pending
        return Why("place", value - bot.ev.value(seen, me), card=pending)
    if phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE):
        kind = "setup_return" if isinstance(action, ReturnCard) else "setup_place"
        card = action.card if isinstance(action, (ReturnCard, Place)) else None
        return Why(kind, card=card)
    if phase == Phase.SOLO_REMOVE and isinstance(action, Remove):
        if action.row is None:
            return Why("remove")
        card = seen.market_card(action.row, MARKET_SLOTS)
        gain = place_value(seen, bot.ev, card) - bot.ev.value(seen, me) if card else 0.0
        return Why("remove", gain, card=card, row=action.row)
    if isinstance(action, Wild):
        return Why("wild", card=action.card)
    return Why("end")


def _active_why(bot: Adviser, seen: State, steps: list[Action]) -> Why:
    me = seen.decider
    base = bot.ev.value(seen, me)
    action = steps[0]
    if isinstance(action, Reroll):
        return _keep_why(bot, seen, base, action)
    if seen.rolls >= 3 and not seen.acted:
        return _final_why(bot, seen, steps)
    main = next((s for s in steps if isinstance(s, (Complete, Buy))), None)
    if main is None:
        return Why("end")
    plan = best_acts(seen, bot.ev, math.inf, bot.modifiers, bot.node_limit)
    return _act_why(seen, main, plan.value - base)


def _act_why(seen: State, main: Action, gain: float) -> Why:
    if isinstance(main, Complete):
        return Why("complete", gain, card=main.card)
    assert isinstance(main, Buy)
    card = seen.market_card(main.row, main.slot)
    return Why("buy", gain, card=card, row=main.row, slot=main.slot)


CHANCE_KINDS = {
    "end": "chance_none",
    "write": "chance_write",
    "take_s": "chance_take",
    "take_b": "chance_take",
}


def _final_why(bot: Adviser, seen: State, steps: list[Action]) -> Why:
    """After the third roll: the chosen option's gain against the best of the others (ending
    counts only when nothing else is open), the very numbers the chance buttons show; and when a
    completion or purchase is passed over, what it would have added (`passed`)."""
    options = bot.final_options(seen, math.inf)
    chosen = _option_taken(options, steps) or max(options, key=lambda option: option.gain)
    rest = [o.gain for o in options if o is not chosen and o.key != "end"]
    other = max(rest) if rest else None
    act = next((o for o in options if o.key == "act"), None)
    if chosen.key == "act":
        main = next(s for s in steps if isinstance(s, (Complete, Buy)))
        return replace(_act_why(seen, main, chosen.gain), other=other)
    row = next((s.row for s in chosen.steps if isinstance(s, Take)), None)
    passed = act.gain if act is not None else None
    return Why(CHANCE_KINDS[chosen.key], chosen.gain, other=other, row=row, passed=passed)


def _option_taken(options: list[ChanceOption], steps: list[Action]) -> ChanceOption | None:
    """The option `steps` take (a bot's move need not be the best by the numbers explaining it)."""
    first = next((s for s in steps if not isinstance(s, (Adjust, Recolour))), None)
    for option in options:
        if isinstance(first, (Complete, Buy)) and option.key == "act":
            return option
        if isinstance(first, (Write, Take, End)) and type(option.steps[0]) is type(first):
            if not isinstance(first, Take) or option.steps[0] == first:
                return option
    return None


def _keep_why(bot: Adviser, seen: State, base: float, reroll: Reroll) -> Why:
    """A reroll: the target it serves best, the card or purchase whose chance times worth is
    largest under this keep, with the chance and the worth."""
    rolls_left = 3 - seen.rolls
    mask = tuple(colour in reroll.dice for colour in COLOURS)
    best: tuple[float, Why] | None = None
    cards = bot.open_cards(seen)
    gains = bot.sure_gains(seen, base, [card_id for card_id, _ in cards])
    for (card_id, card), gain in zip(cards, gains, strict=True):
        if gain <= 0:
            continue
        chance = odds.reroll_options([card], seen.dice, rolls_left)[mask]
        if best is None or chance * gain > best[0]:
            best = (chance * gain, Why("keep", gain, card=card_id, chance=chance, rerolled=len(reroll.dice)))
    display = seen.display(seen.decider)
    if not display.full:
        discounts = display.marks_left(BonusKind.DISCOUNT)
        for row in ROWS:
            for slot in range(1, MARKET_SLOTS + 1):
                offered = seen.market_card(row, slot)
                if offered is None:
                    continue
                gain = place_value(seen, bot.ev, offered) - base
                if gain <= 0:
                    continue
                need = max(0, price(slot) - discounts)
                values = (_SAME >= need).astype(np.float64)
                chance = odds.reroll_values(values, seen.dice, rolls_left)[odds.MASKS.index(mask)]
                if best is None or chance * gain > best[0]:
                    rerolled = len(reroll.dice)
                    why = Why(
                        "keep", gain, card=offered, chance=chance, row=row, slot=slot, rerolled=rerolled
                    )
                    best = (chance * gain, why)
    if best is None:
        return Why("keep_blind", rerolled=len(reroll.dice))
    plan = best_acts(seen, bot.ev, math.inf, bot.modifiers, bot.node_limit)
    if not plan.steps:
        return best[1]
    _, expected = bot.keep(seen, base, rolls_left, math.inf)
    return replace(best[1], passed=plan.value - base, expected=expected)


def _write_why(bot: Adviser, seen: State, steps: list[Action]) -> Why:
    me = seen.decider
    base = bot.ev.value(seen, me)
    write = next((s for s in steps if isinstance(s, Write)), None)
    if write is None:
        return Why("pass" if seen.phase != Phase.CHANCE_WRITE else "end")
    plan = best_write(seen, bot.ev, bot.modifiers and seen.phase != Phase.CHANCE_WRITE, math.inf)
    placed = seen.display(me).find(write.card)
    assert placed is not None
    before = turn_chance(placed.card.task, placed.filled)
    written = placed.with_value(write.field, seen.value(write.die))
    after = 1.0 if written.empty_count == 0 else turn_chance(written.card.task, written.filled)
    return Why("write", plan.value - base, card=write.card, before=before, after=after)
