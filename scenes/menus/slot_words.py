"""Saved games in words, for the Continue list and for confirmations that name what would be lost
("the game of Anna, Bruno (round 4)")."""

from __future__ import annotations

from scenes.core.i18n import t
from scenes.model.slots import CAMPAIGN, PENK_KIND, SOLO, SlotInfo

MAX_NAMES_SHOWN = 4  # a seat count never exceeds this; longer lists would only come from a bad save


def game_words(info: SlotInfo) -> str:
    """The game in a slot as a confirmation names it: who plays and the round."""
    if info.newer:
        return t("slots.game.newer", file=info.path.name)
    if not info.resumable:
        return t("slots.game.unreadable", file=info.path.name)
    names = ", ".join(info.names[:MAX_NAMES_SHOWN])
    if info.over:
        return t("slots.game.over", names=names)
    if info.kind in (SOLO, CAMPAIGN):
        return solo_words(info.level or 1, info.round)
    return players_words(info.names, info.round)


def round_words(round_number: int) -> str:
    """How far a game is: its round, or the deal (round 0)."""
    return t("slots.round", round=round_number) if round_number >= 1 else t("slots.deal")


def players_words(names: tuple[str, ...], round_number: int) -> str:
    """A game at the table: who plays it and how far it is."""
    shown = ", ".join(names[:MAX_NAMES_SHOWN])
    return t("slots.game", names=shown, progress=round_words(round_number))


def solo_words(level: int, round_number: int) -> str:
    """The player's own solo or campaign game: its level and how far it is."""
    return t("slots.game.solo", level=level, progress=round_words(round_number))


def row_words(info: SlotInfo) -> str:
    """The game in a slot as the Continue list shows it beside its mode: who plays (at the table)
    and how far it is."""
    if info.newer:
        return t("slots.list.newer")
    if not info.resumable:
        return t("slots.list.unreadable", file=info.path.name)
    if info.over:
        return t("slots.list.over")
    if info.kind in (SOLO, CAMPAIGN):
        return round_words(info.round)
    names = ", ".join(info.names[:MAX_NAMES_SHOWN])
    return t("slots.list.table", names=names, progress=round_words(info.round))


def mode_words(info: SlotInfo) -> str:
    """Which mode the slot holds: a table game of N players, a solo level, the campaign's level."""
    if info.kind == CAMPAIGN:
        return t("slots.mode.campaign", level=info.level) if info.level else t("slots.mode.campaign_any")
    if info.kind == SOLO:
        return t("slots.mode.solo", level=info.level) if info.level else t("slots.mode.solo_any")
    if info.kind == PENK_KIND:  # Penk! has 2 to 4 players: no singular form is needed
        return t("slots.mode.penk", players=len(info.names))
    return t("slots.mode.table", count=len(info.names)) if info.names else t("slots.mode.table_any")


def saved_words(info: SlotInfo) -> str:
    return t("slots.saved", when=info.saved.strftime("%Y-%m-%d %H:%M"))


def replace_question(info: SlotInfo) -> str:
    """What starting a new game in the slot does to what it holds (a newer version's save is kept)."""
    if info.newer:
        return t("slots.replace.newer", file=info.path.name)
    return t("slots.replace.question", game=game_words(info))


def replace_button(info: SlotInfo) -> str:
    """The i18n key of the button that starts the new game over `info`."""
    return "slots.replace.keep_newer" if info.newer else "slots.replace.yes"
