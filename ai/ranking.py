"""A roll's legal moves, ranked by the search: the one recipe every caller shares.

The search (:func:`ai.search.analyse`) works on position codes; players and records work
on moves. :meth:`Ranker.rank_moves` takes the legal moves of the roll, searches their results
by code, and hands back each move with its value, best first. With a cube context the
moves are ranked by cubeful equity at that score (:func:`ai.cube.model.move_utility`),
else by cubeless money equity. :class:`ai.engine.Engine` is a :class:`Ranker`, and offers it
to the worker and the command-line tools; the review (:mod:`ai.analysis.review`), which the
engine itself calls, holds a :class:`Ranker` of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ai.cube.model import move_utility
from ai.evaluation.evaluator import Evaluator, equity
from ai.filters import DEFAULT_FILTERS, Filters
from ai.search import Candidate, Pool, Probs5, Progress, Utility, analyse
from game.rules.move import Move, legal_moves
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.cube.model import CubeContext


@dataclass(frozen=True, slots=True)
class RankedMove:
    """A legal move with its value for the side that plays it."""

    move: Move
    """The move (``move.after`` is the result, mover still on roll)."""

    equity: float
    """The move's equity for the mover: cubeless money equity, or cubeful at the request's
    score (EMG in a match) when it had a cube context."""

    probs: Probs5
    """Win, win gammon, win backgammon, lose gammon, lose backgammon (cumulative)."""

    depth: int = 1
    """The depth it was searched to (below the asked depth when a move filter cut it)."""


class Ranker:
    """Ranks a roll's legal moves with one evaluator (the engine is one; the review holds one)."""

    def __init__(self, evaluator: Evaluator, pool: Pool | None = None) -> None:
        self.evaluator = evaluator
        """What every search evaluates positions with."""
        self.pool = pool
        """Helper processes the searches share their trees with (:mod:`ai.parallel`), if any."""

    def rank_moves(
        self,
        position: Position,
        dice: tuple[int, int],
        depth: int,
        *,
        context: CubeContext | None = None,
        cubeful_replies: bool = True,
        noise: float = 0.0,
        seed: int = 0,
        on_progress: Callable[[Progress[RankedMove]], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        deadline: float | None = None,
        filters: Filters = DEFAULT_FILTERS,
    ) -> list[RankedMove]:
        """The legal moves of ``dice`` in ``position`` (side on roll), best first; empty when none is legal.

        ``context``: rank by cubeful equity at that cube and score; the opponent's replies inside
        the search are chosen by its own cubeful equity too, unless ``cubeful_replies`` is False
        (then by cubeless equity). ``noise``, ``seed``, ``should_stop`` (raises
        :class:`ai.search.Stopped`) and ``deadline`` are the search's (:func:`ai.search.analyse`),
        and so are ``filters`` (the game's, which settle on a lone candidate, a forced move too;
        :data:`ai.filters.SCORING_FILTERS`, which value every kept candidate at the full depth; or
        :data:`ai.filters.FULL_WIDTH`); ``on_progress`` gets its progress with the best move so far.
        """
        legal = {m.after.code: m for m in legal_moves(position, dice)}
        if not legal:
            return []

        def ranked(c: Candidate) -> RankedMove:
            move = legal.get(c.code)
            if move is None:
                raise RuntimeError("the search returned a position that is not a legal move")
            return RankedMove(move, c.equity, c.probs, c.depth)

        report = None
        if on_progress is not None:
            tell = on_progress

            def report(p: Progress[Candidate]) -> None:
                tell(Progress(p.done, p.total, None if p.best is None else ranked(p.best)))

        code = position.code
        utility: Utility = equity
        reply_utility: Utility | None = None
        if context is not None:
            utility = move_utility(context, code)
            if cubeful_replies:
                reply_utility = move_utility(context.flipped(), code)
        found = analyse(
            code,
            dice,
            depth,
            self.evaluator,
            on_progress=report,
            should_stop=should_stop,
            deadline=deadline,
            noise=noise,
            seed=seed,
            utility=utility,
            reply_utility=reply_utility,
            pool=self.pool,
            filters=filters,
        )
        return [ranked(c) for c in found]
