"""Actions: small value objects with a text form that round-trips (`parse(str(a)) == a`).

The same text is used in logs, saves, scenario files and error messages. Dice are named by their
colour letter (Y O G B P); market rows by `S` (scoring, top) and `B` (bonus, bottom); field
numbers in text are 1-based. Examples:

    roll Y3 O5 G1 B2 P6      chance: the faces of the dice just rolled
    draw S12                 chance: the card drawn from a deck
    return S07               setup: put one of the four dealt cards back under its deck
    place S12 0,-1           put a card at row 0, column -1 of the display
    reroll YOG               reroll these dice (the others stay on the construction site)
    plus Y / minus Y         plus/minus bonus: this die counts one higher / lower
    recolour Y B             recolour bonus: the yellow die counts as blue
    complete S12 .YO.G       complete a card: the die for each field, '.' for filled fields
    buy S3 YOG               buy the card in slot 3 of the scoring row with these dice
    buy B1 YOG discount 1    ... using one discount mark (4 dice price paid with 3)
    write Y S12 3            write the yellow die into field 3 of card S12 (single field)
    take B                   chance (b): take the top card of the bonus deck
    discard                  put the drawn card under its deck instead of placing it
    remove S                 solo: take the slot-4 card of a row out as the round counter
    wild B14 G               the completed wild-colour card B14 counts as green
    pass                     a passive player writes nothing (more)
    end                      the active player ends the turn
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from game.goennen.colours import COLOURS, Colour
from game.kit.action_text import ActionSyntaxError as ActionSyntaxError
from game.kit.action_text import ActionText as ActionText


class Row(StrEnum):
    """A market row: scoring cards above the track, bonus cards below."""

    SCORING = "S"
    BONUS = "B"


def _dice_text(dice: tuple[Colour, ...]) -> str:
    return "".join(d.value for d in dice) if dice else "-"


def _sorted_dice(dice: tuple[Colour, ...] | frozenset[Colour]) -> tuple[Colour, ...]:
    return tuple(c for c in COLOURS if c in dice)


@dataclass(frozen=True, slots=True, repr=False)
class Roll(ActionText):
    faces: tuple[tuple[Colour, int], ...]

    def __str__(self) -> str:
        return "roll " + " ".join(f"{c.value}{v}" for c, v in self.faces)


@dataclass(frozen=True, slots=True, repr=False)
class Draw(ActionText):
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class ReturnCard(ActionText):
    card: str

    def __str__(self) -> str:
        return f"return {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Place(ActionText):
    card: str
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {self.card} {self.row},{self.col}"


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(ActionText):
    dice: tuple[Colour, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _sorted_dice(self.dice))  # frozen: set once, here only

    def __str__(self) -> str:
        return f"reroll {_dice_text(self.dice)}"


@dataclass(frozen=True, slots=True, repr=False)
class Adjust(ActionText):
    """Plus/minus bonus: one mark changes one die by +1 or -1 for this player."""

    die: Colour
    delta: int

    def __str__(self) -> str:
        return f"{'plus' if self.delta > 0 else 'minus'} {self.die.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Recolour(ActionText):
    die: Colour
    colour: Colour

    def __str__(self) -> str:
        return f"recolour {self.die.value} {self.colour.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Complete(ActionText):
    """Fill all empty fields of a card at once; `dice[i]` is the die for field i (None: filled)."""

    card: str
    dice: tuple[Colour | None, ...]

    def __str__(self) -> str:
        return f"complete {self.card} " + "".join("." if d is None else d.value for d in self.dice)


@dataclass(frozen=True, slots=True, repr=False)
class Buy(ActionText):
    row: Row
    slot: int  # 1..4
    dice: tuple[Colour, ...]
    discount: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _sorted_dice(self.dice))  # frozen: set once, here only

    def __str__(self) -> str:
        text = f"buy {self.row.value}{self.slot} {_dice_text(self.dice)}"
        return f"{text} discount {self.discount}" if self.discount else text


@dataclass(frozen=True, slots=True, repr=False)
class Write(ActionText):
    """Write one die into one field (passive players, chance (a), the solo passive move)."""

    die: Colour
    card: str
    field: int  # 0-based; 1-based in text

    def __str__(self) -> str:
        return f"write {self.die.value} {self.card} {self.field + 1}"


@dataclass(frozen=True, slots=True, repr=False)
class Take(ActionText):
    row: Row

    def __str__(self) -> str:
        return f"take {self.row.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(ActionText):
    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True, repr=False)
class Remove(ActionText):
    """Solo: take the slot-4 card of a row out of the game (None: both rows are empty)."""

    row: Row | None

    def __str__(self) -> str:
        return f"remove {self.row.value if self.row else 'none'}"


@dataclass(frozen=True, slots=True, repr=False)
class Wild(ActionText):
    card: str
    colour: Colour

    def __str__(self) -> str:
        return f"wild {self.card} {self.colour.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(ActionText):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, repr=False)
class End(ActionText):
    def __str__(self) -> str:
        return "end"


Action = (
    Roll
    | Draw
    | ReturnCard
    | Place
    | Reroll
    | Adjust
    | Recolour
    | Complete
    | Buy
    | Write
    | Take
    | Discard
    | Remove
    | Wild
    | Pass
    | End
)
CHANCE_ACTIONS = (Roll, Draw)


def parse(text: str) -> Action:
    """Read an action from its text form; raises ActionSyntaxError saying what is wrong."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        return _PARSERS[verb](args)
    except KeyError:
        raise ActionSyntaxError(f"unknown action {verb!r} in {text!r}") from None
    except (ValueError, IndexError) as error:
        raise ActionSyntaxError(f"cannot read {text!r}: {error}") from None


def _number(text: str) -> int:
    """A whole number as actions write it: ASCII digits, perhaps a leading minus. int() alone
    would also take '+1', ' 1', '1_0' and other scripts' digits ('١'), and then the text a seat
    sent would not be the action's one canonical text."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _colour(letter: str) -> Colour:
    try:
        return Colour(letter.upper())
    except ValueError:
        raise ValueError(f"{letter!r} is not a die (Y, O, G, B or P)") from None


def _dice(text: str) -> tuple[Colour, ...]:
    if text == "-":
        return ()
    dice = tuple(_colour(ch) for ch in text)
    if len(set(dice)) != len(dice):
        raise ValueError(f"a die is named twice in {text!r}")
    return dice


def _count(args: list[str], n: int) -> list[str]:
    if len(args) != n:
        raise ValueError(f"expected {n} argument(s), got {len(args)}")
    return args


def _row(text: str) -> Row:
    try:
        return Row(text.upper())
    except ValueError:
        raise ValueError(f"{text!r} is not a market row (S or B)") from None


def _parse_roll(args: list[str]) -> Roll:
    faces = []
    for word in args:
        value = _number(word[1:])
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1 to 6, not {value}")
        faces.append((_colour(word[0]), value))
    if not faces or len({c for c, _ in faces}) != len(faces):
        raise ValueError("a roll names each rolled die once")
    return Roll(tuple(sorted(faces, key=lambda f: f[0].slot)))


def _parse_place(args: list[str]) -> Place:
    card, cell = _count(args, 2)
    row, col = cell.split(",")
    return Place(card, _number(row), _number(col))


def _parse_adjust(delta: int) -> Callable[[list[str]], Adjust]:
    return lambda args: Adjust(_colour(_count(args, 1)[0]), delta)


def _parse_complete(args: list[str]) -> Complete:
    card, fields = _count(args, 2)
    dice = tuple(None if ch == "." else _colour(ch) for ch in fields)
    named = [d for d in dice if d is not None]
    if len(set(named)) != len(named):
        raise ValueError("a die is used twice")
    return Complete(card, dice)


def _parse_buy(args: list[str]) -> Buy:
    if len(args) not in (2, 4):
        raise ValueError("expected: buy <row><slot> <dice> [discount N]")
    slot_text = args[0]
    row, slot = _row(slot_text[:1]), _number(slot_text[1:])
    if not 1 <= slot <= 4:
        raise ValueError(f"market slots are 1 to 4, not {slot}")
    discount = 0
    if len(args) == 4:
        if args[2].lower() != "discount":
            raise ValueError(f"expected 'discount', got {args[2]!r}")
        discount = _number(args[3])
        if discount < 1:
            raise ValueError("a discount is at least 1")
    return Buy(row, slot, _dice(args[1]), discount)


def _parse_write(args: list[str]) -> Write:
    die, card, field = _count(args, 3)
    number = _number(field)
    if number < 1:
        raise ValueError("fields are numbered from 1")
    return Write(_colour(die), card, number - 1)


def _parse_remove(args: list[str]) -> Remove:
    (row,) = _count(args, 1)
    return Remove(None if row.lower() == "none" else _row(row))


_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "roll": _parse_roll,
    "draw": lambda args: Draw(_count(args, 1)[0]),
    "return": lambda args: ReturnCard(_count(args, 1)[0]),
    "place": _parse_place,
    "reroll": lambda args: Reroll(_dice(_count(args, 1)[0])),
    "plus": _parse_adjust(+1),
    "minus": _parse_adjust(-1),
    "recolour": lambda args: Recolour(*(_colour(a) for a in _count(args, 2))),
    "complete": _parse_complete,
    "buy": _parse_buy,
    "write": _parse_write,
    "take": lambda args: Take(_row(_count(args, 1)[0])),
    "discard": lambda args: (_count(args, 0), Discard())[1],
    "remove": _parse_remove,
    "wild": lambda args: Wild(_count(args, 2)[0], _colour(args[1])),
    "pass": lambda args: (_count(args, 0), Pass())[1],
    "end": lambda args: (_count(args, 0), End())[1],
}
