"""The network inputs as first written, one plain numpy step per idea: what ``ai.evaluation.features``
must give bit for bit (``tests/test_features.py`` compares them on game positions).

Network inputs from boards: a Tesauro-style raw encoding plus features a player names.

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
"""

from __future__ import annotations

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

Boards = npt.NDArray[np.uint8]
Inputs = npt.NDArray[np.float32]

# The 21 distinct rolls as (die, die, weight out of 36).
_ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
_POINT_VALUES = np.arange(1, 26, dtype=np.float32)  # pips of points 1..24 and the bar (25)


def _raw_table() -> npt.NDArray[np.float32]:
    """The four Tesauro units for each checker count 0..15."""
    table = np.zeros((16, 4), dtype=np.float32)
    for n in range(16):
        table[n] = (n == 1, n == 2, n >= 3, max(n - 3, 0) / 2.0)
    return table


_RAW_TABLE = _raw_table()


def _raw(side: npt.NDArray[np.uint8]) -> Inputs:
    """Tesauro units for one side: (N, 25) counts -> (N, 98)."""
    n = side.shape[0]
    units = _RAW_TABLE[np.minimum(side[:, :24], 15)].reshape(n, 96)
    bar = side[:, 24:25].astype(np.float32) / 2.0
    off = (15.0 - side.sum(axis=1, keepdims=True, dtype=np.float32)) / 15.0
    return np.concatenate([units, bar, off], axis=1)


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
_BITS = (1 << np.arange(25, dtype=np.int64)).astype(np.int64)


def _shot_share(blots: npt.NDArray[np.bool_], hitters: npt.NDArray[np.bool_]) -> npt.NDArray[np.float32]:
    """Share of the 36 rolls on which some hitter hits some blot directly.

    Both arrays are in the blot owner's numbering: ``blots`` (N, 24) marks points
    1..24, ``hitters`` (N, 25) marks the hitting side's bar (the owner's point 0)
    and then its checkers on the owner's points 1..24. Works on bit masks: bit p is point p.
    """
    blot_mask = blots.astype(np.int64) @ _BITS[1:]
    hit_mask = hitters.astype(np.int64) @ _BITS
    if blots.shape[0] <= _FEW_ROWS:
        rows = zip(blot_mask.tolist(), hit_mask.tolist(), strict=True)
        return np.array([_shot_share_one(b, h) for b, h in rows], dtype=np.float32)
    dist = np.zeros(blots.shape[0], dtype=np.int64)
    for d in range(1, 25):
        dist |= ((blot_mask & (hit_mask << d)) != 0).astype(np.int64) << d
    share = np.zeros(blots.shape[0], dtype=np.float32)
    for mask, weight in zip(_ROLL_MASKS.tolist(), _ROLL_WEIGHTS.tolist(), strict=True):
        share += weight * ((dist & mask) != 0)
    return share


_FEW_ROWS = 8
"""Up to this many rows :func:`_shot_share` works row by row in Python ints, where numpy's
per-call cost would dominate (a single position is two rows)."""

_ROLL_LIST = tuple(zip(_ROLL_MASKS.tolist(), _ROLL_WEIGHTS.tolist(), strict=True))


def _shot_share_one(blot_mask: int, hit_mask: int) -> float:
    """:func:`_shot_share` of one row from its bit masks, rounded to float32 after each
    roll as the array form is."""
    dist = 0
    for d in range(1, 25):
        if blot_mask & (hit_mask << d):
            dist |= 1 << d
    share = 0.0
    for mask, weight in _ROLL_LIST:
        if dist & mask:
            share = float(np.float32(share + weight))
    return share


def _side_features(me: npt.NDArray[np.float32], them: npt.NDArray[np.float32]) -> Inputs:
    """The hand-made features of ``me`` (both (N, 25), each side in its own numbering)."""
    n = me.shape[0]
    pts = me[:, :24]
    opp_here = them[:, 23::-1]  # the opponent's checkers on my points 1..24
    made = pts >= 2
    blots = pts == 1
    # hitters in my numbering: the opponent's bar is my point 0, its checkers my points 1..24
    hitters = np.concatenate([them[:, 24:25] > 0, opp_here > 0], axis=1)
    shots = _shot_share(blots, hitters)

    run = np.zeros(n, dtype=np.float32)
    best = np.zeros(n, dtype=np.float32)
    for i in range(24):
        run = (run + 1.0) * made[:, i]
        best = np.maximum(best, run)

    pips = me @ _POINT_VALUES
    back = pts[:, 18:24].sum(axis=1) + me[:, 24]
    # the rearmost checker (the bar counts as point 25) and what stands in front of it
    occupied = np.concatenate([pts > 0, me[:, 24:25] > 0], axis=1)
    rear = np.where(occupied.any(axis=1), 24 - np.argmax(occupied[:, ::-1], axis=1), 0)  # 0-based slot
    blocked = np.concatenate([np.ones((n, 6), dtype=bool), opp_here >= 2], axis=1)  # index j + 6: point j + 1
    rows = np.arange(n)
    free_dice = np.zeros(n, dtype=np.float32)
    for d in range(1, 7):
        # landing on point rear + 1 - d, i.e. index rear - d of the points, offset by 6
        free_dice += ~blocked[rows, np.maximum(rear - d, -6) + 6]
    blocked_share = (6.0 - free_dice) / 6.0
    mobility = 1.0 - blocked_share * blocked_share
    points_ahead = np.cumsum(opp_here >= 2, axis=1)  # made opposing points on my points 1..k
    ahead = points_ahead[rows, np.clip(rear - 1, 0, 23)] * (rear > 0)
    outside = me[:, 6:25].sum(axis=1)

    cols = (
        pips / 167.0,
        blots.sum(axis=1) / 5.0,
        shots,
        made.sum(axis=1) / 7.0,
        made[:, :6].sum(axis=1) / 6.0,
        best / 6.0,
        made[:, 18:24].sum(axis=1) / 2.0,
        back / 5.0,
        mobility,
        ahead / 6.0,
        outside / 15.0,
    )
    return np.stack(cols, axis=1).astype(np.float32)


def contact_mask(b: Boards) -> npt.NDArray[np.bool_]:
    """True for each board where the sides can still meet (not a pure race)."""
    me = b[:, :SLOTS]
    them = b[:, SLOTS:]
    pts_me = np.concatenate([me[:, :24] > 0, me[:, 24:25] > 0], axis=1)
    pts_them = np.concatenate([them[:, :24] > 0, them[:, 24:25] > 0], axis=1)
    # rearmost point (1..25, bar = 25), 0 when the side has nothing left on the board
    my_back = np.where(pts_me.any(axis=1), 25 - np.argmax(pts_me[:, ::-1], axis=1), 0)
    their_back = np.where(pts_them.any(axis=1), 25 - np.argmax(pts_them[:, ::-1], axis=1), 0)
    # my point p is their point 25 - p: contact when my rearmost is beyond their rearmost
    return (my_back > 0) & (their_back > 0) & (my_back + their_back > 25)


def encode(b: Boards) -> Inputs:
    """(N, 50) uint8 boards -> (N, N_INPUTS) float32 network inputs."""
    if b.ndim != 2 or b.shape[1] != 2 * SLOTS:
        raise ValueError(f"boards must have shape (N, {2 * SLOTS}), got {b.shape}")
    me = b[:, :SLOTS].astype(np.float32)
    them = b[:, SLOTS:].astype(np.float32)
    n = b.shape[0]
    both = _side_features(np.concatenate([me, them]), np.concatenate([them, me]))
    mine, theirs = both[:n], both[n:]
    pip_diff = (theirs[:, 0] - mine[:, 0]) * 167.0 / 50.0
    contact = contact_mask(b).astype(np.float32)
    glob = np.stack([pip_diff, contact], axis=1).astype(np.float32)
    raw = _raw(np.concatenate([b[:, :SLOTS], b[:, SLOTS:]]))
    return np.concatenate([raw[:n], raw[n:], mine, theirs, glob], axis=1)
