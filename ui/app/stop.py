"""An end asked for from outside the window: Ctrl+C or SIGTERM while the game runs.

While the loop runs, those signals' handlers only note the request (:class:`StopRequest`); the
loop ends at its next frame, saving as when the player quits, and the game exits with 128 plus
the signal's number. A handler that raised instead could be lost: one that fires while C code
has called back into Python (pygame reading a font from a file object) has its exception printed
and dropped there, and the game played on.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals that ask the game to stop."""


@dataclass
class StopRequest:
    """Whether the game has been asked to stop from outside, and with what exit status."""

    code: int | None = None
    """128 plus the first stop signal's number; None while none has come."""

    def ask(self, code: int) -> None:
        """Note a request to stop with exit status ``code`` (the first one counts)."""
        if self.code is None:
            self.code = code


@contextlib.contextmanager
def noting_signals(request: StopRequest) -> Iterator[StopRequest]:
    """Within the block, :data:`STOP_SIGNALS` are noted in ``request`` instead of raising (on the
    main thread, the only one that may set handlers; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield request
        return
    previous: dict[int, Any] = {}

    def note(signum: int, frame: object) -> None:
        request.ask(128 + signum)

    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            previous[sig] = signal.signal(sig, note)
    try:
        yield request
    finally:
        for held, handler in previous.items():
            signal.signal(held, signal.SIG_DFL if handler is None else handler)
