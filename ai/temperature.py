"""The temperature map: for a position before the roll, every roll's best move and what it is worth.

For the side on roll of a position (with its cube and score), at a depth 1..4, each of the 21 rolls'
moves is ranked as the hint ranks them (:meth:`ai.ranking.Ranker.rank_moves`: by cubeless money
equity, or with a cube context by cubeful equity at that cube and score, EMG in a match), and the map
keeps each roll's best move, its five probabilities and its value (and in a match its match winning
chance). A roll with no legal move keeps the position as it stands, valued the same way.

The average over the 36 rolls (a double once, the others twice) of the best moves' probabilities
is the search's chance node: ``Q(S, depth)`` of :mod:`ai.search` (:func:`ai.search.position_values`
with the same utilities), the position's value with ``depth`` move decisions searched. That is exact
with the move filters off (:data:`ai.filters.FULL_WIDTH`); with the game's filters each roll's move is
the hint's, which weighs more of the roll's moves than an inner node of the search does. Cubeless
equity is linear in the probabilities, so there the average of the cells' equities is the equity of
that value; cubeful equity is not, and :attr:`TemperatureMap.equity` is the average of the cells'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ai.cube.model import CubeContext, cube_efficiency, match_winning_chance, move_utility
from ai.evaluation.evaluator import equity
from ai.filters import SCORING_FILTERS, Filters
from ai.ranking import RankedMove
from ai.search import Probs5, Utility, analyse
from game.rules.dice import ROLLS
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.ranking import Ranker

ROLL_COUNT = len(ROLLS)
"""The distinct rolls: 21."""


@dataclass(frozen=True, slots=True)
class RollCell:
    """One roll of the map: its best move and that move's value for the side on roll."""

    dice: tuple[int, int]
    """The roll, higher die first."""

    weight: float
    """Its chance: 1/36 for a double, 2/36 for the others."""

    move: RankedMove | None
    """The best move as the hint ranks it; None when the roll has no legal move."""

    probs: Probs5
    """Win, win gammon, win backgammon, lose gammon, lose backgammon after the best move (or after the
    dance), for the side that rolled."""

    equity: float
    """The value the moves were ranked by: cubeless money equity, or cubeful equity (EMG in a match)."""

    mwc: float | None = None
    """Match play: the cubeful match winning chance after the best move."""

    runner_up: RankedMove | None = None
    """The second best move, what an explanation of the best compares it with (None: the roll has
    one legal move, or none)."""

    def words(self) -> str:
        """The best move in words, or that the roll dances."""
        return "no legal move: the turn passes" if self.move is None else self.move.move.notation()


@dataclass(frozen=True, slots=True)
class TemperatureMap:
    """Every roll's best move (:class:`RollCell`, in :data:`game.rules.dice.ROLLS` order) and the average."""

    depth: int
    """Each roll's moves were searched as the hint searches them at this depth."""

    context: CubeContext | None
    """The cube and score of the side on roll (None: cubeless money)."""

    cells: tuple[RollCell, ...]
    """The 21 rolls."""

    @property
    def probs(self) -> Probs5:
        """The chance node: the best moves' probabilities averaged over the 36 rolls."""
        p = sum((np.array(c.probs) * c.weight for c in self.cells), np.zeros(5))
        return (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))

    @property
    def equity(self) -> float:
        """The cells' values averaged over the 36 rolls."""
        return float(sum(c.equity * c.weight for c in self.cells))

    @property
    def mwc(self) -> float | None:
        """Match play: the cells' match winning chances averaged over the 36 rolls."""
        if any(c.mwc is None for c in self.cells):
            return None
        return float(sum((c.mwc or 0.0) * c.weight for c in self.cells))

    def cell(self, a: int, b: int) -> RollCell:
        """The cell of the roll ``a``-``b`` (either order)."""
        hi, lo = max(a, b), min(a, b)
        return next(c for c in self.cells if c.dice == (hi, lo))

    def best(self) -> RollCell:
        """The roll that leaves the side on roll best off (the first of equals)."""
        return max(self.cells, key=lambda c: c.equity)

    def worst(self) -> RollCell:
        """The roll that leaves the side on roll worst off."""
        return min(self.cells, key=lambda c: c.equity)


def utilities(position: Position, context: CubeContext | None) -> tuple[Utility, Utility] | None:
    """The side on roll's and its opponent's utilities as the hint ranks moves at ``context`` (None:
    cubeless, the search's default); :func:`ai.search.position_values` takes the same."""
    if context is None:
        return None
    return move_utility(context, position.code), move_utility(context.flipped(), position.code)


def temperature_map(
    ranker: Ranker,
    position: Position,
    depth: int,
    *,
    context: CubeContext | None = None,
    filters: Filters = SCORING_FILTERS,
    on_cell: Callable[[RollCell, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> TemperatureMap:
    """The map of ``position`` (side on roll, before rolling) at ``depth``, the rolls in
    :data:`game.rules.dice.ROLLS` order; ``on_cell(cell, done)`` after each roll. ``should_stop``
    ends it (:class:`ai.search.Stopped`). ``filters`` do not settle by default: every roll's best
    move is valued at the full depth, so the cells compare."""
    code = position.code
    pair = utilities(position, context)
    x = cube_efficiency(code)
    cells: list[RollCell] = []
    for a, b, weight in ROLLS:
        dice = (b, a)
        ranked = ranker.rank_moves(
            position, dice, depth, context=context, should_stop=should_stop, filters=filters
        )
        if ranked:
            move: RankedMove | None = ranked[0]
            probs, value = ranked[0].probs, ranked[0].equity
        else:  # the roll dances: the position stands, the opponent on roll
            move = None
            utility: Utility = equity if pair is None else pair[0]
            reply = None if pair is None else pair[1]
            stay = analyse(
                code,
                dice,
                depth,
                ranker.evaluator,
                should_stop=should_stop,
                filters=filters,
                utility=utility,
                reply_utility=reply,
                pool=ranker.pool,
            )[0]
            probs, value = stay.probs, stay.equity
        mwc = None
        if context is not None and not context.is_money():
            mwc = float(match_winning_chance(np.array(probs), context, x)[0])
        second = ranked[1] if len(ranked) > 1 else None
        cells.append(RollCell(dice, float(weight), move, probs, float(value), mwc, second))
        if on_cell is not None:
            on_cell(cells[-1], len(cells))
    return TemperatureMap(depth, context, tuple(cells))
