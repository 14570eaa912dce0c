"""Freed pixel memory goes back to the system (Linux with glibc; elsewhere nothing changes).

A screen full of pixels is a block of some megabytes outside Python's heap. glibc hands out such
large blocks as separate mappings, but after the first one is freed it raises its threshold for
that, so the next ones come from the heap; freed there, they leave holes the process keeps. Over
hundreds of games that is memory the process holds but never uses (docs/performance.md).
A fixed threshold keeps every large block a mapping that is returned when it is freed.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h
LARGE_BLOCK = 128 * 1024  # glibc's own starting threshold


def _libc_function(name: str) -> Any:
    """glibc's function `name`, or None on another system or C library (musl has no such calls)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL("libc.so.6"), name)
    except (OSError, AttributeError):
        return None


def give_back_free_heap() -> bool:
    """Return the heap's free pages to the system (malloc_trim); whether the C library did.

    Blocks freed below the top of the heap stay the process's until it is trimmed: over an evening
    of games they add up to several MB of free heap held (docs/performance.md). Asked between two
    screens, where its milliseconds do not show."""
    trim = _libc_function("malloc_trim")
    if trim is None:
        return False
    trim.argtypes = (ctypes.c_size_t,)
    trim.restype = ctypes.c_int
    return bool(trim(0))


def return_large_blocks() -> bool:
    """Keep large blocks as their own mappings; returns whether the C library took the setting."""
    mallopt = _libc_function("mallopt")
    if mallopt is None:
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
