"""The AI off the UI thread: start a search, poll for progress and the answer, cancel it.

The requests and events are in :mod:`ai.worker.messages`, the answering of each request in
:mod:`ai.worker.handlers`; this module is the process plumbing and :class:`AIWorker`.

The UI never calls the search directly. It owns one :class:`AIWorker` and, once a
frame, calls :meth:`AIWorker.poll`, which never blocks::

    worker = AIWorker()
    rid = worker.start(Request("move", position, (3, 1), depth=3))
    ...                               # every frame:
    for event in worker.poll():
        if isinstance(event, Progress): show(event.done, event.total, event.best)
        elif isinstance(event, Finished): play(event.moves[0].move)
        elif isinstance(event, Failed): tell_the_player(event.message)

Every request gets an id. Only the latest request is live: starting a new one
cancels the one before, and :meth:`AIWorker.cancel` stops it. Events of a request
that is no longer live are dropped, so a stale answer never reaches the UI.

Where the search runs (``mode``):

* ``"process"`` (the default): a child process started with the ``spawn`` context
  (which works the same on every platform and under PyInstaller; ``main.py``
  calls :func:`multiprocessing.freeze_support`). The search is pure Python and
  holds the GIL; in a thread of the UI's own process it starves the frame loop
  (``python -m bench --only ui_frames`` measures both). The child loads the
  evaluator itself (``ai.evaluation.load.load_evaluator``, else the hand-made one).
* ``"thread"``: a daemon thread in this process. Used by tests and the hint tool's
  callers that have no UI to keep smooth.

With ``helpers`` (process mode), the owner also starts that many search helpers
(:mod:`ai.parallel`: a process is not allowed to start processes of its own from a
daemonic child) and hands their pipes to the search process, whose searches then
use every core. A helper ends when its pipe does, that is when the search process does.

Both run the same request loop (:func:`_serve`), so they behave alike: cancel is an
integer the search's ``should_stop`` reads, progress and answers come back through a
queue, and a search that raises becomes a :class:`Failed` event.

The process talks to its parent over two one-way pipes and nothing else (no
multiprocessing queue, lock or shared memory, so no resource-tracker process is
started). A thread in the child reads the parent's pipe: requests, stop numbers, and
the end of the pipe, which comes when the parent is gone, however it ended (``kill -9``
included, on every OS); the child then exits at once. On Linux the kernel also kills
the child when its parent dies (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Literal

from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import default_evaluator
from ai.worker.handlers import Counter, Put, answer
from ai.worker.messages import (
    AnyRequest,
    Event,
    Failed,
    is_last,
)

Mode = Literal["process", "thread"]

CHILD_NICENESS = 5
"""How much lower the search process's priority is than the UI's (POSIX ``nice``)."""


# --- evaluators -------------------------------------------------------------------------


EvaluatorFactory = Callable[[], tuple[Evaluator, str | None]]
"""Makes the evaluator in the worker: (evaluator, warning or None). In process mode it
must be a module-level function (it is sent to the child by name)."""


# --- the request loop, shared by both modes ----------------------------------------------


class _Box:
    """An int in a box, the thread-mode stand-in for a shared-memory value."""

    def __init__(self) -> None:
        self.value = 0


# Messages from the loop to the owner (plain tuples: cheap to pickle):
#   ("ready", evaluator name, warning)       once, after the evaluator is made
#   ("event", Event)                          progress, answers, failures
#   ("done", request id)                      the loop is free again (after any request)


def _serve(
    get: Callable[[], Any],
    put: Put,
    stop_before: Counter,
    factory: EvaluatorFactory,
    helpers: tuple[tuple[Connection, Connection], ...] = (),
) -> None:
    """Answer requests from ``get`` until it returns None.

    A request ``(request_id, Request)`` is searched unless ``stop_before.value`` has
    passed its id; the search stops as soon as it does. ``helpers`` are the pipes (jobs
    out, values in) of search helper processes (:mod:`ai.parallel`).
    """
    from ai.engine import Engine
    from ai.parallel import Helper, Pool

    try:
        evaluator, warning = factory()
    except Exception as exc:
        evaluator, warning = None, f"the AI could not start: {exc}"
    pool = Pool([Helper(None, jobs, values) for jobs, values in helpers]) if helpers else None
    engine = None if evaluator is None else Engine(evaluator, pool)
    put(("ready", "none" if evaluator is None else evaluator.name, warning))
    while True:
        item = get()
        if item is None:
            return
        rid, request = item
        try:
            if stop_before.value <= rid:
                if engine is None:
                    put(("event", Failed(rid, warning or "no evaluator")))
                else:
                    answer(rid, request, engine, put, stop_before)
        except Exception as exc:  # the loop outlives any one search
            put(("event", Failed(rid, f"the AI failed: {type(exc).__name__}: {exc}")))
        finally:
            put(("done", rid))


def _child_main(
    requests: Connection,
    events: Connection,
    die_with_parent: bool,
    factory: EvaluatorFactory,
    helpers: tuple[tuple[Connection, Connection], ...] = (),
) -> None:
    """The child process: the request loop, fed by a thread that reads the parent's pipe, a
    little below normal priority so that on a busy machine the frame loop wins the CPU."""
    with contextlib.suppress(ValueError, OSError):  # Ctrl+C is the parent's to handle
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if die_with_parent:
        _kill_me_with_my_parent()
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(CHILD_NICENESS)
    box = _Box()
    inbox: queue.Queue[Any] = queue.Queue()
    reader = threading.Thread(target=_read_parent, args=(requests, box, inbox), daemon=True, name="parent")
    reader.start()
    _serve(inbox.get, events.send, box, factory, helpers)


def _read_parent(conn: Connection, stop_before: _Box, inbox: queue.Queue[Any]) -> None:
    """In the child: messages from the parent, until it says goodbye or its pipe ends.

    ``("stop", n)`` stops every request before n; ``(rid, Request)`` is queued for the
    loop; ``None`` ends the loop. The end of the pipe means the parent is gone: the
    child exits on the spot (a search may be running; nobody is left to want it)."""
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        if msg is None:
            stop_before.value = sys.maxsize
            inbox.put(None)
            return
        if msg[0] == "stop":
            stop_before.value = msg[1]
        else:
            inbox.put(msg)


PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal the kernel sends a process when its parent thread ends (Linux)."""


def _kill_me_with_my_parent() -> None:
    """On Linux, ask the kernel to kill this process when the parent dies (the pipe's end is
    the portable way; this one acts even while the reader thread waits for the GIL)."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (ImportError, OSError, AttributeError):
        return
    if os.getppid() != parent or parent == 1:  # the parent died before we asked
        os._exit(0)


@contextlib.contextmanager
def _no_ctrl_c() -> Any:
    """Hold Ctrl+C and SIGTERM back while a child starts; deliver them once it has started.

    POSIX: Ctrl+C is blocked so that the child starts with it blocked (it inherits the mask):
    a terminal's Ctrl+C reaches the whole process group, and the parent alone decides what it
    means. Any thread may receive a signal, so on the main thread the Python handlers of both
    are also held: either landing between the child's launch and the hand-over of its start-up
    data would leave the child to die on a half-read pipe with a traceback."""
    caught: list[int] = []
    held: dict[int, Any] = {}
    if sys.platform != "win32":
        # the first spawned child starts multiprocessing's resource tracker, which unblocks
        # Ctrl+C when it is done: started now, it cannot undo the block below
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(ValueError, OSError):
                held[sig] = signal.signal(sig, lambda signum, frame: caught.append(signum))
    masked = hasattr(signal, "pthread_sigmask")  # Windows: the child ignores it in _child_main
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masked else None
    try:
        yield
    finally:
        if before is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for held_sig, handler in held.items():
            signal.signal(held_sig, handler)
        for signum in caught:
            signal.raise_signal(signum)


# --- the owner's side ---------------------------------------------------------------------


class AIWorker:
    """Runs searches in the background; the UI polls it without ever blocking.

    One request is live at a time: :meth:`start` cancels the previous one. Not
    thread-safe: call it from one thread (the UI's).
    """

    def __init__(
        self, mode: Mode = "process", factory: EvaluatorFactory = default_evaluator, helpers: int = 0
    ) -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode must be 'process' or 'thread', got {mode!r}")
        self.mode: Mode = mode
        """Where the search runs: a child process or a thread of this process."""
        self.helpers = helpers
        """Search helper processes started beside the search process (process mode)."""
        self._helper_procs: list[Any] = []
        self._factory = factory
        self._next_id = 1
        self._live: int | None = None  # the request whose events are delivered
        self._busy: set[int] = set()  # requests sent and not yet reported done
        self._ready = False
        self._warning: str | None = None
        self._evaluator_name: str | None = None
        self._closed = False
        self._held: list[Event] = []  # events taken while waiting, for the next poll
        self._proc: Any = None
        self._pipes: tuple[Connection, ...] = ()
        self._launches = 0
        self._ever_ready = False
        self._launch()

    # the transport, per mode

    def _launch(self) -> None:
        self._busy.clear()
        self._ready = False
        if self._proc is not None:  # a child that died: let go of its pipes
            self._drop_pipes()
        if self.mode == "process" and self._launches and not self._ever_ready:
            # the child died before it ever got going (a broken install, a sandbox that
            # forbids processes): play on with the search in a thread, slower frames
            # rather than no computer opponent at all
            self.mode = "thread"
        self._launches += 1
        if self.mode == "thread":
            box = _Box()
            self._stop: Counter = box
            tq_in: queue.Queue[Any] = queue.Queue()
            tq_out: queue.Queue[Any] = queue.Queue()
            self._send: Callable[[Any], None] = tq_in.put
            self._recv_nowait: Callable[[], Any] = tq_out.get_nowait
            self._recv_wait: Callable[[float], Any] = lambda t: tq_out.get(timeout=t)
            self._thread = threading.Thread(
                target=_serve, args=(tq_in.get, tq_out.put, box, self._factory), daemon=True, name="ai-worker"
            )
            self._thread.start()
            self._proc = None
            return
        ctx = multiprocessing.get_context("spawn")
        self._end_helpers()
        links: tuple[tuple[Connection, Connection], ...] = ()
        if self.helpers > 0:
            from ai.parallel import start_helpers

            with _no_ctrl_c():
                nice = CHILD_NICENESS
                started = start_helpers(self.helpers, self._factory, wait_ready=False, niceness=nice)
            self._helper_procs = [h.process for h in started]
            links = tuple((h.jobs, h.values) for h in started)
        req_read, req_write = ctx.Pipe(duplex=False)
        ev_read, ev_write = ctx.Pipe(duplex=False)
        self._pipes = (req_write, ev_read)
        self._send = self._send_to_child
        self._recv_nowait = self._recv_from_child_nowait
        self._recv_wait = self._recv_from_child
        # the kernel's parent-death signal follows the thread that started the child: only
        # ask for it when that thread is the main one, which lives as long as the process
        die_with_parent = threading.current_thread() is threading.main_thread()
        self._proc = ctx.Process(
            target=_child_main,
            args=(req_read, ev_write, die_with_parent, self._factory, links),
            daemon=True,
            name="ai-worker",
        )
        try:
            with _no_ctrl_c():
                self._proc.start()
        except OSError:
            self._drop_pipes()
            self._proc = None
            self.mode = "thread"
            self._launch()
            return
        finally:
            req_read.close()  # the child's ends: the parent keeps only its own, so either
            ev_write.close()  # side sees the end of its pipe when the other is gone
            for jobs, values in links:  # the search process's: a helper ends with it
                jobs.close()
                values.close()

    def _send_to_child(self, msg: Any) -> None:
        self._pipes[0].send(msg)

    def _recv_from_child_nowait(self) -> Any:
        if not self._pipes[1].poll():
            raise queue.Empty
        return self._pipes[1].recv()

    def _recv_from_child(self, timeout: float) -> Any:
        if not self._pipes[1].poll(timeout):
            raise queue.Empty
        return self._pipes[1].recv()

    def _set_stop(self, value: int) -> None:
        """Stop every request before ``value``: a shared box (thread) or a message (process)."""
        if self.mode == "thread" or self._proc is None:
            self._stop.value = value
        else:
            with contextlib.suppress(OSError, ValueError):
                self._send(("stop", value))

    def _end_helpers(self) -> None:
        """Let the helpers of an ended search process go (their pipes ended with it)."""
        from ai.parallel import end

        for proc in self._helper_procs:
            end(proc)
        self._helper_procs = []

    def _drop_pipes(self) -> None:
        for conn in self._pipes:
            with contextlib.suppress(OSError):
                conn.close()
        self._pipes = ()

    def _alive(self) -> bool:
        if self._proc is None:
            return bool(self._thread.is_alive())
        return bool(self._proc.is_alive())

    # the public interface

    def start(self, request: AnyRequest) -> int:
        """Start a search and return its request id; cancels any earlier request."""
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        if not isinstance(request, AnyRequest):
            raise TypeError(
                "start() takes an ai.worker.messages.Request, CubeRequest, ReviewRequest, ConfirmRequest,"
                " RolloutRequest,"
                " TemperatureRequest or EvaluateRequest"
            )
        if not self._alive():
            self._launch()
        rid = self._next_id
        self._next_id += 1
        self._set_stop(rid)  # everything before this one stops
        self._live = rid
        self._held.clear()
        self._busy.add(rid)
        self._send((rid, request))
        return rid

    def cancel(self, request_id: int | None = None) -> None:
        """Stop a request (None: whatever is running). Its events are never delivered;
        the search itself notices within a few milliseconds and the worker is free."""
        if request_id is None or request_id == self._live:
            self._set_stop(self._next_id)
            self._live = None
            self._held.clear()

    def poll(self) -> list[Event]:
        """Events of the live request since the last call; never blocks."""
        out, self._held = self._held, []
        while True:
            try:
                msg = self._recv_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError):
                break
            self._take(msg, out)
        if self._busy and not self._alive() and not self._closed:
            code = getattr(self._proc, "exitcode", None)
            for rid in sorted(self._busy):
                if rid == self._live:
                    out.append(Failed(rid, f"the AI stopped unexpectedly (exit code {code})"))
            self._busy.clear()
            self._live = None
        return out

    def _take(self, msg: tuple[Any, ...], out: list[Event]) -> None:
        tag = msg[0]
        if tag == "ready":
            self._ready = self._ever_ready = True
            self._evaluator_name = msg[1]
            self._warning = msg[2]
        elif tag == "done":
            self._busy.discard(msg[1])
        elif tag == "event":
            event: Event = msg[1]
            if event.request_id == self._live:
                out.append(event)
                if is_last(event):
                    self._live = None

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Block until the worker has made its evaluator (for tools and tests, not the UI)."""
        end = time.monotonic() + timeout
        while not self._ready and time.monotonic() < end and self._alive():
            self._pump(min(0.05, max(0.0, end - time.monotonic())))
        return self._ready

    def wait(self, request_id: int, timeout: float = 60.0) -> list[Event]:
        """Block until the request finishes or fails (for tools and tests, not the UI).

        Returns all its events, the last one the answer; raises TimeoutError."""
        end = time.monotonic() + timeout
        got: list[Event] = []
        while time.monotonic() < end:
            got.extend(e for e in self.poll() if e.request_id == request_id)
            if got and is_last(got[-1]):
                return got
            if request_id != self._live:
                return got
            self._pump(min(0.05, max(0.0, end - time.monotonic())))
        raise TimeoutError(f"request {request_id} took longer than {timeout} s")

    def _pump(self, timeout: float) -> None:
        """Wait up to ``timeout`` for one message and keep it for the next poll."""
        with contextlib.suppress(queue.Empty, EOFError, OSError):
            self._take(self._recv_wait(timeout), self._held)

    @property
    def busy(self) -> bool:
        """True while the worker is still working on a request (also a cancelled one)."""
        if self._busy and not self._alive():
            self.poll()
        return bool(self._busy)

    @property
    def evaluator_warning(self) -> str | None:
        """Why the shipped network is not in use (None if it is, or before the worker is ready)."""
        return self._warning

    @property
    def evaluator_name(self) -> str | None:
        """The evaluator's name, once the worker is ready."""
        return self._evaluator_name

    def close(self) -> None:
        """Stop the search and the worker; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._set_stop(self._next_id)
        self._live = None
        with contextlib.suppress(Exception):
            self._send(None)
        if self._proc is None:
            self._thread.join(timeout=1.0)
            return
        self._proc.join(timeout=1.0)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=1.0)
        self._drop_pipes()
        self._end_helpers()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
