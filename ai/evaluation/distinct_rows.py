"""The distinct rows of a byte array, found by a 64-bit hash of each row and checked whole.

The search meets the same board many times in one batch (two rolls of one total, two orders of
one pair of dice); :func:`distinct_rows` finds the copies in about the time of sorting as many
integers, where sorting the rows themselves (``numpy.unique`` of byte strings) takes several
times longer. Every copy it reports is compared byte for byte with its first: when two different
rows share a hash (not seen in practice), it sorts the rows themselves instead.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

_I = npt.NDArray[np.int64]

_MULTIPLIERS = np.arange(1, 64, 2, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
"""Odd multipliers: a row of k 64-bit words hashes to the sum of their products with the first k
(wrapping)."""


def distinct_rows(rows: npt.NDArray[np.uint8]) -> tuple[_I, _I]:
    """For a 2-D array of bytes (up to 256 a row): the index of the first of each distinct row, in
    ascending order, and for every row the position of its first among those."""
    n, width = rows.shape
    words = -(-width // 8)
    keys = np.zeros((n, 8 * words), dtype=np.uint8)
    keys[:, :width] = rows
    packed = keys.view(np.uint64)
    hashed = packed @ _MULTIPLIERS[:words]
    _, first, inverse = np.unique(hashed, return_index=True, return_inverse=True)
    if not (packed == packed[first[inverse]]).all():
        whole = keys.view(np.dtype((np.void, keys.shape[1]))).ravel()
        _, first, inverse = np.unique(whole, return_index=True, return_inverse=True)
    # np.unique lists the rows by their sorted keys; renumber them by where each first occurs
    order = np.argsort(first)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return first[order], rank[inverse.ravel()]
