"""Helpers shared by the tests: build a side of a position from the points its checkers are on."""

from __future__ import annotations

from collections.abc import Mapping


def side(points: Mapping[int, int], bar: int = 0) -> list[int]:
    """25 slots from ``{point: checkers}``, the points numbered from the owner's side (1..24,
    25 = bar), plus ``bar`` more checkers on the bar."""
    s = [0] * 25
    for p, n in points.items():
        s[p - 1] = n
    s[24] += bar
    return s
