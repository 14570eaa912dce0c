"""The game kit holds what every game shares, and each game stands on it alone (issue 32, item 1):
Penk! imports the kit and its own package, never the first game; the kit imports no game. Every
import statement counts, inside functions and `if TYPE_CHECKING:` blocks too."""

from __future__ import annotations

import ast
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from game.kit.reasons import REASONS, add_reasons

ROOT = Path(__file__).resolve().parent.parent


def game_imports(source: str, package: str) -> set[str]:
    """Every module of `game` an import statement in `source` names (relative ones resolved
    against `package`); `from game.a import b` gives game.a and game.a.b, as b may be a module."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in names if name.startswith("game.")}


def outside(names: set[str], allowed: tuple[str, ...]) -> set[str]:
    return {name for name in names if not any(name == a or name.startswith(a + ".") for a in allowed)}


def strays(folder: str, allowed: tuple[str, ...]) -> dict[str, set[str]]:
    """file -> the modules of game it imports outside `allowed`, for every module under `folder`."""
    found: dict[str, set[str]] = {}
    paths = sorted((ROOT / folder).rglob("*.py"))
    assert paths, folder
    for path in paths:
        package = ".".join(path.relative_to(ROOT).parent.parts)
        bad = outside(game_imports(path.read_text(encoding="utf-8"), package), allowed)
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


def test_penk_imports_only_the_kit_and_its_own_package() -> None:
    assert strays("game/penk", ("game.kit", "game.penk")) == {}


def test_the_kit_imports_no_game() -> None:
    assert strays("game/kit", ("game.kit",)) == {}


def test_the_check_sees_every_kind_of_import() -> None:
    source = (
        "import game.goennen.engine\n"
        "from game.goennen.match import SeededMatch\n"
        "from game import flow\n"
        "from .. import seats\n"
        "from game.kit.turn import Turn\n"
        "def later():\n"
        "    from game.goennen.reasons import IllegalActionError\n"
        "if TYPE_CHECKING:\n"
        "    from game.goennen.state import State\n"
    )
    assert outside(game_imports(source, "game.penk"), ("game.kit", "game.penk")) == {
        "game.goennen.engine",
        "game.goennen.match",
        "game.goennen.match.SeededMatch",
        "game.flow",
        "game.seats",
        "game.goennen.reasons",
        "game.goennen.reasons.IllegalActionError",
        "game.goennen.state",
        "game.goennen.state.State",
    }


def test_every_game_adds_its_refusals_to_the_one_catalogue() -> None:
    import game.registry  # noqa: F401  every game's rules, hence every game's reasons
    from game.goennen.reasons import FIRST_GAME_REASONS
    from game.penk.reasons import PENK_REASONS

    assert FIRST_GAME_REASONS.keys() & PENK_REASONS.keys() == set()
    for reasons in (FIRST_GAME_REASONS, PENK_REASONS):
        assert all(REASONS[key] == template for key, template in reasons.items())
    assert all(key.startswith("penk.") for key in PENK_REASONS)


def test_a_key_told_two_ways_is_refused() -> None:
    add_reasons({"game_over": REASONS["game_over"]})  # the same words again change nothing
    with pytest.raises(ValueError, match="game_over"):
        add_reasons({"game_over": "something else"})
    assert REASONS["game_over"] == "the game is over"


def test_a_refusal_travels_to_a_process_that_knows_only_the_kit() -> None:
    from game.goennen.reasons import IllegalActionError

    sent = pickle.dumps(IllegalActionError("die_used", die="blue"))
    read = (
        "import pickle, sys\n"
        "error = pickle.loads(sys.stdin.buffer.read())\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.')), error.key, error.params, error)\n"
    )
    told = subprocess.run([sys.executable, "-c", read], input=sent, capture_output=True, check=True, cwd=ROOT)
    assert told.stdout.decode() == (
        "['game.kit', 'game.kit.reasons'] die_used {'die': 'blue'} the blue die is already used this turn\n"
    )
