"""Difficulty levels: how deep the AI searches, and for beginners how much it blunders.

Depth is the difficulty (see :mod:`ai.search`): depth 1 looks only at our own
move, depth 2 adds every roll of the opponent and their best reply, depth 3 our
next roll and reply, depth 4 one more. Below depth 1, the beginner levels search
depth 1 and add seeded Gaussian noise (standard deviation in equity) to every
move's score, so they sometimes prefer a weaker move.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_DEPTH = 4
"""The deepest search offered: move decisions searched, depth N being GNU Backgammon's (N-1)-ply."""


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty level."""

    key: str
    """A stable identifier, used in settings files and on the command line."""

    label: str
    """What the player sees, e.g. "Strong (depth 3)"."""

    depth: int
    """Move decisions searched, 1..4."""

    noise: float
    """Standard deviation of the noise added to move equities (0 for none)."""


LEVELS: tuple[Level, ...] = (
    Level("novice", "Novice (depth 1, many mistakes)", 1, 0.30),
    Level("beginner", "Beginner (depth 1, some mistakes)", 1, 0.12),
    Level("casual", "Casual (depth 1)", 1, 0.0),
    Level("intermediate", "Intermediate (depth 2)", 2, 0.0),
    Level("strong", "Strong (depth 3)", 3, 0.0),
    Level("expert", "Expert (depth 4)", 4, 0.0),
)
"""All levels, weakest first."""

DEFAULT_LEVEL = "intermediate"
"""The key of the level a new player gets."""


def level_by_key(key: str) -> Level:
    """The level with this key; ValueError listing the keys if there is none."""
    for level in LEVELS:
        if level.key == key:
            return level
    known = ", ".join(level.key for level in LEVELS)
    raise ValueError(f"unknown level {key!r}; choose one of: {known}")
