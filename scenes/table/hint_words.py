"""A hint in words: what to do (the hinted action as an instruction) and why (one clause built from
the numbers the adviser's evaluation gave, game.goennen.ai.Why), in the player's language, told when drawn.

    "Keep 4, 4 and 4 and reroll the other 2 dice: 72 % to buy Yellow three (slot 3) this turn,
     worth 9.0 points to your display."

The instruction alone also answers "why not?" for a choice that is legal ("You can: ...")."""

from __future__ import annotations

from collections.abc import Set

from game.goennen.ai import Advice, Why
from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    Buy,
    Colour,
    Complete,
    Discard,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    State,
    Take,
    Wild,
    Write,
)
from scenes.core.i18n import current_language, t
from scenes.render.card_names import CardLookup, name_of
from scenes.table.words import colour_word, dice_words, points_text, row_word

MARKS = (Adjust, Recolour)  # bonus steps a plan may take before its main step


def points(value: float) -> str:
    """Expected points with one decimal, in the language's own decimal sign."""
    text = f"{value:.1f}"
    return text if current_language() == "en" else text.replace(".", ",")


SMALL = 0.05  # a gain below this is not told in points ("worth 0.0 points" says nothing)


def percent(chance: float) -> int:
    return round(100 * chance)


def instruction(action: Action, state: State, lookup: CardLookup) -> str:
    """The action as an instruction to the player ("Complete Green pair", "Pass")."""

    def named(card_id: str) -> str:
        return name_of(card_id, lookup)

    if isinstance(action, Reroll):
        kept = [c for c in COLOURS if c not in action.dice]
        if not kept:
            return t("hint.do.reroll_all")
        return t("hint.do.keep", kept=dice_words(kept, state), count=len(action.dice))
    if isinstance(action, Complete):
        return t("hint.do.complete", card=named(action.card))
    if isinstance(action, Buy):
        card = state.market_card(action.row, action.slot)
        if card is None:
            return t("hint.do.buy_slot", slot=action.slot, row=row_word(action.row))
        return t("hint.do.buy", card=named(card), slot=action.slot)
    if isinstance(action, Write):
        return t(
            "hint.do.write",
            value=state.value(action.die),
            colour=colour_word(action.die),
            card=named(action.card),
        )
    if isinstance(action, Adjust):
        key = "hint.do.plus" if action.delta > 0 else "hint.do.minus"
        return t(key, colour=colour_word(action.die))
    if isinstance(action, Recolour):
        return t("hint.do.recolour", colour=colour_word(action.die), to=colour_word(action.colour))
    if isinstance(action, Place):
        return t("hint.do.place", card=named(action.card))
    if isinstance(action, ReturnCard):
        return t("hint.do.return", card=named(action.card))
    if isinstance(action, Take):
        return t("hint.do.take", row=row_word(action.row))
    if isinstance(action, Discard):
        return t("hint.do.discard")
    if isinstance(action, Remove):
        if action.row is None:
            return t("hint.do.remove_none")
        card = state.market_card(action.row, 4)
        return t("hint.do.remove", card=named(card) if card else row_word(action.row))
    if isinstance(action, Wild):
        return t("hint.do.wild", card=named(action.card), colour=colour_word(action.colour))
    if isinstance(action, Pass):
        return t("hint.do.pass")
    if isinstance(action, End):
        return t("hint.do.end")
    return str(action)


def reason(why: Why, lookup: CardLookup) -> str:
    """The clause after the instruction: the adviser's numbers in words."""
    card = name_of(why.card, lookup) if why.card else ""
    gain = points(why.gain)
    kind = why.kind
    small = why.gain < SMALL  # nothing to tell in points (a loss shows as no gain, see SMALL)
    if kind == "keep":
        chance = percent(why.chance or 0.0)
        target = "buy" if why.slot is not None else "card"
        text = t(
            f"hint.why.keep_{target}{'_small' if small else ''}",
            chance=chance,
            card=card,
            slot=why.slot,
            points=gain,
        )
        if why.passed is not None and why.expected is not None and why.passed >= SMALL:
            text += " " + t("hint.why.reroll_over_act", expected=points(why.expected), now=points(why.passed))
        return text
    if kind == "write":
        before, after = percent(why.before or 0.0), percent(why.after or 0.0)
        key = "hint.why.write_small" if small else "hint.why.write"
        return t(key, card=card, before=before, after=after, points=gain)
    if kind in ("chance_write", "chance_take", "chance_none"):
        if kind == "chance_none":
            text = t("hint.why.chance_none")
        elif why.other is None:
            text = t("hint.why.chance_alone", points=points_text(why.gain))
        elif why.other < SMALL:  # the rest add nothing (a negative number would need explaining)
            text = t("hint.why.chance_only", points=points_text(why.gain))
        else:
            text = t("hint.why.chance", points=points_text(why.gain), other=points_text(why.other))
        if why.passed is not None:
            text += " " + t("hint.why.act_passed", points=points_text(why.passed))
        return text
    if kind in ("complete", "buy", "place"):
        if why.other is not None and why.other < SMALL:
            return t("hint.why.chance_only", points=points_text(why.gain))
        if why.other is not None:
            return t("hint.why.act_over_chance", points=points_text(why.gain), other=points_text(why.other))
        return t("hint.why.small" if small else f"hint.why.{kind}", points=gain)
    if kind == "remove":
        return t("hint.why.remove_nothing" if small else "hint.why.remove", points=gain)
    if kind in ("keep_blind", "end", "pass", "discard", "setup_return", "setup_place", "wild"):
        return t(f"hint.why.{kind}")
    return ""


def put_back(advice: Advice, state: State, kept: Set[Colour], lookup: CardLookup) -> str:
    """When the hinted reroll takes dice off the construction site: which, and why ("" if none)."""
    action = advice.action
    if not isinstance(action, Reroll):
        return ""
    back = [die for die in COLOURS if die in kept and die in action.dice]
    if not back:
        return ""
    why = advice.why
    if why.kind == "keep" and why.card:
        return t(
            "hint.put_back", dice=dice_words(back, state), card=name_of(why.card, lookup), count=len(back)
        )
    return t("hint.put_back.blind", dice=dice_words(back, state), count=len(back))


def sentence(advice: Advice, state: State, lookup: CardLookup, kept: Set[Colour] = frozenset()) -> str:
    """The whole hint: the instruction (a bonus mark first, if the plan spends one; then every
    completion and purchase of the plan, whose gain the reason gives) and why; dice on the
    construction site the hint rerolls are named with the reason they go back."""
    action = advice.action
    main = next((step for step in advice.steps if not isinstance(step, MARKS)), action)
    doing = instruction(main, state, lookup)
    if isinstance(main, (Complete, Buy)):
        for later in [step for step in advice.steps if isinstance(step, (Complete, Buy))][1:]:
            then = instruction(later, state, lookup)
            doing = t("hint.then", first=doing, then=then[:1].lower() + then[1:])
    if isinstance(action, MARKS) and main is not action:
        doing = t("hint.first", mark=instruction(action, state, lookup), then=doing)
    why = reason(advice.why, lookup)
    text = t("hint.sentence", doing=doing, why=why) if why else doing
    back = put_back(advice, state, kept, lookup)
    return f"{text} {back}" if back else text
