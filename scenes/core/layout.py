"""Screen regions from Tiled layouts: assets/layouts/<screen>.tmx, object layer "regions".

Each named rectangle there is a region a scene places things in. Layouts are read once (images
are never loaded, so this works headless) into plain pygame.Rects. A broken layout raises
LayoutError naming the file and the region; the screens' `layout` then reports the damaged file
and uses the regions as shipped (builtin_layouts.py), so the game goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.etree.ElementTree import ParseError

import pygame
import pytmx  # type: ignore[import-untyped]

from scenes.core import shipped
from scenes.core.builtin_layouts import REGIONS as BUILTIN_REGIONS
from scenes.core.resources import resource_path

SCREEN_SIZE = (1280, 720)
REGIONS_LAYER = "regions"

# The regions each screen's scene looks up; the layout test checks every file has them.
REQUIRED: dict[str, tuple[str, ...]] = {
    "title": ("logo", "tagline", "menu", "cards", "dice", "footer", "notice"),
    "newgame": ("heading", "game", "seats", "start_player", "start", "back", "hint"),
    "settings": ("heading", "options", "back", "hint"),
    "rules": ("heading", "text", "pictures", "previous", "next", "page", "back"),
    "pause": ("panel", "heading", "menu"),
    "confirm": ("panel", "heading", "message", "cancel", "confirm"),
    "continue": ("heading", "slots", "hint", "back"),
    "table": ("header", "market", "dice", "site", "controls", "bonus", "prompt", "display", "log", "others"),
    "deal": ("heading", "prompt", "hand", "display", "buttons", "hint"),
    "scoring": ("heading", "seats", "breakdown", "winner", "buttons"),
    "pass": ("panel", "heading", "message", "button"),
    "penk": ("header", "title", "sheet", "hint", "prompt", "dice", "controls", "others"),
    "penk_scoring": ("heading", "sheets", "winner", "buttons"),
    "solo": (
        "heading",
        "notice",
        "card",
        "details",
        "play",
        "bot",
        "watch",
        "campaign",
        "campaign_button",
        "hint",
        "back",
    ),
    "solo_end": ("heading", "display", "breakdown", "result", "back", "again", "next"),
    "campaign": ("heading", "track", "bank", "panel", "back", "secondary", "primary", "hint"),
    "watch": ("heading", "panel", "speed", "hint", "back", "start"),
    "archive": ("heading", "filters", "games", "hint", "back", "actions"),
    "statistics": ("heading", "tallies", "chart", "histogram", "cards", "back", "hint"),
}


class LayoutError(ValueError):
    """A layout file cannot be used; the message names the file and the region."""


@dataclass(frozen=True)
class Layout:
    name: str
    regions: dict[str, pygame.Rect]

    def __getitem__(self, region: str) -> pygame.Rect:
        try:
            return self.regions[region].copy()  # a copy: callers may move it freely
        except KeyError:
            raise LayoutError(f"layout {self.name}.tmx: region {region!r} is missing") from None


def layout_file(name: str) -> str:
    return str(resource_path(f"assets/layouts/{name}.tmx"))


def read_layout(name: str, required: Iterable[str] = (), path: str | None = None) -> Layout:
    """Read and check one layout file (uncached: the layout test uses this)."""
    path = path or layout_file(name)
    file_name = Path(path).name
    try:
        tiled = pytmx.TiledMap(path, load_all=False)
    except FileNotFoundError:
        raise LayoutError(f"layout {file_name}: file not found") from None
    except (ParseError, ValueError, KeyError, TypeError, LookupError) as error:  # LookupError: encoding
        raise LayoutError(f"layout {file_name}: not a readable Tiled map ({error})") from None
    layers = [layer for layer in tiled.layers if isinstance(layer, pytmx.TiledObjectGroup)]
    group = next((layer for layer in layers if layer.name == REGIONS_LAYER), None)
    if group is None:
        raise LayoutError(f"layout {file_name}: no object layer named {REGIONS_LAYER!r}")
    screen = pygame.Rect((0, 0), SCREEN_SIZE)
    regions: dict[str, pygame.Rect] = {}
    for item in group:
        region = item.name
        if not region:
            raise LayoutError(f"layout {file_name}: an object at ({item.x}, {item.y}) has no name")
        if region in regions:
            raise LayoutError(f"layout {file_name}: region {region!r} appears twice")
        rect = pygame.Rect(round(item.x), round(item.y), round(item.width), round(item.height))
        if rect.width <= 0 or rect.height <= 0:
            raise LayoutError(f"layout {file_name}: region {region!r} has no area")
        if not screen.contains(rect):
            raise LayoutError(f"layout {file_name}: region {region!r} lies outside the 1280x720 screen")
        regions[region] = rect
    for region in required:
        if region not in regions:
            raise LayoutError(f"layout {file_name}: region {region!r} is missing")
    return Layout(name, regions)


@cache
def layout(name: str) -> Layout:
    """The checked layout of a screen, read once; the shipped regions if its file is damaged."""
    try:
        return read_layout(name, REQUIRED.get(name, ()))
    except LayoutError as error:
        if name not in BUILTIN_REGIONS:
            raise
        shipped.report(Path(layout_file(name)).name, str(error))
        return builtin_layout(name)


def builtin_layout(name: str) -> Layout:
    """A screen's regions as shipped, from builtin_layouts.py (no file read)."""
    return Layout(name, {region: pygame.Rect(box) for region, box in BUILTIN_REGIONS[name].items()})
