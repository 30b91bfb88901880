"""Where files live: bundled assets (read-only) and the user's own data (writable).

The one place that knows about PyInstaller: when frozen, assets are under
``sys._MEIPASS``; from source, under the project's ``assets/`` folder. Nothing is
ever written inside the bundle: settings and saved games go to the per-user
directory from platformdirs (override with the ``BACKGAMMON_HOME`` environment
variable, which tests use). An asset is read with :func:`read_asset` and its bytes handed to
pygame, never its path, so a device, a FIFO or a huge file in an asset's place is refused at once.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.support.files import read_regular, user_path

APP_NAME = "Backgammon"

MAX_ASSET_BYTES = 64 << 20
"""An asset larger than this is not one (the largest shipped is about a megabyte)."""

REQUIRED_FILES: tuple[str, ...] = (
    "assets/fonts/DejaVuSans.ttf",
    "assets/fonts/DejaVuSans-Bold.ttf",
    "assets/fonts/DejaVuSansMono.ttf",
    "assets/fonts/LICENSE-DejaVu.txt",
    "assets/fonts/NotoSansCJKjp-Regular.subset.otf",
    "assets/fonts/NotoSansCJKjp-Bold.subset.otf",
    "assets/fonts/LICENSE-NotoSansCJK.txt",
    "assets/weights/net.npz",
    "assets/weights/net.npz.sha256",
    "assets/bearoff/bearoff-1s-6pt.npz",
    "assets/bearoff/bearoff-1s-6pt.npz.sha256",
    "assets/icon/icon.png",
    "assets/icon/icon.ico",
    "assets/icon/icon.icns",
)
"""Files every build must hold, relative to :func:`bundle_root` (``/`` separated): the
selftest fails when one is missing or empty. Licence notices shipped with the game belong here."""


def bundle_root() -> Path:
    """The folder that holds ``assets/``: the PyInstaller bundle, or the source tree."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return bundle_root().joinpath("assets", *parts)


def read_asset(path: Path) -> bytes:
    """The bytes of the asset file ``path`` (e.g. from :func:`asset_path`): a regular file only, at
    most :data:`MAX_ASSET_BYTES` (:func:`game.support.files.read_regular`; OSError otherwise, its
    ``strerror`` saying why in words)."""
    return read_regular(path, MAX_ASSET_BYTES)


def user_data_dir() -> Path:
    """The per-user folder for settings and saved games (created on demand). ``BACKGAMMON_HOME``
    may start with ``~`` or ``~name``; one naming no known user raises
    :class:`game.support.files.UnknownHomeError` (an OSError, as when the folder cannot be made)."""
    override = os.environ.get("BACKGAMMON_HOME")
    if override:
        path = user_path(override)
    else:
        from platformdirs import user_data_path

        path = user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def missing_files(root: Path | None = None, required: tuple[str, ...] | None = None) -> list[str]:
    """The ``required`` files (default :data:`REQUIRED_FILES`) that are absent or empty under
    ``root`` (default: :func:`bundle_root`)."""
    base = bundle_root() if root is None else root
    missing = []
    for name in REQUIRED_FILES if required is None else required:
        path = base.joinpath(*name.split("/"))
        try:
            if path.is_file() and path.stat().st_size > 0:
                continue
        except OSError:
            pass
        missing.append(name)
    return missing
