"""A long command's progress on a stream (its standard error): a bar redrawn on a terminal, a line
now and then elsewhere (a log, a pipe)."""

from __future__ import annotations

import time
from typing import TextIO

from ai.engine_types import Review

BAR_WIDTH = 30
"""Characters of the progress bar."""


class ProgressBar:
    """A review's progress on a stream: a redrawn bar on a terminal, a line per game elsewhere."""

    def __init__(self, stream: TextIO, games: list[int]) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.ends = [sum(games[: k + 1]) for k in range(len(games))]
        self.start = time.monotonic()
        self.reported = 0

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            draw_bar(self.stream, "analyse", done, total, "turns", self.start)
        else:
            while self.reported < len(self.ends) and done >= self.ends[self.reported]:
                self.reported += 1
                self.stream.write(f"analyse: game {self.reported}/{len(self.ends)} done\n")
        self.stream.flush()


def draw_bar(stream: TextIO, label: str, done: int, total: int, unit: str, start: float) -> None:
    """A progress bar redrawn on its terminal line (a new line once done)."""
    filled = BAR_WIDTH * done // max(total, 1)
    bar = "#" * filled + "-" * (BAR_WIDTH - filled)
    stream.write(f"\r{label} [{bar}] {done}/{total} {unit} {time.monotonic() - start:.0f} s")
    if done == total:
        stream.write("\n")


class ConfirmBar:
    """The second pass's progress on a stream: a redrawn bar on a terminal, else a line at its
    start and its end."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.started = False

    def __call__(self, rev: Review) -> None:
        done, total = rev.checked, rev.to_check
        if self.tty:
            draw_bar(self.stream, "confirm", done, total, "decisions", self.start)
        elif not self.started:
            self.stream.write(f"confirm: {total} decision{'s' * (total != 1)} to roll out\n")
        elif done == total:
            self.stream.write(f"confirm: {done}/{total} done\n")
        self.started = True
        self.stream.flush()
