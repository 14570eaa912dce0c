"""Shipped assets can be rebuilt: the sounds from tools/make_sounds.py, the font with its licence."""

from __future__ import annotations

from pathlib import Path

from scenes.core.resources import resource_path
from scenes.core.sound import EFFECTS
from tools import make_sounds


def test_the_committed_sounds_are_what_the_script_makes(tmp_path: Path) -> None:
    make_sounds.main(["--out", str(tmp_path)])
    for name in EFFECTS:
        built = (tmp_path / f"{name}.wav").read_bytes()
        shipped = resource_path(f"assets/sounds/{name}.wav").read_bytes()
        assert built == shipped, f"{name}.wav differs from tools/make_sounds.py output"


def test_every_font_ships_with_its_licence() -> None:
    folder = resource_path("assets/fonts")
    assert list(folder.glob("*.ttf"))
    assert "SIL OPEN FONT LICENSE" in (folder / "OFL.txt").read_text(encoding="utf-8").upper() or (
        "OFL-1.1" in (folder / "OFL.txt").read_text(encoding="utf-8")
    )
