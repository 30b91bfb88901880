"""Start-up: seconds from launch to the first frame, from source and from the built app.

Runs ``main.py --selftest --first-frame`` (which opens the real game window under
SDL's dummy driver, draws its first frame and reports the time since the process
started) a few times and keeps the median, both from source and, when it has been
built, from the PyInstaller app (``dist/Backgammon`` or the folder in the
``BACKGAMMON_DIST`` environment variable). Also the whole run's wall time, which
adds the exit. The app folder's size is reported too.

Figures: ``first_frame_s_source``, ``first_frame_s_app``, ``launch_to_exit_s_app``,
``app_folder_mb``.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def app_folder() -> Path:
    """Where the built one-folder app is looked for."""
    return Path(os.environ.get("BACKGAMMON_DIST", PROJECT / "dist" / "Backgammon"))


def _executable(folder: Path) -> Path:
    return folder / ("Backgammon.exe" if sys.platform == "win32" else "Backgammon")


def first_frame(command: list[str], runs: int) -> tuple[float, float]:
    """Median (first-frame seconds as the app reports them, launch-to-exit wall seconds)."""
    frames, walls = [], []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, BACKGAMMON_HOME=home)
        for _ in range(runs):
            started = time.perf_counter()
            proc = subprocess.run(
                [*command, "--selftest", "--first-frame"],
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
            )
            walls.append(time.perf_counter() - started)
            match = re.search(r"first frame in ([0-9.]+) s", proc.stdout)
            if proc.returncode != 0 or match is None:
                raise RuntimeError(f"{command[-1]} --first-frame failed: {proc.stdout}{proc.stderr}")
            frames.append(float(match.group(1)))
    return statistics.median(frames), statistics.median(walls)


def folder_mb(folder: Path) -> float:
    """Total size of the files in a folder, in MB (10^6 bytes)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def run(quick: bool) -> dict[str, float]:
    """The start-up figures (the app's only when it has been built)."""
    runs = 1 if quick else 5
    figures: dict[str, float] = {}
    figures["first_frame_s_source"], _ = first_frame([sys.executable, str(PROJECT / "main.py")], runs)
    folder = app_folder()
    if _executable(folder).exists():
        frame, wall = first_frame([str(_executable(folder))], runs)
        figures["first_frame_s_app"] = frame
        figures["launch_to_exit_s_app"] = wall
        figures["app_folder_mb"] = folder_mb(folder)
    return figures


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("startup", __doc__, run))
