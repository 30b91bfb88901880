"""No process outlives the game: ``kill -9`` of the game while the AI thinks takes the worker with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import descendants, is_running

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

# A stand-in for the game: starts the worker (from the main thread, or from a thread that then
# ends, where Linux's parent-death signal does not apply and only the pipe tells the child),
# starts a long search, reports the worker's pid and multiprocessing's resource tracker's (spawn
# starts one on POSIX), and waits.
PARENT = """
import sys, threading, time
import multiprocessing.resource_tracker as rt
from ai.worker.transport import AIWorker
from ai.worker.messages import Request
from ai.evaluation.load import hand_evaluator
from game.rules.position import Position

box = []
def make():
    w = AIWorker("process", hand_evaluator)
    assert w.wait_ready(60)
    busy = Position.from_id("4HPwATDgc/ABMA")
    w.start(Request("move", busy, (6, 5), depth=4))
    box.append(w)
if sys.argv[1] == "thread":
    t = threading.Thread(target=make)
    t.start()
    t.join()
else:
    make()
time.sleep(0.5)
print(box[0]._proc.pid, rt._resource_tracker._pid, flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("started_from", ["main", "thread"])
def test_kill_9_of_the_game_while_the_ai_thinks_leaves_no_process(started_from: str) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, started_from],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    try:
        assert parent.stdout is not None
        worker_pid, tracker = parent.stdout.readline().split()
        below = descendants(parent.pid)
        assert int(worker_pid) in below
        if tracker != "None":  # spawn on POSIX starts it; it must end with the others
            assert int(tracker) in below
        assert is_running(int(worker_pid))
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and any(is_running(p) for p in below):
        time.sleep(0.05)
    left = sorted(p for p in below if is_running(p))
    assert not left, f"still running 5 s after the game was killed: {left}"


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
def test_a_signal_while_the_worker_starts_is_held_then_delivered() -> None:
    from ai.worker.transport import _no_ctrl_c

    seen: list[str] = []
    before = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append("handled"))
    try:
        with _no_ctrl_c():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)
            seen.append("inside")
        seen.append("after")
    finally:
        signal.signal(signal.SIGTERM, before)
    assert seen == ["inside", "handled", "after"]


FIRST_CHILD = """
import multiprocessing, os, signal
from ai.worker.transport import _no_ctrl_c
if __name__ == "__main__":
    ctx = multiprocessing.get_context("spawn")
    with _no_ctrl_c():
        child = ctx.Process(target=os.getpid)
        child.start()
        print(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
    child.join()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signal masks")
def test_ctrl_c_stays_held_while_a_fresh_process_starts_its_first_child(tmp_path: Path) -> None:
    """The first spawned child starts multiprocessing's resource tracker, which unblocks Ctrl+C
    behind it: the hold must outlast that, or a Ctrl+C then kills the child as its interpreter
    starts ("Fatal Python error ... KeyboardInterrupt")."""
    import subprocess

    script = tmp_path / "first_child.py"
    script.write_text(FIRST_CHILD, encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=60,
        check=True,
    )
    assert out.stdout.split() == ["True"], out.stderr
