"""Dice from a seedable generator, and the seed commitment that lets a player check them.

A game's dice come from ``random.Random(seed)``: the same seed gives the same
rolls, in order. Before the game the SHA-256 of the seed is shown (the
commitment); after it the seed is revealed, and anyone can replay the seed and
compare (see ``python main.py replay-seed``).
"""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> str:
    """A fresh random seed: 32 hex digits from the operating system."""
    return secrets.token_hex(16)


def seed_commitment(seed: str) -> str:
    """The SHA-256 (hex) of the seed's UTF-8 text, shown before the game starts."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class Dice:
    """A stream of rolls from one seed; the only source of dice in a game."""

    def __init__(self, seed: str | int | None = None) -> None:
        self.seed = str(seed) if seed is not None else new_seed()
        self._rng = random.Random(self.seed)
        self.history: list[tuple[int, int]] = []

    def roll(self) -> tuple[int, int]:
        """Two dice for a normal turn."""
        d = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        self.history.append(d)
        return d

    def opening_roll(self) -> tuple[int, int]:
        """Each player rolls one die, ties re-rolled: (player 0's die, player 1's die).

        The rolls are recorded in ``history`` like any other, ties included.
        """
        while True:
            d = self.roll()
            if d[0] != d[1]:
                return d


def replay(seed: str, count: int) -> list[tuple[int, int]]:
    """The first ``count`` rolls a seed gives, as :class:`Dice` produces them."""
    dice = Dice(seed)
    return [dice.roll() for _ in range(count)]


ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls (high die last) with their probabilities: 1/36 a double, 2/36 else."""
