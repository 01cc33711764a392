"""Reading a file a player names (a word list, a save, an authorized_keys file): only a regular file of a sane size.

A FIFO would hang the read, ``/dev/zero`` would fill memory, and a huge file take minutes: each is refused at once,
before a byte of it is read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


def size_text(size: int) -> str:
    return f"{size // 2**20} MiB" if size >= 2**20 else f"{size // 2**10} KiB"


def open_regular(path: Path, limit: int) -> BinaryIO:
    """``path``, open to read, if it is a regular file of at most ``limit`` bytes. Otherwise ValueError, in words
    that follow "is" ("not a regular file"); OSError when it cannot be opened at all.

    It is opened without waiting (a FIFO with no writer would wait), and what was opened is what is checked."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{size_text(info.st_size)}, too large (the limit is {size_text(limit)})")
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, checked as ``open_regular`` checks them."""
    with open_regular(path, limit) as f:
        data = f.read(limit + 1)  # the file may have grown since it was checked
    if len(data) > limit:
        raise ValueError(f"too large (the limit is {size_text(limit)})")
    return data
