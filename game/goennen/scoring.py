"""End-of-game scoring: every completed scoring card by its kind, with a per-card breakdown."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from game.goennen.cards import BonusKind, CardKind, ScoringKind
from game.goennen.colours import COLOURS, Colour
from game.goennen.display import Display, PlacedCard


@dataclass(frozen=True, slots=True)
class CardScore:
    """What one scoring card earned, and why (units counted x points per unit)."""

    card_id: str
    kind: ScoringKind
    units: int
    points_per_unit: int
    completed: bool

    @property
    def points(self) -> int:
        return self.units * self.points_per_unit if self.completed else 0


@dataclass(frozen=True, slots=True)
class SeatScore:
    seat: int
    cards: tuple[CardScore, ...]
    empty_fields: int

    @property
    def total(self) -> int:
        total = 0
        for card in self.cards:  # CardScore.points without its call per card
            if card.completed:
                total += card.units * card.points_per_unit
        return total


def _colour_of(placed: PlacedCard) -> Colour | None:
    return placed.colour


def units_for(display: Display, placed: PlacedCard) -> int:
    """How many times this scoring card's reward applies (before checking completion)."""
    card = placed.card
    kind = card.scoring
    if kind is _SCORINGKIND_ADJACENT_COMPLETED:
        return sum(1 for n in display.edge_neighbours(placed) if n.completed)
    if kind is _SCORINGKIND_COLOUR_COUNT:
        return sum(1 for p in display if _colour_of(p) == card.scoring_colour)
    if kind is _SCORINGKIND_ADJACENT_COLOUR:
        return sum(1 for n in display.edge_neighbours(placed) if _colour_of(n) == card.scoring_colour)
    if kind is _SCORINGKIND_COMPLETE_LINES:
        return sum(1 for line in display.lines() if all(p.completed for p in line))
    if kind is _SCORINGKIND_FIVE_COLOURS:
        present = {_colour_of(p) for p in display}
        return 1 if all(colour in present for colour in COLOURS) else 0
    if kind is _SCORINGKIND_MONO_LINES:
        count = 0
        for line in display.lines():
            colours = {_colour_of(p) for p in line}
            if len(colours) == 1 and None not in colours:
                count += 1
        return count
    if kind is _SCORINGKIND_BONUS_KINDS:
        kinds = {p.card.bonus for p in display if p.card.kind is _CARDKIND_BONUS and p.completed}
        return len(kinds)
    raise ValueError(f"card {card.id} is not a scoring card")


def score_display(seat: int, display: Display) -> SeatScore:
    cards = tuple(
        CardScore(p.id, p.card.scoring, units_for(display, p), p.card.points, p.completed)
        for p in display.scoring_cards()
        if p.card.scoring is not None
    )
    return SeatScore(seat, cards, display.empty_fields())


def winners(scores: tuple[SeatScore, ...]) -> tuple[int, ...]:
    """Highest total wins; a tie goes to fewer empty fields; still tied, all share the victory."""
    ranks = [(s.total, -s.empty_fields) for s in scores]  # each total worked out once
    best = max(ranks)
    return tuple([s.seat for s, rank in zip(scores, ranks, strict=True) if rank == best])


def wild_cards_to_choose(display: Display) -> tuple[PlacedCard, ...]:
    """Completed wild-colour cards whose colour is still open."""
    return tuple(
        p for p in display if p.card.bonus is _BONUSKIND_WILD_COLOUR and p.completed and p.wild_colour is None
    )


def best_wild_colours(seat: int, display: Display) -> dict[str, Colour]:
    """The colours for the open wild cards that give the highest score (ties: fewest... first)."""
    open_cards = wild_cards_to_choose(display)
    if not open_cards:
        return {}
    best: tuple[int, tuple[Colour, ...]] | None = None
    for choice in product(COLOURS, repeat=len(open_cards)):
        trial = display
        for placed, colour in zip(open_cards, choice, strict=True):
            trial = trial.replace_card(_with_wild(placed, colour))
        total = score_display(seat, trial).total
        if best is None or total > best[0]:
            best = (total, choice)
    assert best is not None
    return {p.id: colour for p, colour in zip(open_cards, best[1], strict=True)}


def _with_wild(placed: PlacedCard, colour: Colour) -> PlacedCard:
    return placed.with_wild_colour(colour)


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_BONUSKIND_WILD_COLOUR = BonusKind.WILD_COLOUR
_CARDKIND_BONUS = CardKind.BONUS
_SCORINGKIND_ADJACENT_COLOUR = ScoringKind.ADJACENT_COLOUR
_SCORINGKIND_ADJACENT_COMPLETED = ScoringKind.ADJACENT_COMPLETED
_SCORINGKIND_BONUS_KINDS = ScoringKind.BONUS_KINDS
_SCORINGKIND_COLOUR_COUNT = ScoringKind.COLOUR_COUNT
_SCORINGKIND_COMPLETE_LINES = ScoringKind.COMPLETE_LINES
_SCORINGKIND_FIVE_COLOURS = ScoringKind.FIVE_COLOURS
_SCORINGKIND_MONO_LINES = ScoringKind.MONO_LINES
