"""The tools keep their promises: tools.scenario gives one BROKEN line of at most 300 characters,
naming the key, and exit 2 for malformed Penk! scenarios, a deck that is /dev/zero or a pipe is
refused without being read, and main.py --selftest with a damaged deck ends in one clear line."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from game.goennen.engine import DeckError, load_deck
from tests.scenes.test_shipped_files import assets_copy  # noqa: F401 (the fixture)
from tools import scenario

ROOT = Path(__file__).resolve().parents[1]
PENK_SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "penk").glob("*.toml"))
# what a hand-written file may hold where a sheet, a text or a list belongs
BAD_VALUES = (-1, ["a", "b"], "x" * 10_000, {"a": 1}, 1.5, True, [[1]], [{"action": ["x"]}])


def _places(data: object, where: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every key and list index in a scenario's data, as paths from the top."""
    found: list[tuple[object, ...]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        found.append((*where, key))
        found.extend(_places(value, (*where, key)))
    return found


def _with(data: dict[str, object], place: tuple[object, ...], value: object) -> dict[str, object]:
    changed = copy.deepcopy(data)
    target: Any = changed
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    return changed


@pytest.mark.parametrize("source", PENK_SCENARIOS, ids=lambda path: path.stem)
def test_every_malformed_value_in_a_penk_scenario_is_one_short_broken_line(source: Path) -> None:
    """Each key of each Penk! rule scenario given each bad value (a sheet of -1, a list where a
    text belongs, 10,000 characters, ...): never a traceback, a BROKEN line is at most 300 and
    names the scenario's key, not a Python error."""
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    for place in _places(data):
        for value in BAD_VALUES:
            lines: list[str] = []
            status = scenario.run_penk(source, _with(data, place, value), lines.append)
            broken = [line for line in lines if line.startswith("BROKEN")]
            assert status in (0, 1, 2) and (status != 2 or broken), (place, value)
            assert all(len(line) <= 300 + len("BROKEN ") for line in broken), (place, max(map(len, broken)))
            assert all("key '" in line and "Error:" not in line for line in broken), (place, value, broken)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_deck_that_is_dev_zero_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "zero.toml"
    path.write_text('description = "reads a device"\ndeck = "/dev/zero"\n', encoding="utf-8")
    lines: list[str] = []
    assert scenario.run([path], lines.append) == 2
    assert lines[-1].startswith("BROKEN") and "deck" in lines[-1]
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(Path("/dev/zero"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_scenario_or_deck_that_is_a_pipe_never_hangs(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(pipe)
    lines: list[str] = []
    assert scenario.run([pipe], lines.append) == 2 and lines[-1].startswith("BROKEN")


def test_a_deck_far_too_large_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "large.toml"
    path.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    with pytest.raises(DeckError, match="larger than"):
        load_deck(path)


def test_the_selftest_with_a_damaged_deck_ends_in_one_clear_line(
    assets_copy: Path,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import main
    finally:
        sys.path.remove(str(ROOT))
    (assets_copy / "assets" / "deck" / "deck.toml").write_bytes(b"\x00\xff not a deck")
    assert main.main(["--selftest", "--data-dir", str(tmp_path / "data")]) == 1
    error = capsys.readouterr().err.strip().splitlines()
    assert (
        len(error) == 1
        and error[0].startswith("selftest FAILED: no game can be dealt")
        and "deck" in error[0]
    )


def test_the_scenario_command_exits_2_on_a_malformed_penk_file(tmp_path: Path) -> None:
    path = tmp_path / "sheets.toml"
    text = (ROOT / "tests" / "scenarios" / "penk" / "penk-row-blocks-the-other-sheets.toml").read_text(
        "utf-8"
    )
    path.write_text(text.replace('sheets = ["ooooo', 'sheets = -1 # ["ooooo', 1), encoding="utf-8")
    finished = subprocess.run(
        [sys.executable, "-m", "tools.scenario", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 2 and "Traceback" not in finished.stderr + finished.stdout
    assert finished.stdout.strip().splitlines()[-1].startswith("BROKEN")
