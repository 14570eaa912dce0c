"""No import circles in the whole project (issues 18 and 32): the graph of game/, scenes/, tools/ and
main.py, with imports at module level, inside functions and in `if TYPE_CHECKING:` blocks alike, has
no cycle. A circle means two modules cannot be read, tested or moved apart, and a type-only one
still ties them for a reader: screens name the small Host they run on (scenes/core/stack.py), not
the App, and navigate by route instead of importing each other."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "tools")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    paths = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    return {module_name(path): path for path in [*paths, ROOT / "main.py"]}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(tree: ast.AST, package: str, *, types: bool = True) -> list[str]:
    """Every module name an import statement in `tree` may load (`from a import b` gives a and a.b);
    with `types` False, those of `if TYPE_CHECKING:` blocks (which never run) are left out."""
    names: list[str] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if not types and isinstance(node, ast.If) and _is_type_checking(node):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
        pending.extend(ast.iter_child_nodes(node))
    return names


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {target for target in imported_names(tree, package) if target in modules} - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_project_has_no_import_circles() -> None:
    assert cycles(import_graph()) == []


def test_the_circle_finder_finds_circles_through_functions_and_type_checking() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import b\ndef f():\n    import c\n"
    assert sorted(imported_names(ast.parse(source), "")) == ["b", "c", "typing", "typing.TYPE_CHECKING"]
    run_time = imported_names(ast.parse(source), "", types=False)
    assert sorted(run_time) == ["c", "typing", "typing.TYPE_CHECKING"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def screen_modules(modules: dict[str, Path]) -> set[str]:
    """Modules of scenes/ outside its infrastructure (scenes.core) that define a screen: a class
    named ...Scene or ...Screen."""
    found = set()
    for name, path in modules.items():
        if not name.startswith("scenes.") or name.startswith("scenes.core"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
        if any(cls.endswith(("Scene", "Screen")) for cls in classes):
            found.add(name)
    return found


def test_screens_never_import_each_other() -> None:
    """Screens navigate by route (app.go("solo-card")); only the route table knows them all."""
    modules = project_modules()
    screens = screen_modules(modules)
    assert {"scenes.menus.title", "scenes.solo.card", "scenes.table.turn"} <= screens
    graph = import_graph()
    crossings = [
        f"{screen} -> {target}" for screen in sorted(screens) for target in sorted(graph[screen] & screens)
    ]
    assert crossings == []
    reaching = sorted(
        name for name, targets in graph.items() if targets & screens and name.startswith("scenes")
    )
    # the route table, main.py --selftest, which checks the scoring screen against the engine, and
    # main.py --host-selftest, which hosts a table through Play online
    assert reaching == ["scenes.online.selftest", "scenes.routes", "scenes.table.selftest"]
