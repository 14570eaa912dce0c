"""Property tests: card placement in a display, and single-field writes against brute force.

The engine's placement and write rules are small but everything rests on them; here they are
checked on inputs nobody would think to write by hand, against definitions written independently
of the engine's code (the 3x3 box and 8-neighbour touch; trying every value of every empty field).
"""

from __future__ import annotations

from itertools import product

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.goennen.actions import Write
from game.goennen.cards import Card, CardKind, Relation, ScoringKind, Task, parse_task
from game.goennen.colours import COLOURS, Colour
from game.goennen.deck import standard_deck
from game.goennen.display import GRID, MAX_CARDS, NEIGHBOURS_8, Display, PlacedCard, Pos
from game.goennen.state import Config, Phase, Pile, Seat, State
from game.goennen.writes import legal_writes, write_problem

DECK = standard_deck()
CARD_ID = "T01"

# --- placement ------------------------------------------------------------------------------------


def _fits_3x3(cells: set[Pos]) -> bool:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) < GRID and max(cols) - min(cols) < GRID


def _touches(cell: Pos, taken: set[Pos]) -> bool:
    return any((cell[0] + dr, cell[1] + dc) in taken for dr, dc in NEIGHBOURS_8)


def _brute_cells(display: Display) -> set[Pos]:
    """Every free cell near the display that touches a card and keeps the display within 3x3."""
    taken = set(display.positions())
    if not taken:
        return {(0, 0)}  # the first card sits at the origin by convention
    window = range(-GRID - 1, 2 * GRID + 2)
    return {
        cell
        for cell in product(window, window)
        if cell not in taken and _touches(cell, taken) and _fits_3x3(taken | {cell})
    }


@settings(max_examples=200)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=MAX_CARDS + 2))
def test_legal_placements_keep_the_display_within_3x3_and_touching(choices: list[int]) -> None:
    display = Display()
    for number, choice in enumerate(choices):
        cells = display.legal_cells()
        taken = set(display.positions())
        assert set(cells) == _brute_cells(display) if number < MAX_CARDS else cells == ()
        if number >= MAX_CARDS:
            break
        assert cells, f"no legal cell with {number} cards at {sorted(taken)}"
        assert not set(cells) & taken, "an occupied cell is offered"
        cell = cells[choice % len(cells)]
        assert not taken or _touches(cell, taken)
        display = display.place(DECK.cards[number], cell)
        assert _fits_3x3(set(display.positions()))
        assert len(display.positions()) == len(display)


# --- single-field writes --------------------------------------------------------------------------

_printed_number = st.one_of(st.none(), st.none(), st.none(), st.integers(1, 6))  # mostly blank fields
_field_token = st.tuples(st.sampled_from("WYOGBP"), _printed_number).map(
    lambda piece: piece[0] if piece[1] is None else f"{piece[0]}{piece[1]}"
)


@st.composite
def _tasks(draw: st.DrawFn, max_fields: int = 4) -> Task:
    """A task in the deck's notation, as parse_task accepts it (impossible tasks are skipped)."""
    count = draw(st.integers(2, max_fields))
    tokens = draw(st.lists(_field_token, min_size=count, max_size=count))
    signs = draw(st.lists(st.sampled_from([",", "<", "="]), min_size=count - 1, max_size=count - 1))
    text = tokens[0] + "".join(f" {sign} {token}" for sign, token in zip(signs, tokens[1:], strict=True))
    total = draw(st.one_of(st.just(0), st.integers(count, 4 * count + 2)))  # reachable or not
    try:
        return parse_task(text, total)
    except ValueError:
        assume(False)
        raise


@st.composite
def _task_and_filling(draw: st.DrawFn) -> tuple[Task, tuple[int | None, ...]]:
    """A task and a partial filling a game could hold: written values fit their printed numbers."""
    task = draw(_tasks())
    filled = tuple(
        draw(st.one_of(st.none(), st.just(f.number) if f.number else st.integers(1, 6))) for f in task.fields
    )
    return task, filled


def _holds(task: Task, values: tuple[int, ...]) -> bool:
    """The task's rules, written out plainly: printed numbers, `<`, `=`, the sum target."""
    if any(f.number is not None and v != f.number for f, v in zip(task.fields, values, strict=True)):
        return False
    for index, relation in enumerate(task.relations):
        left, right = values[index], values[index + 1]
        if (relation == Relation.LESS and not left < right) or (relation == Relation.EQUAL and left != right):
            return False
    return sum(values) >= task.sum_at_least


def _brute_completable(task: Task, filled: tuple[int | None, ...]) -> bool:
    empty = [i for i, v in enumerate(filled) if v is None]
    for values in product(range(1, 7), repeat=len(empty)):
        trial = list(filled)
        for index, value in zip(empty, values, strict=True):
            trial[index] = value
        if _holds(task, tuple(v for v in trial if v is not None)):
            return True
    return False


def _state(task: Task, filled: tuple[int | None, ...], dice: tuple[int, ...]) -> State:
    """A solo passive move with one card (the task) in the display and the given dice."""
    card = Card(CARD_ID, CardKind.SCORING, Colour.YELLOW, task, scoring=ScoringKind.FIVE_COLOURS, points=1)
    display = Display((PlacedCard(card, (0, 0), filled),))
    return State(
        config=Config(1, 0, 1),
        deck=DECK,
        phase=Phase.SOLO_PASSIVE,
        seats=(Seat(display=display),),
        piles=(Pile(()), Pile(())),
        market=((None,) * 4, (None,) * 4),
        dice=dice,
    )


_dice = st.tuples(*(st.integers(1, 6) for _ in COLOURS))


@settings(max_examples=300)
@given(_task_and_filling())
def test_completable_agrees_with_brute_force(case: tuple[Task, tuple[int | None, ...]]) -> None:
    task, filled = case
    assert task.completable(filled) == _brute_completable(task, filled), task.text()


@settings(max_examples=300)
@given(_task_and_filling(), _dice)
def test_a_single_write_is_accepted_exactly_when_the_card_stays_completable(
    case: tuple[Task, tuple[int | None, ...]], dice: tuple[int, ...]
) -> None:
    task, filled = case
    state = _state(task, filled, dice)
    accepted: set[Write] = set()
    for die, index in product(COLOURS, range(len(task))):
        field, value = task.fields[index], dice[die.slot]
        trial = list(filled)
        trial[index] = value
        expected = (
            filled[index] is None and field.accepts(value, die) and _brute_completable(task, tuple(trial))
        )
        problem = write_problem(state, die, CARD_ID, index)
        assert (problem is None) == expected, f"{task.text()} {filled} {die}{value} -> field {index + 1}"
        if problem is None:
            assert task.completable(trial)
            accepted.add(Write(die, CARD_ID, index))
    assert set(legal_writes(state, COLOURS)) == accepted


@settings(max_examples=150)
@given(_tasks(max_fields=8), st.lists(st.tuples(_dice, st.integers(0, 100)), max_size=12))
def test_accepted_writes_keep_the_card_completable_to_the_end(
    task: Task, rolls: list[tuple[tuple[int, ...], int]]
) -> None:
    """Writing accepted dice one after another never strands a card; the last one completes it."""
    filled: tuple[int | None, ...] = (None,) * len(task)
    for dice, pick in rolls:
        state = _state(task, filled, dice)
        writes = legal_writes(state, COLOURS)
        if not writes:
            continue
        write = writes[pick % len(writes)]
        assert write_problem(state, write.die, CARD_ID, write.field) is None
        trial = list(filled)
        trial[write.field] = dice[write.die.slot]
        filled = tuple(trial)
        assert task.completable(filled), f"{task.text()} stranded at {filled}"
    if all(v is not None for v in filled):
        assert task.satisfied(filled)
