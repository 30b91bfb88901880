"""Looking at processes from tests (Linux /proc): who is below a process, and who still runs."""

from __future__ import annotations

import contextlib
import signal
import time
from pathlib import Path


def children(pid: int) -> set[int]:
    """The direct child processes of ``pid``."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found.update(int(c) for c in (task / "children").read_text().split())
    return found


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for kid in children(todo.pop()) - found:
            found.add(kid)
            todo.append(kid)
    return found


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def with_ctrl_c() -> None:
    """``preexec_fn`` for a program a test stops with Ctrl+C: its SIGINT as in a terminal's
    foreground, even when the tests themselves were started in the background (a shell's ``&``
    starts them with SIGINT ignored, and children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_children(pid: int, timeout: float = 60.0) -> set[int]:
    """The child processes of ``pid`` once it has started one (a game: the AI's process, started
    with the window); empty when none came within ``timeout`` seconds or this system has no /proc."""
    deadline = time.monotonic() + timeout
    while not (kids := children(pid)) and time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.05)
    return kids
