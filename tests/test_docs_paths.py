"""Docs that stay true: every project path, module and test that README.md and docs/*.md name
exists (a moved file or a renamed test makes a stale claim, and this test says where).

What is read as a claim:
- a path under a project folder (`game/penk/odds.py`, `tools/`, `tests/scenes/`, `.ci/run`), with
  an optional test name: `tests/x.py::test_y`, `::TestClass::test_y`, `::test_y[case]`;
- a dotted name under a project package (`game.penk.circle_chances`, `python -m tools.bench`): a
  module, or a name written in that module;
- a file name without a project folder (`main.py`, `penk/rulebook.py`, `save-penk.json`).

What is recognised as outside the project, by its form:
- the team's shared notes: a path starting `../` or `shared/` (or an absolute one), and a bare
  file name those notes hold (one the docs also write under `shared/`);
- a file of the player's data folder: a bare name the application's code spells out as text;
- placeholders (`<name>`, `{seat}`, `*`, `...`) and web addresses.

Also: every `from game... import ...` line of the docs' examples imports, and the two maps
(scenes/__init__.py, docs/architecture.md) name every package they map.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = r"(?:game|scenes|tools|tests|assets|docs|\.ci)"
EXTENSIONS = (
    r"(?:py|md|toml|json|po|pot|tmx|tsx|txt|ttf|otf|wav|ogg|png|sh|spec|sqlite|lock|cfg|ini|yml|yaml)"
)
PROJECT_PATH = re.compile(rf"(?<![\w/.~$%-])({FOLDERS}/[\w./-]*[\w/])((?:::\w+)+)?(\[[^\]\s]*\])?")
DOTTED = re.compile(r"(?<![\w/.-])((?:game|scenes|tools)(?:\.[A-Za-z_]\w*)+)")
FILE_NAME = re.compile(rf"(?<![\w/.~$%<{{-])((?:[\w-]+/)*[\w-]+(?:\.[\w-]+)*\.{EXTENSIONS})\b")
HISTORY = re.compile(r"removed in [0-9a-f]{7}")  # "a frozen.py module, removed in 1465750"
WEB = re.compile(r"https?://\S+")
PLACEHOLDER = re.compile(r"[*<>{}]|\.\.\.")
SHARED = re.compile(r"(?:\.\./|/work/)?shared/[\w./-]+")
# an example of a deck that does not exist, in the text of the error it gives (docs/scenarios.md)
ABSENT_ON_PURPOSE = frozenset({"decks/missing.toml"})
SKIPPED_FOLDERS = frozenset({".git", ".venv", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache"})


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@cache
def _project_files() -> tuple[str, ...]:
    files = []
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [s for s in subfolders if s not in SKIPPED_FOLDERS and not s.endswith(".egg-info")]
        relative = Path(folder).relative_to(ROOT).as_posix()
        files += [name if relative == "." else f"{relative}/{name}" for name in names]
    return tuple(files)


@cache
def _code_text() -> str:
    """The application's own source, where the names of the player's data files are written."""
    sources = [ROOT / "main.py", *(p for f in ("game", "scenes", "tools") for p in (ROOT / f).rglob("*.py"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in sources)


def _shared_names(text: str) -> set[str]:
    return {Path(path.rstrip(".")).name for path in SHARED.findall(text)}


def _test_names(source: Path) -> set[str]:
    """`test_x` and `TestClass::test_x` for every test function of the file."""
    names: set[str] = set()
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            names |= {
                f"{node.name}::{f.name}"
                for f in node.body
                if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            }
    return names


def _module_or_name(dotted: str) -> bool:
    """`game.penk.odds` (a module) or `game.penk.circle_chances` (a name written in game/penk)."""
    parts = dotted.split(".")
    for length in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:length])
        module = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if module.is_file():
            rest = parts[length:]
            return not rest or re.search(rf"\b{rest[0]}\b", module.read_text(encoding="utf-8")) is not None
    return False


def _file_is_known(name: str, outside: set[str]) -> bool:
    return (
        name in ABSENT_ON_PURPOSE
        or name in outside
        or any(path == name or path.endswith("/" + name) for path in _project_files())
        or f'"{name}"' in _code_text()
        or f"'{name}'" in _code_text()
    )


def stale_claims(text: str, outside: set[str] | None = None) -> list[str]:
    """What `text` names in the project that is not there, each as written."""
    text = WEB.sub(" ", text)
    outside = _shared_names(text) if outside is None else outside
    stale = []
    for match in PROJECT_PATH.finditer(text):
        path, test = match.group(1).rstrip("."), match.group(2)
        if PLACEHOLDER.search(text[match.start() : match.end() + 3]) or path in ABSENT_ON_PURPOSE:
            continue
        target = ROOT / path
        if not target.exists() and not _module_or_name(path.removesuffix(".py").replace("/", ".")):
            stale.append(path)
        elif test is not None and (not target.is_file() or test[2:] not in _test_names(target)):
            stale.append(path + test)
    for match in DOTTED.finditer(text):
        dotted = match.group(1).rstrip(".")
        if re.search(rf"\.{EXTENSIONS}\b", dotted) is None and not _module_or_name(dotted):
            stale.append(dotted)
    for match in FILE_NAME.finditer(text):
        name = match.group(1)
        if re.match(rf"{FOLDERS}/|shared/", name) or HISTORY.search(text, match.end(), match.end() + 40):
            continue
        if not _file_is_known(name, outside):
            stale.append(name)
    return stale


def test_every_path_module_and_test_the_docs_name_exists() -> None:
    texts = {document.name: document.read_text(encoding="utf-8") for document in _documents()}
    outside = set().union(*(_shared_names(text) for text in texts.values()))
    stale = [f"{name}: {claim}" for name, text in texts.items() for claim in stale_claims(text, outside)]
    assert stale == [], "the docs name what is not there: " + "; ".join(stale)


def test_the_reader_finds_stale_paths_modules_and_tests() -> None:
    text = (
        "`game/goennen/engine.py`, game/penk/gone.py, tests/game/test_view.py::test_no_such_test, "
        "tests/test_docs_paths.py::test_the_reader_finds_stale_paths_modules_and_tests[case], "
        "`game.penk.circle_chances`, `game.penk.no_such_name`, python -m tools.bench, "
        "python -m tools.no_such_tool, `penk/rulebook.py`, `penk/gone.py`, `save-penk.json`, "
        "`nobody-writes.json`, ../shared/design/rules-decisions.md section 7 of rules-decisions.md, "
        "`~/.local/share/goennen-koennen/save.json`, tests/scenes/test_<name>.py, game/penk/*.py, "
        "https://example.org/game/gone.py"
    )
    assert stale_claims(text) == [
        "game/penk/gone.py",
        "tests/game/test_view.py::test_no_such_test",
        "game.penk.no_such_name",
        "tools.no_such_tool",
        "penk/gone.py",
        "nobody-writes.json",
    ]


def test_a_test_in_a_class_is_named_by_its_class(tmp_path: Path) -> None:
    source = tmp_path / "test_x.py"
    source.write_text("def test_a():\n    pass\nclass TestB:\n    def test_c(self):\n        pass\n")
    assert _test_names(source) == {"test_a", "TestB", "TestB::test_c"}


def _children(package: str) -> set[str]:
    """`name/` for each subpackage and `name.py` for each module directly in the package."""
    folder = ROOT / package
    return {f"{p.name}/" for p in folder.iterdir() if (p / "__init__.py").is_file()} | {
        p.name for p in folder.glob("*.py") if p.name != "__init__.py"
    }


def test_the_maps_name_every_package() -> None:
    """scenes/__init__.py maps all of scenes/, docs/scenes.md every package of scenes/ and
    architecture.md's map every package of game/ and scenes/ (a new folder left off a map is a map
    that no longer tells where things are)."""
    scenes_map = (
        ast.get_docstring(ast.parse((ROOT / "scenes" / "__init__.py").read_text(encoding="utf-8"))) or ""
    )
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [
        f"scenes/__init__.py: {name}" for name in sorted(_children("scenes")) if name not in scenes_map
    ]
    missing += [
        f"architecture.md: {package}/{name}"
        for package in ("game", "scenes")
        for name in sorted(_children(package))
        if name.endswith("/") and re.search(rf"(?<![\w/]){name}", architecture) is None
    ]
    scenes_page = (ROOT / "docs" / "scenes.md").read_text(encoding="utf-8")
    missing += [
        f"scenes.md: scenes/{name}"
        for name in sorted(_children("scenes"))
        if name.endswith("/") and f"scenes/{name}" not in scenes_page
    ]
    assert missing == []


IMPORT_LINE = re.compile(
    r"^\s*from ((?:game|scenes|tools)[\w.]*) import ([\w, ]+?)\s*(?:#.*)?$", re.MULTILINE
)


def test_every_import_in_the_docs_examples_works() -> None:
    wrong, checked = [], 0
    for document in _documents():
        for module_name, names in IMPORT_LINE.findall(document.read_text(encoding="utf-8")):
            checked += 1
            module = importlib.import_module(module_name)
            wrong += [
                f"{document.name}: from {module_name} import {name}"
                for name in (n.strip() for n in names.split(","))
                if not hasattr(module, name) and importlib.util.find_spec(f"{module_name}.{name}") is None
            ]
    assert checked >= 7 and wrong == []  # engine.md and penk.md show seven such lines


CITATION = re.compile(r"(docs/[\w-]+\.md),? \"([^\"]+)\"")


def _sections(document: Path) -> list[str]:
    """A page's headings and its run-in bold paragraph titles (`**Hints** (issue 21) ...`)."""
    text = document.read_text(encoding="utf-8")
    return re.findall(r"^#+ (.+)$", text, re.MULTILINE) + re.findall(r"^\*\*([^*]+)\*\*", text, re.MULTILINE)


def test_every_cited_section_of_a_doc_exists() -> None:
    """`docs/bots.md, "The interface"` in a comment or a page names a section that is there."""
    sources = [ROOT / "main.py", *_documents()]
    sources += [
        path for folder in ("game", "scenes", "tools", "tests") for path in (ROOT / folder).rglob("*.py")
    ]
    cited, wrong = 0, []
    for source in sources:
        for page, written in CITATION.findall(source.read_text(encoding="utf-8")):
            title = re.sub(r"\s*\n\s*#?\s*", " ", written)  # a title broken over comment lines
            cited += 1
            if not (ROOT / page).is_file() or not any(s.startswith(title) for s in _sections(ROOT / page)):
                wrong.append(f"{source.relative_to(ROOT)}: {page}, {title!r}")
    assert cited >= 20 and wrong == []


COMMAND = re.compile(r"(?:-m (tools\.\w+)|(?<![\w/])main\.py)([^`|;&\n]*)")


def _program_text(module: str) -> str:
    """The program's source and that of the tools.* modules it imports, where its flags are
    declared (tools.deck_stats takes tools.simulate's game flags)."""
    texts, waiting, seen = [], [module], set()
    while waiting:
        name = waiting.pop()
        source = ROOT / (name.replace(".", "/") + ".py")
        if name in seen or not source.is_file():
            continue
        seen.add(name)
        texts.append(source.read_text(encoding="utf-8"))
        waiting += re.findall(r"^from (tools\.\w+) import", texts[-1], re.MULTILINE)
    return "\n".join(texts)


def test_every_flag_the_docs_give_a_program_is_one_it_takes() -> None:
    """`python -m tools.bench --against X` and `main.py --smoke 1`: the program declares each flag."""
    flags, wrong = 0, []
    for document in _documents():
        for module, arguments in COMMAND.findall(document.read_text(encoding="utf-8")):
            program = _program_text(module or "main")
            for flag in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", arguments):
                flags += 1
                if f'"{flag}"' not in program and f"'{flag}'" not in program:
                    wrong.append(f"{document.name}: {module or 'main.py'} {flag}")
    assert flags >= 200 and wrong == []
