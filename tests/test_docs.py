"""Docs that stay true: every project path and every test named in docs/*.md and the README
exists (a moved file or a renamed test makes a stale claim, and this test says where)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATH = re.compile(r"(?<![\w/.])((?:game|scenes|tools|tests|assets|docs|\.ci)/[\w./-]*[\w/])(?:::(\w+))?")
TOOL = re.compile(r"python -m (tools\.\w+)")
NOT_PATHS = ("../", "http")


def _documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _claims(text: str) -> list[tuple[str, str | None]]:
    claims: list[tuple[str, str | None]] = []
    for match in PATH.finditer(text):
        path, name = match.group(1), match.group(2)
        if any(word in path for word in ("*", "<", "{")):
            continue
        claims.append((path.rstrip("."), name))
    claims += [(module.replace(".", "/") + ".py", None) for module in TOOL.findall(text)]
    return claims


def _names_an_attribute(path: str) -> bool:
    """`scenes/history/words.archive_trouble`: a module's function, class or constant."""
    module, _, name = path.rpartition(".")
    source = ROOT / (module + ".py")
    return (
        bool(name)
        and source.is_file()
        and re.search(rf"\b{name}\b", source.read_text(encoding="utf-8")) is not None
    )


def test_every_path_and_test_the_docs_name_exists() -> None:
    stale = []
    for document in _documents():
        text = document.read_text(encoding="utf-8")
        for path, name in _claims(text):
            target = ROOT / path
            if not target.exists() and not (ROOT / (path + ".py")).exists() and not _names_an_attribute(path):
                stale.append(f"{document.name}: {path}")
                continue
            if name is not None and target.is_file():
                if not re.search(rf"def {name}\b", target.read_text(encoding="utf-8")):
                    stale.append(f"{document.name}: {path}::{name}")
    assert stale == [], "the docs name what is not there: " + "; ".join(stale)


def test_the_claim_reader_finds_paths_and_test_names() -> None:
    text = "see `game/engine.py`, tests/game/test_view.py::test_x and python -m tools.bench."
    assert _claims(text) == [
        ("game/engine.py", None),
        ("tests/game/test_view.py", "test_x"),
        ("tools/bench.py", None),
    ]
