"""The one door to the AI: rank a roll's moves, answer a cube question, judge a match.

The worker's handlers (:mod:`ai.worker.handlers`), the command-line tools (``hint``,
``analyze``, ``autoplay``) and the review request all go through an :class:`Engine`, as
wildbg's ``WildbgApi`` or python-chess's ``SimpleEngine`` are the one door to theirs::

    engine = Engine(evaluator)
    ranked = engine.rank_moves(position, (3, 1), depth=2)       # best first
    probs, decision = engine.cube_decision(position, context, depth=2)
    review = engine.judge_match(replayed, depth=3)
    result = engine.rollout(position, (3, 1), RolloutSettings(trials=648))  # or dice None: the cube
    hot = engine.temperature_map(position, depth=2, context=context)  # every roll's best move
    value = engine.evaluate(position, depth=2, context=context)      # chances, equities

It holds the evaluator and, to search on every core, a pool of helper processes
(:class:`ai.parallel.Pool`): every call is a fresh search (no cache is kept between calls),
so an engine may be shared by one caller at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ai.analysis.review import Review, review
from ai.cube.decision import SETTLE_MARGIN, CubeDecision, cube_decision, level_cube_decision
from ai.cube.model import F
from ai.filters import SCORING_FILTERS, Filters
from ai.levels import MAX_DEPTH
from ai.position_value import Evaluation, evaluate
from ai.ranking import Ranker
from ai.rollout.run import rollout_cube, rollout_moves
from ai.rollout.settings import RolloutResult, RolloutSettings
from ai.temperature import RollCell, TemperatureMap, temperature_map
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.cube.model import CubeContext
    from ai.levels import Level
    from game.records.replay import ReplayedMatch


class Engine(Ranker):
    """The AI's searches with one evaluator; :meth:`rank_moves` is :class:`ai.ranking.Ranker`'s."""

    def cube_decision(
        self,
        position: Position,
        context: CubeContext,
        depth: int,
        *,
        noise: float = 0.0,
        rng: np.random.Generator | None = None,
        settle: bool = True,
    ) -> tuple[F, CubeDecision]:
        """The side on roll's chances and cube decision before its roll
        (:func:`ai.cube.decision.cube_decision`); ``settle``: a clear decision may stand one depth
        shallower (False: always the full depth, for values a player reads)."""
        code, pool, margin = position.code, self.pool, SETTLE_MARGIN if settle else None
        return cube_decision(
            code, context, depth, self.evaluator, noise=noise, rng=rng, pool=pool, settle=margin
        )

    def level_cube_decision(
        self,
        position: Position,
        context: CubeContext,
        level: Level,
        seed: int,
        role: int = 0,
        probs: F | None = None,
    ) -> tuple[F, CubeDecision]:
        """The cube decision a level makes, its noise seeded by the position (role 0: the doubler's,
        1: the taker's; :func:`ai.cube.decision.level_cube_decision`)."""
        return level_cube_decision(
            position.code, context, level, self.evaluator, seed, role, probs, pool=self.pool
        )

    def judge_match(
        self,
        match: ReplayedMatch,
        depth: int,
        *,
        cube_depth: int | None = None,
        on_turn: Callable[[int, int], None] | None = None,
        luck_only: bool = False,
    ) -> Review:
        """Every checker play, cube action and roll of a replayed match judged
        (:func:`ai.analysis.review.review`)."""
        return review(
            match, depth, self.evaluator, on_turn=on_turn, cube_depth=cube_depth, luck_only=luck_only
        )

    def rollout(
        self,
        position: Position,
        dice: tuple[int, int] | None,
        settings: RolloutSettings,
        *,
        context: CubeContext | None = None,
        include: Sequence[int] = (),
        on_progress: Callable[[RolloutResult], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> RolloutResult:
        """Play a decision out (:mod:`ai.rollout`): the best moves of ``dice`` by the search, or with
        ``dice`` None the cube actions of the side on roll before its roll. ``context``: the cube and
        score of the side on roll (None: money, centred cube); ``include``: results rolled out too
        (:func:`ai.rollout.run.rollout_moves`). Progress after each round of trials;
        ``should_stop`` ends it with the trials done so far."""
        if dice is None:
            return rollout_cube(
                position, context, self.evaluator, settings, on_progress=on_progress, should_stop=should_stop
            )
        return rollout_moves(
            position,
            dice,
            self.evaluator,
            settings,
            context=context,
            include=include,
            on_progress=on_progress,
            should_stop=should_stop,
        )

    def temperature_map(
        self,
        position: Position,
        depth: int,
        *,
        context: CubeContext | None = None,
        filters: Filters = SCORING_FILTERS,
        on_cell: Callable[[RollCell, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> TemperatureMap:
        """Each of the 21 rolls' best move before the roll of ``position`` and its value, as the hint
        ranks them at ``depth`` and ``context`` (None: cubeless money); :mod:`ai.temperature`.
        ``on_cell(cell, done)`` after each roll; ``should_stop`` raises :class:`ai.search.Stopped`."""
        _check_depth(depth)
        return temperature_map(
            self,
            position,
            depth,
            context=context,
            filters=filters,
            on_cell=on_cell,
            should_stop=should_stop,
        )

    def evaluate(
        self,
        position: Position,
        depth: int,
        *,
        context: CubeContext | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Evaluation:
        """Both sides' chances and the cubeless and cubeful equity of ``position`` before its roll,
        at ``depth`` and ``context`` (None: money, cube centred); :mod:`ai.position_value`."""
        _check_depth(depth)
        return evaluate(self, position, depth, context, should_stop)


def _check_depth(depth: int) -> None:
    if not (isinstance(depth, int) and 1 <= depth <= MAX_DEPTH):
        raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {depth!r}")
