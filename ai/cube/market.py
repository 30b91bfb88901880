"""The take point at the score and the market losers: the numbers that say why a cube decision is right.

The take point (:func:`ai.cube.decision.take_point`) is the taker's winning chance at which taking
and passing a double are worth the same at this score and cube: the cubeful model on the match
equity table (money: the points), the position's gammon and backgammon shares held.

A market loser is a roll of the doubler after which the taker would no longer take: after the
doubler's best move for the roll (by the static cubeless equity, as the cube search chooses it,
:func:`ai.cube.decision.best_roll_results`), the taker's winning chance there, by the same static
evaluation, is below the take point. A roll that ends the game counts (the taker's chance is 0):
waiting would have won one cube's worth where a double would have won two. A double is one of the
36 rolls, any other roll two.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.cube.decision import best_roll_results, take_point
from ai.cube.model import CubeContext, F
from ai.evaluation.evaluator import Evaluator
from game.rules.dice import ROLLS


@dataclass(frozen=True, slots=True)
class Market:
    """The take point and the market losers of a cube decision."""

    take_point: float
    """The taker's winning chance at which a take and a pass are worth the same."""

    losers: tuple[tuple[int, int], ...]
    """The doubler's rolls (high die first, as the 21 rolls are listed) that lose the market."""

    @property
    def count(self) -> int:
        """Of the 36 rolls, how many lose the market."""
        return sum(1 if a == b else 2 for a, b in self.losers)


def market(code: int, ctx: CubeContext, probs: F, evaluator: Evaluator) -> Market:
    """The take point and market losers of the doubler on roll of ``code``, whose chances before its
    roll are ``probs`` (the cube search's), at ``ctx``'s cube and score."""
    point = take_point(probs, ctx, code)
    rows, _, _ = best_roll_results(code, evaluator)
    losers = tuple((b, a) for (a, b, _), row in zip(ROLLS, rows, strict=True) if 1.0 - float(row[0]) < point)
    return Market(point, losers)
