"""Helpers shared by the tests: build a side of a position from the points its checkers are on;
the bound that stops a hang."""

from __future__ import annotations

from collections.abc import Mapping

HANG_S = 120.0
"""Seconds after which a test calls an answer a hang: generous enough for a loaded machine. No test
asserts a speed; how fast each hostile input is answered is measured by ``python -m bench.hostile``."""


def side(points: Mapping[int, int], bar: int = 0) -> list[int]:
    """25 slots from ``{point: checkers}``, the points numbered from the owner's side (1..24,
    25 = bar), plus ``bar`` more checkers on the bar."""
    s = [0] * 25
    for p, n in points.items():
        s[p - 1] = n
    s[24] += bar
    return s
