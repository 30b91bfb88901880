"""Who plays each side: a person at this computer, or the computer at a level; the players' names
and the colours of their checkers.

A match is played against the computer (player 0 a person, player 1 the computer) or by
two people at one computer (both sides moved by hand). The turn flow asks each side's
:class:`Controller` what to do rather than branching on the player's number. No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

NAME_LENGTH = 20
"""The longest name a player may have."""

DEFAULT_NAMES = ("Player 1", "Player 2")
"""The names of two players who have not typed theirs."""

COMPUTER_NAMES = ("You", "Computer")
"""The names against the computer (the record's columns: the person, then the computer)."""


class CheckerColour(StrEnum):
    """The colour of a side's checkers on the board (saved as its value)."""

    LIGHT = "light"
    DARK = "dark"

    @property
    def other(self) -> CheckerColour:
        """The other side's colour."""
        return CheckerColour.DARK if self is CheckerColour.LIGHT else CheckerColour.LIGHT


class Control(StrEnum):
    """How a side's decisions are made (as a setting: who plays the other side; saved as its value)."""

    HUMAN = "human"
    """By hand: a person at this computer."""
    COMPUTER = "computer"
    """By the search, at a level."""


OPPONENTS = (Control.COMPUTER, Control.HUMAN)
"""Who plays player 1, in the settings' order: the computer, or a second person at the same computer."""


@dataclass(frozen=True, slots=True)
class Controller:
    """Who decides for one side: a person, or the computer at a search depth with noise."""

    control: Control
    """By hand or by the search."""
    depth: int = 0
    """The computer's search depth (0 for a person)."""
    noise: float = 0.0
    """The computer's noise (beginner levels)."""

    @property
    def is_human(self) -> bool:
        """True when a person decides for this side."""
        return self.control is Control.HUMAN


PERSON = Controller(Control.HUMAN)
"""A person at this computer."""


def clean_name(name: str, default: str) -> str:
    """A name as kept: printable, without the spaces at its ends, at most NAME_LENGTH characters;
    ``default`` when nothing is left."""
    kept = "".join(c for c in name if c.isprintable()).strip()[:NAME_LENGTH].strip()
    return kept or default
