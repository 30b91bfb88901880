"""Where files live: bundled assets (read-only) and the user's own data (writable).

The one place that knows about PyInstaller: when frozen, assets are under
``sys._MEIPASS``; from source, under the project's ``assets/`` folder. Nothing is
ever written inside the bundle: settings and saved games go to the per-user
directory from platformdirs (override with the ``BACKGAMMON_HOME`` environment
variable, which tests use).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Backgammon"


def bundle_root() -> Path:
    """The folder that holds ``assets/``: the PyInstaller bundle, or the source tree."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``."""
    return bundle_root().joinpath("assets", *parts)


def user_data_dir() -> Path:
    """The per-user folder for settings and saved games (created on demand)."""
    override = os.environ.get("BACKGAMMON_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_path

        path = user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
