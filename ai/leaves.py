"""The deepest level of a search: every result of every roll scored from numpy boards, each roll's best kept.

Most of a deep search's time is its last level: at depth 4 a root candidate's tree ends in
some 440 positions times 21 rolls times 20 results. Nothing there is looked up again, so
it skips the search's caches and works on one (N, 50) board array
(:func:`ai.all_rolls.all_rolls`) from start to end: the long rolls' results pre-screened,
and a contact roll's pruned to its best few, by the quick score
(:func:`ai.evaluation.hand.move_scores`) on those boards, the rest valued for the mover
(:func:`ai.evaluation.values.mover_values`: turned round for the opponent and evaluated in
batches, copies once, results that bear off the last checker scored exactly), and each roll's
best found by one pass over the values (ties: the first in the move generator's order, as
everywhere in the search).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, Probs, boards
from ai.evaluation.features import contact_mask
from ai.evaluation.hand import move_scores
from ai.evaluation.values import mover_values
from ai.filters import Filters

Lengths = npt.NDArray[np.int64]

_SPAN = 4096.0
"""Wider than twice any quick score (they lie within a few hundred)."""


def results_boards(children: list[int], check: Callable[[], None]) -> npt.NDArray[np.uint8]:
    """The boards of ``children`` (mover still on roll), made in slices with a stop check before each."""
    slice_ = batching.SLICE
    if len(children) <= slice_:
        return boards(children)
    parts = []
    for start in range(0, len(children), slice_):
        check()
        parts.append(boards(children[start : start + slice_]))
    return np.concatenate(parts)


def prescreen(
    raw: npt.NDArray[np.uint8], lengths: Lengths, limit: int | Lengths, check: Callable[[], None]
) -> tuple[npt.NDArray[np.int64], Lengths]:
    """The rows of ``raw`` kept when each roll (``lengths`` consecutive rows) with more than
    ``limit`` results (one for all, or one a roll) keeps only its best ``limit`` by the quick score
    (ties: the first rows); returns the kept rows in order and the rolls' new lengths."""
    limit = np.broadcast_to(limit, lengths.shape)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    long_segs = np.flatnonzero(lengths > limit)
    long_len = lengths[long_segs]
    # the rows of the long rolls, each roll's rows in order
    offsets = np.arange(int(long_len.sum())) - np.repeat(np.cumsum(long_len) - long_len, long_len)
    rows = np.repeat(starts[long_segs], long_len) + offsets
    scores = np.empty(len(rows))
    slice_ = batching.SLICE
    for at in range(0, len(rows), slice_):
        check()
        scores[at : at + slice_] = move_scores(raw[rows[at : at + slice_]])
    # by roll, best first, ties in generator order: one stable sort on the roll's number spaced
    # wider than any score's range, less the score
    key = np.repeat(np.arange(len(long_segs)) * _SPAN, long_len) - np.clip(scores, -_SPAN / 4, _SPAN / 4)
    order = np.argsort(key, kind="stable")
    rank = np.empty(len(rows), dtype=np.int64)
    rank[order] = offsets
    keep = np.ones(len(raw), dtype=bool)
    keep[rows[rank >= np.repeat(limit[long_segs], long_len)]] = False
    return np.flatnonzero(keep), np.minimum(lengths, limit)


def best_of_each(values: npt.NDArray[np.float64], lengths: Lengths) -> npt.NDArray[np.int64]:
    """The index of the highest value in each run of ``lengths`` consecutive values (ties: the first)."""
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    top = np.maximum.reduceat(values, starts)
    at_top = np.flatnonzero(values == np.repeat(top, lengths))
    seg = np.repeat(np.arange(len(lengths)), lengths)[at_top]
    first: npt.NDArray[np.int64] = at_top[np.concatenate([[True], seg[1:] != seg[:-1]])]
    return first


def best_results(
    raw: npt.NDArray[np.uint8],
    lengths: Lengths,
    evaluator: Evaluator,
    utility: Callable[[Probs], npt.NDArray[np.float64]],
    filters: Filters,
    check: Callable[[], None],
) -> tuple[Probs, int]:
    """``W`` of each roll's best result by ``utility``: the rolls' results are the boards ``raw`` (mover
    still on roll) in runs of ``lengths``; a run longer than ``filters.prescreen`` is pre-screened,
    and one in contact longer than ``filters.prune`` and its logarithm pruned (:class:`Filters`).
    Returns one row of five a roll, and how many boards were evaluated."""
    pruned = filters.prune + np.log2(np.maximum(lengths, 1)).astype(np.int64)
    contact = contact_mask(raw[np.cumsum(lengths) - lengths])
    limit = np.where(contact, np.minimum(filters.prescreen, pruned), filters.prescreen)
    if (limit < lengths).any():
        kept, lengths = prescreen(raw, lengths, limit, check)
        raw = raw[kept]
    values = mover_values(evaluator, raw, batching.SEARCH, check)
    return values[best_of_each(utility(values), lengths)], len(raw)


def prescreen_codes(
    children: list[int], lengths: Lengths, limit: int, check: Callable[[], None]
) -> tuple[list[int], list[int], Lengths]:
    """:func:`prescreen` for the levels that keep codes: the kept children, where each roll's
    results start among them, and the rolls' new lengths."""
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    long_segs = np.flatnonzero(lengths > limit)
    long_rows = np.concatenate([np.arange(starts[j], starts[j] + lengths[j]) for j in long_segs]).tolist()
    raw = results_boards([children[i] for i in long_rows], check)
    kept_long, _ = prescreen(raw, lengths[long_segs], limit, check)
    keep = np.ones(len(children), dtype=bool)
    keep[long_rows] = False
    keep[np.array(long_rows)[kept_long]] = True
    new_lengths = np.minimum(lengths, limit)
    kept = [c for c, k in zip(children, keep.tolist(), strict=True) if k]
    return kept, np.concatenate([[0], np.cumsum(new_lengths)[:-1]]).tolist(), new_lengths
