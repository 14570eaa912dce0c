"""Reading a file the game or a tool was pointed at, whatever it is: only a plain file is read, at
most a given number of bytes, and opened without waiting. A named pipe would wait for a writer for
ever, and /dev/zero would be read until memory runs out."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotAPlainFile(OSError):
    """The path names a pipe, a device or a socket, not a file."""


def read_plain(path: Path, limit: int) -> bytes:
    """At most `limit` bytes of the plain file `path` (a caller that gets `limit` bytes knows the
    file may be longer); raises NotAPlainFile, IsADirectoryError, or OSError when it cannot be opened."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "a folder has the file's name", str(path))
        if not stat.S_ISREG(mode):
            raise NotAPlainFile(errno.EINVAL, "not a plain file (a pipe or a device)", str(path))
        chunks: list[bytes] = []
        left = limit
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def read_plain_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the plain file `path`; ValueError when it is longer than `limit` bytes or
    not UTF-8 (UnicodeDecodeError), OSError as read_plain."""
    raw = read_plain(path, limit + 1)
    if len(raw) > limit:
        raise ValueError(f"larger than {limit:,} bytes")
    return raw.decode("utf-8")
