"""Positions met in the net's own play: the games that distillation and the harvest draw from.

The net plays itself (greedy at one decision, as in :mod:`ai.training.train`), optionally with
noise drawn for each game from :data:`ai.training.train.EXPLORE_NOISE` so that positions off its
own greedy path are met too; each contact position met before a roll (not the opening) is kept
with probability ``sample``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from ai.evaluation.evaluator import boards
from ai.evaluation.features import contact_mask
from ai.evaluation.network import NeuralEvaluator
from ai.training.train import EXPLORE_NOISE, choose, roll_dice
from game.rules.position import SIDE_MASK, START_CODE, swap

GAMES_AT_ONCE = 64
"""Self-play games advanced together."""


def met_positions(
    evaluator: NeuralEvaluator,
    rng: np.random.Generator,
    size: int,
    sample: float,
    explore: bool,
) -> Iterator[tuple[list[int], npt.NDArray[np.uint8]]]:
    """Yield the contact positions kept at each ply (codes, side on roll before rolling, and their
    (K, 50) boards) until ``size`` have been yielded.

    Deterministic for a given evaluator and ``rng`` state; the caller may draw from ``rng``
    between yields (the games go on drawing from it after).
    """
    live: list[tuple[int, int]] = [(START_CODE, 0)] * GAMES_AT_ONCE
    levels = np.array(EXPLORE_NOISE)
    sd = levels[rng.integers(len(levels), size=GAMES_AT_ONCE)] if explore else None
    have = 0
    while have < size:
        codes = [c for c, _ in live]
        b = boards(codes)
        plies = np.array([p for _, p in live])
        pick = (rng.random(len(codes)) < sample) & contact_mask(b) & (plies > 0)
        rows = np.flatnonzero(pick)[: size - have]
        if len(rows):
            have += len(rows)
            yield [codes[i] for i in rows], b[rows]
        dice = roll_dice(rng, [p == 0 for _, p in live])
        moves = choose(codes, dice, evaluator, None if sd is None else (sd, rng))
        if sd is not None:  # a new game draws its noise
            sd = np.where(
                [bool(res & SIDE_MASK) for res, _ in moves],
                sd,
                levels[rng.integers(len(levels), size=len(sd))],
            )
        live = [
            (swap(res), ply + 1) if res & SIDE_MASK else (START_CODE, 0)
            for (_, ply), (res, _) in zip(live, moves, strict=True)
        ]
