"""Rollouts: the value of positions as the net's own play finds it, by playing them out.

Each position is played to the end ``games`` times by the net against itself, greedy
at one decision (:func:`ai.training.train.choose`, as in self-play training), and the
outcomes averaged. A game that becomes a race is stopped there and valued by the
evaluator (the race net, or the bear-off database where it reaches): races are what the
net already judges well, and they are most of a game's remaining rolls. Cubeless; no
other program is involved. All games of all positions advance together, so every ply
is one evaluation batch.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ai.evaluation.evaluator import flip
from ai.evaluation.network import NeuralEvaluator
from ai.training.train import choose, roll_dice
from game.rules.position import SIDE_MASK, is_race, swap

F = npt.NDArray[np.float64]


def rollout_values(
    codes: Sequence[int], games: int, evaluator: NeuralEvaluator, rng: np.random.Generator
) -> F:
    """The mean outcome of ``games`` plays of each position (side on roll, not yet rolled).

    Returns (N, 5) probabilities (win, gammon, backgammon, lose gammon, lose backgammon)
    for the side on roll of each position. Deterministic for a given ``rng`` state.
    """
    n = len(codes)
    total = np.zeros((n, 5))
    where = np.repeat(np.arange(n), games)
    now = [c for c in codes for _ in range(games)]
    theirs = np.zeros(n * games, dtype=bool)  # the opponent of the position's side is on roll
    active = list(range(n * games))
    while active:
        dice = roll_dice(rng, [False] * len(active))
        moves = choose([now[g] for g in active], dice, evaluator.evaluate_boards)
        going: list[int] = []
        stopped: list[int] = []
        for g, (res, probs) in zip(active, moves, strict=True):
            if not res & SIDE_MASK:  # the mover bore off its last checker
                assert probs is not None
                _add(total, where[g], probs[0], theirs[g])
                continue
            now[g] = swap(res)
            theirs[g] = not theirs[g]
            (stopped if is_race(now[g]) else going).append(g)
        if stopped:
            rows = np.asarray(evaluator.evaluate([now[g] for g in stopped]), dtype=np.float64)
            for g, row in zip(stopped, rows, strict=True):
                _add(total, where[g], row, theirs[g])
        active = going
    return total / games


def _add(total: F, i: int, row: npt.ArrayLike, flipped: bool) -> None:
    """Add an outcome seen by the side on roll to position ``i``'s total (from the position's side)."""
    r = np.asarray(row, dtype=np.float64).reshape(1, 5)
    total[i] += (flip(r) if flipped else r)[0]
