"""The cube's advice in words, made here only: the right actions of a position and each action's name.

Every screen and report that turns No double, Double/take and Double/pass into advice
takes its words from here: the review and ``analyze`` (the doubler's right action), the
position analysis (GNU Backgammon's full verdict), the cube hint, the take advice and
the tutor.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import assert_never

from game.rules.cube import CubeAction


class CubeAdvice(enum.Enum):
    """The right cube actions of a position, in GNU Backgammon's words (the value)."""

    NO_DOUBLE = "No double, take"
    """No double; a double would be taken."""

    TOO_GOOD = "Too good to double, pass"
    """Playing on for the gammon is worth more than the single game a double would cash."""

    DOUBLE_TAKE = "Double, take"
    """Double; the opponent should take."""

    DOUBLE_PASS = "Double, pass"
    """Double; the opponent should pass."""

    @classmethod
    def of(cls, double: bool, take: bool) -> CubeAdvice:
        """The advice from the two verdicts: should X double, should the opponent take."""
        if double:
            return cls.DOUBLE_TAKE if take else cls.DOUBLE_PASS
        return cls.NO_DOUBLE if take else cls.TOO_GOOD

    @classmethod
    def from_equities(cls, nd: float, dt: float, dp: float) -> CubeAdvice:
        """The advice from the doubler's No double, Double/take and Double/pass, without noise:
        double when ``min(DT, DP) > ND``, take when ``DT <= DP``."""
        return cls.of(min(dt, dp) > nd, dt <= dp)

    @property
    def doubler(self) -> CubeAction:
        """The doubler's right action: :attr:`CubeAction.DOUBLE` or :attr:`CubeAction.NO_DOUBLE`."""
        match self:
            case CubeAdvice.DOUBLE_TAKE | CubeAdvice.DOUBLE_PASS:
                return CubeAction.DOUBLE
            case CubeAdvice.NO_DOUBLE | CubeAdvice.TOO_GOOD:
                return CubeAction.NO_DOUBLE
            case _:
                assert_never(self)

    @property
    def taker(self) -> CubeAction:
        """The opponent's right answer to a double: :attr:`CubeAction.TAKE` or :attr:`CubeAction.PASS`."""
        match self:
            case CubeAdvice.NO_DOUBLE | CubeAdvice.DOUBLE_TAKE:
                return CubeAction.TAKE
            case CubeAdvice.TOO_GOOD | CubeAdvice.DOUBLE_PASS:
                return CubeAction.PASS
            case _:
                assert_never(self)

    @property
    def doubler_words(self) -> str:
        """The doubler's right action as a review names it: ``no double``, ``double, take`` or
        ``double, pass``."""
        if self.doubler is CubeAction.DOUBLE:
            return f"{CubeAction.DOUBLE}, {self.taker}"
        return str(CubeAction.NO_DOUBLE)


ACTION_WORDS: Mapping[str, str] = {
    CubeAction.NO_DOUBLE: "No double",
    CubeAction.DOUBLE: "Double",
    CubeAction.TAKE: "Take",
    CubeAction.PASS: "Pass",
    CubeAction.BEAVER: "Beaver",
}
"""A cube action taken (a :class:`CubeAction`), in words."""

EQUITY_LABELS = (
    ACTION_WORDS[CubeAction.NO_DOUBLE],
    CubeAdvice.DOUBLE_TAKE.value,
    CubeAdvice.DOUBLE_PASS.value,
)
"""The names of ND, DT and DP: ``No double``, ``Double, take``, ``Double, pass``."""
