"""Reading a text file that may be hostile: a regular file only (never a device or a pipe,
which could hang or never end), at most a size cap, UTF-8 with an error that names the file
and the byte where decoding failed."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileInputError(ValueError):
    """A file that cannot be read as the text the caller expects."""


def read_text(path: str | Path, limit: int, what: str = "file") -> str:
    """The text of ``path``, decoded as UTF-8; at most ``limit`` bytes are read."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise FileInputError(f"{p}: not a regular file (a {what} must be a file)")
            if st.st_size > limit:
                raise FileInputError(f"{p}: {st.st_size} bytes; a {what} may have at most {limit} bytes")
            data = f.read(limit + 1)
    except OSError as e:
        raise FileInputError(f"{p}: cannot read: {e.strerror or e}") from None
    if len(data) > limit:  # the file grew while it was read
        raise FileInputError(f"{p}: a {what} may have at most {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FileInputError(f"{p}:{line}: not UTF-8 text (byte {e.start}: {data[e.start:e.start + 1]!r}); "
                             f"save the {what} as UTF-8") from None


__all__ = ["FileInputError", "read_text"]
