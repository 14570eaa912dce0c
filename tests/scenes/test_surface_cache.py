"""Rendered text and cards are kept within a budget of pixel memory, least recently used first out."""

from __future__ import annotations

import pygame

from scenes.core import fonts, surface_cache
from scenes.core.surface_cache import SurfaceCache


def _surface(width: int) -> pygame.Surface:
    return pygame.Surface((width, 10), pygame.SRCALPHA)  # 4 bytes a pixel: width * 40 bytes


def test_the_least_recently_used_surface_goes_first_once_over_budget() -> None:
    cache = SurfaceCache("test", budget_bytes=3 * 4000)
    for key in ("a", "b", "c"):
        cache.put(key, _surface(100))
    assert cache.get("a") is not None  # "b" is now the least recently used
    cache.put("d", _surface(100))
    assert cache.get("b") is None
    assert all(cache.get(key) is not None for key in ("a", "c", "d"))
    assert cache.bytes == 3 * 4000


def test_replacing_a_key_counts_its_pixels_once() -> None:
    cache = SurfaceCache("test", budget_bytes=10**6)
    cache.put("a", _surface(100))
    cache.put("a", _surface(200))
    assert len(cache) == 1 and cache.bytes == 8000


def test_a_surface_larger_than_the_budget_is_still_kept_alone() -> None:
    cache = SurfaceCache("test", budget_bytes=100)
    cache.put("a", _surface(10))
    big = cache.put("b", _surface(100))
    assert cache.get("b") is big and cache.get("a") is None


def test_text_that_never_repeats_stays_within_the_text_budget() -> None:
    pygame.font.init()
    budget = fonts._text_cache.budget_bytes
    for number in range(3000):
        fonts.text(f"Player {number} wrote 5 on S{number % 49}", 22, (255, 255, 255), "bold")
    assert fonts._text_cache.bytes <= budget
    assert surface_cache.pixel_bytes() >= fonts._text_cache.bytes
