"""Penk! at the table in words: a move told as the log and the bots' notes say it, and the
winner with the tie rule. Every text is told when drawn, so a language switch shows at once."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.penk import JOLLY, ROW_VALUES, Action, Circle, Cross, End, Outcome, Reroll, State
from scenes.core.i18n import t
from scenes.model.session import GameSession


def header_words(session: GameSession, state: State, large: int) -> str:
    """The table's heading: the round and who plays; when the large sheet is another seat's (a
    person watching a bot), whose it is."""
    if state.is_over:
        return t("penk.header.over")
    last = t("penk.header.last_round") if state.ending else ""
    text = t("penk.header", round=state.round, name=session.name(state.active)) + last
    if large != state.active:
        text += t("penk.header.shown", name=session.name(large))
    return text


def seat_kind(session: GameSession, seat: int) -> str:
    """A bot's level ("easy bot"), as the first game's panels say it; "" for a person."""
    level = session.seats[seat].level
    return t(f"table.bot.{level}") if level else ""


def dice_words(faces: Sequence[int]) -> str:
    return " ".join("J" if face == JOLLY else str(face) for face in faces)


def move_words(name: str, action: Action) -> Callable[[], str]:
    """What a seat did, told when drawn."""
    if isinstance(action, Reroll):
        return lambda: t("penk.move.reroll", name=name, dice=dice_words(action.faces))
    if isinstance(action, Circle):
        row, column = action.cell
        return lambda: t("penk.move.circle", name=name, row=row, column=column, value=ROW_VALUES[row - 1])
    if isinstance(action, Cross):
        return lambda: t("penk.move.cross", name=name, column=action.column)
    if isinstance(action, End):
        return lambda: t("penk.move.end", name=name)
    return lambda: ""


def winner_words(outcome: Outcome, names: Sequence[str]) -> str:
    """The winner, or the shared victory, with the tie rule in words."""
    scores = {score.seat: score for score in outcome.scores}
    best = scores[outcome.winners[0]]
    if len(outcome.winners) > 1:
        together = ", ".join(names[seat] for seat in outcome.winners)
        return t("penk.end.shared", names=together, points=best.total, circled=best.circled)
    winner = names[best.seat]
    if outcome.tie_broken:
        tied = [score for score in outcome.scores if score.total == best.total and score.seat != best.seat]
        others = ", ".join(names[score.seat] for score in tied)
        most = max(score.circled for score in tied)
        return t(
            "penk.end.tie_broken",
            name=winner,
            others=others,
            points=best.total,
            circled=best.circled,
            fewer=most,
        )
    return t("penk.end.winner", name=winner, points=best.total)
