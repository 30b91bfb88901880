"""How a game ends: who won, how many points, and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.rules.position import BAR, CHECKERS, unpack


class Termination(enum.Enum):
    """The kind of win, by what the loser had done when the winner finished."""

    SINGLE = 1
    """The loser had borne off at least one checker: 1 point."""

    GAMMON = 2
    """The loser had borne off none: 2 points."""

    BACKGAMMON = 3
    """The loser had borne off none and still had a checker on the bar or in the
    winner's home board: 3 points."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game."""

    winner: int
    """The player (0 or 1) who bore off all fifteen checkers."""

    termination: Termination
    """Single win, gammon or backgammon."""

    @property
    def points(self) -> int:
        """Points the winner scores (before any cube): 1, 2 or 3."""
        return self.termination.value


def win_kind(code: int) -> Termination | None:
    """The mover's win, if the mover has borne off every checker in ``code``.

    ``code`` is seen from the side that just moved (not swapped); returns None if
    the mover still has checkers on the board.
    """
    mine, theirs = unpack(code)
    if any(mine):
        return None
    if sum(theirs) < CHECKERS:
        return Termination.SINGLE
    # the winner's home board is the loser's points 19..24 (indices 18..23); the bar too
    if theirs[BAR] or any(theirs[18:24]):
        return Termination.BACKGAMMON
    return Termination.GAMMON
