"""The door (issue 18): scenes/, tools/ and main.py import the rules only through game's public
modules (game.PUBLIC_MODULES), so the engine's inside can change without touching them."""

import ast
from pathlib import Path

from game import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parent.parent


def _outside_files() -> list[Path]:
    return sorted([*(ROOT / "scenes").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), ROOT / "main.py"])


def game_modules_imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) for every import of `game` or below, `from game import x` counting as game.x."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "game":
                found += [(node.lineno, f"game.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, node.module))
    return [(line, name) for line, name in found if name == "game" or name.startswith("game.")]


def test_scenes_tools_and_main_import_only_public_game_modules() -> None:
    offenders = []
    for path in _outside_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, module in game_modules_imported(tree):
            if module not in PUBLIC_MODULES:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert offenders == [], "past the door: " + "; ".join(offenders)


def test_the_door_check_sees_every_import_form() -> None:
    source = (
        "import game.goennen.state\n"
        "from game import odds\nfrom game.goennen.cards import Card\n"
        "def f():\n    from game.goennen.engine import apply"
    )
    found = [module for _, module in game_modules_imported(ast.parse(source))]
    assert found == ["game.goennen.state", "game.odds", "game.goennen.cards", "game.goennen.engine"]
    assert [module for module in found if module not in PUBLIC_MODULES] == [
        "game.goennen.state",
        "game.odds",
        "game.goennen.cards",
    ]


def test_every_public_module_but_the_coming_ones_exists() -> None:
    missing = [
        name
        for name in PUBLIC_MODULES
        if not (ROOT / (name.replace(".", "/") + ".py")).exists()
        and not (ROOT / name.replace(".", "/") / "__init__.py").exists()
    ]
    assert set(missing) <= {"game.penk"}, missing


def test_the_doors_say_what_each_seat_may_know() -> None:
    """The names a table reaches the rules through (issue 31), in both games' doors."""
    import game.goennen.engine
    import game.goennen.match
    import game.goennen.position
    import game.penk

    seat_names = {"redact", "window_seats", "decision_window", "read_sent_action"}
    assert seat_names | {"check_may_decide", "HIDDEN", "MAX_ACTION_TEXT"} <= set(game.goennen.engine.__all__)
    assert seat_names | {"view_to_data", "view_from_data"} <= set(game.penk.__all__)
    assert {"ChanceSource", "SeededChance", "KeyedChance", "RandomBits"} <= set(game.goennen.match.__all__)
    assert callable(game.goennen.position.view_to_data) and callable(game.goennen.position.view_from_data)
