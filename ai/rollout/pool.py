"""A rollout's trials on every core: one process per job, each playing its share of the rounds.

Round ``r`` (trials ``36 r`` to ``36 r + 35``) goes to job ``r % jobs``. A trial's dice depend on
the seed and its number only (:mod:`ai.rollout.dice`), so which job plays it changes nothing: the
games are the same for any number of jobs (the answer too, but for the last digits: the
evaluation's float32 batches are cut differently). Each job is a child process (the ``spawn`` start
method, as the AI worker's, so it behaves the same everywhere and in the bundled game) that gets
the task and the evaluator once, and sends each round's values back over a pipe as it finishes
(and where the round stands after each ply, so that a long round shows its progress);
the owner collects them (:meth:`Jobs.collect`) and may stop them at any time (:meth:`Jobs.close`),
which the jobs notice between plies. A job dies with its owner: when the owner's end of the pipe
closes (however the owner ended), and on Linux by the kernel's parent-death signal.

With one job the rounds are played in the caller's own process (:class:`InProcess`), with no
process started at all.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from ai.evaluation.evaluator import Evaluator
from ai.rollout.play import Player, PlyDone, Task, TrialValues
from ai.rollout.settings import ROUND
from ai.search import Stopped

JOB_NICENESS = 5
"""How much lower a job's priority is than its owner's (POSIX ``nice``), so a window stays smooth."""

PR_SET_PDEATHSIG = 1


def default_jobs() -> int:
    """Every core this process may use: a rollout's default number of jobs."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def round_trials(r: int, trials: int) -> range:
    """The trial numbers of round ``r`` of a rollout of ``trials`` trials."""
    return range(ROUND * r, min(ROUND * (r + 1), trials))


OnPly = Callable[[int, PlyDone], None]
"""Told where round ``r``'s games stand after each of its plies, while it is played."""


class InProcess:
    """The rounds played one after the other in this process."""

    def __init__(self, task: Task, evaluator: Evaluator, rounds: int, on_ply: OnPly | None = None) -> None:
        self._player = Player(task, evaluator)
        self._trials = task.settings.trials
        self._next = 0
        self._rounds = rounds
        self._on_ply = on_ply

    def collect(
        self, should_stop: Callable[[], bool] | None, timeout: float
    ) -> Iterator[tuple[int, TrialValues | PlyDone]]:
        """The next round's values, its plies told to ``on_ply`` on the way (raises
        :class:`ai.search.Stopped` when ``should_stop()``)."""
        if self._next < self._rounds:
            r = self._next
            self._next += 1
            told = self._on_ply
            tell = None if told is None else lambda done: told(r, done)
            yield r, self._player.play(round_trials(r, self._trials), should_stop, tell)

    @property
    def running(self) -> bool:
        return self._next < self._rounds

    def close(self) -> None:
        self._next = self._rounds


class Jobs:
    """The rounds shared among ``jobs`` child processes."""

    def __init__(self, task: Task, evaluator: Evaluator, rounds: int, jobs: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        self._open: set[int] = set()
        with _children_allowed():
            for j in range(jobs):
                mine, theirs = ctx.Pipe(duplex=True)
                proc = ctx.Process(
                    target=_job_main,
                    args=(theirs, task, evaluator, list(range(j, rounds, jobs)), os.getpid()),
                    daemon=True,
                    name=f"rollout-job-{j}",
                )
                proc.start()
                theirs.close()
                self._conns.append(mine)
                self._procs.append(proc)
                self._open.add(j)

    @property
    def running(self) -> bool:
        return bool(self._open)

    def collect(
        self, should_stop: Callable[[], bool] | None, timeout: float
    ) -> Iterator[tuple[int, TrialValues | PlyDone]]:
        """Rounds finished within ``timeout`` seconds, and where the rounds under way stand after each
        ply; raises :class:`RuntimeError` if a job failed."""
        live = [self._conns[j] for j in sorted(self._open)]
        for conn in wait(live, timeout):
            assert isinstance(conn, Connection)
            j = self._conns.index(conn)
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                self._open.discard(j)
                code = self._procs[j].exitcode
                raise RuntimeError(f"a rollout job stopped unexpectedly (exit code {code})") from None
            if msg[0] in ("values", "ply"):
                yield msg[1], msg[2]
            elif msg[0] == "done":
                self._open.discard(j)
            elif msg[0] == "failed":
                self._open.discard(j)
                raise RuntimeError(f"a rollout job failed: {msg[1]}")

    def close(self) -> None:
        """Stop every job and wait for it to end (killed after a second)."""
        for conn in self._conns:
            with contextlib.suppress(OSError, ValueError):
                conn.send("stop")
        for proc in self._procs:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=1.0)
        for conn in self._conns:
            with contextlib.suppress(OSError):
                conn.close()
        self._open.clear()

    @property
    def pids(self) -> list[int]:
        """The jobs' process ids (for tests)."""
        return [p.pid for p in self._procs]


@contextlib.contextmanager
def _children_allowed() -> Iterator[None]:
    """Let this process start jobs even if it is itself a daemonic child (the AI worker is one:
    multiprocessing refuses children to those, lest they outlive it). The jobs die with their
    owner anyway (see the module docstring)."""
    me = multiprocessing.current_process()
    was = me.daemon
    try:
        if was:
            me.daemon = False
    except AssertionError:  # pragma: no cover - a started process object of another kind
        was = False
    try:
        yield
    finally:
        if was:
            me.daemon = True


def _job_main(conn: Connection, task: Task, evaluator: Evaluator, rounds: list[int], owner: int) -> None:
    """A job: play its rounds, send each one's values, stop when told or when the owner is gone."""
    with contextlib.suppress(ValueError, OSError):  # Ctrl+C is the owner's to handle
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(owner)
    _keep_freed_memory()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(JOB_NICENESS)
    from ai.blas import use_one_thread

    use_one_thread()
    stopped = [False]

    def should_stop() -> bool:
        if not stopped[0]:
            try:
                if conn.poll():
                    conn.recv()
                    stopped[0] = True
            except (EOFError, OSError):
                os._exit(0)  # the owner is gone
        return stopped[0]

    player = Player(task, evaluator)
    try:
        for r in rounds:
            if should_stop():
                break

            def tell(done: PlyDone, r: int = r) -> None:
                conn.send(("ply", r, done))

            values = player.play(round_trials(r, task.settings.trials), should_stop, tell)
            conn.send(("values", r, values))
        conn.send(("done",))
    except Stopped:
        with contextlib.suppress(OSError):
            conn.send(("done",))
    except Exception as exc:
        with contextlib.suppress(OSError):
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
"""glibc's ``mallopt`` parameters."""

KEEP_BYTES = 64 << 20
"""Freed blocks up to this size stay in the job's heap instead of going back to the system."""


def _keep_freed_memory() -> None:
    """With glibc, keep the large blocks each ply allocates and frees in the heap: a job otherwise
    maps and unmaps them afresh every ply, and the page faults cost a sixth of its time in the
    kernel (measured: 2.7 s of system time against 0.3 s in a 12 s rollout of two jobs)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        libc.mallopt(M_MMAP_THRESHOLD, KEEP_BYTES)
        libc.mallopt(M_TRIM_THRESHOLD, 2 * KEEP_BYTES)
    except (ImportError, OSError, AttributeError):
        return


def _die_with(owner: int) -> None:
    """On Linux, ask the kernel to kill this job when its owner dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (ImportError, OSError, AttributeError):
        return
    if os.getppid() != owner:  # the owner died before we asked
        os._exit(0)
