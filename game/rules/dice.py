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
from typing import NamedTuple


class Roll(NamedTuple):
    """Two dice as rolled; a tuple, so it goes wherever ``tuple[int, int]`` dice go."""

    first: int
    """The first die (in the opening roll: player 0's)."""
    second: int
    """The second die (in the opening roll: player 1's)."""

    @classmethod
    def of(cls, dice: tuple[int, int] | list[int]) -> Roll:
        """A roll from two dice; raises ValueError unless both are 1..6."""
        a, b = (int(d) for d in dice)
        if not (1 <= a <= 6 and 1 <= b <= 6):
            raise ValueError(f"dice must be 1..6, got {a} and {b}")
        return cls(a, b)

    @property
    def high(self) -> int:
        """The larger die."""
        return max(self)

    @property
    def low(self) -> int:
        """The smaller die."""
        return min(self)

    def is_double(self) -> bool:
        """True when both dice show the same number (it is played four times)."""
        return self.first == self.second

    def dice(self) -> tuple[int, ...]:
        """The dice to play, high first: four of them for a double."""
        return (self.first,) * 4 if self.is_double() else (self.high, self.low)

    def played_order(self) -> Roll:
        """The same roll, high die first (as it is shown and named)."""
        return Roll(self.high, self.low)

    def text(self) -> str:
        """The roll as a player names it, high first: ``"4-3"``."""
        return f"{self.high}-{self.low}"


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
        self.history: list[Roll] = []
        self.entered: list[int] = []
        """Indices in ``history`` of rolls entered by hand (real dice), not drawn from the seed."""

    def roll(self) -> Roll:
        """Two dice for a normal turn."""
        d = Roll(self._rng.randint(1, 6), self._rng.randint(1, 6))
        self.history.append(d)
        return d

    def enter(self, roll: Roll) -> Roll:
        """Record a roll made with real dice (the seed's stream is not used)."""
        self.entered.append(len(self.history))
        self.history.append(roll)
        return roll

    def drawn(self) -> list[Roll]:
        """The rolls drawn from the seed, in order (without the ones entered by hand)."""
        hand = set(self.entered)
        return [r for i, r in enumerate(self.history) if i not in hand]

    def opening_roll(self) -> Roll:
        """Each player rolls one die, ties re-rolled: (player 0's die, player 1's die).

        The rolls are recorded in ``history`` like any other, ties included.
        """
        while True:
            d = self.roll()
            if not d.is_double():
                return d


def replay(seed: str, count: int) -> list[Roll]:
    """The first ``count`` rolls a seed gives, as :class:`Dice` produces them."""
    dice = Dice(seed)
    return [dice.roll() for _ in range(count)]


ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls (high die last) with their probabilities: 1/36 a double, 2/36 else."""
