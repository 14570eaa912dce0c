"""Task.best_sum, completable and fields_taking against brute force over every way to fill a task,
many fills asked of the same task objects (as the dice searches ask them)."""

from __future__ import annotations

import random
from itertools import product

from game.goennen.cards import Field, Relation, Task, parse_task
from game.goennen.colours import COLOURS
from game.goennen.deck import standard_deck


def _holds(task: Task, values: list[int]) -> bool:
    return all(
        relation is Relation.NONE
        or (relation is Relation.LESS and a < b)
        or (relation is Relation.EQUAL and a == b)
        for relation, a, b in zip(task.relations, values, values[1:], strict=False)
    )


def _brute_best_sum(task: Task, filled: tuple[int | None, ...]) -> int | None:
    """The best total over every way to fill the empty fields (printed numbers bind only those:
    a filled value stands as written)."""
    empty = [i for i, v in enumerate(filled) if v is None]
    best: int | None = None
    for values in product(range(1, 7), repeat=len(empty)):
        trial = [0 if v is None else v for v in filled]
        for index, value in zip(empty, values, strict=True):
            trial[index] = value
        if all(task.fields[i].number in (None, trial[i]) for i in empty) and _holds(task, trial):
            best = sum(trial) if best is None else max(best, sum(trial))
    return best


def test_best_sum_of_many_fills_on_the_same_task_objects() -> None:
    rng = random.Random(4)
    tasks = [card.task for card in standard_deck().cards if len(card.task) <= 6]
    for _ in range(1500):
        task = rng.choice(tasks)
        filled = tuple(rng.choice((None, None, None, 1, 2, 3, 4, 5, 6)) for _ in task.fields)
        if filled.count(None) > 4:
            continue
        expected = _brute_best_sum(task, filled)
        assert task.best_sum(filled) == expected, (task.text(), filled)
        assert task.completable(filled) == (expected is not None and expected >= task.sum_at_least)


def test_fields_taking_is_completable_with_that_one_value_written() -> None:
    # exactly the empty fields that take the die with the task still completable
    rng = random.Random(6)
    tasks = [card.task for card in standard_deck().cards]
    tasks += [
        parse_task(text, total)
        for text, total in [("W < W < W < W", 0), ("W = W, W < W", 0), ("W, W, W", 15)]
    ]
    for _ in range(1500):
        task = rng.choice(tasks)
        filled = tuple(rng.choice((None, None, 1, 2, 3, 4, 5, 6)) for _ in task.fields)
        value, colour = rng.randint(1, 6), rng.choice(COLOURS)
        expected = []
        for index, current in enumerate(filled):
            trial = list(filled)
            trial[index] = value
            if current is None and task.fields[index].accepts(value, colour) and task.completable(trial):
                expected.append(index)
        assert task.fields_taking(filled, value, colour) == tuple(expected), (task.text(), filled, value)


def test_best_sum_of_random_tasks_matches_brute_force() -> None:
    """Every relation next to written, printed and open fields (the programme's shortcuts for `,`,
    `=`, `<` with one value and `<` with every value)."""
    rng = random.Random(9)
    for _ in range(3000):
        count = rng.randint(2, 5)
        fields = tuple(Field(None, rng.choice((None, None, None, 2, 3, 5))) for _ in range(count))
        relations = tuple(rng.choice(list(Relation)) for _ in range(count - 1))
        task = Task(fields, relations)
        filled = tuple(rng.choice((None, None, 1, 2, 3, 4, 5, 6)) for _ in range(count))
        if None not in filled:
            continue
        assert task.best_sum(filled) == _brute_best_sum(task, filled), (task.text(), filled)
