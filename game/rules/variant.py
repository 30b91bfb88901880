"""The variants of backgammon the game plays: the same rules from another starting position.

A :class:`Variant` names one; :data:`VARIANTS` holds what each one is (its starting position and
the words for it). Nackgammon (Nick "Nack" Ballard's) starts with two back checkers on each side's
23 point as well as its 24 point, one fewer on the midpoint and on the six point: 2 on the 24,
2 on the 23, 4 on the 13, 3 on the 8 and 4 on the 6, as GNU Backgammon's ``set variation
nackgammon`` sets it up. Everything else (the moves, the cube, the match) is standard.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from game.rules.position import START_SIDE, Position, pack


class Variant(StrEnum):
    """A variant of backgammon (saved as its value)."""

    STANDARD = "standard"
    """Backgammon from the standard start."""
    NACKGAMMON = "nackgammon"
    """Backgammon from Nackgammon's start."""

    @property
    def start_side(self) -> tuple[int, ...]:
        """One side of the variant's starting position, points 1..24 then the bar."""
        return VARIANTS[self].start_side

    @property
    def start_code(self) -> int:
        """The variant's starting position as a code (both sides alike; either on roll)."""
        return pack(self.start_side, self.start_side)

    def start(self) -> Position:
        """The variant's starting position."""
        return Position(self.start_code)


@dataclass(frozen=True, slots=True)
class VariantFacts:
    """What one variant is."""

    start_side: tuple[int, ...]
    """One side of its starting position (25 slots: points 1..24, then the bar)."""

    name: str
    """Its name, as a player reads it."""


NACKGAMMON_SIDE = (0, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0)
"""One side of Nackgammon's start: 4 on the 6 point, 3 on the 8, 4 on the 13, 2 on the 23 and 2 on
the 24."""

VARIANTS: Mapping[Variant, VariantFacts] = MappingProxyType(
    {
        Variant.STANDARD: VariantFacts(START_SIDE, "Standard"),
        Variant.NACKGAMMON: VariantFacts(NACKGAMMON_SIDE, "Nackgammon"),
    }
)
"""Every variant and what it is."""


def variant_of_start(code: int) -> Variant | None:
    """The variant whose starting position ``code`` is (either side on roll), or None."""
    return next((v for v in Variant if v.start_code == code), None)
