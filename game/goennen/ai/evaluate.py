"""How much a display is worth: expected end-of-game points, for comparing choices.

Why expected points: every choice a bot meets (which card to complete, what to buy and where to
place it, which field to write passively, which bonus mark to spend) changes one display, and all
of them can be compared on one scale if the display is valued by the points it should score at the
end. A card's chance to be completed by then comes from the exact one-turn odds (kernels/odds.py) and
the number of active turns left; a scoring card is worth its points times the units it should
reach, weighted by that chance; a bonus card is worth its remaining marks.

Two depths: `foresight=False` (the normal bot) counts units as they stand; `foresight=True` (the
hard bot) adds what empty neighbouring cells, unfinished rows and missing colours may still bring,
so it places cards for their future and values bonus kinds by what they enable.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.goennen.ai.kernels import odds
from game.goennen.ai.kernels.cache import BoundedCache
from game.goennen.cards import BONUS_USES, BonusKind, Card, CardKind, ScoringKind, Task
from game.goennen.colours import COLOURS
from game.goennen.display import GRID, MAX_CARDS, NEIGHBOURS_4, Display, PlacedCard, Pos
from game.goennen.state import State

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
# Patience (hard bot, solo only): while many turns are left, an open cell is worth keeping for a
# better card, so an early purchase must beat this reserve to be made. With 15 rounds a player has
# time to wait for cards that fit; with 9 there is none. Solo only: there the end is known, while in
# a game with others an opponent may end it early. (docs/deck.md: about +4 points of win rate
# at levels 1 and 2, levels 3 to 7 unchanged within the noise.)
PATIENCE = 10.0  # points an open cell is held at with plenty of turns left
PATIENT_FROM = 8.0  # the turns left above which the bot starts to hold cells open
PATIENCE_RAMP = 4.0  # the turns over which the reserve grows to its full size
CARD_CHANCES_KEPT = 8_192  # shared card chances (by task, fill, turns); a game meets a few hundred new
TURN_CHANCES_KEPT = 4_096  # turn_chance by task and fill; a game meets some 30 new
MEMO_SIZE = 20_000  # displays an evaluator remembers (about 1 kB each; a game values a few thousand)
LAYOUTS_KEPT = 2_000  # displays laid out for placements (_Layout), then it starts afresh


@dataclass(frozen=True, slots=True)
class EvalParams:
    """The evaluation's numbers that judgement set rather than the rules: the hard bot plays these
    defaults (the constants above), the expert its own (game/goennen/ai/expert/tuned.py, docs/bots.md)."""

    focus: float = FOCUS
    pace: float = BUY_RATE  # cards the fullest display adds per turn: when a game with others ends
    buy_rate: float = BUY_RATE  # cards this display adds per own turn: how much its free cells bring
    mark_scale: float = 1.0  # times MARK_VALUE
    wild_value: float = WILD_VALUE
    passive: float = 0.04  # the completion chance passive writes add per turn, for a one-field gap
    useful_turns: float = 4.0  # turns a bonus card's marks need to be fully worth their value
    give_away: float = 0.35  # points an opponent gains when it may write one of our rerolled dice
    patience: float = PATIENCE
    patient_from: float = PATIENT_FROM
    full_ends: bool = False  # with others, a 9th card is valued with one turn left, not the pace's
    rival_weight: float = 0.0  # with others, a 9th card gains this share of what the leader loses

    def mark_values(self) -> dict[BonusKind, float]:
        return {kind: value * self.mark_scale for kind, value in MARK_VALUE.items()}


DEFAULT_PARAMS = EvalParams()

# the kinds whose units depend on where cards lie (not only on which cards a display holds)
_POSITIONAL = frozenset(
    {
        ScoringKind.ADJACENT_COMPLETED,
        ScoringKind.ADJACENT_COLOUR,
        ScoringKind.COMPLETE_LINES,
        ScoringKind.MONO_LINES,
    }
)
_NEAR_ONLY = frozenset(
    {ScoringKind.ADJACENT_COMPLETED, ScoringKind.ADJACENT_COLOUR}
)  # units from the cells around

# A card's chance depends on nothing but its task, fill and the turns left: every evaluator shares
# one memory of them (each game makes new bots, and a new game's bots meet the same fresh cards).
# Evaluators with other chance numbers (focus, passive) share another memory (_chances_for).
CardChances = BoundedCache[tuple[Task, tuple[int | None, ...], float], float]
_card_chances: CardChances = BoundedCache(CARD_CHANCES_KEPT)
_card_chances_by_numbers = {(DEFAULT_PARAMS.focus, DEFAULT_PARAMS.passive): _card_chances}


def _chances_for(params: EvalParams) -> CardChances:
    key = (params.focus, params.passive)
    if key not in _card_chances_by_numbers:
        _card_chances_by_numbers[key] = BoundedCache(CARD_CHANCES_KEPT)
    return _card_chances_by_numbers[key]


@lru_cache(maxsize=TURN_CHANCES_KEPT)
def turn_chance(task: Task, filled: tuple[int | None, ...]) -> float:
    """The exact chance to complete a card within one whole active turn (cached per fill)."""
    empty = sum(1 for v in filled if v is None)
    return 0.0 if empty > DICE else odds.chance_before_roll(task, filled)


def turns_left(state: State, seat: int, pace: float = BUY_RATE) -> float:
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
    return max(1.0, min(15.0, (MAX_CARDS - fullest) / pace + 1.5))


class Evaluator:
    """Values displays in expected points; see the module docstring."""

    def __init__(self, foresight: bool, params: EvalParams = DEFAULT_PARAMS) -> None:
        self.foresight = foresight
        self.params = params
        self.mark_value = params.mark_values()
        self._card_chances = _chances_for(params)  # shared by every evaluator (see _card_chances)
        self._values: BoundedCache[tuple[object, ...], tuple[float, Display]] = BoundedCache(MEMO_SIZE)
        self._placements: BoundedCache[tuple[object, ...], tuple[list[float], Display, Card]] = BoundedCache(
            MEMO_SIZE
        )
        self._turns_of: tuple[State | None, int, float] = (None, 0, 0.0)  # the last turns_left
        self._turns_before: tuple[State | None, int, float] = (None, 0, 0.0)  # and the one before
        self._ending_of: tuple[State | None, int, float] = (None, 0, 0.0)  # the last _ending_gain
        self.patient = False  # holds open cells in reserve (see PATIENCE): hard bot, solo game
        # place_values' displays laid out, by memo key (_memo_key)
        self._layouts: BoundedCache[tuple[object, ...], _Layout] = BoundedCache(LAYOUTS_KEPT)
        # place_values' displays' cards as in _memo_key, by display identity (kept alive beside it)
        self._display_keys: BoundedCache[int, tuple[Display, tuple[object, ...]]] = BoundedCache(LAYOUTS_KEPT)

    def card_chance(self, placed: PlacedCard, turns: float) -> float:
        """The chance this card is completed by the end of the game (cached per fill and turns)."""
        key = (placed.card.task, placed.filled, turns)
        chance = self._card_chances.get(key)
        if chance is None:
            chance = self._card_chances.put(key, _card_chance(placed, turns, self.params))
        return chance

    def value(
        self, state: State, seat: int, display: Display | None = None, sure: Mapping[str, float] | None = None
    ) -> float:
        """Expected end points of `seat`'s display (or of `display` instead), with `sure` overriding
        the completion chance of some cards (e.g. 1.0 for a card about to be completed)."""
        display = display if display is not None else state.display(seat)
        turns = self._turns(state, seat, display.full)
        # The value depends on nothing but the display, the turns left and `sure`, and a search
        # meets the same display again and again (a purchase valued at its cell, then played; the
        # base; each reroll of a turn). The key names each card by identity: hashing the cards
        # themselves costs more than the rest of a look-up. The display is kept with its value, so
        # its cards stay alive and no other card can take over their identity while it is kept.
        key = (turns, *self._cards_key(display))
        if sure:
            key = (*key, *sorted(sure.items()))
        known = self._values.get(key)
        if known is None:
            chance = self._chances(display, turns)
            if sure:
                chance.update(sure)
            known = (self.display_value(display, chance, turns), display)
            self._remember(key, known)
        if self.params.rival_weight and display.full and display is not state.display(seat):
            return known[0] + self._ending_gain(state, seat)
        return known[0]

    def place_values(
        self, state: State, seat: int, display: Display, card: Card, cells: Sequence[Pos]
    ) -> list[float]:
        """`value(state, seat, display.place(card, cell))` for each cell, the same numbers: what the
        cells share (turns, chances, the other cards' terms and layout) is worked out once. The list
        is remembered: callers read it and never change it."""
        if not cells:
            return []
        turns = self._turns(state, seat, len(display) + 1 >= MAX_CARDS)
        # A search places the same card on the same display again and again (the same purchase
        # paid with other dice, or at the next roll of the turn): the whole list is remembered,
        # with the display and card it names by identity kept alive beside it.
        whole = (turns, *self._cards_key(display), id(card), tuple(cells))
        known_list = self._placements.get(whole)
        if known_list is not None:
            return known_list[0]
        # What the display's own cards add serves every card placed on it (a search's purchases, the
        # cards a deck may give): laid out once per display and turns (_Layout).
        key = whole[: len(display.cards) + 1]
        layout = self._layouts.get(key)
        if layout is None:
            layout = self._layouts.put(key, _Layout(self, display, turns))
        values = layout.values(self, card, cells)
        self._placements.put(whole, (values, display, card))
        if self.params.rival_weight and len(display) + 1 >= MAX_CARDS:
            gain = self._ending_gain(state, seat)
            return [value + gain for value in values]
        return values

    def _ending_gain(self, state: State, seat: int) -> float:
        """What a 9th card placed now takes from the leading opponent (`rival_weight` times the
        expected points its open cards lose when the game ends after one more round): only the
        expert's evaluation counts it. Zero once the end is set, and in solo games."""
        if state.last_round is not None or state.config.solo:
            return 0.0
        known = self._ending_of
        if state is known[0] and seat == known[1]:
            return known[2]
        best, drop = -math.inf, 0.0
        for other in range(state.config.players):
            if other == seat:
                continue
            display = state.display(other)
            now = turns_left(state, other, self.params.pace)
            end = min(now, 2.0 if other > seat else 1.0)  # later seats still play this round
            worth = self.display_value(display, self._chances(display, now), now)
            if worth > best:
                best = worth
                drop = worth - self.display_value(display, self._chances(display, end), end)
        gain = self.params.rival_weight * drop
        self._ending_of = (state, seat, gain)
        return gain

    def _cards_key(self, display: Display) -> tuple[object, ...]:
        """The cards' part of `display`'s memo key (_memo_key without the turns), kept per display
        object with the display alive beside it: a search values and places on the same display
        object again and again (a node's base, every purchase at a node)."""
        known = self._display_keys.get(id(display))
        if known is None or known[0] is not display:
            cards = tuple([(id(p.card), p.pos, p.filled, p.marks_used, p.wild_colour) for p in display.cards])
            known = self._display_keys.put(id(display), (display, cards))
        return known[1]

    def writes(self, state: State, seat: int) -> Writes:
        """A valuer of write candidates for `seat` (see `Writes`)."""
        return Writes(self, state, seat)

    def chance_known(self, placed: PlacedCard, turns: float) -> bool:
        """Whether `card_chance(placed, turns)` costs no odds programme (remembered, or no odds needed)."""
        if (placed.card.task, placed.filled, turns) in self._card_chances or turns <= 0:
            return True
        empty = placed.filled.count(None)
        return empty == 0 or empty > DICE or odds.chance_known(placed.card.task, placed.filled)

    def turns(self, state: State, seat: int, full: bool) -> float:
        """The turns left a valuation of `seat`'s display in `state` assumes (`full`: the display
        valued holds nine cards)."""
        return self._turns(state, seat, full)

    def _turns(self, state: State, seat: int, full: bool) -> float:
        last = self._turns_of
        if state is last[0] and seat == last[1]:
            turns = last[2]  # a search values many displays against one state
        else:
            # or against two in turn (a purchase placed, valued before and after the placement)
            before = self._turns_before
            if state is before[0] and seat == before[1]:
                turns = before[2]
            else:
                turns = turns_left(state, seat, self.params.pace)
            self._turns_before, self._turns_of = last, (state, seat, turns)
            patient = self.foresight and state.config.solo
            if patient != self.patient:  # a bot reused for another kind of game
                self.patient = patient
                self._values.clear()
                self._placements.clear()
                self._layouts.clear()
        if full and state.last_round is None and (state.config.solo or self.params.full_ends):
            # a 9th card ends a solo game after one more round; in a multiplayer game the pace
            # is set by the fullest display anyway (see turns_left), and a bot that never
            # filled its display could stall a game in which nobody else does either (the
            # expert's evaluation sees the end, and counts what it takes from its rivals)
            turns = min(turns, 1.0)
        return turns

    def reserve(self, turns: float, cards: int) -> float:
        """What the open cells of a display with `cards` cards are held at (see PATIENCE); the 9th
        cell is never held: a 9th card ends a solo game, and the bot times it itself."""
        if not self.patient:
            return 0.0
        share = min(1.0, max(0.0, (turns - self.params.patient_from) / PATIENCE_RAMP))
        return self.params.patience * share * max(0, MAX_CARDS - 1 - cards)

    def _remember(self, key: tuple[object, ...], known: tuple[float, Display]) -> None:
        self._values.put(key, known)

    def _chances(self, display: Display, turns: float) -> dict[str, float]:
        """Every card's chance to be completed, by card id."""
        return {placed.card.id: self.card_chance(placed, turns) for placed in display.cards}

    def display_value(
        self, display: Display, chance: Mapping[str, float], turns: float, board: _Board | None = None
    ) -> float:
        """Expected end points of `display` given each card's completion chance. `board`, when
        given, is the display's layout (shared by candidates that differ only in fills and marks)."""
        # Written for speed (it runs thousands of times per game): the board is laid out only for
        # the kinds that look at positions, and the bonus value is inlined. The sums must stay in
        # this order: a different order changes the last bits and can flip a near-tie (_Layout and
        # Writes replay them step by step).
        cards = display.cards
        if not cards:
            return 0.0
        if board is not None:
            board.new_valuation()
        free = MAX_CARDS - len(cards)
        future = min(float(free), turns * self.params.buy_rate) if self.foresight else 0.0
        fill = future / free if free else 0.0  # chance a given free cell gets a card
        total = 0.0
        bonus_kinds: dict[BonusKind, float] = {}
        kinds_cards: list[PlacedCard] = []
        for placed in cards:
            card = placed.card
            p = chance[card.id]
            empty = placed.filled.count(None)
            total -= EMPTY_FIELD * empty
            if card.kind == CardKind.BONUS:
                bonus = card.bonus
                assert bonus is not None
                bonus_kinds[bonus] = 1 - (1 - bonus_kinds.get(bonus, 0.0)) * (1 - p)
                if bonus == BonusKind.WILD_COLOUR:
                    total += p * self.params.wild_value
                else:
                    # a bonus card that is not wild carries BONUS_USES marks (Card.uses, inlined)
                    marks = BONUS_USES - placed.marks_used if empty == 0 else BONUS_USES
                    useful = min(1.0, max(0.0, turns - (0 if empty == 0 else 1)) / self.params.useful_turns)
                    total += p * marks * self.mark_value[bonus] * useful
            elif card.scoring == ScoringKind.BONUS_KINDS:
                kinds_cards.append(placed)
            elif p > 0:
                if board is None:
                    board = _Board(cards)
                total += p * card.points * self._units(board, placed, chance, fill, future)
        if kinds_cards:
            kinds = sum(bonus_kinds.values())
            extra = min(0.5, future * 0.2) if self.foresight else 0.0
            for placed in kinds_cards:
                total += chance[placed.id] * placed.card.points * (kinds + extra)
        return total + self.reserve(turns, len(cards))

    def _units(
        self, board: _Board, placed: PlacedCard, chance: Mapping[str, float], fill: float, future: float
    ) -> float:
        card = placed.card
        kind = card.scoring
        colour = card.scoring_colour
        # Without foresight fill and future are 0.0, and adding 0.0 to a sum of non-negative
        # terms changes no bit: the free cells around need not be counted.
        if kind == ScoringKind.ADJACENT_COMPLETED:
            if fill == 0.0:
                # board.near's neighbours in its order (up, down, left, right), summed from zero
                # like sum(): the same bits without the list and the generator
                at = board.at
                r, c = placed.pos
                units = 0.0
                for near in (at.get((r - 1, c)), at.get((r + 1, c)), at.get((r, c - 1)), at.get((r, c + 1))):
                    if near is not None:
                        units += chance[near.card.id]
                return units
            near_cards, open_cells = board.around(placed.pos)
            return sum(chance[n.card.id] for n in near_cards) + fill * 0.5 * open_cells
        if kind == ScoringKind.COLOUR_COUNT:
            return float(list(board.colours().values()).count(colour)) + future * 0.25
        if kind == ScoringKind.ADJACENT_COLOUR:
            if fill == 0.0:
                at = board.at
                r, c = placed.pos
                count = 0
                for near in (at.get((r - 1, c)), at.get((r + 1, c)), at.get((r, c - 1)), at.get((r, c + 1))):
                    # the colour that counts for the cell (_Board.colours)
                    if (
                        near is not None
                        and (
                            near.wild_colour if near.card.bonus == BonusKind.WILD_COLOUR else near.card.colour
                        )
                        == colour
                    ):
                        count += 1
                return float(count)
            colours = board.colours()
            near_cards, open_cells = board.around(placed.pos)
            return sum(1.0 for n in near_cards if colours[n.pos] == colour) + fill * 0.2 * open_cells
        if kind == ScoringKind.COMPLETE_LINES:
            return board.complete_lines(chance, fill)
        if kind == ScoringKind.FIVE_COLOURS:
            present = set(board.colours().values())
            missing = sum(1 for c in COLOURS if c not in present)
            if missing == 0:
                return 1.0
            return 0.6**missing if future >= missing else 0.0
        if kind == ScoringKind.MONO_LINES:
            return board.mono_lines(fill)
        return 0.0


class Writes:
    """Values of displays that differ from a seat's own only in one written card and perhaps in bonus
    marks crossed off (the candidates of a passive or chance write): the other cards' chances, the
    board layout and the units of cards that do not look at the written card are worked out once.
    `value` gives the numbers of `Evaluator.value`: each candidate's sum is added up card by card in
    the order of `display_value`, only the units it shares are taken from the first valuation.

    `bound` lets a caller skip the odds of a new fill: most candidates write a die where it helps
    little, and the chance of a fill met for the first time costs a success vector and the odds'
    programme (about a millisecond) where a valuation costs some 20 us.
    """

    __slots__ = ("ev", "turns", "base", "board", "fill", "future", "units")

    def __init__(self, ev: Evaluator, state: State, seat: int) -> None:
        own = state.display(seat)
        self.ev = ev
        self.turns = turns = ev._turns(state, seat, own.full)
        self.base = ev._chances(own, turns)
        # writes and crossed-off marks leave every card where it is: one layout serves them all
        self.board = _Board(own.cards) if own.cards else None
        free = MAX_CARDS - len(own.cards)
        self.future = min(float(free), turns * ev.params.buy_rate) if ev.foresight else 0.0
        self.fill = self.future / free if free else 0.0
        # units by card position in the display, for cards whose units look at no chance (or, for
        # adjacent-completed cards, not at the written card's): a write changes no cell or colour
        self.units: dict[int, float] = {}

    def value(self, display: Display, placed: PlacedCard) -> float:
        """`value(state, seat, display)`, `placed` being the written card as it is in `display`."""
        ev, turns = self.ev, self.turns
        key = _memo_key(turns, display)
        known = ev._values.get(key)
        if known is None:
            chance = dict(self.base)
            chance[placed.card.id] = ev.card_chance(placed, turns)
            known = (self._value(display, placed, chance), display)
            ev._remember(key, known)
        return known[0]

    def bound(self, display: Display, placed: PlacedCard) -> float | None:
        """A number never below `value(display, placed)` that needs no odds: the value with the
        written card sure to be completed. Every term of a display's value grows with each card's
        chance (and float sums and products of non-negative numbers keep that order), and a chance is
        at most 1. None when the value itself is cheap (remembered, or the card's chance known)."""
        ev, turns = self.ev, self.turns
        if _memo_key(turns, display) in ev._values or ev.chance_known(placed, turns):
            return None
        return self.sure(display, placed)

    def sure(self, display: Display, placed: PlacedCard) -> float:
        """The value with the written card `placed` sure to be completed: never below `value` (see
        `bound`), and the same for every fill of that card with as many empty fields."""
        chance = dict(self.base)
        chance[placed.card.id] = 1.0
        return self._value(display, placed, chance)

    def _value(self, display: Display, written: PlacedCard, chance: Mapping[str, float]) -> float:
        """`Evaluator.display_value` of one candidate, step by step the same sum (keep in step)."""
        ev, turns, board, units_of = self.ev, self.turns, self.board, self.units
        fill, future = self.fill, self.future
        assert board is not None
        board.new_valuation()
        wr, wc = written.pos
        total = 0.0
        bonus_kinds: dict[BonusKind, float] = {}
        kinds_cards: list[PlacedCard] = []
        for index, placed in enumerate(display.cards):
            card = placed.card
            p = chance[card.id]
            empty = placed.filled.count(None)
            total -= EMPTY_FIELD * empty
            if card.kind == CardKind.BONUS:
                bonus = card.bonus
                assert bonus is not None
                bonus_kinds[bonus] = 1 - (1 - bonus_kinds.get(bonus, 0.0)) * (1 - p)
                if bonus == BonusKind.WILD_COLOUR:
                    total += p * ev.params.wild_value
                else:
                    marks = BONUS_USES - placed.marks_used if empty == 0 else BONUS_USES
                    useful = min(1.0, max(0.0, turns - (0 if empty == 0 else 1)) / ev.params.useful_turns)
                    total += p * marks * ev.mark_value[bonus] * useful
            elif card.scoring == ScoringKind.BONUS_KINDS:
                kinds_cards.append(placed)
            elif p > 0:
                kind = card.scoring
                units = units_of.get(index)
                if units is None:
                    units = ev._units(board, placed, chance, fill, future)
                    r, c = placed.pos
                    if kind != ScoringKind.COMPLETE_LINES and (
                        kind != ScoringKind.ADJACENT_COMPLETED or abs(r - wr) + abs(c - wc) != 1
                    ):
                        units_of[index] = units
                elif kind == ScoringKind.ADJACENT_COMPLETED:
                    r, c = placed.pos
                    if abs(r - wr) + abs(c - wc) == 1:  # remembered for another written card
                        units = ev._units(board, placed, chance, fill, future)
                total += p * card.points * units
        if kinds_cards:
            kinds = sum(bonus_kinds.values())
            extra = min(0.5, future * 0.2) if ev.foresight else 0.0
            for placed in kinds_cards:
                total += chance[placed.id] * placed.card.points * (kinds + extra)
        return total + ev.reserve(turns, len(display.cards))


# step kinds of a _Layout: how a card's term changes with the card placed beside it (the order
# matters: below _NEAR a term is the same at every cell)
_FIXED = 0  # the term as laid out (a bonus card, a card with no chance or no units that look around)
_COLOUR = 1  # colour count: laid out unless the new card has its colour
_CARD = 2  # five colours: worked out once per new card
_NEAR = 3  # adjacent-completed or -colour: laid out unless the new card touches it (or moves the box)
_CELL = 4  # complete or mono lines: worked out at every cell

_Step = tuple[float, float | None, int, PlacedCard]  # penalty, term (None: none), kind, the card


class _Layout:
    """A display's own cards valued for placements on it (`Evaluator.place_values`): each card's
    penalty and term with one more card in the display, as far as that card does not change them.

    `values` replays `display_value`'s sum for each cell step by step in the same order, working
    out again only the terms the new card may change (see the step kinds above), so every number is
    the one `display_value` gives for the display with the card placed. The leading cards whose
    terms no new card changes are summed once (`start`): the same additions in the same order.
    """

    __slots__ = (
        "display",
        "turns",
        "chance",
        "board",
        "fill",
        "future",
        "start",
        "steps",
        "per_card",
        "bonus_kinds",
        "kinds_cards",
    )

    def __init__(self, ev: Evaluator, display: Display, turns: float) -> None:
        self.display = display  # kept alive: the layout is remembered by its cards' identities
        self.turns = turns
        self.chance = chance = ev._chances(display, turns)
        cards = display.cards
        self.board = board = _Board(cards) if cards else None
        free = MAX_CARDS - len(cards) - 1  # with the new card
        self.future = future = min(float(free), turns * ev.params.buy_rate) if ev.foresight else 0.0
        self.fill = fill = future / free if free else 0.0
        steps: list[_Step] = []
        bonus_kinds: dict[BonusKind, float] = {}
        kinds_cards: list[PlacedCard] = []
        for placed in cards:
            card = placed.card
            p = chance[card.id]
            empty = placed.filled.count(None)
            penalty = EMPTY_FIELD * empty
            term: float | None = None
            step = _FIXED
            if card.kind == CardKind.BONUS:
                bonus = card.bonus
                assert bonus is not None
                bonus_kinds[bonus] = 1 - (1 - bonus_kinds.get(bonus, 0.0)) * (1 - p)
                if bonus == BonusKind.WILD_COLOUR:
                    term = p * ev.params.wild_value
                else:
                    marks = BONUS_USES - placed.marks_used if empty == 0 else BONUS_USES
                    useful = min(1.0, max(0.0, turns - (0 if empty == 0 else 1)) / ev.params.useful_turns)
                    term = p * marks * ev.mark_value[bonus] * useful
            elif card.scoring == ScoringKind.BONUS_KINDS:
                kinds_cards.append(placed)
            elif p > 0:
                kind = card.scoring
                if kind in _NEAR_ONLY:
                    step = _NEAR
                elif kind == ScoringKind.COLOUR_COUNT:
                    step = _COLOUR
                elif kind == ScoringKind.FIVE_COLOURS:
                    step = _CARD
                elif kind in _POSITIONAL:
                    step = _CELL
                if step in (_FIXED, _NEAR, _COLOUR):
                    assert board is not None
                    term = p * card.points * ev._units(board, placed, chance, fill, future)
            steps.append((penalty, term, step, placed))
        # the leading fixed terms, added once
        total = 0.0
        first = 0
        for penalty, term, step, _ in steps:
            if step != _FIXED:
                break
            total -= penalty
            if term is not None:
                total += term
            first += 1
        self.start = total
        self.steps = steps[first:]
        # the terms worked out once per new card, by position in `steps`
        self.per_card = [
            (index, step, s[3]) for index, s in enumerate(self.steps) if (step := s[2]) in (_COLOUR, _CARD)
        ]
        self.bonus_kinds = bonus_kinds
        self.kinds_cards = kinds_cards

    def board_at(self, boards: list[_Board | None], card: Card, cells: Sequence[Pos], i: int) -> _Board:
        """The display's board with `card` at cells[i], laid out on first use (kept in `boards`)."""
        board = boards[i]
        if board is None:
            placed = fresh_card(card, cells[i])
            base = self.board
            board = boards[i] = base.extended(placed) if base is not None else _Board((placed,))
        return board

    def values(self, ev: Evaluator, card: Card, cells: Sequence[Pos]) -> list[float]:
        """The value of the display with `card` placed at each cell."""
        turns, fill, future, base = self.turns, self.fill, self.future, self.board
        chance = dict(self.chance)
        empty = (None,) * len(card.task)
        p_new = ev._card_chances.get((card.task, empty, turns))
        if p_new is None:
            p_new = ev.card_chance(PlacedCard(card, (0, 0), empty), turns)
        chance[card.id] = p_new
        boards: list[_Board | None] = [None] * len(cells)
        # the new card's own penalty and what it changes whatever its cell
        penalty_new = EMPTY_FIELD * len(empty)
        colour_new = (
            None if card.bonus == BonusKind.WILD_COLOUR else card.colour
        )  # a fresh wild card has none yet
        bonus_kinds = self.bonus_kinds
        term_new: float | None = None
        new_step = _FIXED
        kinds_cards = self.kinds_cards
        if card.kind == CardKind.BONUS:
            bonus = card.bonus
            assert bonus is not None
            bonus_kinds = dict(bonus_kinds)
            bonus_kinds[bonus] = 1 - (1 - bonus_kinds.get(bonus, 0.0)) * (1 - p_new)
            if bonus == BonusKind.WILD_COLOUR:
                term_new = p_new * ev.params.wild_value
            else:
                # a fresh card has all its fields empty (and so all its marks, BONUS_USES)
                useful = min(1.0, max(0.0, turns - (1 if empty else 0)) / ev.params.useful_turns)
                term_new = p_new * BONUS_USES * ev.mark_value[bonus] * useful
        elif card.scoring == ScoringKind.BONUS_KINDS:
            kinds_cards = [*kinds_cards, fresh_card(card, cells[0])]
        elif p_new > 0:
            new_step = _CELL if card.scoring in _POSITIONAL else _CARD
        tail: list[float] = []
        if kinds_cards:
            kinds = sum(bonus_kinds.values())
            extra = min(0.5, future * 0.2) if ev.foresight else 0.0
            for placed in kinds_cards:
                tail.append(chance[placed.card.id] * placed.card.points * (kinds + extra))
        # terms worked out once for this card (the same at every cell)
        steps = self.steps
        if self.per_card:
            steps = list(steps)
            for index, step, placed in self.per_card:
                if step == _CARD or placed.card.scoring_colour == colour_new:
                    other = placed.card
                    units = ev._units(self.board_at(boards, card, cells, 0), placed, chance, fill, future)
                    steps[index] = (steps[index][0], chance[other.id] * other.points * units, _FIXED, placed)
        if new_step == _CARD:
            board = self.board_at(boards, card, cells, 0)
            term_new = (
                p_new * card.points * ev._units(board, fresh_card(card, cells[0]), chance, fill, future)
            )
        reserve = ev.reserve(turns, len(self.display.cards) + 1)
        box = (base.rmin, base.rmax, base.cmin, base.cmax) if base is not None else None
        start = self.start
        values: list[float] = []
        for i, cell in enumerate(cells):
            r, c = cell
            moved = fill != 0.0 and (box is None or not (box[0] <= r <= box[1] and box[2] <= c <= box[3]))
            total = start
            for penalty, term, step, placed in steps:
                total -= penalty
                if step < _NEAR:
                    if term is not None:
                        total += term
                elif step == _NEAR:
                    pr, pc = placed.pos
                    if moved or abs(pr - r) + abs(pc - c) == 1:
                        other = placed.card
                        units = ev._units(self.board_at(boards, card, cells, i), placed, chance, fill, future)
                        total += chance[other.id] * other.points * units
                    else:
                        total += term  # type: ignore[operator]
                else:
                    other = placed.card
                    units = ev._units(self.board_at(boards, card, cells, i), placed, chance, fill, future)
                    total += chance[other.id] * other.points * units
            total -= penalty_new
            if new_step == _CELL:
                board = self.board_at(boards, card, cells, i)
                total += p_new * card.points * ev._units(board, fresh_card(card, cell), chance, fill, future)
            elif term_new is not None:
                total += term_new
            for term in tail:
                total += term
            values.append(total + reserve)
        return values


def fresh_card(card: Card, cell: Pos) -> PlacedCard:
    """`PlacedCard.new(card, cell)`, one object per card and cell: placed cards are immutable, and a
    search places the same cards at the same cells again and again (a dataclass costs more to make
    than to look up)."""
    key = (id(card), cell)
    known = _fresh.get(key)
    if known is None or known.card is not card:
        known = _fresh.put(key, PlacedCard.new(card, cell))
    return known


_fresh: BoundedCache[tuple[int, Pos], PlacedCard] = BoundedCache(MEMO_SIZE)


def _memo_key(turns: float, display: Display) -> tuple[object, ...]:
    """An evaluator's memo key: the turns left and each card by identity, cell, fill and marks."""
    return (turns, *[(id(p.card), p.pos, p.filled, p.marks_used, p.wild_colour) for p in display.cards])


def _card_chance(placed: PlacedCard, turns: float, params: EvalParams) -> float:
    empty = placed.filled.count(None)
    if empty == 0:
        return 1.0
    if turns <= 0:
        return 0.0
    if empty > DICE:
        # long tasks need passive writes first; progress is what counts
        done = 1.0 - empty / len(placed.filled)
        return min(0.45, 0.03 * turns * (0.3 + done))
    q = turn_chance(placed.card.task, placed.filled)
    miss = math.pow(1.0 - params.focus * q, turns)
    passive = params.passive * turns / (1 + empty)  # passive writes help short gaps
    return min(1.0, 1.0 - miss + passive)


class _Board:
    """A display laid out for quick lookups: cards by cell, colours (on demand), the box's bounds."""

    __slots__ = ("at", "_colours", "_complete_lines", "rmin", "rmax", "cmin", "cmax")

    def __init__(self, cards: Sequence[PlacedCard] | None) -> None:
        self._colours: dict[Pos, object] | None = None
        self._complete_lines: float | None = None
        if cards is None:
            return  # `extended` fills in the rest
        self.at: dict[Pos, PlacedCard] = {p.pos: p for p in cards}
        rows = [r for r, _ in self.at]
        cols = [c for _, c in self.at]
        self.rmin, self.rmax, self.cmin, self.cmax = min(rows), max(rows), min(cols), max(cols)

    def extended(self, placed: PlacedCard) -> _Board:
        """This board with one more card (placed on a free cell): a placement's board, without
        laying out the other cards again."""
        board = _Board(None)
        board.at = {**self.at, placed.pos: placed}
        r, c = placed.pos
        board.rmin, board.rmax = min(self.rmin, r), max(self.rmax, r)
        board.cmin, board.cmax = min(self.cmin, c), max(self.cmax, c)
        return board

    def new_valuation(self) -> None:
        """Forget what depends on the chances (a board shared by several valuations)."""
        self._complete_lines = None

    def colours(self) -> dict[Pos, object]:
        """The colour that counts for each cell (a wild card's chosen one)."""
        if self._colours is None:
            self._colours = {
                pos: p.wild_colour if p.card.bonus == BonusKind.WILD_COLOUR else p.card.colour
                for pos, p in self.at.items()
            }
        return self._colours

    def around(self, pos: Pos) -> tuple[list[PlacedCard], int]:
        """The edge neighbours of a cell, and how many free neighbouring cells could take a card."""
        at = self.at
        near: list[PlacedCard] = []
        open_cells = 0
        # a free cell fits when the box with it stays within 3x3 (a display never spans more)
        rlow, rhigh = self.rmax - GRID, self.rmin + GRID
        clow, chigh = self.cmax - GRID, self.cmin + GRID
        for dr, dc in NEIGHBOURS_4:
            r, c = pos[0] + dr, pos[1] + dc
            placed = at.get((r, c))
            if placed is not None:
                near.append(placed)
            elif rlow < r < rhigh and clow < c < chigh:
                open_cells += 1
        return near, open_cells

    def lines(self) -> tuple[tuple[Pos, ...], ...]:
        """The rows and columns of the 3x3 box from the top-left card (a guess until fixed)."""
        return _lines(self.rmin, self.cmin)

    def complete_lines(self, chance: Mapping[str, float], fill: float) -> float:
        """The expected number of complete rows and columns (the same for every such card of a
        display, so worked out once per board: a board lives for one valuation, one `chance`)."""
        if self._complete_lines is not None:
            return self._complete_lines
        at = self.at
        total = 0.0
        if fill == 0.0:
            # an empty cell makes its line's product 0 and adding 0 changes nothing: only full
            # lines count, multiplied in the same order as below
            for first, second, third in self.lines():
                a, b, c = at.get(first), at.get(second), at.get(third)
                if a is not None and b is not None and c is not None:
                    p = 1.0
                    p *= chance[a.card.id]
                    p *= chance[b.card.id]
                    p *= chance[c.card.id]
                    total += p
        else:
            for line in self.lines():
                p = 1.0
                for cell in line:
                    placed = at.get(cell)
                    p *= (fill * 0.4) if placed is None else chance[placed.card.id]
                total += p
        self._complete_lines = total
        return total

    def mono_lines(self, fill: float) -> float:
        at = self.at
        if fill == 0.0:
            # a line with an empty cell adds 0.0 ** k = 0.0 (no bit changes), a full one-coloured
            # line 0.0 ** 0 = 1.0
            if len(at) < GRID:
                return 0.0
            colours = self.colours()
            total = 0.0
            for first, second, third in self.lines():
                if first in at and second in at and third in at:
                    colour = colours[first]
                    if colour is not None and colours[second] == colour and colours[third] == colour:
                        total += 1.0
            return total
        colours = self.colours()
        total = 0.0
        for line in self.lines():
            found = [colours[cell] for cell in line if cell in at]
            if not found or found[0] is None or any(c != found[0] for c in found):
                continue
            total += (fill * 0.2) ** (GRID - len(found))
        return total


@lru_cache(maxsize=64)
def _lines(r0: int, c0: int) -> tuple[tuple[Pos, ...], ...]:
    rows = tuple(tuple((r0 + i, c0 + j) for j in range(GRID)) for i in range(GRID))
    return rows + tuple(tuple((r0 + j, c0 + i) for j in range(GRID)) for i in range(GRID))
