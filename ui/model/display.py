"""How the board is shown, as the player chose it: which side the home board is drawn on, the
colour theme and how fast checkers move. Saved in the settings as each member's value. No pygame."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never


class HomeSide(StrEnum):
    """The side of the window the human's home board is drawn on."""

    RIGHT = "right"
    LEFT = "left"


class ThemeChoice(StrEnum):
    """The board's colours: wood and felt, or a palette safe for colour-blind players."""

    CLASSIC = "classic"
    COLOUR_BLIND = "colour-blind"

    @property
    def other(self) -> ThemeChoice:
        """The theme the theme key switches to."""
        match self:
            case ThemeChoice.CLASSIC:
                return ThemeChoice.COLOUR_BLIND
            case ThemeChoice.COLOUR_BLIND:
                return ThemeChoice.CLASSIC
            case _:
                assert_never(self)


class AnimationSpeed(StrEnum):
    """How fast a moved checker slides from point to point."""

    OFF = "off"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def step_seconds(self) -> float:
        """Seconds a checker takes for one step (0: it jumps to where it lands)."""
        match self:
            case AnimationSpeed.OFF:
                return 0.0
            case AnimationSpeed.FAST:
                return 0.12
            case AnimationSpeed.NORMAL:
                return 0.25
            case AnimationSpeed.SLOW:
                return 0.45
            case _:
                assert_never(self)
