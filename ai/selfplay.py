"""The net's own greedy play: for each game, the best result of its roll by one decision.

The move self-play training makes (:mod:`ai.training.train`), and the one rollouts play
(:mod:`ai.rollout`): every game's candidates are valued in one batch of the evaluator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from ai.evaluator import Probs, boards, equity, flip
from game.movegen import results
from game.position import SIDE_MASK

BoardsEval = Callable[[npt.NDArray[np.uint8]], Probs]
"""Probabilities of (N, 50) boards for their side on roll (e.g. ``NeuralEvaluator.evaluate_boards``)."""

OPP_HOME_AND_BAR = sum(0xFF << (8 * (25 + i)) for i in range(18, 25))
"""The opponent's points 19..24 (the mover's home board) and bar: a gammoned loser there is backgammoned."""


def terminal_probs(code: int) -> tuple[float, float, float, float, float]:
    """The outcome for the mover when ``code`` has the mover borne off (mover's view, not swapped)."""
    theirs = code >> (8 * 25)
    on_board = sum(theirs.to_bytes(25, "little"))
    gammon = on_board == 15
    backgammon = gammon and bool(code & OPP_HOME_AND_BAR)
    return (1.0, float(gammon), float(backgammon), 0.0, 0.0)


_SWAP_COLUMNS = np.r_[25:50, 0:25]
"""Column order that turns (N, 50) boards into the same boards seen by the other side."""


def choose(
    codes: Sequence[int],
    dice: npt.NDArray[np.int64],
    value: BoardsEval,
    noise: tuple[npt.NDArray[np.float64], np.random.Generator] | None = None,
) -> list[tuple[int, Probs | None]]:
    """For each game, the best result of its roll by 1-ply lookahead, and its value for the mover.

    Returns (result code in the mover's view, probabilities for the mover) per game; the
    probabilities are the terminal outcome when the move bears off the last checker.
    ``noise`` (standard deviation per game, generator): each candidate's equity is blurred
    by that much before the best is taken, as the weaker levels play.
    """
    cands: list[int] = []
    spans: list[tuple[int, int]] = []
    chosen: list[tuple[int, Probs | None]] = []
    for code, (d1, d2) in zip(codes, dice.tolist(), strict=True):
        res = results(code, d1, d2)
        start = len(cands)
        done = None
        for r in res:
            if not r & SIDE_MASK:
                done = r
                break
        if done is not None:
            spans.append((start, start))
            chosen.append((done, np.array([terminal_probs(done)], dtype=np.float64)))
            continue
        cands.extend(res)
        spans.append((start, len(cands)))
        chosen.append((0, None))
    if cands:
        # each result is valued from the opponent's side (on roll next), then flipped back
        mine = flip(value(boards(cands)[:, _SWAP_COLUMNS]))
        eq = equity(mine)
        if noise is not None:
            sd, rng = noise
            per_cand = np.concatenate([np.full(end - start, sd[i]) for i, (start, end) in enumerate(spans)])
            eq = eq + rng.normal(0.0, 1.0, len(eq)) * per_cand
    for i, (start, end) in enumerate(spans):
        if end > start:
            k = start + int(np.argmax(eq[start:end]))
            chosen[i] = (cands[k], mine[k : k + 1])
    return chosen


def roll_dice(rng: np.random.Generator, opening: Sequence[bool]) -> npt.NDArray[np.int64]:
    """Dice for each game; an opening roll is never a double (it is re-rolled, as the rules say)."""
    dice = rng.integers(1, 7, size=(len(opening), 2))
    for i, first in enumerate(opening):
        while first and dice[i, 0] == dice[i, 1]:
            dice[i] = rng.integers(1, 7, size=2)
    return dice
