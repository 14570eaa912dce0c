"""Cards: their tasks (the fields to fill), their rewards, and the rules of filling a task.

A task is a row of fields. Each field may demand a colour (or be white: any die) and may print a
number (then exactly that number is needed). Neighbouring fields may be joined by `<` (the right
value must be larger) or `=` (equal values); `,` joins nothing. A task may also demand that the
sum of all its fields reaches a target. This covers every task kind the rules describe: fixed
numbers, coloured and white fields, rising chains, equal groups and sum targets.

Text form of a task (used by the deck file, docs and messages): fields are `W` (white) or a
colour letter `Y O G B P`, optionally followed by a printed number, joined by the relation signs,
for example `W < W < O < W < W` or `O = W, G = W = W` or `Y3, B3`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from game.goennen.colours import COLOURS, Colour
from game.kit.memo import forget_oldest_half

DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
MIN_FIELDS = 2
MAX_FIELDS = 8
BONUS_USES = 3


class CardKind(StrEnum):
    SCORING = "scoring"
    BONUS = "bonus"


class BonusKind(StrEnum):
    PLUS_MINUS = "plus-minus"
    RECOLOUR = "recolour"
    EXTRA_DIE = "extra-die"
    WILD_COLOUR = "wild-colour"
    DISCOUNT = "discount"


class ScoringKind(StrEnum):
    ADJACENT_COMPLETED = "adjacent-completed"  # per completed card sharing an edge
    COLOUR_COUNT = "colour-count"  # per card of colour C in the display
    ADJACENT_COLOUR = "adjacent-colour"  # per card of colour C sharing an edge
    COMPLETE_LINES = "complete-lines"  # per row/column of 3 completed cards
    FIVE_COLOURS = "five-colours"  # once, if all 5 colours are in the display
    MONO_LINES = "mono-lines"  # per row/column of 3 cards of one colour
    BONUS_KINDS = "bonus-kinds"  # per different completed bonus kind


SCORING_KINDS_WITH_COLOUR = frozenset({ScoringKind.COLOUR_COUNT, ScoringKind.ADJACENT_COLOUR})


class Relation(StrEnum):
    NONE = ","
    LESS = "<"
    EQUAL = "="


@dataclass(frozen=True, slots=True)
class Field:
    """One task field: the colour it demands (None = white, any die) and its printed number."""

    colour: Colour | None = None
    number: int | None = None

    def text(self) -> str:
        letter = "W" if self.colour is None else self.colour.value
        return letter if self.number is None else f"{letter}{self.number}"

    def accepts(self, value: int, colour: Colour) -> bool:
        """Whether a die of this (effective) value and colour may fill this field."""
        if self.number is not None and value != self.number:
            return False
        return self.colour is None or self.colour == colour


@dataclass(frozen=True, slots=True)
class Task:
    """The upper half of a card: fields, the relations between neighbours, a sum target."""

    fields: tuple[Field, ...]
    relations: tuple[Relation, ...]  # relations[i] joins fields[i] and fields[i + 1]
    sum_at_least: int = 0  # 0: no sum target
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)
    # best_sum by fill, kept on the task itself: a look-up keyed by a tuple of ints hashes in C,
    # where a shared cache keyed by (task, fill) would call the task's __hash__ every time
    _sums: dict[tuple[int | None, ...], int | None] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _takers: dict[tuple[tuple[int | None, ...], int, Colour], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # fields_taking by (fill, value, colour), for the same reason
    _open_values: dict[tuple[int | None, ...], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # _values_left by fill
    _masks: dict[tuple[int | None, ...], tuple[tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )  # open_fields by fill

    def __post_init__(self) -> None:
        if len(self.relations) != max(0, len(self.fields) - 1):
            raise ValueError("a task needs exactly one relation between each pair of neighbours")

    def __len__(self) -> int:
        return len(self.fields)

    def text(self) -> str:
        parts = [self.fields[0].text()] if self.fields else []
        for relation, next_field in zip(self.relations, self.fields[1:], strict=True):
            sign = "," if relation == Relation.NONE else f" {relation.value}"
            parts.append(f"{sign} {next_field.text()}")
        body = "".join([parts[0], *parts[1:]]) if parts else ""
        return body if not self.sum_at_least else f"{body}; sum >= {self.sum_at_least}"

    def __hash__(self) -> int:
        # Tasks key the caches below; hashing the nested fields on every look-up would cost more
        # than the look-up saves, so the hash is computed once.
        cached: int | None = getattr(self, "_hash", None)
        if cached is None:
            cached = hash((self.fields, self.relations, self.sum_at_least))
            object.__setattr__(self, "_hash", cached)
        return cached

    def best_sum(self, filled: Sequence[int | None]) -> int | None:
        """The largest total the task can still reach with `filled` kept, or None if no way exists.

        Values must stay within the printed numbers and the `<` / `=` relations; the sum target
        is not applied here. A dynamic programme over the row: O(fields x 36), cached.
        """
        key = tuple(filled)
        total = self._sums.get(key, -1)
        if total == -1:
            if len(self._sums) >= _MAX_KEPT_PER_TASK:
                forget_oldest_half(self._sums, _MAX_KEPT_PER_TASK)
            total = self._sums[key] = _best_sum(self, key)
        return total

    def completable(self, filled: Sequence[int | None]) -> bool:
        """Whether the empty fields can still be filled so that the whole task holds."""
        # best_sum inlined: the dice searches of the bots and the engine ask this most of all
        key = tuple(filled)
        total = self._sums.get(key, -1)
        if total == -1:
            total = self.best_sum(key)
        return total is not None and total >= self.sum_at_least

    def fields_taking(self, filled: tuple[int | None, ...], value: int, colour: Colour) -> tuple[int, ...]:
        """The empty fields a die of this (effective) value and colour may go into, the task staying
        completable. Remembered: passive seats, chance (a) and the check whether a passive seat can
        write at all ask this for every die and card, and the same fills and faces recur."""
        key = (filled, value, colour)
        found = self._takers.get(key)
        if found is None:
            if len(self._takers) >= _MAX_KEPT_PER_TASK:
                forget_oldest_half(self._takers, _MAX_KEPT_PER_TASK)
            found = self._takers[key] = self._fields_taking(filled, value, colour)
        return found

    def _fields_taking(self, filled: tuple[int | None, ...], value: int, colour: Colour) -> tuple[int, ...]:
        if None not in filled:
            return ()
        left = self._values_left(filled)
        bit = 1 << value
        fields = self.fields
        return tuple(
            index
            for index, current in enumerate(filled)
            if current is None and left[index] & bit and fields[index].accepts(value, colour)
        )

    def _values_left(self, filled: tuple[int | None, ...]) -> tuple[int, ...]:
        # which values each field may still hold is worked out once per fill (one pass each way)
        # rather than a completability check per field for every die asked
        left = self._open_values.get(filled)
        if left is None:
            if len(self._open_values) >= _MAX_KEPT_PER_TASK:
                forget_oldest_half(self._open_values, _MAX_KEPT_PER_TASK)
            left = self._open_values[filled] = _values_left(self, filled)
        return left

    def open_fields(self, filled: tuple[int | None, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The empty fields, and for each every die it may take now as a bit mask (see `die_bits`):
        the dice the field accepts whose value keeps the task completable. The same answer as
        `fields_taking` for all dice at once, remembered per fill: the bots' search for a completion
        asks it for every open card at every decision, and a field no die fits ends the search."""
        found = self._masks.get(filled)
        if found is None:
            if len(self._masks) >= _MAX_KEPT_PER_TASK:
                forget_oldest_half(self._masks, _MAX_KEPT_PER_TASK)
            found = self._masks[filled] = self._open_fields(filled)
        return found

    def _open_fields(self, filled: tuple[int | None, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        empty = self.empty_fields(filled)
        if not empty:
            return (), ()
        left = self._values_left(filled)
        masks = []
        for index in empty:
            task_field = self.fields[index]
            values = left[index]  # bit v: the value v
            if task_field.number is not None:
                values &= 1 << task_field.number
            colours = COLOURS if task_field.colour is None else (task_field.colour,)
            masks.append(sum(die_bits(values, colour) for colour in colours))
        return empty, tuple(masks)

    def satisfied(self, values: Sequence[int | None]) -> bool:
        """Whether every field is filled and every rule of the task holds."""
        return all(v is not None for v in values) and self.completable(values)

    def empty_fields(self, filled: Sequence[int | None]) -> tuple[int, ...]:
        return tuple(i for i, v in enumerate(filled) if v is None)


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck. Scoring cards score at the end; bonus cards give a power."""

    id: str
    kind: CardKind
    colour: Colour | None  # None only for wild-colour bonus cards
    task: Task
    bonus: BonusKind | None = None
    scoring: ScoringKind | None = None
    points: int = 0
    scoring_colour: Colour | None = None  # the colour C of colour-count / adjacent-colour cards
    title: str = ""

    def __hash__(self) -> int:
        # Cards are hashed inside every display, seat and bot memo key; the generated hash would
        # hash all nine fields (the task and four enums among them) each time. Equal cards share
        # their id, so hashing the id alone agrees with equality.
        return hash(self.id)

    @property
    def uses(self) -> int:
        """How many bonus marks the card carries (wild colour acts once, at the end)."""
        if self.bonus is None or self.bonus is BonusKind.WILD_COLOUR:
            return 0
        return BONUS_USES


_MAX_KEPT_PER_TASK = 512  # per task and memory: a game asks a busy task for some 30 new fills

# Dice as bits, for Task.open_fields: 8 bits per colour, bit v of a colour's byte for the value v,
# so a set of values (bit v: the value v) shifts into place for each colour.
_COLOUR_SHIFT: dict[Colour, int] = {colour: 8 * slot for slot, colour in enumerate(COLOURS)}


def die_bits(values: int, colour: Colour) -> int:
    """The bits, in the masks of `Task.open_fields`, of a die of this (effective) colour counting
    as any of `values` (bit v: the value v; `1 << value` for one value)."""
    return values << _COLOUR_SHIFT[colour]


def _best_sum(task: Task, filled: tuple[int | None, ...]) -> int | None:
    """The dynamic programme behind Task.best_sum, from the last field to the first."""
    fields, relations = task.fields, task.relations
    last = len(fields) - 1
    # best[v]: the best total of the fields from i to the end with field i holding v (0: no way)
    best = [0] * 7
    value = filled[last]
    for v in (value,) if value is not None else _FIELD_CHOICES[fields[last].number]:
        best[v] = v
    for i in range(last - 1, -1, -1):
        value = filled[i]
        choices = (value,) if value is not None else _FIELD_CHOICES[fields[i].number]
        relation = relations[i]
        step = [0] * 7
        if relation is Relation.NONE:
            tail = max(best)  # the same for every value of field i: worked out once
            if not tail:
                return None
            for v in choices:
                step[v] = v + tail
        else:
            found = False
            if relation is Relation.EQUAL:
                for v in choices:
                    tail = best[v]
                    if tail:
                        step[v] = v + tail
                        found = True
            elif len(choices) == 1:
                v = choices[0]
                tail = max(best[v + 1 :], default=0)
                if tail:
                    step[v] = v + tail
                    found = True
            else:  # `<` with every value open: the best of the values above, from the top down
                above = 0
                for v in _FALLING:
                    if above:
                        step[v] = v + above
                        found = True
                    if best[v] > above:
                        above = best[v]
            if not found:
                return None
        best = step
    return max(best) or None


# the values an empty field may hold, by its printed number (None: any)
_FIELD_CHOICES: dict[int | None, tuple[int, ...]] = {None: DIE_FACES, **{n: (n,) for n in DIE_FACES}}


def _values_left(task: Task, filled: tuple[int | None, ...]) -> tuple[int, ...]:
    """Per field, the values it could hold with the task still completable (bit v: the value v):
    `completable` of the fill with that one value written, for every field and value at once.

    Fields interact only through the relations between neighbours, so the best total with field
    i holding v is the best of the fields up to i (ending in v) plus the best from i on (starting
    with v), less v counted twice; the value fits when both exist and the total reaches the sum.
    """
    fields, relations = task.fields, task.relations
    count = len(fields)
    # up[i][v]: the best total of fields 0..i with field i holding v (0: no way); the fields
    # before i keep their own choices, field i may hold any v. down[i][v] likewise from the end.
    up = [_ANY_VALUE]
    for i in range(1, count):
        up.append(_carry(up[-1], _choices(fields[i - 1], filled[i - 1]), relations[i - 1], rising=True))
    down = [_ANY_VALUE]
    for i in range(count - 2, -1, -1):
        down.append(_carry(down[-1], _choices(fields[i + 1], filled[i + 1]), relations[i], rising=False))
    down.reverse()
    target = task.sum_at_least
    masks = []
    for before, after in zip(up, down, strict=True):
        mask = 0
        for v in DIE_FACES:
            if before[v] and after[v] and before[v] + after[v] - v >= target:
                mask |= 1 << v
        masks.append(mask)
    return tuple(masks)


# a field on its own: holding v, its best total is v
_ANY_VALUE: list[int] = [0, 1, 2, 3, 4, 5, 6]


def _carry(row: list[int], choices: tuple[int, ...], relation: Relation, rising: bool) -> list[int]:
    """One step of the programmes above: `row` holds the best totals with a neighbour field holding
    each value (0: no way), `choices` the values that neighbour may hold; the result holds the best
    totals with the next field (after it when `rising`, before it otherwise) holding each value v:
    v plus the best neighbour total the relation allows next to v (0 when none does)."""
    kept = [0] * 7
    for v in choices:
        kept[v] = row[v]
    if relation is Relation.NONE:
        top = max(kept)
        return [0, 1 + top, 2 + top, 3 + top, 4 + top, 5 + top, 6 + top] if top else [0] * 7
    if relation is Relation.EQUAL:
        return [v + kept[v] if kept[v] else 0 for v in range(7)]
    # `<`: the field before holds less than the field after; best runs over the allowed values,
    # from below when the neighbour comes first, from above when it comes second
    out = [0] * 7
    best = 0
    for v in _RISING if rising else _FALLING:
        if best:
            out[v] = v + best
        if kept[v] > best:
            best = kept[v]
    return out


_RISING = (1, 2, 3, 4, 5, 6)
_FALLING = (6, 5, 4, 3, 2, 1)


def _choices(task_field: Field, value: int | None) -> tuple[int, ...]:
    if value is not None:
        return (value,)
    return DIE_FACES if task_field.number is None else (task_field.number,)


def parse_task(text: str, sum_at_least: int = 0) -> Task:
    """Parse the task notation (see the module docstring); raises ValueError with the reason."""
    tokens = text.replace(",", " , ").replace("<", " < ").replace("=", " = ").split()
    if not tokens:
        raise ValueError("the task is empty")
    fields: list[Field] = []
    relations: list[Relation] = []
    expect_field = True
    for token in tokens:
        if expect_field:
            fields.append(_parse_field(token))
        else:
            try:
                relations.append(Relation(token))
            except ValueError:
                raise ValueError(f"expected '<', '=' or ',' between fields, found {token!r}") from None
        expect_field = not expect_field
    if expect_field:
        raise ValueError(f"the task ends with the sign {tokens[-1]!r} instead of a field")
    if not MIN_FIELDS <= len(fields) <= MAX_FIELDS:
        raise ValueError(f"a task has {MIN_FIELDS} to {MAX_FIELDS} fields, this one has {len(fields)}")
    task = Task(tuple(fields), tuple(relations), sum_at_least)
    if sum_at_least < 0:
        raise ValueError("the sum target cannot be negative")
    if not task.completable([None] * len(fields)):
        raise ValueError("no roll of dice can ever fulfil this task")
    return task


def _parse_field(token: str) -> Field:
    letter, number_text = token[:1].upper(), token[1:]
    if letter == "W":
        colour = None
    else:
        try:
            colour = Colour(letter)
        except ValueError:
            raise ValueError(f"unknown field {token!r}: a field is W, Y, O, G, B or P") from None
    if not number_text:
        return Field(colour, None)
    if not number_text.isdigit() or not 1 <= int(number_text) <= 6:
        raise ValueError(f"unknown field {token!r}: a printed number is 1 to 6")
    return Field(colour, int(number_text))


def assignments(
    task: Task,
    filled: Sequence[int | None],
    dice: Sequence[tuple[Colour, int, Colour]],
) -> Iterator[tuple[Colour, ...]]:
    """Every way to fill all empty fields at once with distinct dice.

    `dice` lists the usable dice as (die, effective value, effective colour). Yields, for the empty
    fields in order, the die used for each. Prunes with `completable` after every placed die.
    """
    empty = task.empty_fields(filled)
    if len(empty) > len(dice):
        return
    work = list(filled)

    def extend(position: int, used: int) -> Iterator[tuple[Colour, ...]]:
        if position == len(empty):
            yield ()
            return
        index = empty[position]
        field = task.fields[index]
        for slot, (die, value, colour) in enumerate(dice):
            if used & (1 << slot) or not field.accepts(value, colour):
                continue
            work[index] = value
            if task.completable(work):
                for rest in extend(position + 1, used | (1 << slot)):
                    yield (die, *rest)
            work[index] = None

    yield from extend(0, 0)
