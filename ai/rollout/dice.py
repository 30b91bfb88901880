"""The rollout's dice: stratified first two rolls, the same dice for every candidate, from a seed.

Trial ``t`` (0, 1, 2, ...) has its own stream of rolls, fixed by the seed and ``t`` alone: every
candidate plays trial ``t`` with the same dice (duplicate dice, so that the differences between
candidates are surer than their values), and any process can play any trial. With
``quasi_random``, the first two rolls are stratified: in each cycle of 1296 trials, trial ``t``
(``i = t % 36``, ``j = t // 36 % 36``) gets the first roll ``A[i]`` and the second ``B[(i + j) % 36]``,
``A`` and ``B`` being permutations of the 36 rolls drawn from the seed for that cycle: each
round of 36 trials then has every first roll once and every second roll once, and a cycle has
every pair of the two once. The rest of the rolls come from the trial's own generator.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.rules.dice import ROLLS

CYCLE = 36 * 36
"""Trials in one stratification cycle."""

_INDEX = {(a, b): i for i, (a, b, _) in enumerate(ROLLS)}

OUTCOME_ROLL = np.array([_INDEX[(min(a, b), max(a, b))] for a in range(1, 7) for b in range(1, 7)])
"""The roll (index into :data:`game.rules.dice.ROLLS`) of each of the 36 outcomes of two dice."""

CHUNK = 64
"""Rolls drawn at a time from a trial's generator."""


def _permutations(seed: int, cycle: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    rng = np.random.default_rng([seed & 0xFFFFFFFFFFFF, 0x5EED, cycle])
    return rng.permutation(36), rng.permutation(36)


class TrialDice:
    """The rolls of one trial, as indices into :data:`game.rules.dice.ROLLS`, drawn as needed."""

    def __init__(self, seed: int, trial: int, quasi_random: bool = True) -> None:
        self._rng = np.random.default_rng([seed & 0xFFFFFFFFFFFF, 0xD1CE, trial])
        head: list[int] = []
        if quasi_random:
            a, b = _permutations(seed, trial // CYCLE)
            i, j = trial % 36, trial // 36 % 36
            head = [int(OUTCOME_ROLL[a[i]]), int(OUTCOME_ROLL[b[(i + j) % 36]])]
        self._rolls = head

    def roll(self, ply: int) -> int:
        """The roll of ply ``ply`` (0: the first roll of the trial)."""
        while ply >= len(self._rolls):
            self._rolls.extend(OUTCOME_ROLL[self._rng.integers(0, 36, CHUNK)].tolist())
        return self._rolls[ply]
