"""The rules engine under game/ must never import pygame (architecture.md: the engine is pure)."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def test_nothing_under_game_imports_pygame() -> None:
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == "pygame" or name.startswith("pygame.") for name in names):
                offenders.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert offenders == [], f"pygame imported in the engine: {offenders}"


def test_only_the_table_server_under_game_does_io() -> None:
    """asyncio, websockets, redis and sockets live in game/online/server/ alone: the rules, the
    table and the rooms stay pure, with time and messages as inputs."""
    io_modules = {"asyncio", "websockets", "redis", "socket", "ssl"}
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if "server" in path.relative_to(GAME).parts[:-1] and path.relative_to(GAME).parts[0] == "online":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name.split(".")[0] in io_modules for name in names):
                offenders.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert offenders == [], f"I/O outside the table server: {offenders}"
