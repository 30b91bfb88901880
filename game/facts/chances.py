"""The engine's numbers beside the board's facts: chances and equities, handed in, never computed here.

A move's chances are the search's five probabilities after it (the mover's win, win gammon, win
backgammon, lose gammon, lose backgammon, cumulative as the engine gives them) read as both sides'
``win``, ``gammon`` and ``backgammon`` chances, with the move's ``equity``. A cube decision's
numbers are the doubler's chances before its roll, the three equities of the decision, the take
point at the score and the market losers (:class:`CubeFacts`). The callers (the command-line tools)
take them from the engine (:class:`ai.engine.Engine`) and round them once, as the answer shows them,
so that every number an explanation names is one shown beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.facts.board import BoardFacts

DIGITS = 5
"""Decimals the chances and equities are kept to (the hint protocol's)."""


@dataclass(frozen=True, slots=True)
class Chances:
    """Both sides' chances and the equity, from one side (the mover after a move, the doubler)."""

    win: tuple[float, float]
    """The chance to win the game: this side's, the other side's."""

    gammon: tuple[float, float]
    """The chance to win a gammon or backgammon: this side's, the other side's."""

    backgammon: tuple[float, float]
    """The chance to win a backgammon: this side's, the other side's."""

    equity: float
    """This side's equity (the engine's: cubeless, or cubeful at the score)."""

    @classmethod
    def of(cls, probs: Sequence[float], equity: float, digits: int = DIGITS) -> Chances:
        """From the engine's five probabilities (win, win gammon, win backgammon, lose gammon, lose
        backgammon) and the equity, each rounded to ``digits`` decimals."""
        w, wg, wbg, lg, lbg = (round(float(x), digits) for x in probs)
        return cls((w, round(1.0 - w, digits)), (wg, lg), (wbg, lbg), round(float(equity), digits))

    def to_json(self) -> dict[str, object]:
        """The chances as JSON-ready values, under their names."""
        return {
            "win": list(self.win),
            "gammon": list(self.gammon),
            "backgammon": list(self.backgammon),
            "equity": self.equity,
        }


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """A candidate move's facts: the board after it and the engine's numbers for it."""

    move: str
    """The move in notation (``""`` for no move)."""

    board: BoardFacts
    """The board after it, counted exactly."""

    chances: Chances
    """The engine's chances and equity after it."""

    def to_json(self) -> dict[str, object]:
        """The protocol's ``"facts"`` object: the board's facts and the chances under their names."""
        return {**self.board.to_json(), **self.chances.to_json()}


@dataclass(frozen=True, slots=True)
class CubeFacts:
    """A cube decision's numbers, from the doubler's side before its roll."""

    chances: Chances
    """The doubler's chances before its roll (the equity: No double's)."""

    nd: float
    """No double."""

    dt: float
    """Double, take."""

    dp: float
    """Double, pass."""

    take_point: float
    """The taker's winning chance at which taking and passing are worth the same at this score
    (the cube model on the match equity table, the position's gammon shares held)."""

    market_losers: tuple[tuple[int, int], ...]
    """The doubler's rolls (high die first) after whose best move the taker's winning chance
    falls below :attr:`take_point`."""

    @property
    def market_loser_count(self) -> int:
        """Of the 36 rolls, how many are market losers (a double counts once, another roll twice)."""
        return sum(1 if a == b else 2 for a, b in self.market_losers)

    @property
    def double_value(self) -> float:
        """What doubling is worth: the smaller of Double/take and Double/pass (the taker chooses)."""
        return min(self.dt, self.dp)

    def to_json(self) -> dict[str, object]:
        """The ``"facts"`` of a cube decision."""
        return {
            **self.chances.to_json(),
            "nd": self.nd,
            "dt": self.dt,
            "dp": self.dp,
            "take_point": self.take_point,
            "market_losers": self.market_loser_count,
            "market_rolls": [f"{a}{b}" for a, b in self.market_losers],
        }

    @classmethod
    def of(
        cls,
        probs: Sequence[float],
        equities: tuple[float, float, float],
        take_point: float,
        market_losers: Sequence[tuple[int, int]],
        digits: int = DIGITS,
    ) -> CubeFacts:
        """From the engine's numbers: the doubler's five probabilities, (ND, DT, DP), the take point
        and the market losers' rolls, rounded to ``digits`` decimals."""
        nd, dt, dp = (round(float(e), digits) for e in equities)
        rolls = tuple(sorted(((max(r), min(r)) for r in market_losers), reverse=True))
        return cls(Chances.of(probs, nd, digits), nd, dt, dp, round(float(take_point), digits), rolls)
