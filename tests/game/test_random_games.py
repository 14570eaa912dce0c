"""Seeded random games: hundreds of whole games, with the engine's promises checked at every step.

At every decision: a position that is not final has a legal action; every legal action's text
round-trips; actions outside the legal list (mutated legal ones, wrong-phase ones) are refused with
IllegalActionError and change nothing, while sampled legal ones are accepted. Every game ends within
a bound. At the end of every game (and after every step for the first game of each case) the save
round-trips: save -> load -> save gives the same text, and the replayed state equals the played one.

A failure names the case (seat count, level) and the seed; `Match.new(players, seed, ...)` with the
same policy replays it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.goennen.actions import (
    Action,
    Adjust,
    Buy,
    Complete,
    Discard,
    Draw,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Roll,
    Row,
    Take,
    Wild,
    Write,
    parse,
)
from game.goennen.colours import COLOURS
from game.goennen.deck import standard_deck
from game.goennen.engine import IllegalActionError, apply, legal_actions, result, whose_turn
from game.goennen.match import Match
from game.goennen.serialize import match_from_json, match_to_json
from game.goennen.state import Phase, State

MAX_STEPS = 5_000  # real games here take 150 to 450 steps
PREFERRED = (Complete, Buy, Place, Write)  # the policy favours these so games progress
MUTANTS_PER_STEP = 2  # legal actions mutated into (mostly) illegal ones at each decision
WRONG_PHASE_PER_STEP = 2
LEGAL_SAMPLED_PER_STEP = 1  # besides the chosen one, legal actions checked to be accepted

CARD_IDS: tuple[str, ...] = (*(card.id for card in standard_deck().cards), "X99")
ROWS_OR_NONE: tuple[Row | None, ...] = (Row.SCORING, Row.BONUS, None)

# (players, solo level, games); at least 300 games in all
CASES = [
    pytest.param(1, 1, 60, id="1-seat-level-1"),
    pytest.param(1, 7, 60, id="1-seat-level-7"),
    pytest.param(2, None, 70, id="2-seats"),
    pytest.param(3, None, 60, id="3-seats"),
    pytest.param(4, None, 55, id="4-seats"),
]

_round_tripped: set[Action] = set()  # actions whose text was already checked (values, not states)


@pytest.mark.parametrize(("players", "level", "games"), CASES)
def test_random_games(players: int, level: int | None, games: int) -> None:
    for index in range(games):
        seed = players * 10_000 + (level or 0) * 1_000 + index
        try:
            _play_checked(players, level, seed, save_every_step=index == 0)
        except AssertionError as error:
            raise AssertionError(f"{players} seat(s), level {level}, seed {seed}: {error}") from error


def _play_checked(players: int, level: int | None, seed: int, *, save_every_step: bool) -> None:
    match = Match.new(players, seed, solo_level=level)
    rng = random.Random(f"policy:{seed}")
    for _ in range(MAX_STEPS):
        if match.is_over:
            break
        _check_step(match, rng)
        if save_every_step:
            _check_save_round_trip(match)
    else:
        raise AssertionError(f"the game did not end within {MAX_STEPS} steps")
    assert whose_turn(match.state).kind == "end"
    assert legal_actions(match.state) == []
    result(match.state)  # defined once the game is over
    _check_save_round_trip(match)
    if save_every_step:
        assert Match.replay(match.setup, match.actions).state == match.state


def _check_step(match: Match, rng: random.Random) -> None:
    """Check the current position, then move on by one action (a chance outcome or a choice)."""
    state = match.state
    turn = whose_turn(state)
    if state.is_chance:
        assert turn.kind == "chance"
        _check_refusals(match, _chance_candidates(state, rng), set(_cheap_chance_legal(state)))
        match.resolve_chance()
        return
    assert turn.kind == "seat" and turn.seat == state.decider
    legal = legal_actions(state)
    assert legal, f"no legal action in phase {state.phase} for seat {state.decider}"
    _check_texts(legal)
    legal_set = set(legal)
    candidates = [m for a in rng.sample(legal, min(MUTANTS_PER_STEP, len(legal))) for m in _mutants(a, rng)]
    candidates += rng.sample(_wrong_phase_actions(state, rng), WRONG_PHASE_PER_STEP)
    _check_refusals(match, candidates, legal_set)
    for action in rng.sample(legal, min(LEGAL_SAMPLED_PER_STEP, len(legal))):
        apply(state, action)  # must not raise
    preferred = [a for a in legal if isinstance(a, PREFERRED)]
    chosen = rng.choice(preferred) if preferred and rng.random() < 0.8 else rng.choice(legal)
    match.play(chosen)


def _check_texts(legal: list[Action]) -> None:
    for action in legal:
        if action not in _round_tripped:
            assert parse(str(action)) == action, f"text {str(action)!r} does not round-trip"
            _round_tripped.add(action)


def _check_refusals(match: Match, candidates: list[Action], legal: set[Action]) -> None:
    """Every candidate outside the legal list is refused, and the match is left exactly as it was."""
    before, count = match.state, len(match.actions)
    for action in candidates:
        if action in legal:
            continue
        try:
            match.play(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted in phase {before.phase} but is not legal there")
        assert match.state is before and match.state == before and len(match.actions) == count


def _check_save_round_trip(match: Match) -> None:
    text = match_to_json(match)
    loaded = match_from_json(text, "round trip")
    assert loaded.state == match.state, "the replayed state differs from the played one"
    assert match_to_json(loaded) == text, "save -> load -> save changed the text"


# --- candidate illegal actions --------------------------------------------------------------------


def _cheap_chance_legal(state: State) -> list[Action]:
    """The legal chance outcomes, without listing all 7,776 rolls: for a roll, only the matching
    faces of the candidates can be legal, so the check below uses the rule directly."""
    return legal_actions(state) if state.phase == Phase.DRAW else []


def _chance_candidates(state: State, rng: random.Random) -> list[Action]:
    """Outcomes that do not fit the due chance event, and seat actions while chance is due."""
    faces = tuple((die, rng.randint(1, 6)) for die in COLOURS)
    candidates: list[Action] = [End(), Pass(), Reroll(COLOURS), Draw(rng.choice(CARD_IDS))]
    if state.phase == Phase.ROLL:
        # a roll that throws other dice than the due ones
        candidates.append(Roll(faces[:-1] if len(state.to_roll) == len(COLOURS) else faces))
    else:
        candidates.append(Roll(faces))
    return candidates


def _wrong_phase_actions(state: State, rng: random.Random) -> list[Action]:
    """A broad set of actions; most are wrong in any one phase (legal ones are skipped)."""
    die, other = rng.sample(COLOURS, 2)
    card = rng.choice(CARD_IDS)
    return [
        End(),
        Pass(),
        Discard(),
        Reroll(COLOURS),
        Reroll((die,)),
        Take(rng.choice((Row.SCORING, Row.BONUS))),
        Remove(rng.choice(ROWS_OR_NONE)),
        Roll(tuple((d, 1) for d in COLOURS)),
        Draw(card),
        ReturnCard(card),
        Place(card, 0, 0),
        Wild(card, die),
        Write(die, card, 0),
        Buy(Row.BONUS, 4, (die, other, COLOURS[0])),
        Complete(card, (die, other)),
        Adjust(die, rng.choice((1, -1))),
        Recolour(die, other),
    ]


def _mutants(action: Action, rng: random.Random) -> Iterator[Action]:
    yield from _MUTATORS.get(type(action), _no_mutants)(action, rng)


def _no_mutants(action: Any, rng: random.Random) -> list[Action]:
    return []


def _some_dice(rng: random.Random) -> tuple[Any, ...]:
    return tuple(rng.sample(COLOURS, rng.randint(0, len(COLOURS))))


def _mutate_complete(action: Complete, rng: random.Random) -> list[Action]:
    dice = list(action.dice)
    index = rng.randrange(len(dice))
    dice[index] = None if dice[index] is not None and rng.random() < 0.3 else rng.choice(COLOURS)
    return [
        Complete(action.card, tuple(dice)),
        Complete(rng.choice(CARD_IDS), action.dice),
        Complete(action.card, action.dice[:-1]),
    ]


def _mutate_buy(action: Buy, rng: random.Random) -> list[Action]:
    other_row = Row.BONUS if action.row == Row.SCORING else Row.SCORING
    return [
        Buy(action.row, rng.randint(1, 4), action.dice, action.discount),
        Buy(other_row, action.slot, action.dice, action.discount),
        Buy(action.row, action.slot, _some_dice(rng), action.discount),
        Buy(action.row, action.slot, action.dice, action.discount + 1),
    ]


def _mutate_write(action: Write, rng: random.Random) -> list[Action]:
    return [
        Write(rng.choice(COLOURS), action.card, action.field),
        Write(action.die, rng.choice(CARD_IDS), action.field),
        Write(action.die, action.card, rng.randrange(9)),
    ]


def _mutate_place(action: Place, rng: random.Random) -> list[Action]:
    return [
        Place(action.card, action.row + rng.randint(-3, 3), action.col + rng.randint(-3, 3)),
        Place(rng.choice(CARD_IDS), action.row, action.col),
    ]


_MUTATORS: dict[type, Callable[[Any, random.Random], list[Action]]] = {
    Reroll: lambda a, rng: [Reroll(_some_dice(rng))],
    Complete: _mutate_complete,
    Buy: _mutate_buy,
    Write: _mutate_write,
    Place: _mutate_place,
    ReturnCard: lambda a, rng: [ReturnCard(rng.choice(CARD_IDS))],
    Adjust: lambda a, rng: [Adjust(rng.choice(COLOURS), -a.delta), Adjust(rng.choice(COLOURS), a.delta)],
    Recolour: lambda a, rng: [Recolour(rng.choice(COLOURS), rng.choice(COLOURS))],
    Take: lambda a, rng: [Take(Row.BONUS if a.row == Row.SCORING else Row.SCORING)],
    Remove: lambda a, rng: [Remove(rng.choice(ROWS_OR_NONE))],
    Wild: lambda a, rng: [Wild(rng.choice(CARD_IDS), a.colour), Wild(a.card, rng.choice(COLOURS))],
}
