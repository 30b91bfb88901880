"""The cube's advice in words, made here only: the right actions of a position and each action's name.

Every screen and report that turns No double, Double/take and Double/pass into advice
takes its words from here: the review and ``analyze`` (the doubler's right action), the
position analysis (GNU Backgammon's full verdict), the cube hint, the take advice and
the tutor.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from game.rules.cube import CubeAction


class CubeAdvice(enum.Enum):
    """The right cube actions of a position: the doubler's and the opponent's (the value)."""

    NO_DOUBLE = (CubeAction.NO_DOUBLE, CubeAction.TAKE)
    """No double; a double would be taken."""

    TOO_GOOD = (CubeAction.NO_DOUBLE, CubeAction.PASS)
    """Playing on for the gammon is worth more than the single game a double would cash."""

    DOUBLE_TAKE = (CubeAction.DOUBLE, CubeAction.TAKE)
    """Double; the opponent should take."""

    DOUBLE_PASS = (CubeAction.DOUBLE, CubeAction.PASS)
    """Double; the opponent should pass."""

    @classmethod
    def of(cls, double: bool, take: bool) -> CubeAdvice:
        """The advice from the two verdicts: should X double, should the opponent take."""
        return cls(
            (
                CubeAction.DOUBLE if double else CubeAction.NO_DOUBLE,
                CubeAction.TAKE if take else CubeAction.PASS,
            )
        )

    @classmethod
    def from_equities(cls, nd: float, dt: float, dp: float) -> CubeAdvice:
        """The advice from the doubler's No double, Double/take and Double/pass, without noise:
        double when ``min(DT, DP) > ND``, take when ``DT <= DP``."""
        return cls.of(min(dt, dp) > nd, dt <= dp)

    @property
    def doubler(self) -> CubeAction:
        """The doubler's right action: :attr:`CubeAction.DOUBLE` or :attr:`CubeAction.NO_DOUBLE`."""
        return self.value[0]

    @property
    def taker(self) -> CubeAction:
        """The opponent's right answer to a double: :attr:`CubeAction.TAKE` or :attr:`CubeAction.PASS`."""
        return self.value[1]

    @property
    def words(self) -> str:
        """GNU Backgammon's verdict: ``No double, take``, ``Too good to double, pass``,
        ``Double, take`` or ``Double, pass``."""
        return _VERDICTS[self]

    @property
    def doubler_words(self) -> str:
        """The doubler's right action as a review names it: ``no double``, ``double, take`` or
        ``double, pass``."""
        if self.doubler is CubeAction.DOUBLE:
            return f"{CubeAction.DOUBLE}, {self.taker}"
        return str(CubeAction.NO_DOUBLE)


_VERDICTS = {
    CubeAdvice.NO_DOUBLE: "No double, take",
    CubeAdvice.TOO_GOOD: "Too good to double, pass",
    CubeAdvice.DOUBLE_TAKE: "Double, take",
    CubeAdvice.DOUBLE_PASS: "Double, pass",
}


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
    CubeAdvice.DOUBLE_TAKE.words,
    CubeAdvice.DOUBLE_PASS.words,
)
"""The names of ND, DT and DP: ``No double``, ``Double, take``, ``Double, pass``."""
