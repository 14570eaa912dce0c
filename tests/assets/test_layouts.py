"""Every Tiled layout opens headless and has the regions its screen needs, on the screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.core.layout import REQUIRED, SCREEN_SIZE, LayoutError, read_layout
from scenes.core.resources import resource_path

LAYOUT_FOLDER = resource_path("assets/layouts")


@pytest.mark.parametrize("screen", sorted(REQUIRED))
def test_layout_has_every_region_its_screen_needs(screen: str) -> None:
    layout = read_layout(screen, REQUIRED[screen])
    screen_rect = pygame.Rect((0, 0), SCREEN_SIZE)
    for name in REQUIRED[screen]:
        assert screen_rect.contains(layout[name]), f"{screen}.tmx: {name} leaves the screen"


def test_every_layout_file_belongs_to_a_screen() -> None:
    files = {path.stem for path in LAYOUT_FOLDER.glob("*.tmx")}
    assert files == set(REQUIRED)


def _write(tmp_path: Path, objects: str) -> str:
    path = tmp_path / "broken.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="80" height="45" '
        'tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="9">\n'
        f' <objectgroup id="1" name="regions">\n{objects}\n </objectgroup>\n</map>\n',
        encoding="utf-8",
    )
    return str(path)


def test_a_missing_region_is_reported_by_file_and_name(tmp_path: Path) -> None:
    path = _write(tmp_path, '  <object id="1" name="logo" x="0" y="0" width="10" height="10"/>')
    with pytest.raises(LayoutError, match=r"broken\.tmx: region 'menu' is missing"):
        read_layout("broken", ("logo", "menu"), path=path)


def test_a_region_off_the_screen_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path, '  <object id="1" name="menu" x="1200" y="0" width="200" height="10"/>')
    with pytest.raises(LayoutError, match=r"broken\.tmx: region 'menu' lies outside"):
        read_layout("broken", ("menu",), path=path)


def test_a_file_that_is_not_xml_is_reported_by_name(tmp_path: Path) -> None:
    path = tmp_path / "garbage.tmx"
    path.write_text("this is not a map", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"garbage\.tmx"):
        read_layout("garbage", (), path=str(path))
