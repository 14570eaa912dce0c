"""Actions told in words for the log and the bots' toasts ("Robo bought Yellow three", "Anna wrote a 5").
Cards are called by their names (scenes/render/card_names.py), never by their ids."""

from __future__ import annotations

from collections.abc import Sequence

from game.goennen.engine import (
    COLOURS,
    Action,
    Adjust,
    Buy,
    Colour,
    Complete,
    Discard,
    Draw,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Roll,
    Row,
    State,
    Take,
    Wild,
    Write,
)
from scenes.core.i18n import current_language, t
from scenes.render.card_names import CardLookup, name_of


def points_text(points: float) -> str:
    """Points with a sign and one decimal (two below a tenth), in the language's decimal sign: the
    one way the table writes an expected gain (the chance buttons, the Hint, the bots' "why")."""
    text = f"{points:+.1f}" if abs(points) >= 0.095 else f"{points:+.2f}"
    return text.replace(".", ",") if current_language() in ("de", "nl") else text


def round_note(round_index: int, last_round: int | None) -> str:
    """What the header adds to the round: nothing, "(one more round follows)" in the round a 9th
    card was placed, "(last round)" in the last round itself."""
    if last_round is None:
        return ""
    return t("table.header.last_round" if round_index >= last_round else "table.header.one_more_round")


def listed(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c" in the player's language."""
    return words[0] if len(words) == 1 else t("hint.and", first=", ".join(words[:-1]), last=words[-1])


def dice_words(dice: Sequence[Colour], state: State) -> str:
    """Dice named by colour, grouped by the value they show: "the yellow and blue 3s and the
    green 5" (a die is found on the table by its colour, a value may show on several)."""
    by_value: dict[int, list[Colour]] = {}
    for die in dice:
        by_value.setdefault(state.value(die), []).append(die)
    groups = [
        t("hint.dice", colours=listed([colour_word(c) for c in colours]), value=value, count=len(colours))
        for value, colours in sorted(by_value.items())
    ]
    return listed(groups)


def reroll_words(action: Reroll, name: str, state: State) -> str:
    """A reroll told by the dice kept, by colour and value as they lay ("Anna keeps the yellow and
    blue 3s and rerolls the other 3"): the review and the replay say it so."""
    kept = [colour for colour in COLOURS if colour not in action.dice]
    if not kept:
        return t("review.reroll_all", name=name)
    return t("review.reroll", name=name, kept=dice_words(kept, state), count=len(action.dice))


def roll_words(roll: Roll) -> str:
    """A roll with the colour of each die: "yellow 1, orange 5, green 4" (the log says "1 5 4")."""
    return ", ".join(t("log.die", colour=colour_word(colour), value=value) for colour, value in roll.faces)


def colour_word(colour: Colour) -> str:
    return t(f"colour.{colour.word}")


def row_word(row: Row) -> str:
    return t("table.row.scoring" if row == Row.SCORING else "table.row.bonus")


def describe(
    action: Action, name: str, lookup: CardLookup, value: int | None = None, card: str | None = None
) -> str:
    """One sentence for the log. `lookup`: the deck's cards by id; `value`: the number written
    (writes); `card`: the id of the card bought."""

    def named(card_id: str) -> str:
        return name_of(card_id, lookup)

    if isinstance(action, Roll):
        faces = " ".join(str(v) for _, v in action.faces)
        return t("log.roll", name=name, faces=faces)
    if isinstance(action, Draw):
        return t("log.draw", card=named(action.card))
    if isinstance(action, ReturnCard):
        return t("log.return", name=name)
    if isinstance(action, Place):
        return t("log.place", name=name, card=named(action.card))
    if isinstance(action, Reroll):
        return t("log.reroll", name=name, count=len(action.dice))
    if isinstance(action, Adjust):
        key = "log.plus" if action.delta > 0 else "log.minus"
        return t(key, name=name, colour=colour_word(action.die))
    if isinstance(action, Recolour):
        return t("log.recolour", name=name, colour=colour_word(action.die), to=colour_word(action.colour))
    if isinstance(action, Complete):
        return t("log.complete", name=name, card=named(action.card))
    if isinstance(action, Buy):
        if card is None:  # the market before the purchase is unknown: say where it lay
            return t("log.buy_slot", name=name, slot=action.slot, row=row_word(action.row))
        return t("log.buy", name=name, card=named(card))
    if isinstance(action, Write):
        if value is None:  # an entry from before a resume: the number is on the card
            return t("log.write_card", name=name, card=named(action.card))
        return t("log.write", name=name, value=value, card=named(action.card))
    if isinstance(action, Take):
        return t("log.take", name=name, row=row_word(action.row))
    if isinstance(action, Discard):
        return t("log.discard", name=name)
    if isinstance(action, Remove):
        return t("log.remove", name=name, row=row_word(action.row) if action.row else "-")
    if isinstance(action, Wild):
        return t("log.wild", name=name, card=named(action.card), colour=colour_word(action.colour))
    if isinstance(action, Pass):
        return t("log.pass", name=name)
    if isinstance(action, End):
        return t("log.end", name=name)
    return str(action)
