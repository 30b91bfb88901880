"""The loop's frame rate: full while the picture changes or the player acts, low once it stands
still while something still runs (a search, a timer), and none at all once nothing does: the loop
then sleeps until an event comes.

No pygame here: the app hands in a fingerprint of each drawn frame (any hashable
value that changes when the picture does), whether the frame had input, and whether
anything runs that the picture may not show (a search to poll, a timer).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import Enum

BUSY_FPS = 60
"""Frames a second while anything moves or the player acts."""

IDLE_FPS = 15
"""Frames a second once the picture has stood still for a while: a quarter of the work."""

STILL_FRAMES = 30
"""How many unchanged frames in a row count as standing still (half a second at full rate)."""

SLEEP_S = 2.0
"""The longest the loop sleeps waiting for an event while nothing runs (then it draws a frame anyway)."""

NAP_S = 0.02
"""How often the sleeping loop looks for an event: the most it adds to the time to answer one."""


class Pace(Enum):
    """How the loop waits for its next frame."""

    FULL = "full"
    """At the full frame rate: the picture changes or the player acts."""
    SLOW = "slow"
    """At the low frame rate: the picture stands still but something runs (the worker is polled)."""
    ASLEEP = "asleep"
    """No frames: the picture stands still and nothing runs, so the loop waits for an event."""


@dataclass
class FramePacer:
    """Counts frames that look the same as the one before and chooses the next frame rate."""

    busy_fps: int = BUSY_FPS
    """The rate while the picture changes."""
    idle_fps: int = IDLE_FPS
    """The rate once it has stood still for ``still_frames`` frames."""
    still_frames: int = STILL_FRAMES
    """Unchanged frames in a row before the rate drops."""
    _last: Hashable = field(default=None, repr=False)
    _still: int = field(default=0, repr=False)

    def next_fps(self, fingerprint: Hashable, had_input: bool) -> int:
        """The frame rate for the next frame, after a frame that looked like ``fingerprint``."""
        if had_input or fingerprint != self._last:
            self._still = 0
        else:
            self._still += 1
        self._last = fingerprint
        return self.idle_fps if self.is_idle() else self.busy_fps

    def next_pace(self, fingerprint: Hashable, had_input: bool, busy: bool) -> Pace:
        """How to wait for the next frame, after one that looked like ``fingerprint``; ``busy``
        when something runs that the picture may not show (a search, an animation's timer)."""
        self.next_fps(fingerprint, had_input)
        if not self.is_idle():
            return Pace.FULL
        return Pace.SLOW if busy else Pace.ASLEEP

    def is_idle(self) -> bool:
        """True once the picture has stood still long enough to slow down."""
        return self._still >= self.still_frames
