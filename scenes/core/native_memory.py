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

M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h
LARGE_BLOCK = 128 * 1024  # glibc's own starting threshold


def return_large_blocks() -> bool:
    """Keep large blocks as their own mappings; returns whether the C library took the setting."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # another C library (musl): it has no such threshold
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
