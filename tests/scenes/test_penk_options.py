"""Penk!'s pure options layer (scenes/penk/turn_options.py) over random positions: what a press on
a cell does is always legal or a question, the buttons follow the engine's legal actions, and
every prompt is a line of the catalogue. No window."""

from __future__ import annotations

import random
from itertools import combinations

from game.penk import JOLLY, SIZE, Circle, Cross, PenkMatch, Reroll, legal_actions
from scenes.core.i18n import LANGUAGES, keys_with_prefix
from scenes.penk.turn_options import PenkOptions
from scenes.penk.why_not import Asked


def _positions(games: int = 12) -> list[tuple[PenkOptions, list[object]]]:
    found = []
    for seed in range(games):
        match = PenkMatch.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while True:
            match.advance()
            if match.is_over:
                break
            state = match.state
            legal = legal_actions(state)
            picks = [()] + [tuple(sorted(c)) for size in (1, 2, 3) for c in combinations(state.dice, size)]
            for picked in rng.sample(picks, min(3, len(picks))):
                found.append((PenkOptions(state, tuple(legal), picked, True), legal))
            match.play(rng.choice(legal))
    return found


def test_a_press_on_any_cell_plays_a_legal_action_or_asks_why_not() -> None:
    for options, legal in _positions():
        for row in range(1, SIZE + 1):
            for column in range(1, SIZE + 1):
                pressed = options.press_cell(row, column)
                if isinstance(pressed, Asked):
                    assert pressed.cell == (row, column) or pressed.column == column
                    assert (
                        not any(isinstance(a, Circle) and a.cell == (row, column) for a in legal)
                        or options.failed
                    )
                    continue
                if pressed == options.group:  # the picked dice, played as picked (a refusal says why)
                    assert isinstance(pressed, Circle) and pressed.cell == (row, column)
                    continue
                assert pressed in legal
                if isinstance(pressed, Cross):
                    assert options.failed and pressed.column == column
                else:  # the fitting group with the fewest jollies
                    assert isinstance(pressed, Circle) and pressed.cell == (row, column)
                    fitting = [a for a in options.circles if a.cell == (row, column)]
                    assert pressed.group.count(JOLLY) == min(a.group.count(JOLLY) for a in fitting)


def test_the_buttons_follow_the_legal_actions() -> None:
    for options, legal in _positions():
        assert options.can_reroll == (bool(options.picked) and Reroll(options.picked) in legal)
        group = options.group
        assert options.can_circle == (group is not None and group in legal)
        assert options.failed == any(isinstance(a, Cross) for a in legal)
        for column in range(1, SIZE + 1):
            assert options.crossable(column) == (options.failed and Cross(column) in legal)
        idle = PenkOptions(options.state, options.legal, options.picked, False)
        assert not (idle.can_reroll or idle.can_circle or idle.can_end or idle.crossable(1))


def test_every_prompt_is_a_line_of_the_catalogue() -> None:
    keys = {options.prompt()[0] for options, _ in _positions(6)}
    assert keys >= {"penk.prompt.choose", "penk.prompt.more"}
    for language in LANGUAGES:
        assert keys <= set(keys_with_prefix("penk.", language)), (language, keys)
