"""Positions as data: a game state written by hand (scenario files, bug reports) and back.

`position_from_data(data, source)` builds a `State` from a mapping as read from a TOML scenario
file (the format is described in docs/scenarios.md); omitted keys take sensible defaults (a
2-player game, the start player active after roll 1, empty displays and market slots, every card
not placed anywhere still in its deck, in id order, so that every draw is known). A position that
cannot be built raises `PositionError` naming the key and the reason. `position_to_data(state)`
writes a state in the same format.

The cards come from the standard deck unless the caller passes another `Deck` (the rule scenarios
use a frozen rules-test deck, so that changes to the game's deck do not change them): every card
named must exist in that deck, and each card may be in one place only (a market slot, a display, a
hand, a deck, the round counter).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.goennen.actions import Row
from game.goennen.cards import BonusKind, Card, CardKind
from game.goennen.colours import COLOURS, Colour
from game.goennen.deck import Deck, standard_deck
from game.goennen.display import GRID, NEIGHBOURS_8, Display, PlacedCard, Pos
from game.goennen.engine import view
from game.goennen.seats import HIDDEN
from game.goennen.solo import level_info
from game.goennen.state import (
    MARKET_SLOTS,
    MAX_SEATS,
    NO_DELTAS,
    NO_RECOLOURS,
    ROLLS_PER_TURN,
    After,
    Config,
    Phase,
    Pile,
    Seat,
    State,
)
from game.kit.errors import PositionError as PositionError

# the keys of a position; a caller that keeps other keys in the same table names them in `ignore`
POSITION_KEYS = frozenset(
    {
        "players",
        "start",
        "solo_level",
        "phase",
        "active",
        "decider",
        "round",
        "last_round",
        "dice",
        "rolls",
        "rerolled",
        "kept",
        "to_roll",
        "then",
        "used",
        "acted",
        "bought",
        "chance",
        "writes",
        "deltas",
        "recolours",
        "passive_queue",
        "rerolls_last_turn",
        "removed",
        "market",
        "decks",
        "seats",
    }
)
_SEAT_KEYS = frozenset({"cards", "hand", "pending"})
_CARD_KEYS = frozenset({"id", "at", "filled", "marks", "wild"})
_DECK_KEYS = frozenset(
    {"scoring", "bonus", "scoring_bottom", "bonus_bottom", "scoring_shuffled", "bonus_shuffled"}
)
_ROW_WORDS: dict[Row, str] = {Row.SCORING: "scoring", Row.BONUS: "bonus"}
_ROW_KIND: dict[Row, CardKind] = {Row.SCORING: CardKind.SCORING, Row.BONUS: CardKind.BONUS}
REST = "..."
EMPTY = "-"
DONE = "done"
_REACH = GRID - 1  # how far from the first card (at 0,0) a card of a display can lie
_SHOWN_LENGTH = 60  # a value quoted in a message is cut to this many characters

# phases a position may be in; the chance phase DRAW is reached by playing on from a position
_SEAT_PHASES = frozenset(Phase) - {Phase.DRAW}
_DICE_PHASES = frozenset({Phase.ACTIVE, Phase.PLACE, Phase.PASSIVE, Phase.CHANCE_WRITE, Phase.SOLO_PASSIVE})


def _shown(value: Any) -> str:
    """A value as quoted in a message: its repr, cut short (a broken file's value may be huge)."""
    text = repr(value)
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 3] + "..."


# --- small readers --------------------------------------------------------------------------------


class _Reader:
    """Reads typed values out of the raw data, failing with the key's full name."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, reason: str) -> PositionError:
        return PositionError(self.source, key, reason)

    def table(self, data: Mapping[str, Any], key: str, allowed: Iterable[str]) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            raise self.fail(key, "must be a table")
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            name = f"{key}.{unknown[0]}" if key else unknown[0]
            raise self.fail(name, f"unknown key (known keys: {', '.join(sorted(allowed))})")
        return data

    def integer(self, value: Any, key: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(key, f"must be a whole number from {low} to {high}, not {_shown(value)}")
        return value

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_shown(value)}")
        return value

    def text(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be text, not {_shown(value)}")
        return value

    def words(self, value: Any, key: str) -> list[str]:
        """A list written either as a TOML array of strings or as one string of words."""
        if isinstance(value, str):
            return value.split()
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return [str(item) for item in value]
        raise self.fail(key, f'must be a list of words ("S01 S02" or ["S01", "S02"]), not {_shown(value)}')

    def colour(self, letter: str, key: str) -> Colour:
        try:
            return Colour.from_word(letter)
        except ValueError as error:
            raise self.fail(key, str(error)) from None

    def dice_set(self, value: Any, key: str) -> tuple[Colour, ...]:
        """Dice named by their letters, e.g. "YOG" (or "-" for none)."""
        text = self.text(value, key).replace(" ", "")
        if text in ("", EMPTY):
            return ()
        dice = [self.colour(ch, key) for ch in text]
        if len(set(dice)) != len(dice):
            raise self.fail(key, f"a die is named twice in {_shown(text)}")
        return tuple(c for c in COLOURS if c in dice)

    def row(self, word: str, key: str) -> Row:
        for row, name in _ROW_WORDS.items():
            if word.lower() in (name, row.value.lower()):
                return row
        raise self.fail(key, f"{_shown(word)} is not a market row (scoring or bonus, S or B)")


def _pos_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def _filled_text(filled: Sequence[int | None]) -> str:
    return " ".join("." if value is None else str(value) for value in filled)


# --- building a state -----------------------------------------------------------------------------


class _Builder:
    def __init__(
        self,
        data: Mapping[str, Any],
        source: str,
        ignore: frozenset[str],
        deck: Deck | None,
        hidden_allowed: bool = False,
    ) -> None:
        self.hidden_allowed = hidden_allowed  # a view: '?' for a card the viewer may not see
        self.r = _Reader(source)
        self.data = self.r.table(data, "", POSITION_KEYS | ignore)
        self.deck: Deck = standard_deck() if deck is None else deck
        self.deck_name = "the standard deck" if deck is None else f"the deck in use (version {deck.version})"
        self.places: dict[str, str] = {}  # card id -> where it is (for duplicate checks)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def card(self, card_id: str, key: str, where: str, kind: CardKind | None = None) -> Card:
        if card_id not in self.deck:
            raise self.r.fail(key, f"there is no card {_shown(card_id)} in {self.deck_name}")
        card = self.deck[card_id]
        if kind is not None and card.kind != kind:
            raise self.r.fail(key, f"card {card_id} is a {card.kind.value} card, not a {kind.value} card")
        if card_id in self.places:
            raise self.r.fail(key, f"card {card_id} is already {self.places[card_id]}")
        self.places[card_id] = where
        return card

    def build(self) -> State:
        r = self.r
        seats_data = self.get("seats", [])
        if not isinstance(seats_data, list):
            raise r.fail("seats", "must be an array of tables ([[seats]])")
        default_players = len(seats_data) if seats_data else 2
        players = r.integer(self.get("players", default_players), "players", 1, MAX_SEATS)
        if seats_data and len(seats_data) != players:
            raise r.fail("seats", f"there are {players} players but {len(seats_data)} [[seats]] tables")
        start = r.integer(self.get("start", 0), "start", 0, players - 1)
        solo_level = None
        if "solo_level" in self.data:
            if players != 1:
                raise r.fail("solo_level", "a solo level needs players = 1")
            solo_level = r.integer(self.data["solo_level"], "solo_level", 1, 7)
        if players == 1:
            solo_level = solo_level or 1
            level_info(solo_level)
        config = Config(players, start, solo_level)

        phase_word = r.text(self.get("phase", Phase.ACTIVE.value), "phase")
        try:
            phase = Phase(phase_word)
        except ValueError:
            names = ", ".join(p.value for p in Phase if p in _SEAT_PHASES)
            raise r.fail("phase", f"unknown phase {_shown(phase_word)} (one of: {names})") from None
        if phase not in _SEAT_PHASES:
            raise r.fail("phase", "a position cannot wait for a card draw; play on to it with 'after'")

        active = r.integer(self.get("active", start), "active", 0, players - 1)
        seats = tuple(self.seat(index, raw) for index, raw in enumerate(seats_data)) or tuple(
            Seat() for _ in range(players)
        )
        market = self.market()
        removed = tuple(self.card(c, "removed", "in the round counter") for c in self.list_of("removed"))
        piles = self.piles()

        state = State(
            config=config,
            deck=self.deck,
            phase=phase,
            seats=seats,
            piles=piles,
            market=market,
            active=active,
            decider=active,
            removed=tuple(card.id for card in removed),
        )
        state = self.turn(state)
        self.check_phase(state)
        return state

    def list_of(self, key: str) -> list[str]:
        return self.r.words(self.get(key, []), key)

    # --- seats ---

    def seat(self, index: int, raw: Any) -> Seat:
        key = f"seats[{index}]"
        data = self.r.table(raw, key, _SEAT_KEYS)
        cards_data = data.get("cards", [])
        if not isinstance(cards_data, list):
            raise self.r.fail(f"{key}.cards", "must be an array of inline tables {id = ..., at = ...}")
        placed: list[PlacedCard] = []
        for number, entry in enumerate(cards_data):
            placed.append(self.placed(f"{key}.cards[{number}]", entry, f"in seat {index}'s display"))
        self.check_layout(f"{key}.cards", placed)
        hand = tuple(
            self.hidden_or_card(c, f"{key}.hand", f"in seat {index}'s hand")
            for c in self.r.words(data.get("hand", []), f"{key}.hand")
        )
        pending = None
        if "pending" in data:
            card_id = self.r.text(data["pending"], f"{key}.pending")
            pending = self.hidden_or_card(card_id, f"{key}.pending", f"seat {index}'s card to place")
        return Seat(Display(tuple(placed)), hand, pending)

    def hidden_or_card(self, card_id: str, key: str, where: str) -> str:
        if card_id == HIDDEN and self.hidden_allowed:
            return HIDDEN
        return self.card(card_id, key, where).id

    def placed(self, key: str, raw: Any, where: str) -> PlacedCard:
        r = self.r
        data = r.table(raw, key, _CARD_KEYS)
        if "id" not in data:
            raise r.fail(f"{key}.id", "every card needs an id")
        card = self.card(r.text(data["id"], f"{key}.id"), f"{key}.id", where)
        if "at" not in data:
            raise r.fail(f"{key}.at", f'card {card.id} needs a position such as at = "0,1"')
        at_text = r.text(data["at"], f"{key}.at")
        try:
            row_text, col_text = at_text.split(",")
            pos = (int(row_text), int(col_text))
        except ValueError:
            reason = f"a position is 'row,column' such as \"0,1\", not {_shown(at_text)}"
            raise r.fail(f"{key}.at", reason) from None
        if not all(-_REACH <= number <= _REACH for number in pos):
            reason = f"{_pos_text(pos)} is off the display (the first card is at 0,0, all in {GRID}x{GRID})"
            raise r.fail(f"{key}.at", reason)
        filled = self.filled(f"{key}.filled", card, data.get("filled"))
        completed = all(value is not None for value in filled)
        marks = 0
        if "marks" in data:
            marks = r.integer(data["marks"], f"{key}.marks", 0, card.uses)
            if marks and not completed:
                raise r.fail(f"{key}.marks", f"card {card.id} is not completed, so it has no marks to use")
        wild = None
        if "wild" in data:
            wild = r.colour(r.text(data["wild"], f"{key}.wild"), f"{key}.wild")
            if card.bonus != BonusKind.WILD_COLOUR or not completed:
                reason = f"only a completed wild-colour card gets a colour; {card.id} is not one"
                raise r.fail(f"{key}.wild", reason)
        return PlacedCard(card, pos, filled, marks, wild)

    def filled(self, key: str, card: Card, raw: Any) -> tuple[int | None, ...]:
        task = card.task
        if raw is None:
            return (None,) * len(task)
        text = self.r.text(raw, key).strip()
        if text == DONE:
            return _some_solution(card)
        words = text.split() if " " in text else list(text)
        if len(words) != len(task):
            raise self.r.fail(
                key,
                f"card {card.id} has {len(task)} fields ({task.text()}); {_shown(text)} gives {len(words)}",
            )
        values: list[int | None] = []
        for index, word in enumerate(words):
            if word == ".":
                values.append(None)
                continue
            if word not in ("1", "2", "3", "4", "5", "6"):
                raise self.r.fail(
                    key, f"field {index + 1} of card {card.id}: {_shown(word)} is not '.' or 1 to 6"
                )
            value = int(word)
            number = task.fields[index].number
            if number is not None and value != number:
                reason = f"field {index + 1} of card {card.id} is printed {number}, not {value}"
                raise self.r.fail(key, reason)
            values.append(value)
        if not task.completable(values):
            raise self.r.fail(
                key, f"the values {_shown(text)} break the task of card {card.id} ({task.text()})"
            )
        return tuple(values)

    def check_layout(self, key: str, placed: list[PlacedCard]) -> None:
        cells = [p.pos for p in placed]
        if len(set(cells)) != len(cells):
            double = next(c for c in cells if cells.count(c) > 1)
            raise self.r.fail(key, f"two cards are at {_pos_text(double)}")
        if not cells:
            return
        for axis, word in ((0, "rows"), (1, "columns")):
            values = [c[axis] for c in cells]
            if max(values) - min(values) >= GRID:
                raise self.r.fail(key, f"the display spans more than {GRID} {word}")
        reached = {cells[0]}
        frontier = [cells[0]]
        while frontier:
            r, c = frontier.pop()
            for dr, dc in NEIGHBOURS_8:
                cell = (r + dr, c + dc)
                if cell in cells and cell not in reached:
                    reached.add(cell)
                    frontier.append(cell)
        if len(reached) != len(cells):
            lonely = next(c for c in cells if c not in reached)
            reason = f"the card at {_pos_text(lonely)} touches no other card by an edge or corner"
            raise self.r.fail(key, reason)

    # --- market and decks ---

    def market(self) -> tuple[tuple[str | None, ...], tuple[str | None, ...]]:
        data = self.r.table(self.get("market", {}), "market", {"scoring", "bonus"})
        rows: list[tuple[str | None, ...]] = []
        for row in (Row.SCORING, Row.BONUS):
            key = f"market.{_ROW_WORDS[row]}"
            words = self.r.words(data.get(_ROW_WORDS[row], [EMPTY] * MARKET_SLOTS), key)
            if len(words) != MARKET_SLOTS:
                raise self.r.fail(key, f'a market row has {MARKET_SLOTS} slots ("-" for an empty one)')
            slots: list[str | None] = []
            for slot, word in enumerate(words, start=1):
                if word == EMPTY:
                    slots.append(None)
                else:
                    slots.append(self.card(word, key, f"in market slot {row.value}{slot}", _ROW_KIND[row]).id)
            rows.append(tuple(slots))
        return rows[0], rows[1]

    def piles(self) -> tuple[Pile, Pile]:
        data = self.r.table(self.get("decks", {}), "decks", _DECK_KEYS)
        given: dict[Row, tuple[list[str], bool, bool, list[str]]] = {}
        # first claim every named card, then give each deck the cards nobody holds
        for row in (Row.SCORING, Row.BONUS):
            word = _ROW_WORDS[row]
            top_key, bottom_key = f"decks.{word}", f"decks.{word}_bottom"
            shuffled_key = f"decks.{word}_shuffled"
            words = self.r.words(data.get(word, [REST]), top_key)
            rest = bool(words) and words[-1] == REST
            cards = [w for w in (words[:-1] if rest else words) if w != EMPTY]
            if REST in cards:
                raise self.r.fail(top_key, f"'{REST}' (the rest of the deck) may only come last")
            for card_id in cards:
                self.card(card_id, top_key, f"in the {word} deck", _ROW_KIND[row])
            bottom = self.r.words(data.get(f"{word}_bottom", []), bottom_key)
            for card_id in bottom:
                self.card(card_id, bottom_key, f"under the {word} deck", _ROW_KIND[row])
            shuffled = self.r.boolean(data.get(f"{word}_shuffled", False), shuffled_key)
            given[row] = (cards, rest, shuffled, bottom)
        piles: list[Pile] = []
        for row in (Row.SCORING, Row.BONUS):
            cards, rest, shuffled, bottom = given[row]
            if rest:
                free = [c for c in self.deck.ids(_ROW_KIND[row]) if c not in self.places]
                for card_id in free:
                    self.places[card_id] = f"in the {_ROW_WORDS[row]} deck"
                cards = cards + sorted(free)
            unseen = tuple(sorted(cards)) if shuffled else tuple(cards)
            piles.append(Pile(unseen, tuple(bottom), ordered=not shuffled))
        return piles[0], piles[1]

    # --- the turn ---

    def turn(self, state: State) -> State:
        r = self.r
        phase = state.phase
        players = state.config.players
        dice = self.dice(phase)
        default_rolls = {Phase.PASSIVE: 2, Phase.CHANCE_WRITE: ROLLS_PER_TURN}.get(phase, 1)
        if phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE, Phase.WILD, Phase.OVER):
            default_rolls = 0
        rolls = r.integer(self.get("rolls", default_rolls), "rolls", 0, ROLLS_PER_TURN)
        rerolled = COLOURS if any(dice) else ()
        if "rerolled" in self.data and "kept" in self.data:
            raise r.fail("kept", "give either 'rerolled' or 'kept', not both")
        if "rerolled" in self.data:
            rerolled = r.dice_set(self.data["rerolled"], "rerolled")
        if "kept" in self.data:
            kept = r.dice_set(self.data["kept"], "kept")
            rerolled = tuple(c for c in COLOURS if c not in kept)
        used = frozenset(r.dice_set(self.get("used", EMPTY), "used"))
        acting_phase = phase in (Phase.ACTIVE, Phase.PLACE)
        acted = r.boolean(self.get("acted", bool(used) and acting_phase), "acted")
        bought_rows = frozenset(r.row(w, "bought") for w in r.words(self.get("bought", []), "bought"))
        chance: str | None = None
        if phase == Phase.CHANCE_WRITE:
            chance = "write"
        if "chance" in self.data:
            chance = r.text(self.data["chance"], "chance")
            if chance not in ("write", "take"):
                raise r.fail("chance", "the chance option is 'write' (a) or 'take' (b)")
        writes_default = 1 if phase == Phase.CHANCE_WRITE else 0
        writes = r.integer(self.get("writes", writes_default), "writes", 0, len(COLOURS))
        deltas = self.deltas(dice)
        recolours = self.recolours()
        decider = state.active
        if phase == Phase.PASSIVE:
            decider = (state.active + 1) % players
        elif phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE, Phase.WILD):
            decider = self.first_seat(state, phase)
        decider = r.integer(self.get("decider", decider), "decider", 0, players - 1)
        queue: tuple[int, ...] = ()
        if phase == Phase.PASSIVE:
            order = [(state.active + k) % players for k in range(1, players)]
            queue = tuple(order[order.index(decider) + 1 :]) if decider in order else ()
        if "passive_queue" in self.data:
            raw = self.data["passive_queue"]
            if not isinstance(raw, list):
                raise r.fail("passive_queue", "must be a list of seats, e.g. [2, 3]")
            queue = tuple(r.integer(s, "passive_queue", 0, players - 1) for s in raw)
        to_roll: tuple[Colour, ...] = ()
        then = After.SETUP if phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE) else After.TURN_ROLL
        if phase == Phase.SOLO_PASSIVE:
            then = After.SOLO_ROLL
        if phase == Phase.ROLL:
            to_roll = r.dice_set(self.get("to_roll", "YOGBP"), "to_roll") or COLOURS
            if rolls == 0 and "to_roll" in self.data and set(to_roll) != set(COLOURS):
                raise r.fail("to_roll", "the first roll of a turn throws all five dice")
        if "then" in self.data:
            word = r.text(self.data["then"], "then")
            try:
                then = After(word)
            except ValueError:
                steps = ", ".join(a.value for a in After)
                raise r.fail("then", f"unknown step {_shown(word)}: one of {steps}") from None
        last_round = None
        if "last_round" in self.data:
            last_round = r.integer(self.data["last_round"], "last_round", 0, 1000)
        return replace(
            state,
            decider=decider,
            dice=dice,
            rolls=rolls,
            to_roll=to_roll,
            then=then,
            rerolled=rerolled,
            used=used,
            acted=acted,
            bought=bought_rows,
            chance=chance,
            writes=writes,
            deltas=deltas,
            recolours=recolours,
            passive_queue=queue,
            round=r.integer(self.get("round", 0), "round", 0, 1000),
            last_round=last_round,
            rerolls_last_turn=r.integer(self.get("rerolls_last_turn", 0), "rerolls_last_turn", 0, 2),
        )

    def dice(self, phase: Phase) -> tuple[int, ...]:
        if "dice" not in self.data:
            if phase in _DICE_PHASES:
                reason = f'phase {phase.value} needs the dice, e.g. dice = "Y3 O5 G1 B2 P6"'
                raise self.r.fail("dice", reason)
            return (0,) * len(COLOURS)
        faces = [0] * len(COLOURS)
        for word in self.r.words(self.data["dice"], "dice"):
            die = self.r.colour(word[:1], "dice")
            if word[1:] not in ("1", "2", "3", "4", "5", "6"):
                raise self.r.fail(
                    "dice", f"{_shown(word)}: a die is its letter and a face 1 to 6, such as Y3"
                )
            if faces[die.slot]:
                raise self.r.fail("dice", f"the {die.word} die is named twice")
            faces[die.slot] = int(word[1:])
        if phase in _DICE_PHASES and not all(faces):
            raise self.r.fail("dice", f"phase {phase.value} needs all five dice")
        return tuple(faces)

    def deltas(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """Plus/minus already applied by the decider, e.g. deltas = "Y+1 O-2"."""
        deltas = list(NO_DELTAS)
        for word in self.r.words(self.get("deltas", []), "deltas"):
            die = self.r.colour(word[:1], "deltas")
            try:
                change = int(word[1:])
            except ValueError:
                reason = f"{_shown(word)}: write a die and a change, such as Y+1 or O-2"
                raise self.r.fail("deltas", reason) from None
            deltas[die.slot] += change
            if not 1 <= dice[die.slot] + deltas[die.slot] <= 6:
                counted = dice[die.slot] + deltas[die.slot]
                raise self.r.fail("deltas", f"the {die.word} die would count {counted}; a die counts 1 to 6")
        return tuple(deltas)

    def recolours(self) -> tuple[Colour | None, ...]:
        """Recolours already applied by the decider, e.g. recolours = "Y=B" (yellow counts as blue)."""
        recolours = list(NO_RECOLOURS)
        for word in self.r.words(self.get("recolours", []), "recolours"):
            if len(word) != 3 or word[1] != "=":
                raise self.r.fail(
                    "recolours", f"{_shown(word)}: write the die and its new colour, such as Y=B"
                )
            die, colour = self.r.colour(word[0], "recolours"), self.r.colour(word[2], "recolours")
            if die == colour:
                raise self.r.fail("recolours", f"the {die.word} die is already {die.word}")
            recolours[die.slot] = colour
        return tuple(recolours)

    def first_seat(self, state: State, phase: Phase) -> int:
        for index, seat in enumerate(state.seats):
            if phase == Phase.SETUP_RETURN and len(seat.hand) == 4:
                return index
            if phase == Phase.SETUP_PLACE and seat.hand:
                return index
            if phase == Phase.WILD and _open_wild(seat.display):
                return index
        return state.active

    def check_phase(self, state: State) -> None:
        r = self.r
        phase, players, seat = state.phase, state.config.players, state.seats[state.decider]
        if phase in (Phase.SOLO_PASSIVE, Phase.SOLO_REMOVE) and players != 1:
            raise r.fail("phase", f"phase {phase.value} is for a solo game (players = 1)")
        if phase == Phase.PASSIVE:
            if players < 2:
                raise r.fail("phase", "a solo game has no passive seats; use phase solo-passive")
            if state.decider == state.active:
                raise r.fail("decider", "the passive seat deciding cannot be the active player")
            if state.rolls < 2:
                raise r.fail("rolls", "passive seats write only after a reroll (rolls = 2 or 3)")
        if phase == Phase.CHANCE_WRITE and state.rolls != ROLLS_PER_TURN:
            raise r.fail("rolls", "a chance is taken only after the third roll (rolls = 3)")
        if phase == Phase.ACTIVE and state.rolls < 1:
            raise r.fail("rolls", "the active player decides after roll 1, 2 or 3")
        if phase == Phase.PLACE and seat.pending is None:
            raise r.fail("seats", f"phase place needs a card to place: seats[{state.decider}].pending")
        if phase == Phase.SETUP_RETURN and len(seat.hand) != 4:
            raise r.fail("seats", f"phase setup-return needs four dealt cards in seats[{state.decider}].hand")
        if phase == Phase.SETUP_PLACE and not 1 <= len(seat.hand) <= 3:
            raise r.fail("seats", f"phase setup-place needs 1 to 3 kept cards in seats[{state.decider}].hand")
        if phase == Phase.WILD and not _open_wild(seat.display):
            reason = f"phase wild needs a completed wild-colour card without a colour in seat {state.decider}"
            raise r.fail("phase", reason)


def _open_wild(display: Display) -> bool:
    return any(
        p.card.bonus == BonusKind.WILD_COLOUR and p.completed and p.wild_colour is None for p in display
    )


def _some_solution(card: Card) -> tuple[int | None, ...]:
    """One way to fill every field of the card (the smallest values that work, field by field)."""
    task = card.task
    values: list[int | None] = [None] * len(task)
    for index, field in enumerate(task.fields):
        choices = (field.number,) if field.number is not None else (1, 2, 3, 4, 5, 6)
        for value in choices:
            values[index] = value
            if task.completable(values):
                break
        else:  # pragma: no cover - completable() is exact, so a value always exists
            raise AssertionError(f"card {card.id} cannot be completed")
    return tuple(values)


def position_from_data(
    data: Mapping[str, Any], source: str, *, ignore: Iterable[str] = (), deck: Deck | None = None
) -> State:
    """Build the State a position describes; raises PositionError naming the key and the reason.

    `ignore` names top-level keys that belong to the caller (a scenario's expectations). `deck` is
    the deck the cards come from (the state plays on with it); None means the standard deck.
    """
    return _Builder(data, source, frozenset(ignore), deck).build()


def view_from_data(data: Mapping[str, Any], source: str, *, deck: Deck | None = None) -> State:
    """Read back a seat's view written by `view_to_data`: a position in which a card the viewer
    may not see is '?' (in a hand, or as a card to place) and the decks are pooled."""
    return _Builder(data, source, frozenset(), deck, hidden_allowed=True).build()


# --- writing a state ------------------------------------------------------------------------------


def _dice_letters(dice: Iterable[Colour]) -> str:
    text = "".join(c.value for c in COLOURS if c in set(dice))
    return text or EMPTY


def view_to_data(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) may see of `state`, on paper for a table to send: the
    position format of `engine.view`, '?' for each card the viewer may not see and every deck
    pooled (its unseen cards unordered). It takes the real state, not a view, so that no caller
    can send a state that was never redacted."""
    return position_to_data(view(state, seat))


def position_to_data(state: State) -> dict[str, Any]:
    """The state in the position format (a chance draw in progress is not representable)."""
    if state.phase == Phase.DRAW:
        raise ValueError("a position cannot wait for a card draw")
    data: dict[str, Any] = {"players": state.config.players, "start": state.config.start_player}
    if state.config.solo:
        data["solo_level"] = state.config.solo_level or 1
    data.update(
        phase=state.phase.value,
        active=state.active,
        decider=state.decider,
        round=state.round,
    )
    if state.last_round is not None:
        data["last_round"] = state.last_round
    if any(state.dice):
        data["dice"] = " ".join(f"{c.value}{state.dice[c.slot]}" for c in COLOURS if state.dice[c.slot])
    data.update(
        rolls=state.rolls,
        rerolled=_dice_letters(state.rerolled),
        used=_dice_letters(state.used),
        acted=state.acted,
        bought=" ".join(row.value for row in (Row.SCORING, Row.BONUS) if row in state.bought),
        writes=state.writes,
        then=state.then.value,
        passive_queue=list(state.passive_queue),
        rerolls_last_turn=state.rerolls_last_turn,
        removed=" ".join(state.removed),
    )
    if state.to_roll:
        data["to_roll"] = _dice_letters(state.to_roll)
    if state.chance is not None:
        data["chance"] = state.chance
    deltas = [f"{c.value}{state.deltas[c.slot]:+d}" for c in COLOURS if state.deltas[c.slot]]
    if deltas:
        data["deltas"] = " ".join(deltas)
    recolours = [f"{c.value}={new.value}" for c in COLOURS if (new := state.recolours[c.slot]) is not None]
    if recolours:
        data["recolours"] = " ".join(recolours)
    data["market"] = {
        _ROW_WORDS[row]: " ".join(card or EMPTY for card in state.market[index])
        for index, row in enumerate((Row.SCORING, Row.BONUS))
    }
    decks: dict[str, Any] = {}
    for index, row in enumerate((Row.SCORING, Row.BONUS)):
        pile, word = state.piles[index], _ROW_WORDS[row]
        decks[word] = " ".join(pile.unseen) or EMPTY
        decks[f"{word}_shuffled"] = not pile.ordered
        if pile.bottom:
            decks[f"{word}_bottom"] = " ".join(pile.bottom)
    data["decks"] = decks
    seats: list[dict[str, Any]] = []
    for seat in state.seats:
        cards: list[dict[str, Any]] = []
        for placed in seat.display:
            entry: dict[str, Any] = {"id": placed.id, "at": _pos_text(placed.pos)}
            if any(value is not None for value in placed.filled):
                entry["filled"] = _filled_text(placed.filled)
            if placed.marks_used:
                entry["marks"] = placed.marks_used
            if placed.wild_colour is not None:
                entry["wild"] = placed.wild_colour.value
            cards.append(entry)
        seat_data: dict[str, Any] = {"cards": cards}
        if seat.hand:
            seat_data["hand"] = " ".join(seat.hand)
        if seat.pending is not None:
            seat_data["pending"] = seat.pending
        seats.append(seat_data)
    data["seats"] = seats
    return data
