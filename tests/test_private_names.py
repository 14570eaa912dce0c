"""No module under game/, scenes/ or tools/ uses a `_private` name of another module.

A leading underscore says "only this module relies on it": it may change without notice. A module
that imports one (`from game.goennen.ai.kernels.success import _success`), reads one off another module
(`success._by_residual`) or off an object of another module's class (`self.focus._step`, a name
this module never defines) ties itself to that inside. Tests are exempt: they may look at an
inside on purpose. Names with two leading and trailing underscores (`__doc__`) are public.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("game", "scenes", "tools")


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _absolute(module: str | None, level: int, path: Path) -> str:
    """The dotted name `from <level dots><module> import ...` refers to, from the file `path`."""
    if not level:
        return module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _own_names(tree: ast.AST) -> set[str]:
    """Every name the module defines, assigns, takes as a parameter or spells as a string (slots)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    return names


def private_uses(path: Path) -> list[str]:
    """Every `_private` name of another module that the file at `path` imports or reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[str] = []
    modules: set[str] = set()  # the local names bound to modules
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node.module, node.level, path)
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"from {source} import {alias.name}")
                elif _is_module(f"{source}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
    own = _own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = node.value
            while isinstance(owner, ast.Attribute):  # game.goennen.ai.odds._x: the chain ends in a name
                owner = owner.value
            off_a_module = isinstance(owner, ast.Name) and owner.id in modules
            if off_a_module or node.attr not in own:
                found.append(ast.unparse(node))
    return found


def test_no_module_uses_a_private_name_of_another() -> None:
    offenders: list[str] = []
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            offenders += [f"{relative}: {use}" for use in private_uses(path)]
    assert offenders == [], "private names used across modules:\n" + "\n".join(offenders)


def test_the_check_finds_every_form(tmp_path: Path) -> None:
    """The check itself: an import of a private name, a read off a module alias (also through a
    package) and a read off an object of a name the module never defines are found; the module's
    own private names, on itself or its objects, are not."""
    sample = ROOT / "game" / "_private_names_sample.py"
    sample.write_text(
        "import game.goennen.ai.kernels.odds\n"
        "from game.goennen.ai.kernels.success import _hidden\n"
        "from game import cards\n"
        "import game.goennen.state as state\n"
        "x = cards._secret + state._other + game.goennen.ai.kernels.odds._deep\n"
        "y = object()._theirs\n"
        "z = cards.__name__\n"
        "class Mine:\n"
        "    def __init__(self) -> None:\n"
        "        self._mine = 1\n"
        "    def _helper(self) -> int:\n"
        "        return Mine()._mine + self._helper()\n",
        encoding="utf-8",
    )
    try:
        uses = private_uses(sample)
    finally:
        sample.unlink()
    assert sorted(uses) == [
        "cards._secret",
        "from game.goennen.ai.kernels.success import _hidden",
        "game.goennen.ai.kernels.odds._deep",
        "object()._theirs",
        "state._other",
    ]
