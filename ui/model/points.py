"""The one point-numbering scheme of the front end, and every conversion between numberings.

A *point* is 1..24 from its owner's side (1 is the owner's ace point), ``BAR``
(25) is the bar and ``OFF`` (0) is borne off. The board is drawn from the
human's side, so the computer's point ``q`` is drawn at the human's ``25 - q``.
Position slots (``game.rules.position``) index 0..23 for points 1..24 and 24 for the bar.
"""

from __future__ import annotations

from game.rules.position import BAR as BAR_SLOT

BAR = 25
"""The bar, as a point number."""
OFF = 0
"""Borne off (the tray), as a point number."""


def opposite(point: int) -> int:
    """The same place seen from the other side: ``q`` <-> ``25 - q`` (the bar and off stay put)."""
    return point if point in (BAR, OFF) else 25 - point


def on_screen(point: int, is_human: bool) -> int:
    """Where a mover's ``point`` is drawn: the human's numbering."""
    return point if is_human else opposite(point)


def slot(point: int) -> int:
    """The position slot of a point 1..24 or the bar."""
    if point == OFF:
        raise ValueError("borne-off checkers have no slot")
    return BAR_SLOT if point == BAR else point - 1


def from_slot(index: int) -> int:
    """The point of a position slot (the bar slot is ``BAR``)."""
    return BAR if index == BAR_SLOT else index + 1


def from_target(index: int) -> int:
    """The point a move generator's target index lands on (negative: borne off)."""
    return OFF if index < 0 else index + 1


def column(point: int, home_left: bool) -> int:
    """The screen column 0..11 (left to right) of a human point 1..24.

    Home board on the right (the default): 13..18 then 19..24 across the top, 12..7 then
    6..1 across the bottom. Home board on the left mirrors it.
    """
    col = 12 - point if point <= 12 else point - 13
    return 11 - col if home_left else col
