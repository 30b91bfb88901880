"""The evaluation interface: what every static evaluator provides to the search.

An evaluator scores positions from the side on roll's point of view, many at
once. It returns five probabilities per position, the gnubg convention:
(win, win gammon, win backgammon, lose gammon, lose backgammon), the gammon and
backgammon figures *including* the ones above them (win gammon counts win
backgammons too). Cubeless equity follows from them (:func:`equity`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from game.rules.position import SLOTS

Probs = npt.NDArray[np.float64]
"""An (N, 5) array of outcome probabilities."""


class Evaluator(Protocol):
    """A static evaluation of positions, side on roll's view."""

    name: str
    """A short name shown to the player (e.g. "neural net v3", "hand-made")."""

    def evaluate(self, codes: Sequence[int]) -> Probs:
        """Five probabilities for each packed position code (side on roll)."""
        ...


def boards(codes: Sequence[int]) -> npt.NDArray[np.uint8]:
    """Codes as an (N, 50) uint8 array: the mover's 25 slots, then the opponent's 25."""
    raw = b"".join(c.to_bytes(2 * SLOTS, "little") for c in codes)
    return np.frombuffer(raw, dtype=np.uint8).reshape(len(codes), 2 * SLOTS)


def equity(probs: Probs) -> npt.NDArray[np.float64]:
    """Cubeless equity (points per game) from (N, 5) probabilities."""
    p = np.asarray(probs, dtype=np.float64)
    return 2.0 * p[:, 0] - 1.0 + p[:, 1] + p[:, 2] - p[:, 3] - p[:, 4]


def flip(probs: Probs) -> Probs:
    """The same probabilities seen by the other side."""
    p = np.asarray(probs, dtype=np.float64)
    return np.stack([1.0 - p[:, 0], p[:, 3], p[:, 4], p[:, 1], p[:, 2]], axis=1)
