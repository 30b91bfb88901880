"""The search on every core: helper processes that search slices of positions for it.

Nearly all the time of a search at depth 3 or 4 goes below the opponent's replies to a root
candidate: 21 positions, one a roll, each searched ``depth - 2`` move decisions deep, none
depending on another (the cube question's 21 positions are the same kind of work). The search
cuts such a list into fixed slices and has each slice searched by a fresh search of its own
(:meth:`ai.search._Engine.split`); a :class:`Pool` lets helper processes take slices while the
search process works through the others itself. A slice's value depends only on the slice, so
the answer is the same whichever process searched it and however many there are.

A helper is a process started with the ``spawn`` context (:func:`start_helpers`), holding its
own evaluator (one sent to it, or made by a factory such as
:func:`ai.evaluation.load.default_evaluator`). It talks over two one-way pipes: jobs and stop
numbers in, values out. A reader thread takes the pipe in, so a stop reaches a running slice
within milliseconds; the end of the pipe (the owner is gone, however it ended) ends the helper.
The game's helpers run a little below normal priority, as its search process does.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any, TypeAlias, cast

if TYPE_CHECKING:  # the owner of a game's helpers starts them without loading the search
    from ai.evaluation.evaluator import Evaluator, Probs
    from ai.filters import Filters
    from ai.search import Utility

READY_TIMEOUT_S = 60.0
"""How long :func:`start_helpers` waits for a helper to load its evaluator."""

WAIT_S = 0.005
"""How often the search looks at its stop flag while it waits for helpers."""

LATE = 1.5
"""A helper is late with a slice when it has had it this many times as long as the search process
takes for one; the search process then searches it too, the first answer counting. (At 1 a
helper that started with the search process was nearly always a little late, and its slice was
searched twice.)"""

Factory = Callable[[], tuple["Evaluator", str | None]]
"""Makes an evaluator: (evaluator, warning or None); module-level, to be sent to a process."""

EvaluatorSource: TypeAlias = "Evaluator | Factory"
"""What a helper evaluates with: an evaluator (sent to it) or a factory."""


MAX_HELPERS = 7
"""The most helpers the game starts (eight processes in all): a root candidate's tree splits
into 21 slices, so more would mostly wait, and each holds its own evaluator in memory."""


def cores() -> int:
    """The cores this process may run on."""
    with contextlib.suppress(AttributeError, OSError):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_helpers() -> int:
    """How many helpers the game's search gets: one a core beside its own, at most :data:`MAX_HELPERS`."""
    return min(cores() - 1, MAX_HELPERS)


# --- the helper's side ------------------------------------------------------------------


def _helper_main(jobs_in: Connection, values_out: Connection, source: EvaluatorSource, niceness: int) -> None:
    """A helper process: search each slice it is sent until the pipe ends."""
    from ai.search import Stopped, slice_search

    with contextlib.suppress(ValueError, OSError):  # Ctrl+C is the owner's to handle
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)
    from ai.evaluation.evaluator import Evaluator

    evaluator = source if isinstance(source, Evaluator) else source()[0]
    stop = [0]  # jobs numbered up to this one are stopped
    inbox: queue.Queue[Any] = queue.Queue()
    threading.Thread(target=_read_jobs, args=(jobs_in, stop, inbox), daemon=True, name="owner").start()
    search, searching = None, None  # the search the last slice came from, and its number
    _send(values_out, ("ready", 0))
    while (job := inbox.get()) is not None:
        _, seq, token, states, k, final, side, utilities, filters = job

        def stopped(seq: int = seq) -> bool:
            return stop[0] >= seq

        try:
            if stopped():
                raise Stopped("stopped before it began")
            if search is None or token != searching:
                search, searching = slice_search(evaluator, filters, utilities), token
            values = search(states, k, final, side, stopped)
            answer: tuple[Any, ...] = ("ok", seq, values)
        except Stopped:
            answer = ("stopped", seq)
        except Exception as exc:  # the helper outlives any one slice
            answer = ("error", seq, f"{type(exc).__name__}: {exc}")
        _send(values_out, answer)


def _send(values_out: Connection, message: tuple[Any, ...]) -> None:
    """In a helper: ``message`` to the owner; when its pipe is gone (the owner ended, e.g. by
    Ctrl+C, while the helper started or searched) the helper exits at once, quietly."""
    try:
        values_out.send(message)
    except (EOFError, OSError):
        os._exit(0)


def _read_jobs(jobs_in: Connection, stop: list[int], inbox: queue.Queue[Any]) -> None:
    """In a helper: the owner's messages, jobs to ``inbox`` and stop numbers to ``stop[0]``, until
    it says goodbye (None) or its pipe ends (the owner is gone: the helper exits at once)."""
    while True:
        try:
            msg = jobs_in.recv()
        except (EOFError, OSError):
            os._exit(0)
        if msg is None:
            inbox.put(None)
            return
        if msg[0] == "stop":
            stop[0] = max(stop[0], msg[1])
        else:
            inbox.put(msg)


@dataclass
class Helper:
    """One helper process and the owner's ends of its pipes."""

    process: Any
    """The process (None in a process that got only the pipes)."""
    jobs: Connection
    values: Connection
    busy: int = 0
    """The job it is working on (0: none)."""


def start_helpers(
    count: int, source: EvaluatorSource, wait_ready: bool = True, niceness: int = 0
) -> list[Helper]:
    """Start ``count`` helper processes and (``wait_ready``) wait until each has its evaluator;
    those that fail are left out. Without waiting, a helper's "ready" comes before its first
    answer, and :class:`Pool` passes over it. ``niceness`` lowers their priority (POSIX
    ``nice``): as much as the search process they help."""
    ctx = multiprocessing.get_context("spawn")
    started: list[Helper] = []
    for i in range(count):
        jobs_read, jobs_write = ctx.Pipe(duplex=False)
        values_read, values_write = ctx.Pipe(duplex=False)
        args = (jobs_read, values_write, source, niceness)
        proc = ctx.Process(target=_helper_main, args=args, daemon=True, name=f"search-helper-{i}")
        try:
            proc.start()
        except OSError:
            break
        finally:
            jobs_read.close()
            values_write.close()
        started.append(Helper(proc, jobs_write, values_read))
    if not wait_ready:
        return started
    ready = []
    for helper in started:
        with contextlib.suppress(EOFError, OSError):
            if helper.values.poll(READY_TIMEOUT_S) and helper.values.recv()[0] == "ready":
                ready.append(helper)
                continue
        _close(helper)
    return ready


def end(process: Any) -> None:
    """Wait a moment for a helper process to end (its pipe has ended or said goodbye), then kill it."""
    if process is None:
        return
    process.join(timeout=1.0)
    if process.is_alive():
        process.kill()
        process.join(timeout=1.0)


def _close(helper: Helper) -> None:
    for conn in (helper.jobs, helper.values):
        with contextlib.suppress(OSError):
            conn.close()


# --- the search's side ------------------------------------------------------------------


class Pool:
    """Helper processes lent to searches (:func:`ai.search.analyse`'s ``pool``): one search at a time."""

    def __init__(self, helpers: Sequence[Helper]) -> None:
        self.helpers = list(helpers)
        self.seq = 0

    @classmethod
    def start(cls, count: int, source: EvaluatorSource) -> Pool:
        """A pool of ``count`` helpers (0: none, every slice searched in this process)."""
        return cls(start_helpers(count, source) if count > 0 else [])

    @property
    def processes(self) -> int:
        """The processes a search uses: the helpers and its own."""
        return len(self.helpers) + 1

    def values(
        self,
        slices: list[list[int]],
        k: int,
        final: bool,
        side: int,
        utilities: tuple[Utility, Utility] | None,
        filters: Filters,
        local: Callable[[list[int]], Probs],
        check: Callable[[], None],
        token: int,
    ) -> list[Probs]:
        """Each slice's values (``Q(S, k)``): the helpers take slices one at a time while
        ``local`` searches the others here; ``check`` raises to stop (the helpers stop too)."""
        self._settle()
        out: list[Probs | None] = [None] * len(slices)
        todo = list(range(len(slices)))
        todo.reverse()
        given: dict[int, tuple[int, float]] = {}  # job number -> (slice, when it was sent)
        spent: list[float] = []  # how long this process took for each slice
        try:
            while any(v is None for v in out):
                self._collect(out, given, todo, 0.0)  # a helper that has answered takes the next slice
                for helper in list(self.helpers):
                    if todo and not helper.busy:
                        self.seq += 1
                        i = todo.pop()
                        try:
                            job = ("job", self.seq, token, slices[i], k, final, side, utilities, filters)
                            helper.jobs.send(job)
                        except OSError:
                            todo.append(i)
                            self._drop(helper)
                            continue
                        helper.busy, given[self.seq] = self.seq, (i, time.monotonic())
                late = self._late(out, given, spent)
                if todo or late is not None:
                    i = todo.pop() if todo else cast(int, late)
                    t = time.monotonic()
                    out[i] = local(slices[i])
                    spent.append(time.monotonic() - t)
                elif any(v is None for v in out):
                    check()
                    self._collect(out, given, todo, WAIT_S)
        finally:
            for helper in self.helpers:
                if helper.busy:  # stopped, or searching a slice this process has done
                    with contextlib.suppress(OSError):
                        helper.jobs.send(("stop", helper.busy))
        return cast("list[Probs]", out)

    @staticmethod
    def _late(out: list[Probs | None], given: dict[int, tuple[int, float]], spent: list[float]) -> int | None:
        """A slice a helper has had for longer than this process takes for one (a busy machine
        slows helpers down): this process searches it too, and the first answer counts."""
        if not spent:
            return None
        now, usual = time.monotonic(), sum(spent) / len(spent)
        waiting = [(sent, i) for i, sent in given.values() if out[i] is None and now - sent > LATE * usual]
        return min(waiting)[1] if waiting else None

    def _collect(
        self,
        out: list[Probs | None],
        given: dict[int, tuple[int, float]],
        todo: list[int],
        timeout: float,
    ) -> None:
        """Take the helpers' answers that have come (waiting up to ``timeout`` for one)."""
        busy = {h.values: h for h in self.helpers if h.busy}
        if not busy:
            return
        for conn in wait(list(busy), timeout):
            helper = busy[conn]  # type: ignore[index]
            try:
                msg = helper.values.recv()
            except (EOFError, OSError):
                msg = ("lost", helper.busy)
            seq = msg[1]
            if seq != helper.busy:
                continue  # an answer to an earlier, stopped search
            helper.busy = 0
            i = given.pop(seq)[0]
            if out[i] is not None:
                continue  # this process has searched it meanwhile
            if msg[0] == "ok":
                out[i] = msg[2]
            elif msg[0] == "error":
                raise RuntimeError(f"a search helper failed: {msg[2]}")
            else:  # stopped or lost: search it here
                todo.append(i)
                if msg[0] == "lost":
                    self._drop(helper)

    def _settle(self) -> None:
        """Wait for helpers still busy with a stopped search to say so (they stop within milliseconds)."""
        end = time.monotonic() + 5.0
        while any(h.busy for h in self.helpers) and time.monotonic() < end:
            for helper in [h for h in self.helpers if h.busy]:
                try:
                    if helper.values.poll(WAIT_S) and helper.values.recv()[1] == helper.busy:
                        helper.busy = 0
                except (EOFError, OSError):
                    self._drop(helper)
        for helper in [h for h in self.helpers if h.busy]:
            self._drop(helper)

    def _drop(self, helper: Helper) -> None:
        if helper in self.helpers:
            self.helpers.remove(helper)
        _close(helper)
        if helper.process is not None:
            with contextlib.suppress(Exception):
                helper.process.kill()

    def close(self) -> None:
        """End the helpers; safe to call twice."""
        for helper in self.helpers:
            with contextlib.suppress(OSError):
                helper.jobs.send(None)
        for helper in self.helpers:
            end(helper.process)
            _close(helper)
        self.helpers = []

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
