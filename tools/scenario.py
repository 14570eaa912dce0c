"""Rule scenarios as data: load a position with its expectations, show it, check it.

    python -m tools.scenario FILE [FILE...]

A file with `game = "penk"` is a Penk! position (game/penk/scenarios.py, docs/scenarios.md).
For each file: prints the decision point (phase, whose decision), the legal actions in text form
(all of them, or their count and the first 50), every seat's score breakdown as if the game ended
now, then checks the file's expectations. Exit status: 0 when every expectation holds, 1 when one
fails (each failure is printed with the reason), 2 when a file itself is broken (the key and the
reason are printed). The format is described in docs/scenarios.md.

A file's cards come from the deck its `deck` key names (a path relative to the file; the rule
scenarios name the frozen tests/scenarios/decks/rules.toml), else from the standard deck.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.goennen.engine import (
    COLOURS,
    MAX_SEATS,
    Action,
    ActionSyntaxError,
    Colour,
    Deck,
    DeckError,
    IllegalActionError,
    Phase,
    Row,
    SeatScore,
    State,
    apply,
    legal_actions,
    load_deck,
    parse,
    result,
    score_display,
    whose_turn,
    winners,
)
from game.goennen.position import POSITION_KEYS, PositionError, position_from_data
from game.goennen.serialize import read_plain_text
from game.penk import is_penk_scenario, run_scenario_file

SHOWN_ACTIONS = 50
EXPECT_KEYS = frozenset(
    {"description", "rules", "legal", "illegal", "legal_count", "after", "scores", "result"}
)
ROW_WORDS = {"scoring": Row.SCORING, "bonus": Row.BONUS}
MESSAGE_LENGTH = 300  # a broken file's one line is cut to this many characters
MAX_FILE_BYTES = 1_000_000  # a scenario is some kB; more (or /dev/zero) is not one
DECK_KEY = "deck"  # the deck file the position's cards come from, relative to the scenario file


class ScenarioError(ValueError):
    """The scenario file is broken: the message names the file, the key and the reason."""


# --- the parsed expectations ----------------------------------------------------------------------


@dataclass(frozen=True)
class Illegal:
    text: str
    action: Action
    reason: str | None


@dataclass(frozen=True)
class StateCheck:
    """One comparison of the state after some actions: a name for messages and the two values."""

    key: str
    expected: Any
    actual: Callable[[State], Any]


@dataclass(frozen=True)
class Checkpoint:
    """Expectations at one point: the scenario's position, or the end of an `after` sequence."""

    where: str
    actions: tuple[tuple[str, Action], ...] = ()
    legal: tuple[tuple[str, Action], ...] = ()
    illegal: tuple[Illegal, ...] = ()
    legal_count: int | None = None
    scores: tuple[Mapping[str, Any], ...] | None = None
    result: Mapping[str, Any] | None = None
    checks: tuple[StateCheck, ...] = ()


@dataclass(frozen=True)
class Scenario:
    path: Path
    description: str
    rules: tuple[str, ...]
    state: State
    top: Checkpoint
    after: tuple[Checkpoint, ...] = field(default=())


# --- reading a scenario file ----------------------------------------------------------------------


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.players = MAX_SEATS  # the position's seats, once it is built: expectations name only these

    def fail(self, key: str, reason: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: key '{key}': {reason}")

    def action(self, text: Any, key: str) -> tuple[str, Action]:
        if not isinstance(text, str):
            raise self.fail(key, f'an action is text such as "reroll YOG", not {text!r}')
        try:
            return text, parse(text)
        except ActionSyntaxError as error:
            raise self.fail(key, str(error)) from None

    def actions(self, raw: Any, key: str) -> tuple[tuple[str, Action], ...]:
        if not isinstance(raw, list):
            raise self.fail(key, "must be a list of actions in text form")
        return tuple(self.action(item, f"{key}[{i}]") for i, item in enumerate(raw))

    def illegal(self, raw: Any, key: str) -> tuple[Illegal, ...]:
        if not isinstance(raw, list):
            raise self.fail(key, "must be a list of actions, or of {action = ..., reason = ...} tables")
        found: list[Illegal] = []
        for i, item in enumerate(raw):
            name = f"{key}[{i}]"
            reason = None
            if isinstance(item, dict):
                unknown = set(item) - {"action", "reason"}
                if unknown or "action" not in item:
                    raise self.fail(name, 'an illegal entry is {action = "...", reason = "..."}')
                reason = item.get("reason")
                if reason is not None and not isinstance(reason, str):
                    raise self.fail(f"{name}.reason", "must be text (a part of the refusal message)")
                item = item["action"]
            text, action = self.action(item, name)
            found.append(Illegal(text, action, reason))
        return tuple(found)

    def integer(self, raw: Any, key: str) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise self.fail(key, f"must be a whole number of at least 0, not {raw!r}")
        return raw

    def seat(self, raw: Any, key: str) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw < self.players:
            raise self.fail(key, f"must be a seat from 0 to {self.players - 1}, not {raw!r}")
        return raw

    def seats(self, raw: list[Any], key: str) -> None:
        """A list with one entry per seat has no more entries than the position has seats."""
        if len(raw) > self.players:
            raise self.fail(key, f"has {len(raw)} entries for {self.players} seats")

    def table(self, raw: Any, key: str, allowed: frozenset[str]) -> Mapping[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(key, "must be a table")
        unknown = sorted(set(raw) - allowed)
        if unknown:
            raise self.fail(f"{key}.{unknown[0]}", f"unknown key (known: {', '.join(sorted(allowed))})")
        return raw

    def scores(self, raw: Any, key: str) -> tuple[Mapping[str, Any], ...]:
        if not isinstance(raw, list):
            raise self.fail(key, "must be one table per seat ([[scores]])")
        self.seats(raw, key)
        seats = []
        for i, item in enumerate(raw):
            name = f"{key}[{i}]"
            table = self.table(item, name, frozenset({"total", "cards", "empty", "note"}))
            for sub in ("total", "empty"):
                if sub in table:
                    self.integer(table[sub], f"{name}.{sub}")
            if "cards" in table:
                cards = self.table(table["cards"], f"{name}.cards", frozenset(table["cards"]))
                for card, points in cards.items():
                    self.integer(points, f"{name}.cards.{card}")
            seats.append(table)
        return tuple(seats)

    def result(self, raw: Any, key: str) -> Mapping[str, Any]:
        table = self.table(raw, key, frozenset({"winners", "tie_broken", "solo_won"}))
        if "winners" in table:
            value = table["winners"]
            if not isinstance(value, list):
                raise self.fail(f"{key}.winners", "must be a list of seats, e.g. [0, 2]")
            for i, seat in enumerate(value):
                self.seat(seat, f"{key}.winners[{i}]")
        for sub in ("tie_broken", "solo_won"):
            if sub in table and not isinstance(table[sub], bool):
                raise self.fail(f"{key}.{sub}", "must be true or false")
        return table

    def checkpoint(self, raw: Mapping[str, Any], where: str, *, top: bool) -> Checkpoint:
        def name(key: str) -> str:
            return key if top else f"{where}.{key}"

        legal = self.actions(raw.get("legal", []), name("legal"))
        illegal = self.illegal(raw.get("illegal", []), name("illegal"))
        count = self.integer(raw["legal_count"], name("legal_count")) if "legal_count" in raw else None
        scores = self.scores(raw["scores"], name("scores")) if "scores" in raw else None
        outcome = self.result(raw["result"], name("result")) if "result" in raw else None
        if top:
            return Checkpoint(where, (), legal, illegal, count, scores, outcome)
        if "do" not in raw:
            raise self.fail(name("do"), "every [[after]] table needs do = [the actions to apply]")
        actions = self.actions(raw["do"], name("do"))
        checks: list[StateCheck] = []
        for key, value in raw.items():
            if key in _CHECKPOINT_KEYS:
                continue
            if key not in _STATE_CHECKS:
                known = ", ".join(sorted(set(_STATE_CHECKS) | _CHECKPOINT_KEYS))
                raise self.fail(name(key), f"unknown key (known: {known})")
            checks.extend(_STATE_CHECKS[key](self, value, name(key)))
        return Checkpoint(where, actions, legal, illegal, count, scores, outcome, tuple(checks))

    # converters used by the state checks

    def text(self, raw: Any, key: str) -> str:
        if not isinstance(raw, str):
            raise self.fail(key, f"must be text, not {raw!r}")
        return raw

    def words(self, raw: Any, key: str) -> list[str]:
        if isinstance(raw, str):
            return raw.split()
        if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
            return list(raw)
        raise self.fail(key, "must be a list of words")

    def dice(self, raw: Any, key: str) -> str:
        text = self.text(raw, key).replace(" ", "")
        if text in ("", "-"):
            return "-"
        try:
            dice = {Colour.from_word(ch) for ch in text}
        except ValueError as error:
            raise self.fail(key, str(error)) from None
        return _dice_text(dice)


_CHECKPOINT_KEYS = frozenset({"do", "legal", "illegal", "legal_count", "scores", "result", "note"})


def _dice_text(dice: Sequence[Colour] | frozenset[Colour] | set[Colour]) -> str:
    return "".join(c.value for c in COLOURS if c in dice) or "-"


def _faces(state: State) -> str:
    return " ".join(f"{c.value}{state.dice[c.slot]}" for c in COLOURS if state.dice[c.slot])


def _turn_text(state: State) -> str:
    turn = whose_turn(state)
    return f"seat {turn.seat}" if turn.kind == "seat" else turn.kind


def _simple(attr: Callable[[State], Any], kind: str) -> Callable[[_Reader, Any, str], list[StateCheck]]:
    def make(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
        if kind == "int":
            expected: Any = reader.integer(raw, key)
        elif kind == "bool":
            if not isinstance(raw, bool):
                raise reader.fail(key, "must be true or false")
            expected = raw
        elif kind == "dice":
            expected = reader.dice(raw, key)
        elif kind == "words":
            expected = " ".join(reader.words(raw, key))
        else:
            expected = reader.text(raw, key)
        return [StateCheck(key, expected, attr)]

    return make


def _phase_check(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
    text = reader.text(raw, key)
    if text not in {p.value for p in Phase}:
        raise reader.fail(key, f"unknown phase {text!r} (one of: {', '.join(p.value for p in Phase)})")
    return [StateCheck(key, text, lambda s: s.phase.value)]


def _turn_check(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
    if isinstance(raw, int) and not isinstance(raw, bool):
        expected = f"seat {raw}"
    elif raw in ("chance", "end"):
        expected = str(raw)
    else:
        raise reader.fail(key, 'must be a seat number, "chance" or "end"')
    return [StateCheck(key, expected, _turn_text)]


def _last_round_check(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
    if raw == "none":
        expected = "none"
    else:
        expected = str(reader.integer(raw, key))
    return [StateCheck(key, expected, lambda s: "none" if s.last_round is None else str(s.last_round))]


def _row_checks(
    what: Callable[[State, Row], str], normal: Callable[[_Reader, Any, str], str]
) -> Callable[[_Reader, Any, str], list[StateCheck]]:
    def make(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
        table = reader.table(raw, key, frozenset(ROW_WORDS))
        checks = []
        for word, value in table.items():
            row = ROW_WORDS[word]
            name = f"{key}.{word}"
            checks.append(StateCheck(name, normal(reader, value, name), _bind(what, row)))
        return checks

    return make


def _bind(what: Callable[[State, Row], str], row: Row) -> Callable[[State], str]:
    return lambda state: what(state, row)


def _market_row(state: State, row: Row) -> str:
    return " ".join(state.market_card(row, slot) or "-" for slot in range(1, 5))


def _market_words(reader: _Reader, raw: Any, key: str) -> str:
    words = reader.words(raw, key)
    if len(words) != 4:
        raise reader.fail(key, 'a market row has 4 slots ("-" for an empty one)')
    return " ".join(words)


def _deck_top_checks(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
    """The next cards of a deck, as many as the file names ("-": the deck is empty)."""
    table = reader.table(raw, key, frozenset(ROW_WORDS))
    checks = []
    for word, value in table.items():
        words = [w for w in reader.words(value, f"{key}.{word}") if w != "-"]
        reader_ = _top_reader(ROW_WORDS[word], len(words))
        checks.append(StateCheck(f"{key}.{word}", " ".join(words) or "-", reader_))
    return checks


def _top_reader(row: Row, count: int) -> Callable[[State], str]:
    def read(state: State) -> str:
        pile = state.pile(row)
        if not pile.ordered and len(pile.unseen) > 1:
            return "(shuffled)"
        cards = (*pile.unseen, *pile.bottom)
        return " ".join(cards[:count] if count else cards) or "-"

    return read


def _top_words(reader: _Reader, raw: Any, key: str) -> str:
    return " ".join(reader.words(raw, key)) or "-"


def _deck_size(state: State, row: Row) -> str:
    return str(len(state.pile(row)))


def _size_words(reader: _Reader, raw: Any, key: str) -> str:
    return str(reader.integer(raw, key))


def _deck_bottom(state: State, row: Row) -> str:
    return " ".join(state.pile(row).bottom) or "-"


def _per_seat(
    what: Callable[[State, int], str], normal: Callable[[_Reader, Any, str], str]
) -> Callable[[_Reader, Any, str], list[StateCheck]]:
    def make(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
        if not isinstance(raw, list):
            raise reader.fail(key, "must be a list with one entry per seat")
        reader.seats(raw, key)
        return [
            StateCheck(f"{key}[{seat}]", normal(reader, value, f"{key}[{seat}]"), _bind_seat(what, seat))
            for seat, value in enumerate(raw)
        ]

    return make


def _bind_seat(what: Callable[[State, int], str], seat: int) -> Callable[[State], str]:
    return lambda state: what(state, seat) if seat < len(state.seats) else "(no such seat)"


_CARD_CHECK_KEYS = frozenset({"seat", "id", "filled", "completed", "marks", "at", "wild", "absent"})


def _card_checks(reader: _Reader, raw: Any, key: str) -> list[StateCheck]:
    if not isinstance(raw, list):
        raise reader.fail(key, 'must be a list of {seat = 0, id = "S01", filled = "..."} tables')
    checks: list[StateCheck] = []
    for i, item in enumerate(raw):
        name = f"{key}[{i}]"
        table = reader.table(item, name, _CARD_CHECK_KEYS)
        if "id" not in table:
            raise reader.fail(f"{name}.id", "name the card")
        seat = reader.seat(table.get("seat", 0), f"{name}.seat")
        card = reader.text(table["id"], f"{name}.id")
        for sub, value in table.items():
            if sub in ("seat", "id"):
                continue
            label = f"{name}.{sub} (seat {seat}, card {card})"
            expected: Any
            if sub == "filled":
                text = reader.text(value, label)
                expected = " ".join(text.split() if " " in text.strip() else list(text.strip()))
            elif sub in ("completed", "absent"):
                if not isinstance(value, bool):
                    raise reader.fail(label, "must be true or false")
                expected = value
            elif sub == "marks":
                expected = reader.integer(value, label)
            elif sub == "wild":
                try:
                    expected = Colour.from_word(reader.text(value, label)).value
                except ValueError as error:
                    raise reader.fail(label, str(error)) from None
            else:
                expected = reader.text(value, label).replace(" ", "")
            checks.append(StateCheck(label, expected, _card_reader(seat, card, sub)))
    return checks


def _card_reader(seat: int, card: str, sub: str) -> Callable[[State], Any]:
    def read(state: State) -> Any:
        if seat >= len(state.seats):
            return "(no such seat)"
        placed = state.display(seat).find(card)
        if sub == "absent":
            return placed is None
        if placed is None:
            return "(not in the display)"
        if sub == "filled":
            return " ".join("." if v is None else str(v) for v in placed.filled)
        if sub == "completed":
            return placed.completed
        if sub == "marks":
            return placed.marks_used
        if sub == "wild":
            return placed.wild_colour.value if placed.wild_colour else "-"
        return f"{placed.pos[0]},{placed.pos[1]}"

    return read


_STATE_CHECKS: dict[str, Callable[[_Reader, Any, str], list[StateCheck]]] = {
    "phase": _phase_check,
    "turn": _turn_check,
    "active": _simple(lambda s: s.active, "int"),
    "round": _simple(lambda s: s.round, "int"),
    "last_round": _last_round_check,
    "rolls": _simple(lambda s: s.rolls, "int"),
    "dice": _simple(lambda s: _faces(s), "words"),
    "writes": _simple(lambda s: s.writes, "int"),
    "acted": _simple(lambda s: s.acted, "bool"),
    "used": _simple(lambda s: _dice_text(s.used), "dice"),
    "rerolled": _simple(lambda s: _dice_text(s.rerolled), "dice"),
    "rerolls_last_turn": _simple(lambda s: s.rerolls_last_turn, "int"),
    "removed": _simple(lambda s: " ".join(s.removed), "words"),
    "market": _row_checks(_market_row, _market_words),
    "deck_top": _deck_top_checks,
    "deck_bottom": _row_checks(_deck_bottom, _top_words),
    "deck_size": _row_checks(_deck_size, _size_words),
    "display_size": _per_seat(lambda s, seat: str(len(s.display(seat))), _size_words),
    "pending": _per_seat(lambda s, seat: s.seats[seat].pending or "-", lambda r, raw, key: r.text(raw, key)),
    "cards": _card_checks,
}


def load(path: Path) -> Scenario:
    """Read and check a scenario file; raises ScenarioError (broken file) naming the key."""
    source = str(path)
    try:
        return _load(path, source, _read_toml(path, source))
    except RecursionError:
        raise ScenarioError(f"{source}: nested too deeply") from None


def _read_toml(path: Path, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(read_plain_text(path, MAX_FILE_BYTES))
    except OSError as error:
        raise ScenarioError(f"{source}: cannot be read ({error.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ScenarioError(f"{source}: not valid TOML ({error})") from None
    except ValueError as error:  # too large, or a number longer than Python converts
        if str(error).startswith("larger than"):
            raise ScenarioError(f"{source}: {error}") from None
        raise ScenarioError(f"{source}: a number has too many digits") from None


def _load(path: Path, source: str, data: dict[str, Any]) -> Scenario:
    reader = _Reader(source)
    unknown = sorted(set(data) - POSITION_KEYS - EXPECT_KEYS - {DECK_KEY})
    if unknown:
        raise reader.fail(unknown[0], "unknown key (see docs/scenarios.md)")
    description = data.get("description")
    if not isinstance(description, str) or not description.strip() or "\n" in description.strip():
        raise reader.fail("description", "every scenario needs a one-line description")
    rules = tuple(reader.words(data.get("rules", []), "rules"))
    deck = _scenario_deck(reader, data, path)
    try:
        state = position_from_data(data, source, ignore=EXPECT_KEYS | {DECK_KEY}, deck=deck)
    except PositionError as error:
        raise ScenarioError(str(error)) from None
    reader.players = state.config.players
    top = reader.checkpoint(data, "position", top=True)
    after_raw = data.get("after", [])
    if not isinstance(after_raw, list):
        raise reader.fail("after", "must be an array of tables ([[after]])")
    after = []
    for i, item in enumerate(after_raw):
        if not isinstance(item, dict):
            raise reader.fail(f"after[{i}]", "must be a table")
        after.append(reader.checkpoint(item, f"after[{i}]", top=False))
    return Scenario(path, description.strip(), rules, state, top, tuple(after))


# decks read by this process, by file and its modification: the scenarios share one deck object
_decks: dict[tuple[Path, int, int], Deck] = {}


def _scenario_deck(reader: _Reader, data: Mapping[str, Any], path: Path) -> Deck | None:
    """The deck named by the file's `deck` key (None without the key: the standard deck)."""
    if DECK_KEY not in data:
        return None
    deck_path = path.parent / reader.text(data[DECK_KEY], DECK_KEY)
    try:
        stat = deck_path.stat()
        key = (deck_path.resolve(), stat.st_mtime_ns, stat.st_size)
        if key not in _decks:
            # a rules-test deck is test data: its cards are checked, but not the printed counts
            # of the game's deck (those may change with a new deck version)
            _decks[key] = load_deck(deck_path, check_counts=False)
        return _decks[key]
    except (OSError, DeckError, ValueError, RecursionError) as error:
        reason = (error.strerror or str(error)) if isinstance(error, OSError) else str(error)
        if isinstance(error, RecursionError):
            reason = "nested too deeply"
        raise reader.fail(DECK_KEY, f"the deck file {str(deck_path)!r} cannot be used: {reason}") from None


# --- checking -------------------------------------------------------------------------------------


def settle_draws(state: State) -> State:
    """Apply card draws whose card is already known (a fixed deck order): they need no choice."""
    while state.phase == Phase.DRAW:
        cards = state.pile(state.draws[0].row).next_cards()
        if len(cards) != 1:
            break
        state = apply(state, parse(f"draw {cards[0]}"))
    return state


def current_scores(state: State) -> tuple[SeatScore, ...]:
    return tuple(score_display(seat, state.display(seat)) for seat in range(state.config.players))


def _check_point(state: State, point: Checkpoint) -> list[str]:
    failures: list[str] = []
    where = point.where

    def fail(message: str) -> None:
        failures.append(f"{where}: {message}")

    legal = legal_actions(state)
    legal_set = set(legal)
    for text, action in point.legal:
        if action not in legal_set:
            fail(f"'{text}' should be legal but is not among the {len(legal)} legal actions")
            continue
        try:
            apply(state, action)
        except IllegalActionError as error:
            fail(f"'{text}' is listed as legal but apply refuses it: {error}")
    for item in point.illegal:
        if item.action in legal_set:
            fail(f"'{item.text}' should be illegal but is listed as legal")
        try:
            apply(state, item.action)
        except IllegalActionError as error:
            if item.reason and item.reason.lower() not in str(error).lower():
                fail(f"'{item.text}' is refused, but the reason {str(error)!r} does not say {item.reason!r}")
        else:
            fail(f"'{item.text}' should be refused but apply accepts it")
    if point.legal_count is not None and len(legal) != point.legal_count:
        fail(f"there are {len(legal)} legal actions, expected {point.legal_count}")
    for check in point.checks:
        actual = check.actual(state)
        if actual != check.expected:
            fail(f"{check.key} is {actual!r}, expected {check.expected!r}")
    if point.scores is not None:
        failures.extend(_check_scores(state, point.scores, where))
    if point.result is not None:
        failures.extend(_check_result(state, point.result, where))
    return failures


def _check_scores(state: State, expected: Sequence[Mapping[str, Any]], where: str) -> list[str]:
    failures: list[str] = []
    scores = current_scores(state)
    if len(expected) != len(scores):
        failures.append(f"{where}: scores lists {len(expected)} seats, the game has {len(scores)}")
    for seat, (want, got) in enumerate(zip(expected, scores, strict=False)):
        if "total" in want and want["total"] != got.total:
            failures.append(f"{where}: seat {seat} scores {got.total}, expected {want['total']}")
        if "empty" in want and want["empty"] != got.empty_fields:
            failures.append(
                f"{where}: seat {seat} has {got.empty_fields} empty fields, expected {want['empty']}"
            )
        if "cards" in want:
            actual = {card.card_id: card.points for card in got.cards}
            if actual != dict(want["cards"]):
                wanted = dict(want["cards"])
                failures.append(f"{where}: seat {seat} card points are {actual}, expected {wanted}")
    return failures


def _check_result(state: State, expected: Mapping[str, Any], where: str) -> list[str]:
    failures: list[str] = []
    if state.is_over:
        outcome = result(state)
        won, tie_broken, solo_won = list(outcome.winners), outcome.tie_broken, outcome.solo_won
    else:  # as if the game ended now
        scores = current_scores(state)
        won = list(winners(scores))
        top = max(s.total for s in scores)
        tie_broken = sum(1 for s in scores if s.total == top) > len(won)
        solo_won = None
    for key, actual in (("winners", won), ("tie_broken", tie_broken), ("solo_won", solo_won)):
        if key in expected and expected[key] != actual:
            failures.append(f"{where}: result {key} is {actual!r}, expected {expected[key]!r}")
    return failures


def check(scenario: Scenario) -> list[str]:
    """Every failed expectation of the scenario, as messages (empty: all hold)."""
    failures = _check_point(scenario.state, scenario.top)
    # the legal list must agree with apply everywhere, not only for the actions the file names
    for action in legal_actions(scenario.state):
        try:
            apply(scenario.state, action)
        except IllegalActionError as error:
            failures.append(f"position: legal action '{action}' is refused by apply: {error}")
    for point in scenario.after:
        state = scenario.state
        refused = False
        for text, action in point.actions:
            try:
                state = settle_draws(apply(state, action))
            except IllegalActionError as error:
                failures.append(f"{point.where}: action '{text}' was refused: {error}")
                refused = True
                break
        if not refused:
            failures.extend(_check_point(state, point))
    return failures


# --- showing ----------------------------------------------------------------------------------------


def describe(scenario: Scenario) -> list[str]:
    state = scenario.state
    lines = [f"== {scenario.path}", f"   {scenario.description}"]
    if scenario.rules:
        lines.append(f"   rules: {', '.join(scenario.rules)}")
    turn = whose_turn(state)
    who = {"seat": f"seat {turn.seat}", "chance": "chance", "end": "nobody (the game is over)"}[turn.kind]
    lines.append(
        f"phase {state.phase.value}, decision: {who}, active seat {state.active}, "
        f"roll {state.rolls}, round {state.round}"
    )
    legal = legal_actions(state)
    if len(legal) <= SHOWN_ACTIONS:
        lines.append(f"legal actions ({len(legal)}):")
        shown = legal
    else:
        lines.append(f"legal actions: {len(legal)}, the first {SHOWN_ACTIONS}:")
        shown = legal[:SHOWN_ACTIONS]
    lines.extend(f"  {action}" for action in shown)
    lines.append("scores if the game ended now:")
    for score in current_scores(state):
        lines.append(f"  seat {score.seat}: {score.total} points, {score.empty_fields} empty fields")
        for card in score.cards:
            detail = "not completed: 0"
            if card.completed:
                detail = f"{card.units} x {card.points_per_unit} = {card.points}"
            lines.append(f"    {card.card_id} {card.kind.value}: {detail}")
    return lines


def run(paths: Sequence[Path], out: Callable[[str], None] = print) -> int:
    status = 0
    for path in paths:
        penk = _penk_data(path)
        if penk is not None:  # game = "penk": the second game's scenario
            status = max(status, run_penk(path, penk, out))
            continue
        try:
            scenario = load(path)
        except ScenarioError as error:
            out(f"BROKEN {_one_line(str(error))}")
            status = 2
            continue
        for line in describe(scenario):
            out(line)
        failures = check(scenario)
        if failures:
            for failure in failures:
                out(f"FAIL {path}: {failure}")
            status = max(status, 1)
        else:
            out(f"ok {path}")
    return status


def run_penk(path: Path, data: dict[str, Any], out: Callable[[str], None]) -> int:
    """A Penk! scenario through its own checker; whatever its reader meets in a malformed file (a
    sheet of four rows, a sheet given as -1, a list where a text belongs) is one BROKEN line."""

    def one_line(text: str) -> None:
        out(f"BROKEN {_one_line(text.removeprefix('BROKEN '))}" if text.startswith("BROKEN ") else text)

    try:
        return run_scenario_file(path, data, one_line)
    except RecursionError:
        out(f"BROKEN {path}: nested too deeply")
    except Exception as error:  # noqa: BLE001 (any refusal of a malformed file is the file's fault)
        out(f"BROKEN {_one_line(f'{path}: {type(error).__name__}: {error}')}")
    return 2


def _penk_data(path: Path) -> dict[str, Any] | None:
    """The file's data when it is a Penk! scenario (its key `game` says "penk"), else None."""
    try:
        data = tomllib.loads(read_plain_text(path, MAX_FILE_BYTES))
    except (OSError, ValueError, RecursionError):  # bad bytes, TOML, numbers or nesting
        return None  # load() reports what is wrong with the file, in one line
    return data if is_penk_scenario(data) else None


def _one_line(message: str) -> str:
    """A message as one line of reasonable length (a broken file may quote huge or multi-line text)."""
    line = " ".join(message.split())
    return line if len(line) <= MESSAGE_LENGTH else line[: MESSAGE_LENGTH - 3] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.scenario", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="scenario files (TOML)")
    args = parser.parse_args(argv)
    return run(args.files)


if __name__ == "__main__":
    sys.exit(main())
