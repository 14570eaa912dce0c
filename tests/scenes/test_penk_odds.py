"""The odds at the Penk! table: in 200 seeded positions every chance shown (each clear cell, each
row and column, the failed roll) equals, to the shown percent, an independent computation written
here in plain Python over every roll of the dice; and the table shows them for the human deciding,
hides them with O."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product

import pygame

import game.penk as penk
from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.penk_odds import PenkBadge, PenkOddsRequest, penk_badges
from scenes.penk.opening import start_session
from scenes.penk.table import PenkTableScene
from scenes.table.odds_view import percent_text
from tests.scenes.conftest import press, settle, top

JOLLY = penk.JOLLY
FACES = (1, 2, 3, 4, 5, JOLLY)


@cache
def outcomes(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted result of rolling `count` dice with its chance (all 6**count orders counted)."""
    tally = Counter(tuple(sorted(roll)) for roll in product(FACES, repeat=count))
    return tuple((faces, n / 6**count) for faces, n in tally.items())


def circles_one(hand: tuple[int, ...], targets: frozenset[tuple[int, int]]) -> bool:
    """Whether the dice make a group for one of the target cells (row = dice, column = value; a
    jolly may stand in for one die of a group of 2 or more)."""
    have = Counter(hand)
    return any(
        have[column] >= row or (row >= 2 and have[column] == row - 1 and have[JOLLY] > 0)
        for row, column in targets
    )


@cache
def best(hand: tuple[int, ...], rerolls: int, targets: frozenset[tuple[int, int]]) -> float:
    """The chance to circle a target by the turn's end from `hand`, playing for it."""
    if circles_one(hand, targets):
        return 1.0
    if rerolls == 0:
        return 0.0
    parts = {tuple(sorted(kept)) for n in range(len(hand)) for kept in _parts(hand, n)}
    return max(rolled(part, rerolls - 1, targets) for part in parts)


def _parts(hand: tuple[int, ...], size: int) -> set[tuple[int, ...]]:
    from itertools import combinations

    return set(combinations(hand, size))


@cache
def rolled(kept: tuple[int, ...], rerolls: int, targets: frozenset[tuple[int, int]]) -> float:
    """The same when the dice not kept are rolled now and `rerolls` rerolls follow."""
    return sum(
        p * best(tuple(sorted(kept + faces)), rerolls, targets) for faces, p in outcomes(6 - len(kept))
    )


def expected(state: penk.State, picked: tuple[int, ...], targets: frozenset[tuple[int, int]]) -> float:
    if state.phase is penk.Phase.CIRCLE:
        free = list(state.dice)
        for face in state.used:
            free.remove(face)
        return float(circles_one(tuple(free), targets))
    left = 3 - state.rolls
    if picked and left:
        kept = list(state.dice)
        for face in picked:
            kept.remove(face)
        return rolled(tuple(kept), left - 1, targets)
    return best(state.dice, left, targets)


def targets_of(state: penk.State, badge: PenkBadge) -> frozenset[tuple[int, int]]:
    sheet = state.sheet
    clear = {(r, c) for r in range(1, 6) for c in range(1, 6) if sheet.is_clear(r, c)}
    if badge.kind == "cell":
        return frozenset({badge.target})  # type: ignore[arg-type]
    if badge.kind == "fail":
        return frozenset(clear)
    kind, number = badge.target
    return frozenset(cell for cell in clear if (cell[0] if kind == "row" else cell[1]) == number)


def positions(count: int) -> list[tuple[penk.State, tuple[int, ...]]]:
    """`count` seeded decisions from bot games, each with a seeded choice of dice to reroll."""
    found: list[tuple[penk.State, tuple[int, ...]]] = []
    rng = random.Random(38)
    seed = 0
    while len(found) < count:
        seed += 1
        match = penk.PenkMatch.new(2, seed)
        bots = [penk.make_bot("normal"), penk.make_bot("hard")]
        while len(found) < count:
            match.advance()
            if match.is_over:
                break
            state = match.state
            if rng.random() < 0.3:
                free = list(state.dice)
                for face in state.used:
                    free.remove(face)
                picked = tuple(sorted(face for face in free if rng.random() < 0.4))
                found.append((state, picked if state.phase is penk.Phase.CHOOSE else ()))
            match.play(penk.decide(bots[state.active], state, rng))
    return found


def test_every_chance_shown_equals_an_independent_computation_in_200_positions() -> None:
    checked = 0
    for state, picked in positions(200):
        request = PenkOddsRequest(state, state.active, picked)
        for batch in penk_badges(request):
            for badge in batch:
                if badge.kind == "add":
                    continue
                chance = expected(state, picked, targets_of(state, badge))
                chance = 0.0 if chance < 1e-12 else 1.0 if chance > 1 - 1e-12 else chance
                value = 1.0 - chance if badge.kind == "fail" else chance
                assert percent_text(badge.value) == percent_text(value), (state, picked, badge, value)
                checked += 1
    assert checked > 200 * 20


def test_the_table_shows_the_odds_and_o_hides_them(app: App) -> None:
    app.change_settings(odds="on")
    seats = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy"))
    session = start_session(GameConfig(seats, 0), seed=11)
    app.go("table", session, how="reset", fade=False)
    scene = top(app)
    for _ in range(600):
        settle(app, 0.5)
        scene = top(app)
        if isinstance(scene, PenkTableScene) and scene.deciding and scene.odds.last and scene.odds.last.done:
            break
    assert isinstance(scene, PenkTableScene)
    kinds = {badge.kind for badge in scene.odds.badges}  # type: ignore[attr-defined]
    assert {"cell", "line", "fail"} <= kinds
    cell = next(badge.target for badge in scene.odds.badges if badge.kind == "cell")  # type: ignore[attr-defined]
    assert "to circle it this turn" in scene.cell_spots[cell].tooltip()  # type: ignore[index]
    press(app, pygame.K_o)
    settle(app, 0.2)
    assert app.settings.odds == "off" and not scene.odds.badges
