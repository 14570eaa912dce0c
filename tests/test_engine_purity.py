"""The rules engine under game/ must never import pygame (architecture.md: the engine is pure),
and only the table server under game/ does I/O."""

import ast
from collections.abc import Iterator
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
SERVER = GAME / "online" / "server"


def _imports(paths: list[Path]) -> Iterator[tuple[str, str]]:
    """(where, top-level module) for every import in `paths`."""
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                yield f"{path.relative_to(GAME.parent)}:{node.lineno}", name.split(".")[0]


def test_nothing_under_game_imports_pygame() -> None:
    offenders = [where for where, module in _imports(sorted(GAME.rglob("*.py"))) if module == "pygame"]
    assert offenders == [], f"pygame imported in the engine: {offenders}"


def test_only_the_table_server_under_game_does_io() -> None:
    """asyncio, websockets, redis and sockets live in game/online/server/ alone: the rules, the
    table and the rooms stay pure, with time and messages as inputs."""
    io_modules = {"asyncio", "websockets", "redis", "socket", "ssl"}
    pure = [path for path in sorted(GAME.rglob("*.py")) if SERVER not in path.parents]
    offenders = [where for where, module in _imports(pure) if module in io_modules]
    assert offenders == [], f"I/O outside the table server: {offenders}"
