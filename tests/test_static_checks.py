"""Static checks run as part of the suite: ruff on the whole tree, mypy --strict on the engine, the
screens and the launcher (so the screens' small Host interface and the rulebooks are checked)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_passes_on_whole_tree() -> None:
    pytest.importorskip("ruff")
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or "ruff"
    result = _run([ruff, "check", "."])
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes_on_game_scenes_and_main() -> None:
    pytest.importorskip("mypy")
    result = _run([sys.executable, "-m", "mypy", "--strict", "game", "scenes", "main.py"])
    assert result.returncode == 0, result.stdout + result.stderr
