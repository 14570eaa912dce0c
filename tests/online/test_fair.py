"""Dice everybody can check (game/online/fair.py): the key a table committed to recomputes every
roll, draw and the start player of a finished game, and any change shows at its step."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.goennen.match import KeyedChance
from game.kit.table import Table, TableSeat
from game.online.fair import check_game, commitment
from game.registry import rulebook

KEY = bytes(range(1, 33))


def _finished(game: str, players: int) -> dict[str, Any]:
    rules = rulebook(game)
    table: Table[Any, Any] = Table(
        rules,
        rules.new_match(players, 0, chance=KeyedChance(KEY)),
        [TableSeat("Bot", "bot", "easy")] * players,
    )
    bots = {seat: rules.bot("easy") for seat in range(players)}
    rng = random.Random(1)
    while due := table.bots_due():
        table.play_bot(due[0], bots[due[0]](table.decision_state(due[0]), rng, 0.05), 1.0)
    assert table.is_over
    return rules.match_to_data(table.match)


@pytest.mark.parametrize("game", ["goennen-koennen", "penk"])
def test_a_finished_game_follows_from_the_key_it_committed_to(game: str) -> None:
    save = _finished(game, 3)
    rules = rulebook(game)
    assert check_game(rules, save, KEY, commitment(KEY)).ok
    other = bytes(32)
    assert check_game(rules, save, other, commitment(KEY)).reason == "commitment"
    assert check_game(rules, save, other, commitment(other)).reason in ("start", "chance")
    # one roll edited: the check names that very step
    edited = copy.deepcopy(save)
    roll_at = next(
        index for index, text in enumerate(edited["actions"]) if text.startswith("roll") and index > 20
    )
    words = edited["actions"][roll_at].split()
    faces = words[1:]
    letter, value = faces[0][:-1], int(faces[0][-1]) if game == "goennen-koennen" else 0
    if game == "goennen-koennen":
        faces[0] = f"{letter}{value % 6 + 1}"
        edited["actions"][roll_at] = " ".join(["roll", *faces])
    else:
        dice = faces[0]
        edited["actions"][roll_at] = "roll " + ("1" if dice[0] != "1" else "2") + dice[1:]
    verdict = check_game(rules, edited, KEY, commitment(KEY))
    assert not verdict.ok and verdict.step == roll_at, verdict


def test_a_commitment_tells_nothing_of_the_key_and_a_damaged_save_is_said_so() -> None:
    assert KEY.hex() not in commitment(KEY) and len(commitment(KEY)) == 64
    assert commitment(KEY) != commitment(bytes(32))
    verdict = check_game(rulebook("penk"), {"format": "nonsense"}, KEY, commitment(KEY))
    assert verdict.reason == "save"
