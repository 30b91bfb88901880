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

:class:`Crew` is the other way to use every core, for many short rollouts (the analysis's second
look at each decision it reports): a few processes started once, each holding the evaluator and
playing whole rollouts, one at a time, handed out as they come free. They stop, end and die with
their owner as the jobs do.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, Protocol, TypeVar

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
                code = _exit_code(self._procs[j])
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
        _stop_all(self._conns, self._procs, "stop")
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


def _stop_all(conns: Sequence[Connection], procs: Sequence[Any], word: object) -> None:
    """Tell each process ``word`` (stop), wait for it to end (killed after a second), close the
    pipes."""
    for conn in conns:
        with contextlib.suppress(OSError, ValueError):
            conn.send(word)
    for proc in procs:
        proc.join(timeout=1.0)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout=1.0)
    for conn in conns:
        with contextlib.suppress(OSError):
            conn.close()


class _StopSignal:
    """A process's ``should_stop``: true once its owner sent a word on ``conn`` (only "stop" comes
    while work is under way); the process ends at once when the owner is gone."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.stopped = False
        """The owner said stop."""

    def __call__(self) -> bool:
        if not self.stopped:
            try:
                if self.conn.poll():
                    self.conn.recv()
                    self.stopped = True
            except (EOFError, OSError):
                os._exit(0)  # the owner is gone
        return self.stopped


def _settle_in(conn: Connection, owner: int) -> _StopSignal:
    """A job's or a crew's process set up to work beside the window: Ctrl+C left to the owner, gone
    with the owner, freed memory kept, the lowest priority, one BLAS thread; its stop signal."""
    with contextlib.suppress(ValueError, OSError):  # Ctrl+C is the owner's to handle
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(owner)
    _keep_freed_memory()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(JOB_NICENESS)
    from ai.blas import use_one_thread

    use_one_thread()
    return _StopSignal(conn)


def _job_main(conn: Connection, task: Task, evaluator: Evaluator, rounds: list[int], owner: int) -> None:
    """A job: play its rounds, send each one's values, stop when told or when the owner is gone."""
    should_stop = _settle_in(conn, owner)

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


T_contra = TypeVar("T_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


def _exit_code(proc: Any) -> int | None:
    """The exit code of a child whose pipe has ended, waiting a moment for it to be reaped (None if
    it has not ended by then)."""
    proc.join(timeout=1.0)
    code: int | None = proc.exitcode
    return code


class Work(Protocol[T_contra, R_co]):
    """What a :class:`Crew` does with each item: a module-level function (it is sent to the
    processes by name), given the evaluator, the item and ``should_stop``."""

    def __call__(self, evaluator: Evaluator, item: T_contra, should_stop: Callable[[], bool]) -> R_co: ...


T = TypeVar("T")
R = TypeVar("R")


class Crew(Generic[T, R]):
    """``size`` processes, each with the evaluator, doing ``work`` on one item at a time (size 1: in
    this process, none started). :meth:`run` hands the items out as processes come free and yields
    ``(index, answer)`` as each is done, in the order they end; :meth:`close` stops them all."""

    def __init__(self, work: Work[T, R], evaluator: Evaluator, size: int) -> None:
        self._work = work
        self._evaluator = evaluator
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        if size <= 1:
            return
        ctx = multiprocessing.get_context("spawn")
        with _children_allowed():
            for j in range(size):
                mine, theirs = ctx.Pipe(duplex=True)
                proc = ctx.Process(
                    target=_crew_main,
                    args=(theirs, work, evaluator, os.getpid()),
                    daemon=True,
                    name=f"rollout-crew-{j}",
                )
                proc.start()
                theirs.close()
                self._conns.append(mine)
                self._procs.append(proc)

    def run(self, items: list[T], should_stop: Callable[[], bool] | None = None) -> Iterator[tuple[int, R]]:
        """Each item's answer as it is done; stops handing out (and stops the items under way)
        once ``should_stop()``, raising :class:`ai.search.Stopped`; a failed item raises
        :class:`RuntimeError` naming why."""
        stop = should_stop or (lambda: False)
        if not self._procs:
            for i, item in enumerate(items):
                if stop():
                    raise Stopped("stopped")
                yield i, self._work(self._evaluator, item, stop)
            return
        waiting = list(range(len(items)))
        busy: dict[int, int] = {}  # connection index -> item index
        free = list(range(len(self._conns)))
        while waiting or busy:
            if stop():
                raise Stopped("stopped")
            while waiting and free:
                j, i = free.pop(0), waiting.pop(0)
                self._conns[j].send(("work", items[i]))
                busy[j] = i
            live = [self._conns[j] for j in busy]
            for conn in wait(live, POLL_S):
                assert isinstance(conn, Connection)
                j = self._conns.index(conn)
                try:
                    kind, answer = conn.recv()
                except (EOFError, OSError):
                    code = _exit_code(self._procs[j])
                    raise RuntimeError(f"a rollout process stopped unexpectedly (exit code {code})") from None
                i = busy.pop(j)
                free.append(j)
                if kind == "failed":
                    raise RuntimeError(f"a rollout failed: {answer}")
                yield i, answer

    def close(self) -> None:
        """Stop every process and wait for it to end (killed after a second)."""
        _stop_all(self._conns, self._procs, ("stop", None))
        self._conns, self._procs = [], []

    def __enter__(self) -> Crew[T, R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pids(self) -> list[int]:
        """The processes' ids (for tests)."""
        return [p.pid for p in self._procs]


POLL_S = 0.05
"""How often a :class:`Crew`'s owner looks at ``should_stop`` while its processes work."""


def _crew_main(conn: Connection, work: Work[Any, Any], evaluator: Evaluator, owner: int) -> None:
    """A crew's process: do each item sent, until told to stop or the owner is gone. A "stop" that
    comes while an item is under way stops that item (it answers nothing) and the process."""
    should_stop = _settle_in(conn, owner)
    while not should_stop.stopped:
        try:
            kind, item = conn.recv()
        except (EOFError, OSError):
            return
        if kind != "work":
            return
        try:
            answer: tuple[str, Any] = ("done", work(evaluator, item, should_stop))
        except Stopped:
            return
        except Exception as exc:  # the owner says what failed
            answer = ("failed", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


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
