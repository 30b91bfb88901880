"""File work off the window's thread: reading, parsing and writing the player's files during play.

One thread at a time runs the jobs one after another, in the order given (a game's record is
appended before a review reads it; two game-overs never interleave). Each job's result comes
back to the window's thread, where :meth:`FileJobs.drain` (the loop calls it every frame) hands
it to the job's callback. The thread is a daemon: :meth:`FileJobs.close` waits a bounded time
for the queued jobs when the game ends, and a job still stuck after that (a hung disk) cannot
keep the game's process alive.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

QUIT_WAIT_S = 10.0
"""How long quitting waits for the queued file jobs to finish."""


@dataclass(frozen=True)
class _Job:
    work: Callable[[], Any]
    then: Callable[[Any], None]


@dataclass(frozen=True)
class _Done:
    then: Callable[[Any], None]
    result: object


class FileJobs:
    """A queue of file jobs run in order on a thread of their own, their results handed back by :meth:`drain`.

    A job returns its result (a message for the player included); it is expected to turn the
    errors it knows (OSError) into that result. Any other exception that escapes it (a bug) is
    given to ``failed`` on the window's thread, in its place."""

    def __init__(self, failed: Callable[[Exception], None]) -> None:
        self._failed = failed
        self._lock = threading.Lock()
        self._waiting: deque[_Job] = deque()
        self._thread: threading.Thread | None = None
        self._running = 0
        self._done: queue.SimpleQueue[_Done] = queue.SimpleQueue()

    def submit(self, work: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``work`` after the earlier jobs, off this thread; ``then`` gets its result (:meth:`drain`)."""
        with self._lock:
            self._waiting.append(_Job(work, then))
            self._running += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="file-jobs", daemon=True)
                self._thread.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._thread = None  # the next job starts a new thread
                    return
                job = self._waiting.popleft()
            try:
                done = _Done(job.then, job.work())
            except Exception as exc:  # a bug in a job: told on the window's thread, the queue goes on
                done = _Done(self._failed, exc)
            self._done.put(done)
            with self._lock:
                self._running -= 1

    def busy(self) -> bool:
        """Jobs are queued or running, or results wait for :meth:`drain`."""
        with self._lock:
            return self._running > 0 or not self._done.empty()

    def drain(self) -> int:
        """Hand the finished jobs' results to their callbacks, in order, on the calling thread; how many."""
        count = 0
        while True:
            try:
                done = self._done.get_nowait()
            except queue.Empty:
                return count
            done.then(done.result)
            count += 1

    def close(self, timeout: float = QUIT_WAIT_S) -> bool:
        """Wait at most ``timeout`` seconds for every queued job to finish (their callbacks are not
        run). True when all did; False when some still run (the daemon thread dies with the game)."""
        end = time.monotonic() + timeout
        while True:
            with self._lock:
                thread, running = self._thread, self._running
            if running == 0:
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            if thread is None:  # between one thread's end and the next one's start
                time.sleep(0.001)
            else:
                thread.join(left)
