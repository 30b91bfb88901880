"""The textbook backgammon expectiminimax: no batching, no caches, no pruning.

Used only by the tests and the bench as the reference the fast search in
:mod:`ai.search` must agree with. Moves come from
:func:`game.rules.movegen.moves_with_steps` (a different code path from the
:func:`game.rules.movegen.results` the fast search uses), and every leaf is evaluated
with its own ``evaluate([code])`` call.
"""

from __future__ import annotations

import random

import numpy as np

from ai.evaluation.evaluator import Boards, Evaluator, Probs, codes
from game.rules.dice import ROLLS
from game.rules.movegen import moves_with_steps, results
from game.rules.outcome import Termination, win_kind
from game.rules.position import SIDE_MASK, START_CODE, swap

Value = tuple[float, float, float, float, float]


def _results(code: int, d1: int, d2: int) -> list[int]:
    found = list(moves_with_steps(code, d1, d2))
    return found if found else [code]


def _eq(v: Value) -> float:
    """Cubeless equity, as :func:`ai.evaluation.evaluator.equity` computes it."""
    return 2.0 * v[0] - 1.0 + v[1] + v[2] - v[3] - v[4]


def _flip(v: Value) -> Value:
    return (1.0 - v[0], v[3], v[4], v[1], v[2])


def _won(code: int) -> Value | None:
    """Exact value for the mover if the mover has borne off every checker."""
    kind = win_kind(code)
    if kind is None:
        return None
    return (1.0, float(kind is not Termination.SINGLE), float(kind is Termination.BACKGAMMON), 0.0, 0.0)


def after_move(result: int, k: int, evaluator: Evaluator) -> Value:
    """W(r, k): the value for the mover of its result ``result`` with k decisions."""
    won = _won(result)
    if won is not None:
        return won
    return _flip(on_roll(swap(result), k - 1, evaluator))


def on_roll(code: int, k: int, evaluator: Evaluator) -> Value:
    """Q(S, k): the value for the side on roll, before rolling, with k decisions."""
    if k == 0:
        p = evaluator.evaluate([code])[0]
        return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))
    total = [0.0] * 5
    for a, b, prob in ROLLS:
        best: Value | None = None
        for r in _results(code, a, b):
            v = after_move(r, k, evaluator)
            if best is None or _eq(v) > _eq(best):
                best = v
        assert best is not None
        for i in range(5):
            total[i] += prob * best[i]
    return (total[0], total[1], total[2], total[3], total[4])


def naive_analyse(code: int, dice: tuple[int, int], depth: int, evaluator: Evaluator) -> dict[int, Value]:
    """Every legal result of the roll with its depth-``depth`` value for the mover."""
    return {r: after_move(r, depth, evaluator) for r in _results(code, *dice)}


class ToyEvaluator(Evaluator):
    """A cheap evaluator for tests: deterministic pseudo-random probabilities per position.

    Every position gets its own unrelated value, so any mistake in which child a
    search picks or how it averages shows up in the result.
    """

    name = "toy"

    def evaluate_boards(self, b: Boards) -> Probs:
        out = np.empty((len(b), 5))
        for n, code in enumerate(codes(b)):
            win = 0.05 + 0.9 * (code % 1000003) / 1000003
            wg = win * ((code % 999983) / 999983) * 0.4
            lg = (1.0 - win) * ((code % 999979) / 999979) * 0.4
            out[n] = (win, wg, wg * 0.1, lg, lg * 0.1)
        return out


def varied_positions(count: int, seed: int = 7) -> list[tuple[int, tuple[int, int]]]:
    """Positions and rolls from random games: openings, contact, hits, bar, races, bear-offs."""
    rng = random.Random(seed)
    found: list[tuple[int, tuple[int, int]]] = []
    while len(found) < count:
        code = START_CODE
        plies = rng.randrange(1, 120)
        for _ in range(plies):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            nxt = rng.choice(sorted(results(code, *dice)))
            if not nxt & SIDE_MASK:
                break  # game over: keep the position before it
            code = swap(nxt)
        found.append((code, (rng.randint(1, 6), rng.randint(1, 6))))
    return found
