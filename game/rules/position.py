"""A backgammon position seen from the side on roll, packed into one integer.

The packed form (a *code*) is what the move generator and the AI work on: it is
hashable, compares by value, and a step is two or three integer additions.

Layout of a code, 50 bytes, little-endian (byte ``i`` is ``(code >> 8*i) & 0xFF``):

* bytes 0..23: the mover's checkers on the mover's points 1..24 (byte ``p-1`` is
  point ``p``; the mover bears off from points 1..6 and moves towards point 1);
* byte 24: the mover's checkers on the bar;
* bytes 25..48: the opponent's checkers on the opponent's points 1..24, numbered
  from the opponent's side (the mover's point ``p`` is the opponent's ``25-p``);
* byte 49: the opponent's checkers on the bar.

Checkers borne off are not stored: each side has 15 less what is on the board.
This is the same split GNU Backgammon uses (two 25-slot arrays, one a side, each
from its owner's side), so Position IDs map onto it directly.

:class:`Position` wraps a code in a small immutable value type with readable
accessors; hot loops use the bare integer functions of this module.
"""

from __future__ import annotations

import base64
import binascii
import sys
from dataclasses import dataclass

CHECKERS = 15
"""Checkers each side has."""

SLOTS = 25
"""Slots a side: points 1..24 and the bar."""

BAR = 24
"""Index of the bar in a side's 25 slots."""

SIDE_BITS = 8 * SLOTS
SIDE_MASK = (1 << SIDE_BITS) - 1
OUTSIDE_HOME_MASK = sum(0xFF << (8 * i) for i in range(6, SLOTS))
"""The mover's points 7..24 and bar: all zero means the mover may bear off."""

START_SIDE = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""One side of the standard starting position, points 1..24 then the bar."""


class PositionError(ValueError):
    """A position or Position ID that does not describe a legal board."""


def pack(mine: tuple[int, ...] | list[int], theirs: tuple[int, ...] | list[int]) -> int:
    """Pack two 25-slot sides (each from its owner's view) into a code, unchecked."""
    code = 0
    for i, n in enumerate(mine):
        code |= n << (8 * i)
    for i, n in enumerate(theirs):
        code |= n << (8 * (SLOTS + i))
    return code


def unpack(code: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two sides of a code: (mover's 25 slots, opponent's 25 slots)."""
    raw = code.to_bytes(2 * SLOTS, "little")
    return tuple(raw[:SLOTS]), tuple(raw[SLOTS:])


def swap(code: int) -> int:
    """The same board seen by the other side (the opponent is now on roll)."""
    return (code >> SIDE_BITS) | ((code & SIDE_MASK) << SIDE_BITS)


START_CODE = pack(START_SIDE, START_SIDE)


def validate(mine: tuple[int, ...] | list[int], theirs: tuple[int, ...] | list[int]) -> None:
    """Raise :class:`PositionError` unless the two sides make a legal board."""
    for name, side in (("mover", mine), ("opponent", theirs)):
        if len(side) != SLOTS:
            raise PositionError(f"{name} side has {len(side)} slots, expected {SLOTS}")
        if any(n < 0 for n in side):
            raise PositionError(f"{name} side has a negative checker count")
        total = sum(side)
        if total > CHECKERS:
            raise PositionError(f"{name} has {total} checkers on the board, more than {CHECKERS}")
    for i in range(24):
        if mine[i] and theirs[23 - i]:
            raise PositionError(f"both sides have checkers on point {i + 1} (mover's numbering)")


def impossible_board(code: int, over: bool = False) -> str | None:
    """Why no game stands at ``code`` (the side on roll's view), in words, or None when one can.

    A board needs checkers; the side on roll has some (had it borne off its last, the game
    would have ended on its turn before); the other side has some unless the game may be ``over``
    (it has just borne off its last); and the two sides' checkers are not all on the bar: the
    last checker hit was hit by one on the board."""
    mine, theirs = unpack(code)
    if not any(mine) and not any(theirs):
        return "the board has no checkers"
    if not any(mine):
        return "the side on roll has no checkers left: the game ended before its turn"
    if not any(theirs):
        return None if over else "the side not on roll has no checkers left: the game is over"
    if mine[BAR] == sum(mine) and theirs[BAR] == sum(theirs):
        return "every checker of both sides is on the bar, where no game can bring them"
    return None


def off_count(side: tuple[int, ...]) -> int:
    """Checkers borne off for one side."""
    return CHECKERS - sum(side)


def pip_count(side: tuple[int, ...]) -> int:
    """Pips a side needs to bear everything off (bar counts 25)."""
    return sum((i + 1) * n for i, n in enumerate(side))


# --- GNU Backgammon Position ID -------------------------------------------------------
#
# The key is 80 bits: for the player *not* on roll and then for the player on roll, for
# each of their 25 slots (points 1..24 from their own side, then the bar), one 1-bit per
# checker followed by a 0-bit. The bits fill 10 bytes starting from the least significant
# bit of the first byte; the bytes are written in base64 and the trailing "==" dropped.

ID_LENGTH = 14


_UNARY = tuple("0" + "1" * n for n in range(256))
"""A slot of ``n`` checkers as the key writes it, most significant bit first."""

_PAIRS: tuple[str | None, ...] = tuple(
    _UNARY[low] + _UNARY[high] if low <= CHECKERS else None
    for high in range(CHECKERS + 1)
    for low in range(256)
)
"""Two slots at once, indexed by their two bytes read as one little-endian 16-bit number (the
first slot the low byte), for slots of at most 15 checkers; None where the first holds more."""

_LITTLE_ENDIAN = sys.byteorder == "little"


def _two_slots_a_lookup(ordered: bytes) -> str | None:
    """The key's bits as text from :data:`_PAIRS`; None when a slot holds more than 15 checkers
    (no valid board does; the caller writes those one slot at a time)."""
    try:
        return "".join(map(_PAIRS.__getitem__, memoryview(ordered).cast("H")))  # type: ignore[arg-type]
    except (TypeError, IndexError):
        return None


def position_id(code: int) -> str:
    """The GNU Backgammon Position ID of a code (the mover is the player on roll)."""
    raw = code.to_bytes(2 * SLOTS, "little")
    # the key's slots, most significant first: the mover's from the bar down, then the opponent's
    ordered = raw[SLOTS - 1 :: -1] + raw[: SLOTS - 1 : -1]
    text = _two_slots_a_lookup(ordered) if _LITTLE_ENDIAN else None
    if text is None:
        text = "".join(map(_UNARY.__getitem__, ordered))
    return base64.b64encode(int(text, 2).to_bytes(10, "little")).decode("ascii")[:ID_LENGTH]


def from_position_id(pid: str) -> int:
    """Decode a Position ID into a code; raise :class:`PositionError` if it is invalid."""
    if not isinstance(pid, str):
        raise PositionError("a Position ID must be a string")
    text = pid.strip()
    if len(text) != ID_LENGTH:
        raise PositionError(f"a Position ID has {ID_LENGTH} characters, got {len(text)}: {pid!r}")
    try:
        if not all(c in _BASE64_VALUE for c in text):  # padding ("=") too: the decoder would take it
            raise ValueError
        raw = base64.b64decode(text + "==", validate=True)
    except (binascii.Error, ValueError):
        raise PositionError(f"not a Position ID (bad base64 characters): {pid!r}") from None
    bits = int.from_bytes(raw, "little")
    # each slot is a run of 1-bits ended by a 0-bit, least significant bit first
    runs = format(bits, "080b")[::-1].split("0")
    if len(runs) <= 2 * SLOTS:
        raise PositionError(f"Position ID {pid!r} runs out of bits (too many checkers)")
    counts = [len(run) for run in runs[: 2 * SLOTS]]
    if bits >> (sum(counts) + 2 * SLOTS):
        raise PositionError(f"Position ID {pid!r} has checkers beyond the last slot")
    theirs, mine = counts[:SLOTS], counts[SLOTS:]
    validate(mine, theirs)
    code = pack(mine, theirs)
    if _BASE64_VALUE[text[-1]] & 0xF:
        # 14 characters carry 84 bits, the last 4 unused: a typo there would be ignored
        raise PositionError(
            f"Position ID {pid!r} has stray bits in its last character (did you mean {position_id(code)!r}?)"
        )
    return code


_BASE64_VALUE = {
    c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
}
"""Each base64 character's six bits (the last character of an ID holds 2 of the key's and 4 unused)."""


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable board seen from the side on roll; hashable, its own cache key."""

    code: int
    """The packed form (see the module docstring); equal boards have equal codes."""

    @classmethod
    def start(cls) -> Position:
        """The standard starting position."""
        return cls(START_CODE)

    @classmethod
    def from_sides(cls, mine: tuple[int, ...] | list[int], theirs: tuple[int, ...] | list[int]) -> Position:
        """Build from the mover's and the opponent's 25 slots, each from its owner's side."""
        validate(mine, theirs)
        return cls(pack(mine, theirs))

    @classmethod
    def from_id(cls, pid: str) -> Position:
        """Decode a GNU Backgammon Position ID (raises :class:`PositionError`)."""
        return cls(from_position_id(pid))

    @property
    def mine(self) -> tuple[int, ...]:
        """The mover's 25 slots: points 1..24 from the mover's side, then the bar."""
        return unpack(self.code)[0]

    @property
    def theirs(self) -> tuple[int, ...]:
        """The opponent's 25 slots, numbered from the opponent's side."""
        return unpack(self.code)[1]

    @property
    def my_off(self) -> int:
        """The mover's checkers borne off."""
        return off_count(self.mine)

    @property
    def their_off(self) -> int:
        """The opponent's checkers borne off."""
        return off_count(self.theirs)

    def pips(self) -> tuple[int, int]:
        """Pip counts (mover, opponent)."""
        mine, theirs = unpack(self.code)
        return pip_count(mine), pip_count(theirs)

    def swapped(self) -> Position:
        """The same board with the other side on roll."""
        return Position(swap(self.code))

    def position_id(self) -> str:
        """The GNU Backgammon Position ID."""
        return position_id(self.code)

    def is_race(self) -> bool:
        """True when the two sides have passed each other: no more contact is possible."""
        return is_race(self.code)

    def __str__(self) -> str:
        return self.position_id()


def is_race(code: int) -> bool:
    """True when no checker of either side can meet one of the other again (a side with
    no checkers left on the board meets nobody; a checker on the bar still has to pass
    everything)."""
    mine, theirs = unpack(code)
    my_back = max((i for i in range(SLOTS) if mine[i]), default=-1)  # mover's index, 24 = bar
    their_back = max((i for i in range(SLOTS) if theirs[i]), default=-1)
    if my_back < 0 or their_back < 0:
        return True
    # the opponent's index j is the mover's index 23 - j
    return my_back < 23 - their_back
