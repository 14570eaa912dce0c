"""Every damaged scenario file is a broken file: `tools.scenario` answers it with exit status 2 and
one line naming the file (and the key where there is one), never a traceback (issue 19, item 8)."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.scenario import MESSAGE_LENGTH, run

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))
# a position that loads: the damage below is added to it
BASE = b"description = 'damaged'\nrolls = 1\ndice = 'Y1 O2 G3 B4 P5'\n"
TWO_SEATS = b"[[seats]]\ncards = [{ id = 'S06', at = '0,0' }]\n[[seats]]\n"

# name -> (file contents, a piece of the one line that must be printed)
DAMAGED: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "key 'description'"),
    "binary": (bytes(range(256)) * 4, "not valid TOML"),
    "byte order mark": (b"\xef\xbb\xbf" + BASE, "not valid TOML"),
    "NUL character": (b"description = 'd\x00'", "not valid TOML"),
    "latin-1 text": ("description = 'Gönnen'".encode("latin-1"), "not valid TOML"),
    "cut off": (BASE[:40], "not valid TOML"),
    "arrays 200,000 deep": (b"x = " + b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    "tables 5,000 deep": (b"x = " + b"{a=" * 5_000 + b"1" + b"}" * 5_000, "nested too deeply"),
    "arrays 300 deep in seats": (BASE + b"seats = " + b"[" * 300 + b"]" * 300, "key 'seats[0]'"),
    "5,000-digit number": (BASE + b"round = " + b"9" * 5_000, "too many digits"),
    "5,000-digit position": (
        BASE + b"[[seats]]\ncards = [{ id = 'S06', at = '" + b"9" * 5_000 + b",0' }]\n[[seats]]\n",
        "key 'seats[0].cards[0].at'",
    ),
    "huge round": (BASE + b"round = 99999999999999999999", "key 'round'"),
    "infinite round": (BASE + b"round = inf", "key 'round'"),
    "fractional rolls": (BASE.replace(b"rolls = 1", b"rolls = 1.5"), "key 'rolls'"),
    "99 players": (BASE + b"players = 99", "key 'players'"),
    "10,000 seats": (BASE + b"[[seats]]\n" * 10_000, "key 'players'"),
    "unknown active seat": (BASE + b"active = 7", "key 'active'"),
    "negative decider": (BASE + b"decider = -1", "key 'decider'"),
    "unknown start seat": (BASE + b"start = 2", "key 'start'"),
    "card far off the display": (
        BASE + TWO_SEATS.replace(b"'0,0'", b"'100000000000000000000,0'"),
        "key 'seats[0].cards[0].at'",
    ),
    "card at 99,99": (BASE + TWO_SEATS.replace(b"'0,0'", b"'99,99'"), "off the display"),
    "card at -3,0": (BASE + TWO_SEATS.replace(b"'0,0'", b"'-3,0'"), "off the display"),
    "unknown card": (BASE + TWO_SEATS.replace(b"S06", b"S999"), "key 'seats[0].cards[0].id'"),
    "too many marks": (
        BASE + TWO_SEATS.replace(b"at = '0,0'", b"at = '0,0', marks = 99999999999999999999"),
        "key 'seats[0].cards[0]",
    ),
    "seats as text": (BASE + b"seats = 'x'", "key 'seats'"),
    "a number as a seat": (BASE + b"seats = [1, 2]", "key 'seats[0]'"),
    "deck is a folder": (BASE + b"deck = '.'", "key 'deck'"),
    "deck is missing": (BASE + b"deck = 'nowhere/deck.toml'", "key 'deck'"),
    "deck nested too deeply": (BASE + b"deck = 'deep.toml'", "nested too deeply"),
    "winner seat unknown": (BASE + b"result = { winners = [99] }", "key 'result.winners[0]'"),
    "winner seat as text": (BASE + b"result = { winners = ['x'] }", "key 'result.winners[0]'"),
    "scores for 3 seats of 2": (BASE + b"[[scores]]\n[[scores]]\n[[scores]]\n", "key 'scores'"),
    "card check of an unknown seat": (
        BASE + b"[[after]]\ndo = ['end']\ncards = [{ seat = 5, id = 'S06' }]\n",
        "key 'after[0].cards[0].seat'",
    ),
    "card check of a wild colour that is none": (
        BASE + b"[[after]]\ndo = ['end']\ncards = [{ id = 'S06', wild = 'Q' }]\n",
        "key 'after[0].cards[0].wild",
    ),
    "display sizes for 5 seats": (
        BASE + b"[[after]]\ndo = ['end']\ndisplay_size = [0, 0, 0, 0, 0]\n",
        "key 'after[0].display_size'",
    ),
    "a 100,000-character description line": (b"description = '" + b"x" * 100_000 + b"'\n[oops", "not valid"),
}


def _broken_lines(folder: Path, name: str, contents: bytes) -> tuple[int, list[str]]:
    path = folder / f"{re.sub(r'[^a-z0-9]+', '-', name)}.toml"
    path.write_bytes(contents)
    lines: list[str] = []
    status = run([path], lines.append)
    return status, lines


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "deep.toml").write_bytes(b"x = " + b"[" * 100_000 + b"]" * 100_000)
    return tmp_path


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_file_is_one_broken_line(folder: Path, name: str) -> None:
    contents, expected = DAMAGED[name]
    status, lines = _broken_lines(folder, name, contents)
    assert status == 2, lines
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"BROKEN {folder}"), lines[0]
    assert expected in lines[0]
    assert len(lines[0]) <= len("BROKEN ") + MESSAGE_LENGTH


def test_the_base_of_the_damage_loads(folder: Path) -> None:
    status, lines = _broken_lines(folder, "base", BASE + TWO_SEATS)
    assert status == 0, lines


def _damage(rng: random.Random, text: bytes) -> bytes:
    """One random kind of damage: bytes overwritten, the end cut off, lines shuffled, a number or a
    quoted value replaced by something odd, or something odd inserted."""
    kind = rng.randrange(5)
    data = bytearray(text)
    if kind == 0:
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 1:
        return bytes(data[: rng.randrange(len(data))])
    if kind == 2:
        lines = text.split(b"\n")
        rng.shuffle(lines)
        return b"\n".join(lines)
    if kind == 3:
        odd = [b"-1", b"99999999999999999999", b"1e308", b"inf", b"nan", b"3.5", b"true", b'"x"', b"[]"]
        spots = [m.span() for m in re.finditer(rb"\d+|\"[^\"\n]*\"", text)]
        start, end = rng.choice(spots)
        return text[:start] + rng.choice(odd + [b'"S99"', b'"9,9"', b'"Y7"', b'"-"', b'""']) + text[end:]
    where = rng.randrange(len(text))
    inserted = rng.choice([b"\x00", b"\n[[seats]]\n", b"\n[[after]]\n", b'"', b"'''", "😀".encode(), b"\xff"])
    return text[:where] + inserted + text[where:]


def test_randomly_damaged_scenarios_never_crash_the_tool(folder: Path) -> None:
    shutil.copytree(ROOT / "tests" / "scenarios" / "decks", folder / "decks")
    rng = random.Random(19)
    broken = 0
    for number in range(300):
        source = rng.choice(SCENARIOS)
        status, lines = _broken_lines(folder, f"damaged-{number}", _damage(rng, source.read_bytes()))
        if status == 2:
            broken += 1
            assert len(lines) == 1, f"{source.name}, damage {number}: {lines}"
    assert broken > 100  # most damage breaks the file; the rest must still run without a traceback


def test_the_command_answers_deep_nesting_with_exit_2_and_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_bytes(b"x = " + b"[" * 200_000 + b"]" * 200_000)
    done = subprocess.run(
        [sys.executable, "-m", "tools.scenario", str(path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stdout.splitlines() == [f"BROKEN {path}: nested too deeply"]
    assert done.stderr == ""
