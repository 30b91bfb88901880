"""The deepest level of a search: every result of every roll scored from numpy boards, each roll's best kept.

Most of a deep search's time is its last level: at depth 4 a root candidate's tree ends in
some 440 positions times 21 rolls times 20 results. Nothing there is looked up again, so
it skips the search's caches and works on one (N, 50) board array
(:func:`ai.all_rolls.all_rolls`) from start to end: the long rolls' results pre-screened,
and a contact roll's pruned to its best few, by the quick score
(:func:`ai.evaluation.hand.move_scores`) on those boards, the rest turned round for the
opponent and evaluated in batches, results that bear off the last checker scored exactly,
and each roll's best found by one pass over the values (ties: the first in the move
generator's order, as everywhere in the search).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ai.distinct_rows import distinct_rows
from ai.evaluation.evaluator import Probs, boards
from ai.evaluation.features import contact_mask
from ai.evaluation.hand import move_scores
from ai.filters import Filters
from game.rules.outcome import Termination, win_kind

Lengths = npt.NDArray[np.int64]
EvalBoards = Callable[[npt.NDArray[np.uint8]], Probs]

CHUNK = 1024
"""Largest batch handed to the evaluator at once (the stop flag is checked before each batch;
a batch of 1024 takes a few milliseconds, which keeps a cancel well under 100 ms)."""

SLICE = 8192
"""Longest list of results turned into boards, or pre-screened, between two stop checks."""

DEDUPE_FROM = 128
"""Fewest boards worth looking for copies among: below it finding them (some 20 microseconds)
costs more than evaluating the few copies there are (about 1.3 microseconds a board)."""

_SPAN = 4096.0
"""Wider than twice any quick score (they lie within a few hundred)."""


def terminal_probs(code: int) -> npt.NDArray[np.float64]:
    """Exact probabilities for a result in which the mover has borne off every checker."""
    kind = win_kind(code)
    gammon, backgammon = kind is not Termination.SINGLE, kind is Termination.BACKGAMMON
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


def results_boards(children: list[int], check: Callable[[], None]) -> npt.NDArray[np.uint8]:
    """The boards of ``children`` (mover still on roll), made in slices with a stop check before each."""
    if len(children) <= SLICE:
        return boards(children)
    parts = []
    for start in range(0, len(children), SLICE):
        check()
        parts.append(boards(children[start : start + SLICE]))
    return np.concatenate(parts)


def board_values(raw: npt.NDArray[np.uint8], eval_boards: EvalBoards, check: Callable[[], None]) -> Probs:
    """``W(r, 1)`` of each result board: its static value for the mover, exact if it bears off last.

    Each board is turned round (the opponent is on roll) and evaluated, in batches of :data:`CHUNK`,
    with a stop check before each; from :data:`DEDUPE_FROM` boards up, each distinct one once.
    """
    unique, copy_of = raw, None
    if len(raw) >= DEDUPE_FROM:  # two rolls of one total often reach the same board
        first, copy_of = distinct_rows(raw)
        unique = raw[first]
    turned = np.concatenate([unique[:, 25:], unique[:, :25]], axis=1)
    values = np.empty((len(unique), 5))
    for at in range(0, len(unique), CHUNK):
        check()
        part = np.asarray(eval_boards(turned[at : at + CHUNK]), dtype=np.float64)
        rows = values[at : at + len(part)]  # the opponent's chances, seen from the mover
        rows[:, 0] = 1.0 - part[:, 0]
        rows[:, 1] = part[:, 3]
        rows[:, 2] = part[:, 4]
        rows[:, 3] = part[:, 1]
        rows[:, 4] = part[:, 2]
    out = values if copy_of is None else values[copy_of]
    won = np.flatnonzero(~raw[:, :25].any(axis=1))
    if won.size:
        loser = raw[won, 25:].astype(np.int64)
        gammon = loser.sum(axis=1) == 15
        backgammon = gammon & ((loser[:, 18:25].sum(axis=1)) > 0)
        out[won, 0] = 1.0
        out[won, 1] = gammon
        out[won, 2] = backgammon
        out[won, 3] = 0.0
        out[won, 4] = 0.0
    return out


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
    for at in range(0, len(rows), SLICE):
        check()
        scores[at : at + SLICE] = move_scores(raw[rows[at : at + SLICE]])
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
    eval_boards: EvalBoards,
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
    values = board_values(raw, eval_boards, check)
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
