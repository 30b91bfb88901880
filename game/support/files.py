"""Writing files so that a crash or a kill never leaves a half-written one.

Every file the project saves (settings, the game in progress, network weights,
bear-off tables, reports) goes through :func:`write_atomic`: the data goes to a
temporary file in the same folder, is flushed to disk, and is then renamed over
the target in one step, so the target holds either the old or the new content.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def checksum_path(path: Path) -> Path:
    """Where the SHA-256 of a file is kept: beside it, with ``.sha256`` added."""
    return path.with_name(path.name + ".sha256")


def write_with_checksum(path: Path, data: bytes) -> str:
    """Write ``data`` atomically and its SHA-256 beside it (``sha256sum`` format); returns the digest."""
    digest = hashlib.sha256(data).hexdigest()
    write_atomic(path, data)
    write_atomic(checksum_path(path), f"{digest}  {path.name}\n".encode())
    return digest
