"""scenes/model/ is the application without pygame (issue 18): sessions, progress, settings, user
data, game config, the game registry and solo booking are tested without a window. Nothing under
it may import pygame, directly or through another module, at module level or inside a function."""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.test_import_graph import ROOT, import_graph, project_modules


def _imports_pygame(path_text: str) -> bool:
    for node in ast.walk(ast.parse(path_text)):
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] == "pygame" for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            return True
    return False


def test_nothing_the_model_reaches_imports_pygame() -> None:
    modules = project_modules()
    graph = import_graph()
    model = {name for name in modules if name.startswith("scenes.model")}
    assert {"scenes.model.session", "scenes.model.progress", "scenes.model.solo_booking"} <= model
    reached, pending = set(model), list(model)
    while pending:
        for target in graph[pending.pop()] - reached:
            reached.add(target)
            pending.append(target)
    offenders = sorted(name for name in reached if _imports_pygame(modules[name].read_text(encoding="utf-8")))
    assert offenders == []


def test_importing_the_whole_model_loads_no_pygame() -> None:
    names = sorted(name for name in project_modules() if name.startswith("scenes.model"))
    code = "import sys\n" + "".join(f"import {name}\n" for name in names) + "print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_check_sees_a_pygame_import_inside_a_function() -> None:
    assert _imports_pygame("def f():\n    from pygame import Rect\n")
    assert not _imports_pygame("import json\n")
