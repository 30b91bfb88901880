"""Network inputs from boards: a Tesauro-style raw encoding plus features a player names.

Everything works on an (N, 50) uint8 array from :func:`ai.evaluation.evaluator.boards` (the
side on roll's 25 slots, then the opponent's 25, each numbered from its owner's
side) and returns an (N, :data:`N_INPUTS`) float32 array, with numpy doing the
work for all N positions at once.

The layout, for the side on roll ("me") and then the opponent ("them"):

* per point 1..24, four units for the checker count n: n == 1, n == 2, n >= 3,
  and (n - 3) / 2 when n > 3 (Tesauro's encoding, the blot/point split sharper);
* the bar (n / 2) and the checkers borne off (n / 15);
* hand-made features, each scaled to about 0..1 (see :data:`SIDE_FEATURES`):
  pip count, blots, the share of the 36 rolls on which the other side hits a blot
  directly, made points, home-board points, the longest prime, anchors in the
  other side's home, back checkers, the share of rolls on which the rearmost
  checker can move, opposing points in front of it, checkers still outside home;

then global features: the pip difference and whether the sides are still in contact.

How it is made fast (the search encodes hundreds of thousands of positions a decision):
the per-point units are one table lookup; the sums (pips, back checkers, checkers
outside home and on the board) one small matrix product; the rest works on bit masks
of each side's points (one bit a point: occupied, made, blots), with tables for what
would need a loop over the points: the longest run of made points, bit counts, a mask
turned round to the other side's numbering, and the share of rolls that hit a blot
from the set of distances at which hitters stand. Every value is computed with the
same float32 arithmetic as the plain definition (``tests/features_reference.py``, which
the tests compare with bit for bit).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from game.rules.position import SLOTS

FEATURE_VERSION = 1
"""Bumped whenever the encoding changes: weights are only valid for one version."""

RAW_PER_SIDE = 24 * 4 + 2
SIDE_FEATURES = (
    "pips",
    "blots",
    "shots_against",
    "made_points",
    "home_points",
    "longest_prime",
    "anchors",
    "back_checkers",
    "rear_mobility",
    "blocks_ahead",
    "outside_home",
)
"""Names of the hand-made features computed for each side, in order."""

GLOBAL_FEATURES = ("pip_difference", "contact")
"""Names of the features about both sides together, in order."""

N_INPUTS = 2 * RAW_PER_SIDE + 2 * len(SIDE_FEATURES) + len(GLOBAL_FEATURES)
"""Length of one encoded position."""

CONTACT_INPUT = N_INPUTS - 1
"""The column of the contact flag (1.0 while the sides can still meet)."""

OFF_INPUTS = (RAW_PER_SIDE - 1, 2 * RAW_PER_SIDE - 1)
"""The columns of the checkers borne off, the side on roll's and the opponent's (0.0: none)."""

Boards = npt.NDArray[np.uint8]
Inputs = npt.NDArray[np.float32]
_I64 = npt.NDArray[np.int64]

# The 21 distinct rolls as (die, die, weight out of 36).
_ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
_F32 = np.float32


def _raw_table() -> npt.NDArray[np.float32]:
    """The four Tesauro units for each byte value (counts over 15 as 15)."""
    table = np.zeros((256, 4), dtype=np.float32)
    for n in range(256):
        m = min(n, 15)
        table[n] = (m == 1, m == 2, m >= 3, max(m - 3, 0) / 2.0)
    return table


_RAW_TABLE = _raw_table()
_RAW_ROWS = _RAW_TABLE.view(np.complex128).ravel()
"""The table's rows as one 16-byte item each: :func:`numpy.take` copies items much faster than rows."""

# The columns of one side's 25 slots: pips (point values, bar 25), back checkers (points
# 19..24 and the bar), checkers outside home (points 7..24 and the bar), checkers on the board.
_SUMS = np.zeros((SLOTS, 4), dtype=np.float32)
_SUMS[:, 0] = np.arange(1, 26)
_SUMS[18:25, 1] = 1.0
_SUMS[6:25, 2] = 1.0
_SUMS[:, 3] = 1.0


def _roll_masks() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """For each of the 21 rolls, a bit mask of the distances it reaches, and its weight out of 36.

    A die, the sum of two dice, or a double's two, three or four hops; intermediate
    landing points are not checked (a direct-shot count, as players count them).
    """
    masks = []
    for a, b, _ in _ROLLS:
        reach = [a, 2 * a, 3 * a, 4 * a] if a == b else [a, b, a + b]
        masks.append(sum(1 << d for d in reach if d <= 24))
    weights = np.array([w / 36.0 for _, _, w in _ROLLS], dtype=np.float32)
    return np.array(masks, dtype=np.int64), weights


_ROLL_MASKS, _ROLL_WEIGHTS = _roll_masks()
_DISTANCES = sorted({d for m in _ROLL_MASKS.tolist() for d in range(25) if m >> d & 1})
"""The distances (pips) some roll reaches: 1..12, 15, 16, 18, 20, 24."""


def _share_table() -> npt.NDArray[np.float32]:
    """The share of the 36 rolls that reach one of a set of distances, for every subset of
    :data:`_DISTANCES` (bit k: ``_DISTANCES[k]``), summed roll by roll in float32."""
    index = np.arange(1 << len(_DISTANCES), dtype=np.int64)
    dist = np.zeros_like(index)
    for k, d in enumerate(_DISTANCES):
        dist |= ((index >> k) & 1) << d
    share = np.zeros(len(index), dtype=np.float32)
    for mask, weight in zip(_ROLL_MASKS.tolist(), _ROLL_WEIGHTS.tolist(), strict=True):
        share += weight * ((dist & mask) != 0)
    return share


_SHARE = _share_table()
_DIST_SHIFTS = np.array(_DISTANCES, dtype=np.int64)
_DIST_BITS = 2.0 ** np.arange(len(_DISTANCES))


def _twelve_bit_tables() -> tuple[_I64, _I64, _I64, _I64, _I64]:
    """For every 12-bit mask: its longest run of ones, the run at its low end and at its high
    end, its number of ones, and the mask with its bits in the opposite order."""
    m = np.arange(4096, dtype=np.int64)
    longest = np.zeros_like(m)
    x = m.copy()
    while x.any():
        longest += x != 0
        x &= x >> 1
    low = np.zeros_like(m)
    high = np.zeros_like(m)
    ones = np.zeros_like(m)
    flipped = np.zeros_like(m)
    for k in range(12):
        run = (1 << (k + 1)) - 1
        low += (m & run) == run
        high += (m & (run << (11 - k))) == run << (11 - k)
        ones += (m >> k) & 1
        flipped |= ((m >> k) & 1) << (11 - k)
    return longest, low, high, ones, flipped


_LONGEST, _LOW_RUN, _HIGH_RUN, _ONES, _FLIPPED = _twelve_bit_tables()
_LOW12 = 0xFFF


def _ones(mask: _I64) -> _I64:
    """Bits set in masks of up to 24 bits."""
    out: _I64 = _ONES[mask & _LOW12] + _ONES[mask >> 12]
    return out


def turned_masks(mask: _I64) -> _I64:
    """24-bit masks of points in the other side's numbering (bit i to bit 23 - i)."""
    out: _I64 = (_FLIPPED[mask & _LOW12] << 12) | _FLIPPED[mask >> 12]
    return out


_BIT_VALUES = 2.0 ** np.arange(SLOTS)
"""Column i's bit as a number: :func:`bit_masks` sums them with one matrix product."""


def bit_masks(bits: npt.NDArray[np.bool_]) -> _I64:
    """Each row of up to 25 booleans as an integer (column i is bit i)."""
    out: _I64 = (bits @ _BIT_VALUES[: bits.shape[1]]).astype(np.int64)
    return out


def _other_side(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Rows of both sides (the side on roll's, then the opponent's) with the halves exchanged:
    each row's counterpart on the other side."""
    half = len(a) // 2
    return np.concatenate((a[half:], a[:half]))


def _float_table(values: npt.ArrayLike, scale: float) -> npt.NDArray[np.float32]:
    """``value / scale`` for small integers, as float64 division rounded to float32 (how an
    integer count divided by a Python float is computed)."""
    return (np.asarray(values, dtype=np.int64) / scale).astype(np.float32)


_BLOTS = _float_table(range(25), 5.0)
_MADE = _float_table(range(25), 7.0)
_HOME = _float_table(range(7), 6.0)
_ANCHORS = _float_table(range(7), 2.0)
_AHEAD = _float_table(range(25), 6.0)
_PRIME = np.arange(25, dtype=np.float32) / _F32(6.0)
_FREE = _F32(6.0) - np.arange(7, dtype=np.float32)
_BLOCKED_SHARE = (_F32(6.0) - _FREE) / _F32(6.0)
_MOBILITY = _F32(1.0) - _BLOCKED_SHARE * _BLOCKED_SHARE
"""Rear mobility by the number of the six dice that cannot move the rearmost checker."""


def _side_features(sides: Boards, sums: Inputs, out: Inputs) -> _I64:
    """Write the hand-made features of both sides into ``out``; returns each side's rearmost
    slot (0..24, the bar 24; -1 when it has no checker on the board), mine then theirs.

    ``sides`` holds each side's 25 slots (own numbering), the side on roll's rows then the
    opponent's, and ``sums`` :data:`_SUMS`'s columns of them.
    """
    n = len(sides) // 2
    pts = sides[:, :24]
    bar = sides[:, 24]
    made = bit_masks(pts >= 2)
    blots = bit_masks(pts == 1)
    points = made | blots
    occupied = points | (bar > 0).astype(np.int64) << 24
    # the opponent's points and checkers in my numbering
    opp_made = _other_side(turned_masks(made))
    opp_here = _other_side(turned_masks(points))
    # direct shots: hitters on my point q (the bar is my point 0) reach my blot on point p at p - q
    hitters = (opp_here << 1) | _other_side(bar > 0)
    shots = np.zeros(2 * n, dtype=np.float32)
    exposed = np.flatnonzero(blots)  # about half the sides have no blot: nothing to hit
    if exposed.size:
        reach = (hitters[exposed, None] << _DIST_SHIFTS) & (blots[exposed, None] << 1)
        shots[exposed] = _SHARE[((reach != 0) @ _DIST_BITS).astype(np.int64)]
    # the rearmost checker (slot 0..24) and the dice that cannot move it: landing on a point
    # the opponent holds, or past point 1 (bits 0..5 of the window stand for points 0..-5)
    rear = np.frexp(occupied.astype(np.float64))[1] - 1
    from_rear = np.maximum(rear, 0)
    window = (((opp_made << 6) | 0x3F) >> from_rear) & 0x3F
    blocked = _ONES[window]
    ahead = _ones(opp_made & ((1 << from_rear) - 1))
    longest = np.maximum(
        np.maximum(_LONGEST[made & _LOW12], _LONGEST[made >> 12]),
        _HIGH_RUN[made & _LOW12] + _LOW_RUN[made >> 12],
    )
    f = np.empty((2 * n, len(SIDE_FEATURES)), dtype=np.float32)
    f[:, 0] = sums[:, 0] / _F32(167.0)
    f[:, 1] = _BLOTS[_ones(blots)]
    f[:, 2] = shots
    f[:, 3] = _MADE[_ones(made)]
    f[:, 4] = _HOME[_ONES[made & 0x3F]]
    f[:, 5] = _PRIME[longest]
    f[:, 6] = _ANCHORS[_ONES[(made >> 18) & 0x3F]]
    f[:, 7] = sums[:, 1] / _F32(5.0)
    f[:, 8] = _MOBILITY[blocked]
    f[:, 9] = _AHEAD[ahead]
    f[:, 10] = sums[:, 2] / _F32(15.0)
    _write_sides(out, 2 * RAW_PER_SIDE, f)
    return rear


def _write_sides(out: Inputs, col: int, values: Inputs) -> None:
    """Write ``values`` (the side on roll's rows, then the opponent's) into ``out`` from column
    ``col``: each board's row gets its own side's values, then the opponent's."""
    n, width = len(out), values.shape[1]
    out[:, col : col + 2 * width].reshape(n, 2, width)[:] = values.reshape(2, n, width).transpose(1, 0, 2)


def _contact(rear: _I64, n: int) -> npt.NDArray[np.bool_]:
    """Contact from each side's rearmost slot (see :func:`_side_features`): my point p is their 25 - p."""
    mine, theirs = rear[:n], rear[n:]
    return (mine >= 0) & (theirs >= 0) & (mine + theirs > 23)


def contact_mask(b: Boards) -> npt.NDArray[np.bool_]:
    """True for each board where the sides can still meet (not a pure race)."""
    n = b.shape[0]
    occupied = bit_masks(np.concatenate([b[:, :SLOTS], b[:, SLOTS:]]) > 0)
    return _contact(np.frexp(occupied.astype(np.float64))[1] - 1, n)


CRASHED_AT = 6
"""A side with this many checkers or fewer in play outside its own 1 and 2 points has crashed (its
board crunched, or most of its checkers borne off): the class GNU Backgammon's literature gives a
net of its own."""


def crashed_mask(b: Boards) -> npt.NDArray[np.bool_]:
    """True for each board where the sides can still meet and one of them has crashed
    (:data:`CRASHED_AT`)."""
    sides = b.reshape(len(b), 2, SLOTS).astype(np.int64)
    in_play = sides.sum(axis=2) - sides[:, :, 0] - sides[:, :, 1]
    out: npt.NDArray[np.bool_] = (in_play <= CRASHED_AT).any(axis=1) & contact_mask(b)
    return out


def encode(b: Boards) -> Inputs:
    """(N, 50) uint8 boards -> (N, N_INPUTS) float32 network inputs."""
    if b.ndim != 2 or b.shape[1] != 2 * SLOTS:
        raise ValueError(f"boards must have shape (N, {2 * SLOTS}), got {b.shape}")
    n = b.shape[0]
    out = np.empty((n, N_INPUTS), dtype=np.float32)
    rows = out[:, : 2 * RAW_PER_SIDE].reshape(n, 2, RAW_PER_SIDE)  # each side's block of units
    units = np.take(_RAW_ROWS, b).view(np.float32)  # (n, 200): four units a slot
    rows[:, :, :96] = units.reshape(n, 2, 100)[:, :, :96]  # the points' (not the bar's)
    sides = np.concatenate([b[:, :SLOTS], b[:, SLOTS:]])  # (2n, 25): each side's slots, own numbering
    sums = sides.astype(np.float32) @ _SUMS
    rows[:, :, 96] = (sides[:, 24].astype(np.float32) / _F32(2.0)).reshape(2, n).T
    rows[:, :, 97] = ((_F32(15.0) - sums[:, 3]) / _F32(15.0)).reshape(2, n).T
    rear = _side_features(sides, sums, out)
    mine_pips = out[:, 2 * RAW_PER_SIDE]
    their_pips = out[:, 2 * RAW_PER_SIDE + len(SIDE_FEATURES)]
    out[:, N_INPUTS - 2] = (their_pips - mine_pips) * _F32(167.0) / _F32(50.0)
    out[:, CONTACT_INPUT] = _contact(rear, n)
    return out
