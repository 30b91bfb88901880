"""The running process: how long it has run, and streams for a windowed app to print to.

No pygame here; used by the selftest (time to the first frame, output from a windowed build).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any


def ensure_streams() -> None:
    """Give a windowed app somewhere to print: the parent's console on Windows, else nowhere."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    if sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS
                out = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
                if sys.stdout is None:
                    sys.stdout = out
                if sys.stderr is None:
                    sys.stderr = out
        except (OSError, AttributeError):
            pass
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def process_age() -> float | None:
    """Seconds since this process started, where the system tells (Linux, Windows)."""
    if sys.platform.startswith("linux"):
        try:
            stat = Path("/proc/self/stat").read_text()
            start_ticks = int(stat.rsplit(")", 1)[1].split()[19])
            uptime = float(Path("/proc/uptime").read_text().split()[0])
            return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None
    if sys.platform == "win32":
        try:
            import ctypes
            from ctypes import wintypes

            k32 = ctypes.windll.kernel32
            k32.GetCurrentProcess.restype = wintypes.HANDLE
            times = [wintypes.FILETIME() for _ in range(4)]
            if not k32.GetProcessTimes(k32.GetCurrentProcess(), *[ctypes.byref(t) for t in times]):
                return None
            now = wintypes.FILETIME()
            k32.GetSystemTimeAsFileTime(ctypes.byref(now))

            def ticks(ft: Any) -> int:
                return (ft.dwHighDateTime << 32) | ft.dwLowDateTime

            return (ticks(now) - ticks(times[0])) / 1e7
        except (OSError, AttributeError):
            return None
    return None
