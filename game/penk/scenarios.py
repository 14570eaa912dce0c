"""Penk! rule scenarios: a position from a TOML file, with what must hold there and after some
actions. `python -m tools.scenario FILE` hands a file with `game = "penk"` to `run_file`; the
format is in docs/scenarios.md (the Penk! section) and tests/scenarios/penk/ holds the rule tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.kit.action_text import ActionSyntaxError
from game.kit.errors import PositionError
from game.kit.reasons import IllegalActionError
from game.penk.actions import Action, parse
from game.penk.dice import dice_text
from game.penk.engine import current_scores, result, whose_turn
from game.penk.position import position_from_data
from game.penk.rules import apply, legal_actions
from game.penk.scoring import winners
from game.penk.sheet import read_sheet
from game.penk.state import State

EXPECT_KEYS = frozenset(
    {"description", "rules", "legal", "illegal", "legal_count", "after", "scores", "result"}
)
AFTER_KEYS = frozenset({"do", "phase", "active", "round", "rolls", "dice", "groups", "ending", "sheets"})
AFTER_KEYS |= {"legal", "illegal", "legal_count", "scores", "result"}
SHOWN_ACTIONS = 50


class PenkScenarioError(ValueError):
    """The scenario file is broken: the message names the file, the key and the reason."""


@dataclass(frozen=True)
class Point:
    """Expectations at one point: the position itself, or after the actions of an [[after]]."""

    where: str
    data: Mapping[str, Any]
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class PenkScenario:
    path: Path
    description: str
    state: State
    points: tuple[Point, ...]


def _action(text: Any, key: str, source: str) -> Action:
    if not isinstance(text, str):
        raise PenkScenarioError(f"{source}: key '{key}': must be an action's text")
    try:
        return parse(text)
    except ActionSyntaxError as error:
        raise PenkScenarioError(f"{source}: key '{key}': {error}") from None


def _check_keys(data: Mapping[str, Any], where: str, source: str) -> None:
    """Every action named in the expectations parses (a typo is a broken file, not a failure)."""
    for key in ("legal", "illegal"):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise PenkScenarioError(f"{source}: key '{where}{key}': must be a list")
        for i, item in enumerate(items):
            text = item.get("action") if isinstance(item, dict) else item
            _action(text, f"{where}{key}[{i}]", source)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_of(value: Any, test: Callable[[Any], bool]) -> bool:
    return isinstance(value, list) and all(test(item) for item in value)


def _illegal_item(item: Any) -> bool:
    if isinstance(item, str):
        return True
    return (
        isinstance(item, dict)
        and isinstance(item.get("action"), str)
        and isinstance(item.get("reason", ""), str)
        and set(item) <= {"action", "reason"}
    )


def _score(want: Any) -> bool:
    return (
        isinstance(want, dict)
        and set(want) <= {"total", "rows", "columns"}
        and _whole(want.get("total", 0))
        and all(_list_of(want.get(key, []), _whole) for key in ("rows", "columns"))
    )


def _result(want: Any) -> bool:
    return (
        isinstance(want, dict)
        and set(want) <= {"winners", "over"}
        and _list_of(want.get("winners", []), _whole)
        and isinstance(want.get("over", False), bool)
    )


# What each expectation must hold, in the words of a BROKEN line (`legal` and `illegal` actions are
# parsed by _check_keys; `dice` and `sheets` are read as the check reads them)
_SHAPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "illegal": (lambda v: _list_of(v, _illegal_item), "must be a list of actions or {action, reason} tables"),
    "legal_count": (_whole, "must be a whole number"),
    "phase": (lambda v: isinstance(v, str), "must be a phase's name"),
    "active": (_whole, "must be a seat's number"),
    "round": (_whole, "must be a whole number"),
    "rolls": (_whole, "must be a whole number"),
    "groups": (_whole, "must be a whole number"),
    "ending": (lambda v: isinstance(v, bool), "must be true or false"),
    "dice": (lambda v: isinstance(v, str), "must be a text of faces, as '1 3 J'"),
    "sheets": (lambda v: _list_of(v, lambda item: isinstance(item, str)), "must be a list of sheets' texts"),
    "scores": (lambda v: _list_of(v, _score), "must be a list of {total, rows, columns} tables"),
    "result": (_result, "must be a table {winners = [seats], over = true/false}"),
}


def _check_values(data: Mapping[str, Any], where: str, source: str, seats: int) -> None:
    """Every expectation's value has the shape its check reads, else the key is named: a file
    never reaches the check with a value it would trip over."""
    for key, (fits, shape) in _SHAPES.items():
        if key not in data:
            continue
        value = data[key]
        if not fits(value):
            raise PenkScenarioError(f"{source}: key '{where}{key}': {shape}")
        try:
            _expected(key, value)
        except (ValueError, ActionSyntaxError) as error:
            raise PenkScenarioError(f"{source}: key '{where}{key}': {error}") from None
        if key == "scores" and len(value) > seats:
            raise PenkScenarioError(f"{source}: key '{where}{key}': {len(value)} seats, the game has {seats}")


def load(path: Path, data: Mapping[str, Any]) -> PenkScenario:
    """A scenario from a file's parsed TOML; PenkScenarioError naming the key when it is broken."""
    source = str(path)
    description = data.get("description")
    if not isinstance(description, str) or not description.strip():
        raise PenkScenarioError(f"{source}: key 'description': every scenario needs a one-line description")
    try:
        state = position_from_data(data, source, ignore=EXPECT_KEYS)
    except PositionError as error:
        raise PenkScenarioError(str(error)) from None
    _check_keys(data, "", source)
    _check_values(data, "", source, len(state.sheets))
    points = [Point("position", data)]
    after = data.get("after", [])
    if not isinstance(after, list):
        raise PenkScenarioError(f"{source}: key 'after': must be an array of tables ([[after]])")
    for i, item in enumerate(after):
        where = f"after[{i}]"
        if not isinstance(item, dict) or set(item) - AFTER_KEYS:
            raise PenkScenarioError(f"{source}: key '{where}': must be a table of known keys")
        do = item.get("do", [])
        if not isinstance(do, list):
            raise PenkScenarioError(f"{source}: key '{where}.do': must be a list of actions")
        _check_keys(item, f"{where}.", source)
        _check_values(item, f"{where}.", source, len(state.sheets))
        actions = tuple(_action(text, f"{where}.do[{j}]", source) for j, text in enumerate(do))
        points.append(Point(where, item, actions))
    return PenkScenario(path, description.strip(), state, tuple(points))


_STATE_CHECKS: dict[str, Callable[[State], Any]] = {
    "phase": lambda s: s.phase.value,
    "active": lambda s: s.active,
    "round": lambda s: s.round,
    "rolls": lambda s: s.rolls,
    "dice": lambda s: dice_text(s.dice),
    "groups": lambda s: s.groups,
    "ending": lambda s: s.ending,
    "sheets": lambda s: [sheet.text().replace("\n", " ") for sheet in s.sheets],
}


def _expected(key: str, value: Any) -> Any:
    if key == "sheets":
        return [read_sheet(text).text().replace("\n", " ") for text in value]
    if key == "dice":
        return dice_text(sorted(parse(f"roll {value}").faces)) if value else ""  # type: ignore[union-attr]
    return value


def check_point(state: State, point: Point) -> list[str]:
    failures: list[str] = []
    where, data = point.where, point.data

    def fail(message: str) -> None:
        failures.append(f"{where}: {message}")

    legal = legal_actions(state)
    for text in data.get("legal", []):
        action = parse(text)
        if action not in legal:
            fail(f"'{text}' should be legal but is not among the {len(legal)} legal actions")
    for item in data.get("illegal", []):
        text, reason = (item["action"], item.get("reason")) if isinstance(item, dict) else (item, None)
        action = parse(text)
        if action in legal:
            fail(f"'{text}' should be illegal but is listed as legal")
        try:
            apply(state, action)
        except IllegalActionError as error:
            if reason and reason.lower() not in str(error).lower():
                fail(f"'{text}' is refused, but the reason {str(error)!r} does not say {reason!r}")
        else:
            fail(f"'{text}' should be refused but apply accepts it")
    if "legal_count" in data and len(legal) != data["legal_count"]:
        fail(f"there are {len(legal)} legal actions, expected {data['legal_count']}")
    if where != "position":
        for key, reader in _STATE_CHECKS.items():
            if key in data and reader(state) != _expected(key, data[key]):
                fail(f"{key} is {reader(state)!r}, expected {_expected(key, data[key])!r}")
    if "scores" in data:
        scores = current_scores(state)
        for seat, want in enumerate(data["scores"]):
            got = scores[seat]
            for key, actual in (
                ("total", got.total),
                ("rows", list(got.rows)),
                ("columns", list(got.columns)),
            ):
                if key in want and want[key] != actual:
                    fail(f"seat {seat} {key} is {actual}, expected {want[key]}")
    if "result" in data:
        won = list(result(state).winners if state.is_over else winners(current_scores(state)))
        want = data["result"]
        if "winners" in want and want["winners"] != won:
            fail(f"the winners are {won}, expected {want['winners']}")
        if "over" in want and want["over"] != state.is_over:
            fail(f"the game is {'' if state.is_over else 'not '}over, expected otherwise")
    return failures


def check(scenario: PenkScenario) -> list[str]:
    """Every failed expectation (empty: all hold); every listed legal action must also apply."""
    failures = check_point(scenario.state, scenario.points[0])
    for action in legal_actions(scenario.state):
        try:
            apply(scenario.state, action)
        except IllegalActionError as error:
            failures.append(f"position: legal action '{action}' is refused by apply: {error}")
    for point in scenario.points[1:]:
        state = scenario.state
        for action in point.actions:
            try:
                state = apply(state, action)
            except IllegalActionError as error:
                failures.append(f"{point.where}: action '{action}' was refused: {error}")
                break
        else:
            failures.extend(check_point(state, point))
    return failures


def describe(scenario: PenkScenario) -> list[str]:
    state = scenario.state
    turn = whose_turn(state)
    who = {"seat": f"seat {turn.seat}", "chance": "chance", "end": "nobody (the game is over)"}[turn.kind]
    lines = [
        f"== {scenario.path}",
        f"   {scenario.description}",
        f"Penk! phase {state.phase.value}, decision: {who}, roll {state.rolls}, "
        f"dice {dice_text(state.dice) or '-'}, round {state.round}{', last round' if state.ending else ''}",
    ]
    legal = legal_actions(state)
    shown = legal[:SHOWN_ACTIONS]
    lines.append(
        f"legal actions ({len(legal)}{'' if len(legal) == len(shown) else f', the first {len(shown)}'}):"
    )
    lines.extend(f"  {action}" for action in shown)
    lines.append("sheets (rows 1-5; o circled, x crossed) and scores if the game ended now:")
    for score, sheet in zip(current_scores(state), state.sheets, strict=True):
        lines.append(
            f"  seat {score.seat}: {score.total} points "
            f"(rows {list(score.rows)}, columns {list(score.columns)})"
        )
        lines.extend(f"    {line}" for line in sheet.text().splitlines())
    return lines


def run_file(path: Path, data: Mapping[str, Any], out: Callable[[str], None]) -> int:
    """Show and check one Penk! scenario: 0 all hold, 1 a failure, 2 a broken file."""
    try:
        scenario = load(path, data)
    except PenkScenarioError as error:
        out(f"BROKEN {error}")
        return 2
    for line in describe(scenario):
        out(line)
    failures = check(scenario)
    for failure in failures:
        out(f"FAIL {path}: {failure}")
    if not failures:
        out(f"ok {path}")
    return 1 if failures else 0


def is_penk(data: Mapping[str, Any]) -> bool:
    return data.get("game") == "penk"


__all__ = ["PenkScenario", "PenkScenarioError", "check", "describe", "is_penk", "load", "run_file"]
