"""The dice masks of Task.open_fields and the checks built on them (writes.could_write, the easy
bot's completion search) give the same answers as the per-die questions they replace."""

from __future__ import annotations

import random

from game.goennen.ai import make_bot
from game.goennen.ai.play import play_game
from game.goennen.cards import BonusKind, die_bits
from game.goennen.colours import COLOURS, Colour
from game.goennen.deck import standard_deck
from game.goennen.display import Display
from game.goennen.match import Match
from game.goennen.writes import could_write


def _random_fill(task_len: int, rng: random.Random) -> tuple[int | None, ...]:
    filled: list[int | None] = [None] * task_len
    for _ in range(rng.randint(0, task_len)):
        filled[rng.randrange(task_len)] = rng.randint(1, 6)
    return tuple(filled)


def test_open_fields_masks_hold_exactly_the_dice_fields_taking_allows() -> None:
    rng = random.Random(5)
    tasks = [card.task for card in standard_deck().cards]
    checked = 0
    for _ in range(1500):
        task = rng.choice(tasks)
        filled = _random_fill(len(task), rng)
        if not task.completable(filled):
            continue
        empty, masks = task.open_fields(filled)
        assert empty == task.empty_fields(filled)
        for value in range(1, 7):
            for colour in COLOURS:
                bit = die_bits(1 << value, colour)
                taking = tuple(index for index, mask in zip(empty, masks, strict=True) if mask & bit)
                assert taking == task.fields_taking(filled, value, colour), (task.text(), filled, value)
                checked += 1
    assert checked > 10_000


def _could_write_by_dice(display: Display, faces: tuple[int, ...], dice: tuple[Colour, ...]) -> bool:
    """could_write as it was first written: every die, value, card and colour asked one by one."""
    open_cards = [p for p in display if not p.completed]
    spread = display.marks_left(BonusKind.PLUS_MINUS)
    can_recolour = display.marks_left(BonusKind.RECOLOUR) > 0
    for die in dice:
        face = faces[die.slot]
        for placed in open_cards:
            colours = (
                {die} | {f.colour for f in placed.card.task.fields if f.colour} if can_recolour else {die}
            )
            for value in range(max(1, face - spread), min(6, face + spread) + 1):
                for colour in colours:
                    if placed.card.task.fields_taking(placed.filled, value, colour):
                        return True
    return False


def test_could_write_agrees_with_asking_every_die_value_and_colour() -> None:
    rng = random.Random(8)
    displays: list[Display] = []

    def watch(match: Match, seat: int, action: object) -> None:
        displays.extend(match.state.display(other) for other in range(match.setup.players))

    for seed in range(6):
        play_game([make_bot("easy") for _ in range(3)], seed, watch=watch)
    marked = 0
    for display in displays[::7]:
        marked += display.marks_left(BonusKind.PLUS_MINUS) > 0 or display.marks_left(BonusKind.RECOLOUR) > 0
        for _ in range(3):
            faces = tuple(rng.randint(1, 6) for _ in COLOURS)
            dice = tuple(die for die in COLOURS if rng.random() < 0.5) or COLOURS
            assert could_write(display, faces, dice) == _could_write_by_dice(display, faces, dice)
    assert marked > 20  # bonus marks (plus/minus, recolour) are part of what is checked
