"""A Penk! game's review in words (for scenes/history/review.py, which serves both games): a move
as the Penk! log tells it, and a roll with who rolled it."""

from __future__ import annotations

from game.penk import Roll, parse
from scenes.core.i18n import t
from scenes.history import luck_panel
from scenes.model.luck import RollLuck
from scenes.model.replay import Replay
from scenes.penk.words import dice_words, move_words


def move_text(replay: Replay, text: str, seat: int) -> str:
    return move_words(replay.session.name(seat), parse(text))()


def roll_text(replay: Replay, luck: RollLuck) -> str:
    roll = parse(luck.roll)
    dice = dice_words(roll.faces) if isinstance(roll, Roll) else luck.roll
    rolled = t("penk.review.roll", name=replay.session.name(luck.seat), dice=dice)
    return luck_panel.roll_words(replay, luck, rolled)
