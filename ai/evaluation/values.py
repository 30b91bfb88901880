"""The one door to the evaluator: values of results for the mover, values of positions for the side on roll.

What a move is worth to the side that made it is the evaluation of the position it leads to,
turned round (the opponent is on roll there) and seen back from the mover's side; exactly 1, 2 or
3 points where the move bears off the last checker. :func:`mover_values` does all of it for an
array of results: copies evaluated once, batches of the caller's size with a stop check before
each (:mod:`ai.evaluation.batching`), the finished games scored exactly by the
:class:`ai.evaluation.evaluator.GameOver` wrapper. The search's deep levels and its cached
levels, the cube's 21 rolls, rollouts and the training games all value their moves here;
:func:`on_roll_values` is the same door for positions before their roll.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ai.evaluation.batching import Batching
from ai.evaluation.distinct_rows import distinct_rows
from ai.evaluation.evaluator import Boards, Evaluator, Probs, flip, game_over, turned

Check = Callable[[], None]
"""A stop check: returns, or raises to stop (the search's :meth:`check`)."""


def _never() -> None:
    """The stop check of a caller that is never stopped between batches."""


def mover_values(evaluator: Evaluator, results: Boards, batching: Batching, check: Check = _never) -> Probs:
    """The mover's five probabilities after each result: ``results`` are boards from the mover's
    side (its slots first, as the move generator leaves them), each valued as the evaluation of the
    board turned round, flipped back; exact where the mover has borne off its last checker."""
    return flip(_evaluate(evaluator, results, batching, check, turn=True, distinct=False))


def on_roll_values(
    evaluator: Evaluator,
    positions: Boards,
    batching: Batching,
    check: Check = _never,
    *,
    distinct: bool = False,
) -> Probs:
    """Five probabilities for the side on roll of each board, exact in a finished game; ``distinct``:
    the boards are known to differ (a cache's misses), so copies are not looked for."""
    return _evaluate(evaluator, positions, batching, check, turn=False, distinct=distinct)


def _evaluate(
    evaluator: Evaluator, b: Boards, batching: Batching, check: Check, *, turn: bool, distinct: bool
) -> Probs:
    """The side on roll's probabilities of ``b`` (turned round first when ``turn``): each distinct
    board once from ``batching.dedupe_from`` boards up, in batches of ``batching.chunk``."""
    ev = game_over(evaluator)
    if not len(b):
        return np.zeros((0, 5))
    unique, copy_of = b, None
    if not distinct and batching.dedupe_from is not None and len(b) >= batching.dedupe_from:
        first, copy_of = distinct_rows(b)
        unique = b[first]
    if turn:
        unique = turned(unique)
    chunk = batching.chunk
    if chunk is None or len(unique) <= chunk:
        check()
        values = ev.evaluate_boards(unique)
    else:
        values = np.empty((len(unique), 5))
        for at in range(0, len(unique), chunk):
            check()
            values[at : at + chunk] = ev.evaluate_boards(unique[at : at + chunk])
    return values if copy_of is None else values[copy_of]
