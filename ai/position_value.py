"""Evaluate a position before the roll: both sides' chances, cubeless and cubeful equity, at a depth.

At depth N the position is searched as the cube hint searches it (:func:`ai.cube.decision.cube_decision`):
depth 1 is the static evaluation of the position, depth N the average over the 21 rolls of the best
move's value with N - 2 further move decisions (GNU Backgammon's (N-1)-ply evaluation). The chances
are the side on roll's five (win, win gammon, win backgammon, lose gammon, lose backgammon); the
cubeless equity is money equity at a cube of 1; the cubeful equity is the value with the cube
handled right (no double, or the better of take and pass for the opponent when the side on roll
should double), per cube unit in money play and EMG in a match, where the match winning chance is
given too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ai.cube.decision import CubeDecision, cube_decision
from ai.cube.model import CubeContext
from ai.evaluation.evaluator import equity
from ai.search import Probs5
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.ranking import Ranker


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A position's value for the side on roll, before its roll."""

    depth: int
    """How deep it was searched (1..4)."""

    context: CubeContext
    """The cube and score it was valued at."""

    probs: Probs5
    """The side on roll's win, win gammon, win backgammon, lose gammon, lose backgammon."""

    decision: CubeDecision
    """No double, double/take, double/pass (normalised) and the verdicts."""

    @property
    def cubeless(self) -> float:
        """Cubeless money equity (points per game at a cube of 1)."""
        return float(equity(np.array([self.probs]))[0])

    @property
    def cubeful(self) -> float:
        """Cubeful equity with the cube handled right: per cube unit (money) or EMG (match)."""
        d = self.decision
        return min(d.dt, d.dp) if d.double else d.nd

    @property
    def mwc(self) -> float | None:
        """Match play: the match winning chance with the cube handled right."""
        d = self.decision
        if d.nd_mwc is None or d.dt_mwc is None or d.dp_mwc is None:
            return None
        return min(d.dt_mwc, d.dp_mwc) if d.double else d.nd_mwc

    def chances(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """(win, gammon, backgammon) of the side on roll, then of the opponent (cumulative: a
        backgammon is a gammon too)."""
        w, wg, wb, lg, lb = self.probs
        return (w, wg, wb), (1.0 - w, lg, lb)


def evaluate(
    ranker: Ranker,
    position: Position,
    depth: int,
    context: CubeContext | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Evaluation:
    """``position`` (side on roll, before rolling) valued at ``depth`` and ``context`` (None: money,
    cube centred); ``should_stop`` ends the search (:class:`ai.search.Stopped`)."""
    ctx = CubeContext() if context is None else context
    probs, d = cube_decision(
        position.code, ctx, depth, ranker.evaluator, pool=ranker.pool, should_stop=should_stop, settle=None
    )
    p = [float(x) for x in probs]
    return Evaluation(depth, ctx, (p[0], p[1], p[2], p[3], p[4]), d)
