"""A player's display: the cards they placed, where, what is written on them, marks used.

Positions are (row, column) relative to the first card placed, which sits at (0, 0). The display
floats: it may grow in any direction as long as all cards fit in a 3x3 box (the rules: "as soon as
3 cards are horizontal and 3 vertical, the remaining places are predetermined").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from game.goennen.cards import BONUS_USES, BonusKind, Card, CardKind
from game.goennen.colours import Colour

GRID = 3
MAX_CARDS = GRID * GRID
Pos = tuple[int, int]

NEIGHBOURS_8: tuple[Pos, ...] = tuple(
    (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
)
NEIGHBOURS_4: tuple[Pos, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A card in a display with its written values, bonus marks used and chosen wild colour."""

    card: Card
    pos: Pos
    filled: tuple[int | None, ...]
    marks_used: int = 0
    wild_colour: Colour | None = None

    @staticmethod
    def new(card: Card, pos: Pos) -> PlacedCard:
        return PlacedCard(card, pos, (None,) * len(card.task))

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def completed(self) -> bool:
        return None not in self.filled

    @property
    def empty_count(self) -> int:
        return self.filled.count(None)

    @property
    def marks_left(self) -> int:
        return self.card.uses - self.marks_used if self.completed else 0

    @property
    def colour(self) -> Colour | None:
        """The colour that counts for scoring: a wild card has one only once completed and chosen."""
        if self.card.bonus is _BONUSKIND_WILD_COLOUR:
            return self.wild_colour if self.completed else None
        return self.card.colour

    def with_marks_used(self, marks_used: int) -> PlacedCard:
        return PlacedCard(self.card, self.pos, self.filled, marks_used, self.wild_colour)

    def with_wild_colour(self, colour: Colour | None) -> PlacedCard:
        return PlacedCard(self.card, self.pos, self.filled, self.marks_used, colour)

    def with_value(self, index: int, value: int) -> PlacedCard:
        filled = list(self.filled)
        filled[index] = value
        return PlacedCard(self.card, self.pos, tuple(filled), self.marks_used, self.wild_colour)


OpenCard = tuple[PlacedCard, tuple[int, ...], tuple[int, ...]]
"""A card not completed yet, its empty fields, and per empty field the dice it may take (bits)."""


@dataclass(frozen=True, slots=True)
class Display:
    """All cards of one player, in the order they were placed."""

    cards: tuple[PlacedCard, ...] = ()
    # dice_taken, marks_left, legal_cells and open_cards, worked out on first use (a display is a
    # value, so they stay true); not part of the value: left out of comparing, hashing and text form
    _taken: int | None = field(default=None, init=False, compare=False, repr=False)
    _marks: dict[BonusKind, int] | None = field(default=None, init=False, compare=False, repr=False)
    _cells: tuple[Pos, ...] | None = field(default=None, init=False, compare=False, repr=False)
    _open: tuple[OpenCard, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[PlacedCard]:
        return iter(self.cards)

    @property
    def full(self) -> bool:
        return len(self.cards) >= MAX_CARDS

    def find(self, card_id: str) -> PlacedCard | None:
        for placed in self.cards:
            if placed.card.id == card_id:  # not the id property: every write and completion looks
                return placed
        return None

    def at(self, pos: Pos) -> PlacedCard | None:
        for placed in self.cards:
            if placed.pos == pos:
                return placed
        return None

    def positions(self) -> frozenset[Pos]:
        return frozenset(placed.pos for placed in self.cards)

    def legal_cells(self) -> tuple[Pos, ...]:
        """Cells where a new card may go: touching a card by edge or corner, within 3x3."""
        cells = self._cells
        if cells is None:  # remembered like dice_taken: the placing seat and the rules both ask
            cells = _legal_cells(self.positions())
            object.__setattr__(self, "_cells", cells)  # frozen: set once, here only
        return cells

    def place(self, card: Card, pos: Pos) -> Display:
        return Display((*self.cards, PlacedCard.new(card, pos)))

    def replace_card(self, placed: PlacedCard) -> Display:
        card_id = placed.card.id
        return Display(tuple([placed if p.card.id == card_id else p for p in self.cards]))

    def completed_bonus_cards(self, kind: BonusKind) -> tuple[PlacedCard, ...]:
        """Completed cards of a bonus kind, in reading order (top row first, then left to right)."""
        found = [p for p in self.cards if p.card.bonus == kind and p.completed]
        return tuple(sorted(found, key=lambda p: p.pos))

    def marks_left(self, kind: BonusKind) -> int:
        marks = self._marks
        return (self._count_marks() if marks is None else marks).get(kind, 0)

    def _count_marks(self) -> dict[BonusKind, int]:
        # worked out for every kind at once, on first use (like dice_taken): the rules ask it
        # several times at every passive write and bonus change, and displays change far less often
        marks: dict[BonusKind, int] = {}
        for placed in self.cards:
            bonus = placed.card.bonus
            # PlacedCard.marks_left without its calls; a wild-colour card carries no marks (Card.uses)
            if bonus is not None and bonus is not _BONUSKIND_WILD_COLOUR and None not in placed.filled:
                marks[bonus] = marks.get(bonus, 0) + BONUS_USES - placed.marks_used
        object.__setattr__(self, "_marks", marks)  # frozen: set once, here only
        return marks

    def spend_marks(self, kind: BonusKind, count: int) -> Display:
        """Cross off `count` marks of a bonus kind, from the first card in reading order on."""
        display = self
        for placed in self.completed_bonus_cards(kind):
            if count <= 0:
                break
            take = min(count, placed.marks_left)
            if take:
                display = display.replace_card(placed.with_marks_used(placed.marks_used + take))
                count -= take
        if count > 0:
            raise ValueError(f"not enough {kind.value} marks")
        return display

    def open_cards(self) -> tuple[OpenCard, ...]:
        """The cards not completed yet, in display order, each with its empty fields and the dice
        each of them may take now (Task.open_fields). Remembered: bots search these at every
        decision, and a display changes far less often."""
        found = self._open
        if found is None:
            cards = []
            for placed in self.cards:  # a loop, not a generator: cheaper for a handful of cards
                filled = placed.filled
                if None in filled:
                    empty, masks = placed.card.task.open_fields(filled)
                    cards.append((placed, empty, masks))
            found = tuple(cards)
            object.__setattr__(self, "_open", found)  # frozen: set once, here only
        return found

    def dice_taken(self) -> int:
        """Every die (as bits, see cards.die_bits) that some empty field of an open card may take now:
        the union of open_cards' masks. Remembered: after every reroll the turn flow asks whether a
        passive seat could write at all (writes.could_write), and displays change far less often."""
        taken = self._taken
        if taken is None:
            taken = 0
            for _, _, masks in self.open_cards():
                for mask in masks:
                    taken |= mask
            object.__setattr__(self, "_taken", taken)  # frozen: set once, here only
        return taken

    def empty_fields(self) -> int:
        return sum(p.empty_count for p in self.cards)

    def scoring_cards(self) -> tuple[PlacedCard, ...]:
        return tuple([p for p in self.cards if p.card.kind is _CARDKIND_SCORING])

    def lines(self) -> list[list[PlacedCard]]:
        """Every row and column that holds 3 cards (a display is at most 3 wide and 3 high)."""
        by_row: dict[int, list[PlacedCard]] = {}
        by_col: dict[int, list[PlacedCard]] = {}
        for placed in self.cards:
            by_row.setdefault(placed.pos[0], []).append(placed)
            by_col.setdefault(placed.pos[1], []).append(placed)
        return [line for line in (*by_row.values(), *by_col.values()) if len(line) == GRID]

    def edge_neighbours(self, placed: PlacedCard) -> list[PlacedCard]:
        r, c = placed.pos
        found = (self.at((r + dr, c + dc)) for dr, dc in NEIGHBOURS_4)
        return [p for p in found if p is not None]


@lru_cache(maxsize=4096)
def _legal_cells(taken: frozenset[Pos]) -> tuple[Pos, ...]:
    """Cached: only a few hundred arrangements exist, and every placement asks again."""
    if not taken:
        return ((0, 0),)
    if len(taken) >= MAX_CARDS:
        return ()
    rows = [r for r, _ in taken]
    cols = [c for _, c in taken]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    if bottom - top >= GRID or right - left >= GRID:
        return ()  # wider than 3 already (no display is)
    # a cell keeps the display within 3 x 3 when its row and column lie within these bounds
    low_row, high_row = bottom - GRID + 1, top + GRID - 1
    low_col, high_col = right - GRID + 1, left + GRID - 1
    cells: set[Pos] = set()
    for r, c in taken:
        for dr, dc in NEIGHBOURS_8:
            row, col = r + dr, c + dc
            if low_row <= row <= high_row and low_col <= col <= high_col:
                cells.add((row, col))
    return tuple(sorted(cells - taken))


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_BONUSKIND_WILD_COLOUR = BonusKind.WILD_COLOUR
_CARDKIND_SCORING = CardKind.SCORING
