"""The kernels stand alone: nothing under game/goennen/ai/kernels imports a bot or the rest of
game.goennen.ai, and nothing there imports pygame or the screens (the bots build on the kernels,
never the reverse)."""

from __future__ import annotations

import ast
from pathlib import Path

KERNELS = Path(__file__).resolve().parents[2] / "game" / "goennen" / "ai" / "kernels"


def _imported(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_kernels_import_no_bot_and_no_screen() -> None:
    offenders = []
    for path in sorted(KERNELS.glob("*.py")):
        for name in _imported(path):
            outside = name.startswith("game.goennen.ai") and not name.startswith("game.goennen.ai.kernels")
            screen = name in ("pygame", "scenes") or name.startswith(("pygame.", "scenes."))
            bot_or_screen = name == "game.goennen.ai" or screen
            if outside or bot_or_screen:
                offenders.append(f"{path.name}: {name}")
    assert offenders == []
    assert len(list(KERNELS.glob("*.py"))) >= 8  # the check saw the package
