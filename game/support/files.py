"""Writing files so that a crash or a kill never leaves a half-written one.

Every file the project saves (settings, the game in progress, network weights,
bear-off tables, reports) goes through :func:`write_atomic`: the data goes to a
temporary file in the same folder, is flushed to disk, and is then renamed over
the target in one step, so the target holds either the old or the new content.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
import time
from pathlib import Path


class NotRegularFileError(OSError):
    """The path is a folder, a device (``/dev/zero``), a pipe or a socket: nothing a reader reads."""


class FileTooLargeError(OSError):
    """The file holds more bytes than the reader's limit."""


class UnknownHomeError(OSError):
    """A path starts ``~name`` and no user ``name`` is known (``Path.expanduser`` raises RuntimeError)."""


def user_path(text: str | os.PathLike[str]) -> Path:
    """The path the player typed, a leading ``~`` or ``~name`` expanded to that user's home folder
    (:class:`UnknownHomeError`, saying so in words, when there is no such user)."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        head = os.fspath(text).split("/", 1)[0].split(os.sep, 1)[0]
        raise UnknownHomeError(errno.ENOENT, f"{head} is no known user's home folder", text) from None


def writable(out: Path) -> str:
    """Why ``out`` cannot be written ("" when it can), found before any work is done: only a
    regular file is replaced (never a FIFO, a device or a folder), and only in a folder that takes
    a new file."""
    try:
        info = out.stat()
    except FileNotFoundError:
        pass
    except OSError as exc:
        return exc.strerror or str(exc)
    else:
        if not stat.S_ISREG(info.st_mode):
            return "it is not a regular file (a folder, device or pipe); give a new path or a file"
    try:
        fd, tmp = tempfile.mkstemp(prefix=out.name + ".", suffix=".tmp", dir=out.parent)
    except OSError as exc:
        return f"its folder does not take a new file ({exc.strerror or exc})"
    os.close(fd)
    os.unlink(tmp)
    return ""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (a symlink is followed), at most ``limit``.

    Every reader of a file the player or the world can name goes through this: a device such as
    ``/dev/zero`` would grow memory without bound and a FIFO would block for ever, so the file is
    opened without blocking, refused unless it is a regular file (:class:`NotRegularFileError`),
    and read to at most ``limit + 1`` bytes (:class:`FileTooLargeError` past ``limit``). Other
    failures raise OSError as ``open`` does. Each error's ``strerror`` says why in words."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotRegularFileError(errno.EISDIR, "it is a folder, not a file", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFileError(
                errno.EINVAL, "it is not a regular file (a device, pipe or socket)", str(path)
            )
        if info.st_size > limit:
            raise FileTooLargeError(errno.EFBIG, f"it is larger than {limit} bytes", str(path))
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise FileTooLargeError(errno.EFBIG, f"it is larger than {limit} bytes", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


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


def set_aside(path: Path, companions: tuple[str, ...] = ()) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<time>`` beside it (never deleted: the player may
    want it back); the files named ``<name><suffix>`` for each of ``companions`` (a database's
    ``-wal`` and ``-shm``) go with it as ``<new name><suffix>``. Returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    for suffix in companions:
        with contextlib.suppress(FileNotFoundError):
            os.replace(path.with_name(path.name + suffix), target.with_name(target.name + suffix))
    return target
