"""How much a display is worth: expected end-of-game points, for comparing choices.

Why expected points: every choice a bot meets (which card to complete, what to buy and where to
place it, which field to write passively, which bonus mark to spend) changes one display, and all
of them can be compared on one scale if the display is valued by the points it should score at the
end. A card's chance to be completed by then comes from the exact one-turn odds (game/odds.py) and
the number of active turns left; a scoring card is worth its points times the units it should
reach, weighted by that chance; a bonus card is worth its remaining marks.

Two depths: `foresight=False` (the normal bot) counts units as they stand; `foresight=True` (the
hard bot) adds what empty neighbouring cells, unfinished rows and missing colours may still bring,
so it places cards for their future and values bonus kinds by what they enable.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from game import odds
from game.cards import BonusKind, CardKind, ScoringKind, Task
from game.colours import COLOURS
from game.display import GRID, MAX_CARDS, NEIGHBOURS_4, Display, PlacedCard, Pos
from game.state import State

DICE = 5
FOCUS = 0.5  # share of a turn's chance that goes to one card among several
BUY_RATE = 0.4  # cards a player adds per own turn, on average
MARK_VALUE: Mapping[BonusKind, float] = {
    BonusKind.PLUS_MINUS: 1.4,
    BonusKind.RECOLOUR: 1.1,
    BonusKind.EXTRA_DIE: 0.9,
    BonusKind.DISCOUNT: 1.3,
    BonusKind.WILD_COLOUR: 0.0,
}
WILD_VALUE = 2.0  # a completed wild card: a colour where it scores best
EMPTY_FIELD = 0.01  # the tie-break: fewer empty fields wins

_chances: dict[tuple[Task, tuple[int | None, ...]], float] = {}


def turn_chance(task: Task, filled: tuple[int | None, ...]) -> float:
    """The exact chance to complete a card within one whole active turn (cached per fill)."""
    key = (task, filled)
    chance = _chances.get(key)
    if chance is None:
        empty = sum(1 for v in filled if v is None)
        chance = 0.0 if empty > DICE else odds.chance_before_roll(task, filled)
        _chances[key] = chance
    return chance


def turns_left(state: State, seat: int) -> float:
    """The active turns `seat` should still have, counting the current one if it is theirs.

    Solo games know it (the level's rounds, or the end round after a 9th card); in a multiplayer
    game the end comes when someone fills 9 cells, so the fullest display sets the pace.
    """
    if state.config.solo:
        end = state.solo_rounds() - 1
        if state.last_round is not None:
            end = min(end, state.last_round)
        return float(max(1, end - state.round + 1))
    if state.last_round is not None:
        left = state.last_round - state.round
        mine_done = seat < state.active or (seat == state.active and state.phase != "active")
        return float(max(0, left + (0 if mine_done else 1)))
    fullest = max(len(s.display) for s in state.seats)
    return max(1.0, min(15.0, (MAX_CARDS - fullest) / BUY_RATE + 1.5))


class Evaluator:
    """Values displays in expected points; see the module docstring."""

    def __init__(self, foresight: bool) -> None:
        self.foresight = foresight

    def card_chance(self, placed: PlacedCard, turns: float) -> float:
        """The chance this card is completed by the end of the game."""
        if placed.completed:
            return 1.0
        if turns <= 0:
            return 0.0
        empty = placed.empty_count
        if empty > DICE:
            # long tasks need passive writes first; progress is what counts
            done = 1.0 - empty / len(placed.filled)
            return min(0.45, 0.03 * turns * (0.3 + done))
        q = turn_chance(placed.card.task, placed.filled)
        miss = math.pow(1.0 - FOCUS * q, turns)
        passive = 0.04 * turns / (1 + empty)  # passive writes help short gaps
        return min(1.0, 1.0 - miss + passive)

    def value(
        self, state: State, seat: int, display: Display | None = None, sure: Mapping[str, float] | None = None
    ) -> float:
        """Expected end points of `seat`'s display (or of `display` instead), with `sure` overriding
        the completion chance of some cards (e.g. 1.0 for a card about to be completed)."""
        display = display if display is not None else state.display(seat)
        turns = turns_left(state, seat)
        chance = {p.id: self.card_chance(p, turns) for p in display}
        if sure:
            chance.update(sure)
        return self.display_value(display, chance, turns)

    def display_value(self, display: Display, chance: Mapping[str, float], turns: float) -> float:
        free = MAX_CARDS - len(display)
        future = min(float(free), turns * BUY_RATE) if self.foresight else 0.0
        fill = future / free if free else 0.0  # chance a given free cell gets a card
        total = 0.0
        bonus_kinds: dict[BonusKind, float] = {}
        for placed in display:
            p = chance[placed.id]
            total -= EMPTY_FIELD * placed.empty_count
            card = placed.card
            if card.kind == CardKind.BONUS:
                assert card.bonus is not None
                bonus_kinds[card.bonus] = 1 - (1 - bonus_kinds.get(card.bonus, 0.0)) * (1 - p)
                total += self._bonus_value(placed, p, turns)
                continue
            units = self._units(display, placed, chance, fill, future)
            total += p * card.points * units
        if any(p.card.scoring == ScoringKind.BONUS_KINDS for p in display):
            kinds = sum(bonus_kinds.values())
            for placed in display:
                if placed.card.scoring == ScoringKind.BONUS_KINDS:
                    extra = min(0.5, future * 0.2) if self.foresight else 0.0
                    total += chance[placed.id] * placed.card.points * (kinds + extra)
        return total

    def _bonus_value(self, placed: PlacedCard, p: float, turns: float) -> float:
        bonus = placed.card.bonus
        assert bonus is not None
        if bonus == BonusKind.WILD_COLOUR:
            return p * WILD_VALUE
        marks = placed.marks_left if placed.completed else placed.card.uses
        useful = min(1.0, max(0.0, turns - (0 if placed.completed else 1)) / 4)
        return p * marks * MARK_VALUE[bonus] * useful

    def _units(
        self, display: Display, placed: PlacedCard, chance: Mapping[str, float], fill: float, future: float
    ) -> float:
        kind = placed.card.scoring
        colour = placed.card.scoring_colour
        if kind == ScoringKind.BONUS_KINDS:
            return 0.0  # counted over the whole display, in display_value
        if kind == ScoringKind.ADJACENT_COMPLETED:
            near = sum(chance[n.id] for n in display.edge_neighbours(placed))
            return near + fill * 0.5 * len(open_neighbours(display, placed.pos))
        if kind == ScoringKind.COLOUR_COUNT:
            return sum(1.0 for p in display if _colour(p) == colour) + future * 0.25
        if kind == ScoringKind.ADJACENT_COLOUR:
            near = sum(1.0 for n in display.edge_neighbours(placed) if _colour(n) == colour)
            return near + fill * 0.2 * len(open_neighbours(display, placed.pos))
        if kind == ScoringKind.COMPLETE_LINES:
            return _lines_of(display, chance, fill)
        if kind == ScoringKind.FIVE_COLOURS:
            present = {_colour(p) for p in display}
            missing = sum(1 for c in COLOURS if c not in present)
            if missing == 0:
                return 1.0
            return 0.6**missing if future >= missing else 0.0
        if kind == ScoringKind.MONO_LINES:
            return _mono_lines(display, fill)
        return 0.0


def _colour(placed: PlacedCard) -> object:
    if placed.card.bonus == BonusKind.WILD_COLOUR:
        return placed.wild_colour
    return placed.card.colour


def _span_ok(display: Display, cell: Pos) -> bool:
    rows = [r for r, _ in display.positions()] + [cell[0]]
    cols = [c for _, c in display.positions()] + [cell[1]]
    return max(rows) - min(rows) < GRID and max(cols) - min(cols) < GRID


def open_neighbours(display: Display, pos: Pos) -> list[Pos]:
    """Edge neighbours of `pos` that are free and could still take a card (within 3x3)."""
    taken = display.positions()
    cells = [(pos[0] + dr, pos[1] + dc) for dr, dc in NEIGHBOURS_4]
    return [cell for cell in cells if cell not in taken and _span_ok(display, cell)]


def _lines(display: Display) -> list[list[Pos]]:
    """The rows and columns of the 3x3 box that starts at the top-left card (a guess until fixed)."""
    if not display.cards:
        return []
    r0 = min(r for r, _ in display.positions())
    c0 = min(c for _, c in display.positions())
    lines = [[(r0 + i, c0 + j) for j in range(GRID)] for i in range(GRID)]
    lines += [[(r0 + j, c0 + i) for j in range(GRID)] for i in range(GRID)]
    return lines


def _lines_of(display: Display, chance: Mapping[str, float], fill: float) -> float:
    total = 0.0
    for line in _lines(display):
        p = 1.0
        for cell in line:
            placed = display.at(cell)
            p *= (fill * 0.4) if placed is None else chance[placed.id]
        total += p
    return total


def _mono_lines(display: Display, fill: float) -> float:
    total = 0.0
    for line in _lines(display):
        colours = []
        missing = 0
        for cell in line:
            placed = display.at(cell)
            if placed is None:
                missing += 1
            else:
                colours.append(_colour(placed))
        if not colours or len(set(colours)) > 1 or colours[0] is None:
            continue
        total += (fill * 0.2) ** missing
    return total
