"""A golden Penk! playthrough: one seeded 4-seat game (random legal choices from a seeded
generator) written as a text trace of every position and its legal actions, diffed against
tests/golden/penk-4-seats.txt. A rules change shows up here line by line; after a deliberate one,
write the file again with

    PENK_GOLDEN_WRITE=1 python -m pytest tests/penk/test_golden.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from game.penk import PenkMatch, State, current_scores, dice_text, legal_actions, result

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "penk-4-seats.txt"
SEED, PLAYERS = 2026, 4


def _position(state: State) -> str:
    sheets = " | ".join(sheet.text().replace("\n", "/") for sheet in state.sheets)
    return (
        f"round {state.round} seat {state.active} {state.phase.value} roll {state.rolls} "
        f"dice {dice_text(state.dice) or '-'} used {dice_text(state.used) or '-'}"
        f"{' last-round' if state.ending else ''} sheets {sheets}"
    )


def trace() -> str:
    match = PenkMatch.new(PLAYERS, SEED)
    rng = random.Random(SEED)
    lines = [f"Penk! golden playthrough: {PLAYERS} seats, seed {SEED}, first player {match.setup.first}"]
    while True:
        for outcome in match.advance():
            lines.append(f"  chance: {outcome}")
        state = match.state
        if match.is_over:
            break
        legal = legal_actions(state)
        action = rng.choice(legal)
        lines.append(_position(state))
        lines.append(f"  legal ({len(legal)}): {', '.join(str(a) for a in legal)}")
        lines.append(f"  seat {state.active}: {action}")
        match.play(action)
    lines.append(_position(match.state))
    outcome = result(match.state)
    for score in current_scores(match.state):
        lines.append(
            f"seat {score.seat}: {score.total} (rows {list(score.rows)}, columns {list(score.columns)})"
        )
    lines.append(f"winners {list(outcome.winners)}")
    return "\n".join(lines) + "\n"


def test_the_golden_playthrough_is_unchanged() -> None:
    text = trace()
    if os.environ.get("PENK_GOLDEN_WRITE"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        for number, (got, want) in enumerate(zip(text.splitlines(), expected.splitlines(), strict=False), 1):
            assert got == want, f"line {number} of {GOLDEN.name} differs"
    assert text == expected
