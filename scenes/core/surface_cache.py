"""Rendered surfaces kept for reuse, bounded by the pixel memory they hold.

Text and cards are rendered once and blitted every frame. Their keys never stop changing over a
long evening (every written field is a new look of a card), so a cache must forget: this one drops
the least recently used surfaces once their pixels pass a budget in bytes. Pixels live outside
Python's heap, so a count of entries says little about the memory they hold.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame

_ALL: list[SurfaceCache] = []


class SurfaceCache:
    def __init__(self, name: str, budget_bytes: int) -> None:
        self.name = name
        self.budget_bytes = budget_bytes
        self.bytes = 0
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        _ALL.append(self)

    def __len__(self) -> int:
        return len(self._surfaces)

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        old = self._surfaces.pop(key, None)
        if old is not None:
            self.bytes -= _pixel_bytes(old)
        self._surfaces[key] = surface
        self.bytes += _pixel_bytes(surface)
        while self.bytes > self.budget_bytes and len(self._surfaces) > 1:
            _, dropped = self._surfaces.popitem(last=False)
            self.bytes -= _pixel_bytes(dropped)
        return surface

    def clear(self) -> None:
        self._surfaces.clear()
        self.bytes = 0


def _pixel_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def pixel_bytes() -> int:
    """The pixel memory every surface cache holds now (tools/memory.py reports it)."""
    return sum(cache.bytes for cache in _ALL)
