"""Every test checks something: a test function with no assert, no `pytest.raises` and no helper
that asserts passes whatever the code does (issue 32 found three such tests).

A test checks when its body holds an `assert`, a `raise AssertionError`, `pytest.raises`,
`pytest.warns` or `pytest.fail`, or calls a function that checks: one of its own module (nested
ones too) or one it imports from `tests.*`, followed to any depth.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKING_CALLS = frozenset({"raises", "warns", "fail", "deprecated_call"})


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


def _called_names(function: ast.AST) -> set[str]:
    """The names a function calls: `helper(...)`, `module.helper(...)`, `self.helper(...)`."""
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                names.add(node.func.attr)
    return names


def _checks_by_itself(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Raise) and node.exc is not None and "AssertionError" in ast.unparse(node.exc):
            return True
    return bool(_called_names(function) & CHECKING_CALLS)


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _checking_names(sources: dict[str, ast.Module]) -> dict[str, set[str]]:
    """Per module of tests/, the names of its functions that check, imports from tests.* included,
    grown until nothing changes (a helper calling a helper that asserts checks too)."""
    checking = {
        module: {f.name for f in _functions(tree) if _checks_by_itself(f)} for module, tree in sources.items()
    }
    calls = {
        module: [(f.name, _called_names(f)) for f in _functions(tree)] for module, tree in sources.items()
    }
    imports = {
        module: [
            (node.module, alias.name, alias.asname or alias.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module in sources
            for alias in node.names
        ]
        for module, tree in sources.items()
    }
    changed = True
    while changed:
        changed = False
        for module in sources:
            known = checking[module] | {
                local for origin, name, local in imports[module] if name in checking[origin]
            }
            for name, called in calls[module]:
                if name not in checking[module] and called & known:
                    checking[module].add(name)
                    changed = True
    return checking


def unchecked_tests(sources: dict[str, ast.Module]) -> list[str]:
    checking = _checking_names(sources)
    return [
        f"{module}::{function.name}"
        for module, tree in sources.items()
        for function in _functions(tree)
        if function.name.startswith("test") and function.name not in checking[module]
    ]


def _test_sources() -> dict[str, ast.Module]:
    return {
        _module_name(path): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "tests").rglob("*.py"))
    }


def test_every_test_function_checks_something() -> None:
    assert unchecked_tests(_test_sources()) == []


def test_the_scan_finds_a_test_that_only_runs_code() -> None:
    helper = ast.parse("def check_it(x):\n    assert x\n")
    module = ast.parse(
        "from tests.helper import check_it\n"
        "def _deep(x):\n    check_it(x)\n"
        "def test_runs_only():\n    '{x}'.format(x=1)\n"
        "def test_through_a_helper():\n    _deep(1)\n"
        "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n"
        "def test_fails_by_hand():\n    if 1:\n        raise AssertionError('no')\n"
    )
    assert unchecked_tests({"tests.helper": helper, "tests.test_x": module}) == [
        "tests.test_x::test_runs_only"
    ]
